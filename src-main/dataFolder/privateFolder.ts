/**
 * A data folder is the teacher's alone: it holds the service URL, the classrooms, the tracked
 * accesses, the weekly table, the classroom cache; the log folder names classrooms and devices.
 * On Linux and macOS each is created 0700, its files 0600, and a folder found wider (created by
 * an older version, or by hand with the umask's 0755 and 0644) is narrowed at start: the folder
 * itself, and each file and folder directly in it (a folder 0700 keeps whatever is deeper out of
 * other users' reach). Links are left alone: they are not ClassTray's to change.
 *
 * A folder another user of the computer could still reach is refused, never used as it is
 * (issue 47): one that user owns, or that cannot be narrowed. What another user owns in it (a
 * file, a link, a folder: left by a run as root, or planted) is one rule for every file (issue 55):
 * set aside as `<name>.other-user-<time>` (never read, removed after SET_ASIDE_KEEP_DAYS) and the
 * folder used; the student names' file is deleted instead, as a copy of names must not outlive
 * their retention. So is one they could swap for their own (issue
 * 55): every folder above it, up to the root, is checked as OpenSSH checks the folders above its
 * key files: owned by this user or root, and not writable by group or others unless sticky (as
 * /tmp is, where no one may rename what is not theirs). The refusal is a PrivateFolderError, one
 * sentence naming the folder and the fix. Windows keeps a profile's folders to their user by their
 * ACLs.
 *
 * A folder that passed is remembered as it was (its device and inode), and every write through
 * this module checks, once its file is open, that the folder at that path is still that one and
 * the file opened is the one at that name: a folder moved away and replaced while ClassTray runs
 * never receives a write. A link at the log folder's own name is removed and a folder made in its
 * place, never followed (the folder it pointed to keeps its mode).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Group and other bits: none of them may be set on anything in a data folder. */
const SHARED_BITS = 0o077;

/** Write bits for group and others; and the sticky bit, which keeps each entry to its owner. */
const SHARED_WRITE_BITS = 0o022;
const STICKY_BIT = 0o1000;

/**
 * Flags that open a file for writing without following a link at its name: a link there makes
 * the open fail (ELOOP) rather than write wherever it points. Windows has no O_NOFOLLOW. Not
 * truncated on open: only once the file is known to be in the checked folder (openChecked).
 */
const OPEN_NO_FOLLOW =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | (fs.constants.O_NOFOLLOW ?? 0);
export const APPEND_NO_FOLLOW =
  fs.constants.O_WRONLY |
  fs.constants.O_CREAT |
  fs.constants.O_APPEND |
  (fs.constants.O_NOFOLLOW ?? 0);

/** The folders makePrivateFolder checked, by path: what was there then, and which it is. */
const checkedFolders = new Map<string, { dev: number; ino: number; kind: PrivateFolderKind }>();

/** A checked folder is no longer the one at its path: nothing is written there. */
export class FolderReplacedError extends Error {
  override readonly name = 'FolderReplacedError';
  constructor(readonly folder: string) {
    super(
      `The ClassTray ${checkedFolders.get(folder)?.kind ?? 'data'} folder ${folder} was moved away and another put in its place while ClassTray ran: nothing is written there. Quit ClassTray and check who may write in ${path.dirname(folder)}.`,
    );
  }
}

/** Throws FolderReplacedError when `folder` was checked and is no longer the folder it was. */
export function confirmFolder(folder: string): void {
  const resolved = path.resolve(folder);
  const checked = checkedFolders.get(resolved);
  if (checked === undefined) return;
  let now: fs.Stats | undefined;
  try {
    now = fs.statSync(resolved);
  } catch {
    now = undefined;
  }
  if (now?.dev !== checked.dev || now.ino !== checked.ino) throw new FolderReplacedError(resolved);
}

/**
 * The file just opened at `file` (its fstat) is the one at that name now, and its folder the one
 * checked: else the folder was swapped between the check and the open.
 */
