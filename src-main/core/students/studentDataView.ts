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
