/**
 * A data folder is the teacher's alone: it holds the service URL, the classrooms, the tracked
 * accesses, the weekly table, the classroom cache. On Linux and macOS it is created 0700, its
 * files 0600, and a folder found wider (created by an older version, or by hand with the umask's
 * 0755 and 0644) is narrowed at start: the folder itself, and each file and folder directly in it
 * (a folder 0700 keeps whatever is deeper out of other users' reach). Links are left alone: they
 * are not ClassTray's to change. Windows keeps a profile's folders to their user by their ACLs.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Group and other bits: none of them may be set on anything in a data folder. */
const SHARED_BITS = 0o077;

export interface PrivateFolderReport {
  /** What was found wider and narrowed, each with its mode before. */
  narrowed: { path: string; mode: number }[];
  /** What could not be narrowed (another owner, a read-only disk), with the system's code. */
  failed: { path: string; code: string }[];
}

/**
 * Creates `folder` (and missing parents) 0700, and narrows what is found wider; never throws for
 * one entry it cannot change (it is said in the report). `platform`: for tests.
 */
export function makePrivateFolder(
  folder: string,
  platform: NodeJS.Platform = process.platform,
): PrivateFolderReport {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const report: PrivateFolderReport = { narrowed: [], failed: [] };
  if (platform === 'win32') return report;
  narrow(folder, report);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch (error) {
    report.failed.push({ path: folder, code: codeOf(error) });
    return report;
  }
  for (const name of names) narrow(path.join(folder, name), report);
  return report;
}

function narrow(entry: string, report: PrivateFolderReport): void {
  try {
    const stats = fs.lstatSync(entry);
    if (stats.isSymbolicLink() || (stats.mode & SHARED_BITS) === 0) return;
    if (!stats.isFile() && !stats.isDirectory()) return;
    fs.chmodSync(entry, stats.mode & 0o700);
    report.narrowed.push({ path: entry, mode: stats.mode & 0o777 });
  } catch (error) {
    // Gone meanwhile: nothing to keep private.
    if (codeOf(error) !== 'ENOENT') report.failed.push({ path: entry, code: codeOf(error) });
  }
}

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : String(error);
