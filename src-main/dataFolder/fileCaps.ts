/**
 * How large each file ClassTray reads from the data folder (and the school's policy file) may be,
 * in one place, and the one way they are read: the size is taken from the opened file before a
 * byte is read, so a file over its cap (grown by a fault, or put there to stall the start) is
 * never read whole. What a caller does with one over its cap is its file's rule: the history, the
 * seat plans, the settings and the classroom cache are set aside and ClassTray starts; the student
 * names are deleted (a copy of names must not outlive their retention); the policy is ignored; the
 * small files kept for convenience (the timetable's copy, the window size, the policy defaults
 * applied) are set aside by readSmallFile.
 *
 * Each cap is many times what the file holds at its bound (MAX_DEVICES devices, MAX_STUDENT_NAMES
 * names, MAX_PLANS plans…), and small enough that reading one at its cap is quick.
 */
import fs from 'node:fs';
import { SEAT_PLAN_MAX_BYTES } from '../../src-shared/limits';

const MiB = 1024 * 1024;
const CHUNK_BYTES = MiB;

export const FILE_CAPS = {
  /** availability.json: 20,000 devices at about 250 bytes each. */
  availability: 16 * MiB,
  /** students.json: 2,000 names at about 200 bytes each, encrypted and in base64. */
  studentNames: 4 * MiB,
  /** seat-plans.json: four plans at their largest, far more than 100 real ones. */
  seatPlans: 4 * SEAT_PLAN_MAX_BYTES,
  /** settings.json: the teacher's preferences, classrooms and tracked accesses. */
  settings: 8 * MiB,
  /** classroom-cache.json: one classroom's devices as the window shows them. */
  classroomCache: 8 * MiB,
  /** The school's policy file: ten keys fit in well under 1 KiB. */
  policy: 64 * 1024,
  /** timetable.ics: the calendar as fetched or imported, both capped at 8 MiB (MAX_FEED_BYTES). */
  timetable: 8 * MiB,
  /** timetable.json, window-size.json, policy-defaults.json: a few fields each. */
  small: 64 * 1024,
} as const;

/** How a small file over its cap is set aside: `<file>.too-large-<ms>`. */
export const TOO_LARGE_SUFFIX = '.too-large-';

/** A file's text, or its size when that is over the cap (then nothing of it was read). */
export type CappedText = { text: string } | { tooLarge: number };

/**
 * Reads `file` as UTF-8 when it is at most `maxBytes`; throws as fs.readFileSync does (ENOENT…).
 * A file that grows past the cap while it is read counts as too large.
 */
export function readCapped(file: string, maxBytes: number): CappedText {
  const handle = fs.openSync(file, 'r');
  try {
    const { size } = fs.fstatSync(handle);
    if (size > maxBytes) return { tooLarge: size };
    const chunks: Buffer[] = [];
    let length = 0;
    // In chunks, to its end: never more than one chunk past the cap.
    for (;;) {
      const chunk = Buffer.alloc(Math.min(Math.max(size, 1), CHUNK_BYTES));
      const read = fs.readSync(handle, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > maxBytes) return { tooLarge: length };
    }
    return { text: Buffer.concat(chunks, length).toString('utf8') };
  } finally {
    fs.closeSync(handle);
  }
}

/** A size as the log says it: "300 MiB". */
export const mebibytes = (bytes: number): string =>
  `${String(Math.round((bytes / MiB) * 10) / 10)} MiB`;

/**
 * The text of one of the files ClassTray keeps for convenience, which it starts without (the
 * timetable's copy, the window size, the policy defaults applied). One over `maxBytes` is set
 * aside unread as `<file>.too-large-<now>` (removed after SET_ASIDE_KEEP_DAYS), `warn` says so,
 * and the result is undefined, as for a missing file. Other failures throw as fs.readFileSync.
 */
export function readSmallFile(
  file: string,
  maxBytes: number,
  now: number,
  warn: (message: string) => void,
): string | undefined {
  let read: CappedText;
  try {
    read = readCapped(file, maxBytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if ('text' in read) return read.text;
  const why = `it is ${mebibytes(read.tooLarge)}, over its cap of ${mebibytes(maxBytes)} (not read)`;
  const aside = `${file}${TOO_LARGE_SUFFIX}${String(now)}`;
  try {
    fs.renameSync(file, aside);
    warn(`${file} was set aside as ${aside}: ${why}.`);
  } catch (error) {
    warn(`${file} (${why}) could not be set aside: ${String(error)}`);
  }
  return undefined;
}