function confirmOpened(file: string, opened: fs.Stats): void {
  const folder = path.dirname(path.resolve(file));
  const atName = fs.lstatSync(file);
  if (atName.dev !== opened.dev || atName.ino !== opened.ino) throw new FolderReplacedError(folder);
  confirmFolder(folder);
}

/** Writes a file of the data folder whole (created with `mode`), never through a link at its name. */
export function writeFileNoFollow(file: string, data: string, mode = PRIVATE_FILE_MODE): void {
  confirmFolder(path.dirname(path.resolve(file)));
  const handle = fs.openSync(file, OPEN_NO_FOLLOW, mode);
  try {
    confirmOpened(file, fs.fstatSync(handle));
    fs.ftruncateSync(handle, 0);
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
  confirmFolder(path.dirname(path.resolve(file)));
  const handle = await fs.promises.open(file, OPEN_NO_FOLLOW, mode);
  try {
    confirmOpened(file, await handle.stat());
    await handle.truncate(0);
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

/** replaceFileNoFollow, for a caller that answers at once (the preview's launch page). */
export function replaceFileNoFollowSync(
  file: string,
  data: string,
  mode = PRIVATE_FILE_MODE,
): void {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileNoFollow(temporary, data, mode);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

export interface PrivateFolderReport {
  /** What was found wider and narrowed, each with its mode before. */
  narrowed: { path: string; mode: number }[];
  /** A log folder found to be a link: the link removed (not followed), a folder made instead. */
  replacedLink?: string;
  /** What another user owned in the folder: set aside as `to`, or deleted (no `to`). */
  setAside?: { path: string; owner: number; to?: string }[];
}

/** The student names' file (core/students/studentNames.ts): another user's is deleted, not set aside. */
export const NAMES_FILE = 'students.json';

/** The suffix of what another user owned in a ClassTray folder, set aside: then its time. */
export const OTHER_USER_SUFFIX = '.other-user-';

/** The log's lines for what was set aside in a folder: each says what, whose, where it went. */
export function setAsideLines(report: PrivateFolderReport): string[] {
  return (report.setAside ?? []).map(({ path: entry, owner, to }) =>
    to === undefined
      ? `${entry} belonged to another user of this computer (uid ${String(owner)}): deleted unread, as it may hold student names.`
      : `${entry} belonged to another user of this computer (uid ${String(owner)}): set aside unread as ${to}; ClassTray starts without it.`,
  );
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
    /** The folder above it that another user could rename it in, when that is the cause. */
    readonly above?: string,
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
  const report: PrivateFolderReport = { narrowed: [] };
  if (platform === 'win32' || uid === undefined) {
    fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    return report;
  }
  const resolved = path.resolve(folder);
  const named = `ClassTray ${kind === 'data' ? 'data' : 'log'} folder`;
  // The tray app's log folder is not always in the data folder (macOS): --data-dir does not move it.
  const elsewhere = kind === 'data' ? ', or use another folder (--data-dir)' : '';
  const refuse = (message: string, above?: string) =>
    new PrivateFolderError(message, folder, kind, above);
  const checkAbove = (start: string) => {
    const problem = openAncestor(start, uid);
    if (problem === undefined) return;
    if (problem.owner !== undefined) {
      throw refuse(
        `The ${named} ${folder} is in ${problem.folder}, which belongs to another user of this computer (uid ${problem.owner}) who could put a folder of their own in its place: ClassTray does not use it. Make ${problem.folder} yours (chown)${elsewhere}.`,
        problem.folder,
      );
    }
    throw refuse(
      `The ${named} ${folder} is in ${problem.folder}, which other users of this computer may write in (mode ${problem.mode.toString(8)}, not sticky) and so could put a folder of their own in its place: ClassTray does not use it. Take their right to write from it (chmod go-w ${problem.folder}) or make it sticky as /tmp is (chmod +t ${problem.folder})${elsewhere}.`,
      problem.folder,
    );
  };
  // Before anything is made: the folders above that exist already.
  checkAbove(path.dirname(resolved));
  if (kind === 'log') replaceLink(resolved, report);
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // The folder as it is on disk: a link to it (~/.config on another disk) is followed once, and
  // the folders above where it leads are checked too.
  const real = fs.realpathSync(folder);
  const owner = fs.lstatSync(real).uid;
  if (owner !== uid) {
    throw refuse(
      `The ${named} ${folder} belongs to another user of this computer (uid ${owner}), who could read or change what ClassTray keeps there: ClassTray does not use it. Remove that folder (ClassTray then makes its own, private)${elsewhere}.`,
    );
  }
  checkAbove(path.dirname(real));
  const entries = [real, ...fs.readdirSync(real).map((name) => path.join(real, name))];
  for (const entry of entries) {
    const problem = narrow(entry, uid, report);
    if (problem === undefined) continue;
    const shown = entry === real ? folder : path.join(folder, path.basename(entry));
    if (problem.owner !== undefined) {
      // Set aside at an earlier start: it waits there to be removed.
      if (path.basename(entry).includes(OTHER_USER_SUFFIX)) continue;
      const gone = setAside(entry, shown, problem.owner, report);
      if (gone) continue;
    }
    throw refuse(
      problem.owner === undefined
        ? `ClassTray could not make its ${named} ${folder} private: ${shown} stays open to other users (${problem.code}). Make it yours alone (chmod 700 for folders, 600 for files)${elsewhere}.`
        : `${shown}, in the ${named} ${folder}, belongs to another user of this computer (uid ${problem.owner}), who could read or change it, and ClassTray could not set it aside: ClassTray does not use the folder. Remove ${shown}${elsewhere}.`,
    );
  }
  const { dev, ino } = fs.statSync(resolved);
  checkedFolders.set(resolved, { dev, ino, kind });
  return report;
}

/**
 * The first folder from `start` up to the root (both where the path leads and the path as
 * written, links and all) that another user could rename things in: one owned by a user other
 * than `uid` and root, or writable by group or others without the sticky bit. Folders not made
 * yet are passed over (the check runs again once they are).
 */
function openAncestor(
  start: string,
  uid: number,
): { folder: string; owner?: number; mode: number } | undefined {
  let existing = start;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing)
    existing = path.dirname(existing);
  const seen = new Set<string>();
  for (const from of [existing, fs.realpathSync(existing)]) {
    for (let folder = from; !seen.has(folder); folder = path.dirname(folder)) {
      seen.add(folder);
      const stats = fs.statSync(folder);
      if (stats.uid !== uid && stats.uid !== 0)
        return { folder, owner: stats.uid, mode: stats.mode & 0o7777 };
      if ((stats.mode & SHARED_WRITE_BITS) !== 0 && (stats.mode & STICKY_BIT) === 0)
        return { folder, mode: stats.mode & 0o7777 };
    }
  }
  return undefined;
}

/**
 * Another user's entry in a ClassTray folder, moved out of ClassTray's way (the names' file
 * deleted); whether it is gone from its name. Renaming and deleting need only the folder's
 * permission, which is this user's.
 */
function setAside(
  entry: string,
  shown: string,
  owner: number,
  report: PrivateFolderReport,
): boolean {
  const name = path.basename(entry);
  try {
    if (name === NAMES_FILE || name.startsWith(`${NAMES_FILE}.`)) {
      fs.rmSync(entry, { recursive: true, force: true });
      (report.setAside ??= []).push({ path: shown, owner });
    } else {
      const to = `${shown}${OTHER_USER_SUFFIX}${String(Date.now())}`;
      fs.renameSync(entry, path.join(path.dirname(entry), path.basename(to)));
      (report.setAside ??= []).push({ path: shown, owner, to });
    }
    return true;
  } catch {
    return false;
  }
}

/** A link at the log folder's name is removed, never followed: a folder is made in its place. */
function replaceLink(folder: string, report: PrivateFolderReport): void {
  try {
    if (!fs.lstatSync(folder).isSymbolicLink()) return;
  } catch {
    return; // Not there yet: made next.
  }
  fs.unlinkSync(folder);
  report.replacedLink = folder;
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
