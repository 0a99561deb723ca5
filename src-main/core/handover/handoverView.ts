/**
 * What the handover's actions answer the window (handoverFeature.ts makes them); no part of the
 * state: the code and the text are shown once, to the window that asked, and kept nowhere.
 */

/** What the giver's window shows: the text to pass on, and the code to say or show. */
export interface MadeHandover {
  text: string;
  /** Shown as two groups of five ("7KQ3M-XH2PA"); never kept anywhere. */
  code: string;
  /** A file name for the text (no student's name, no token in it). */
  fileName: string;
  count: number;
  expiresAt: string;
  withNames: boolean;
}

/** What the colleague's window says it took: "3 accesses in Lab 3, ending at 11:40". */
export interface TakenHandover {
  /** Accesses now tracked here (those already tracked are not counted twice). */
  count: number;
  classroomId: string;
  /** The giver's name for the room; null: shown by its id. */
  classroomName: string | null;
  /** The latest planned end among them; null: none planned. */
  endsAt: string | null;
  /** The room was not in this ClassTray's list: added by its id, with the giver's name. */
  roomAdded: boolean;
}
