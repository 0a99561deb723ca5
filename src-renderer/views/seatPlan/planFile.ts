/**
 * A plan file in and out of the window: exported as a download (`<classroom id>.json`; the tray
 * app's window asks where to save it, as for any download), imported from a chosen file whose
 * size is checked before a byte of it is read. The core checks what the text says.
 */
import { SEAT_PLAN_MAX_BYTES } from '../../../src-shared/limits';

export function downloadPlan(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file's text, or null for a file over the bound (never read). */
export async function planFileText(file: File): Promise<string | null> {
  if (file.size > SEAT_PLAN_MAX_BYTES) return null;
  return file.text();
}

/** A file name of the classroom's id, with nothing a file system refuses. */
export const planFileName = (classroomId: string): string =>
  `${classroomId.replace(/[^\w.-]+/g, '_')}.json`;
