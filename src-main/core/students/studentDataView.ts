/** The student data's part of the window's state: how the names are kept, and how many. */
import type { StudentCipher } from './studentNames';

export interface StudentDataView {
  /** students.json: 'os' encrypted with the OS's key for this user; 'none' plain JSON. */
  protection: StudentCipher['protection'];
  /** How many student names are kept now. */
  names: number;
  /** When the next one is forgotten (ISO); null: none kept. */
  nextForgetAt: string | null;
}

/** "Export what ClassTray keeps": a person-readable JSON text and the file name it is saved as. */
export interface StudentDataExport {
  fileName: string;
  text: string;
}

/**
 * What Erase did with the accesses still running: `ended` by it (the teacher chose to end them
 * first), `notEnded` asked to end but not ended (kept, each with its End), and `kept`: every
 * access still tracked by device because it still runs, those not ended among them.
 */
export interface ErasedView {
  ended: number;
  notEnded: number;
  kept: number;
}
