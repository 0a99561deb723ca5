/**
 * The readiness' part of the window's state: the open room's readiness (from its refreshes, with
 * what ClassTray saw before), and the room of the next lesson when its check before the lesson
 * found devices offline (the window's notice). The API shows it as it is (classTrayApi.ts).
 */
import type { RoomReadiness } from '../../../src-shared/readinessReport';

export type { RoomReadiness } from '../../../src-shared/readinessReport';

/** A lesson whose room was checked before it and has devices offline. */
export interface LessonReadiness {
  /** The lesson (LessonView.key). */
  key: string;
  /** ISO times of the lesson. */
  start: string;
  end: string;
  room: RoomReadiness;
}

export interface ReadinessView {
  /** The open classroom's; null without one. */
  open: RoomReadiness | null;
  /**
   * The next lesson's room, checked before it, with devices offline, until the lesson starts;
   * null: nothing to say.
   */
  lesson: LessonReadiness | null;
}
