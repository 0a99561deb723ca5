/**
 * A plan file in and out of the window: its name when exported (`<classroom id>.json`, saved by
 * ../jsonDownload), and the text of a chosen file whose size is checked before a byte of it is
 * read. The core checks what the text says.
 */
import { SEAT_PLAN_MAX_BYTES } from '../../../src-shared/limits';

/** The file's text, or null for a file over the bound (never read). */
export async function planFileText(file: File): Promise<string | null> {
  if (file.size > SEAT_PLAN_MAX_BYTES) return null;
  return file.text();
}

/** A file name of the classroom's id, with nothing a file system refuses. */
export const planFileName = (classroomId: string): string =>
  `${classroomId.replace(/[^\w.-]+/g, '_')}.json`;
