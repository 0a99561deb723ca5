/**
 * A data folder is the teacher's alone: it holds the service URL, the classrooms, the tracked
 * accesses, the weekly table, the classroom cache; the log folder names classrooms and devices.
 * On Linux and macOS each is created 0700, its files 0600, and a folder found wider (created by
 * an older version, or by hand with the umask's 0755 and 0644) is narrowed at start: the folder
 * itself, and each file and folder directly in it (a folder 0700 keeps whatever is deeper out of
 * other users' reach). Links are left alone: they are not ClassTray's to change.
 *
 * A folder another user of the computer could still reach is refused, never used as it is
 * (issue 47): one that user owns, or that sits in a folder they own (they could swap it), or that
 * holds anything of theirs (a file they can still write, a link they planted), or that cannot be
 * narrowed. The refusal is a PrivateFolderError, one sentence naming the folder and the fix.
 * Windows keeps a profile's folders to their user by their ACLs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Group and other bits: none of them may be set on anything in a data folder. */
const SHARED_BITS = 0o077;

/**
 * Flags that open a file for writing without following a link at its name: a link there makes
 * the open fail (ELOOP) rather than write wherever it points. Windows has no O_NOFOLLOW.
 */
export const WRITE_NO_FOLLOW =
  fs.constants.O_WRONLY |
  fs.constants.O_CREAT |
  fs.constants.O_TRUNC |
  (fs.constants.O_NOFOLLOW ?? 0);
export const APPEND_NO_FOLLOW =
  fs.constants.O_WRONLY |
  fs.constants.O_CREAT |
  fs.constants.O_APPEND |
  (fs.constants.O_NOFOLLOW ?? 0);

/** Writes a file of the data folder whole (created with `mode`), never through a link at its name. */
export function writeFileNoFollow(file: string, data: string, mode = PRIVATE_FILE_MODE): void {
  const handle = fs.openSync(file, WRITE_NO_FOLLOW, mode);
  try {
    fs.writeFileSync(handle, data);
  } finally {
    fs.closeSync(handle);
  }
}

/** writeFileNoFollow, without holding up the thread. */
export async function writeFileNoFollowAsync(
  file: string,
  data: string,
  mode = PRIVATE_FILE_MODE,
): Promise<void> {
  const handle = await fs.promises.open(file, WRITE_NO_FOLLOW, mode);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a file of the data folder whole: written to a temporary file beside it (never through
 * a link) and renamed over it, so a crash never leaves half a file. On failure the temporary
 * file is removed and the error thrown, for the caller to log: the file stays as it was.
 */
export async function replaceFileNoFollow(
  file: string,
  data: string,
  mode = PRIVATE_FILE_MODE,
): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFileNoFollowAsync(temporary, data, mode);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

export interface PrivateFolderReport {
  /** What was found wider and narrowed, each with its mode before. */
  narrowed: { path: string; mode: number }[];
}

/** Which of ClassTray's folders: the sentences name it, and a host words it in its language. */
export type PrivateFolderKind = 'data' | 'log';

/** A folder ClassTray will not use: its message is one sentence, with the fix, for IT. */
export class PrivateFolderError extends Error {
  override readonly name = 'PrivateFolderError';
  constructor(
    message: string,
    readonly folder: string,
    readonly kind: PrivateFolderKind,
  ) {
    super(message);
  }
}

export interface PrivateFolderOptions {
  kind?: PrivateFolderKind;
  /** For tests. */
  platform?: NodeJS.Platform;
  /** The user ClassTray runs as; default this process's. */
  uid?: number;
}

/**
 * Creates `folder` (and missing parents) 0700 and narrows what is found wider; throws
 * PrivateFolderError when another user could still reach it (see the file's comment). Other
 * errors (the folder cannot be created) are thrown as the system's.
 */
export function makePrivateFolder(
  folder: string,
  {
    kind = 'data',
    platform = process.platform,
    uid = process.getuid?.(),
  }: PrivateFolderOptions = {},
): PrivateFolderReport {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const report: PrivateFolderReport = { narrowed: [] };
  if (platform === 'win32' || uid === undefined) return report;
  const named = `ClassTray ${kind === 'data' ? 'data' : 'log'} folder`;
  // The tray app's log folder is not always in the data folder (macOS): --data-dir does not move it.
  const elsewhere = kind === 'data' ? ', or use another folder (--data-dir)' : '';
  const refuse = (message: string) => new PrivateFolderError(message, folder, kind);
  // The folder as it is on disk: a link to it (~/.config on another disk) is followed once.
  const real = fs.realpathSync(folder);
  const owner = fs.lstatSync(real).uid;
  if (owner !== uid) {
    throw refuse(
      `The ${named} ${folder} belongs to another user of this computer (uid ${owner}), who could read or change what ClassTray keeps there: ClassTray does not use it. Remove that folder (ClassTray then makes its own, private)${elsewhere}.`,
    );
  }
  const parent = path.dirname(real);
  const parentOwner = fs.statSync(parent).uid;
  if (parent !== real && parentOwner !== uid && parentOwner !== 0) {
    throw refuse(
      `The ${named} ${folder} is in ${parent}, which belongs to another user of this computer (uid ${parentOwner}) who could put a folder of their own in its place: ClassTray does not use it. Make ${parent} yours (chown)${elsewhere}.`,
    );
  }
  const entries = [real, ...fs.readdirSync(real).map((name) => path.join(real, name))];
  for (const entry of entries) {
    const problem = narrow(entry, uid, report);
    if (problem === undefined) continue;
    const shown = entry === real ? folder : path.join(folder, path.basename(entry));
    throw refuse(
      problem.owner === undefined
        ? `ClassTray could not make its ${named} ${folder} private: ${shown} stays open to other users (${problem.code}). Make it yours alone (chmod 700 for folders, 600 for files)${elsewhere}.`
        : `${shown}, in the ${named} ${folder}, belongs to another user of this computer (uid ${problem.owner}), who could read or change it: ClassTray does not use the folder. Remove ${shown}${elsewhere}.`,
    );
  }
  return report;
}

/** Narrows one entry; what keeps it open to another user, or undefined when nothing does. */
function narrow(
  entry: string,
  uid: number,
  report: PrivateFolderReport,
): { owner?: number; code?: string } | undefined {
  let stats;
  try {
    stats = fs.lstatSync(entry);
  } catch (error) {
    // Gone meanwhile: nothing to keep private.
    return codeOf(error) === 'ENOENT' ? undefined : { code: codeOf(error) };
  }
  // A link is the user's own (a link another user planted is theirs, and refused here).
  if (stats.uid !== uid) return { owner: stats.uid };
  if (stats.isSymbolicLink() || (stats.mode & SHARED_BITS) === 0) return undefined;
  if (!stats.isFile() && !stats.isDirectory()) return undefined;
  try {
    fs.chmodSync(entry, stats.mode & 0o700);
  } catch (error) {
    return { code: codeOf(error) };
  }
  report.narrowed.push({ path: entry, mode: stats.mode & 0o777 });
  return undefined;
}

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : String(error);
