/**
 * One writer per file: a lock file beside what it guards, naming the process that holds it.
 * Two local services on one --data-file, or the tray app and the preview on one data folder,
 * would otherwise overwrite each other's acknowledged changes (the last writer wins).
 *
 * Not in core: it is about this process (its pid, its exit, its signals), and both hosts and the
 * local service take it before they open anything.
 *
 * The lock is created whole: its text is written to a temporary file first and hard-linked into
 * place, which fails if the lock exists (as O_EXCL does) and never leaves a half-written lock.
 * A lock whose holder on this machine is no longer running (kill -9, power cut, or exited and not
 * yet reaped) is stale and is taken over; a lock held from another machine (a shared folder) is never taken over.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrivateFolderReport } from './privateFolder';
import { PrivateFolderError, makePrivateFolder } from './privateFolder';

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holding process started (ISO time). */
  startedAt: string;
  /** What holds it, for the message the next process prints: e.g. "the ClassTray preview". */
  holder: string;
  /** Tells this process's lock from one a restarted process with the same pid wrote. */
  nonce: string;
}

export interface WriterLock {
  readonly path: string;
  /** A data folder's lock: what was found readable by others and narrowed (privateFolder.ts). */
  readonly privateFolder?: PrivateFolderReport;
  /** Removes the lock if it is still ours; also runs by itself when the process exits. */
  release(): void;
}

/**
 * The lock could not be taken: its message is one sentence for the person who started us;
 * `reason` says which case it is, for a host that words it in the teacher's language.
 */
export class WriterLockError extends Error {
  override readonly name = 'WriterLockError';
  constructor(
    message: string,
    /** held: another process holds it; folder: the folder cannot be written; lock: the lock file is unreadable or contended. */
    readonly reason: 'held' | 'folder' | 'lock',
    /** Set when another process holds the lock. */
    readonly holder?: LockHolder,
  ) {
    super(message);
  }
}

/** Locks this process holds, so a second take within one process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes the lock at `lockPath`, or throws WriterLockError saying who holds it. `subject` names
 * what is guarded ("the data file /x/state.json"), `holder` what we are ("the local service").
 */
export function takeWriterLock(lockPath: string, subject: string, holder: string): WriterLock {
  const absolute = path.resolve(lockPath);
  const folder = path.dirname(absolute);
  const mine: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    holder,
    nonce: randomBytes(12).toString('hex'),
  };
  const text = JSON.stringify(mine) + '\n';
  const draft = `${absolute}.${mine.nonce}.tmp`;
  try {
    fs.writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    throw new WriterLockError(folderProblem(folder, error), 'folder');
  }
  try {
    // A few rounds: each one either takes the lock, refuses, or removed a stale lock.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (heldHere.has(absolute)) throw heldError(subject, mine);
      try {
        fs.linkSync(draft, absolute);
        return held(absolute, mine.nonce);
      } catch (error) {
        if (errnoCode(error) !== 'EEXIST')
          throw new WriterLockError(folderProblem(folder, error), 'folder');
      }
      const current = readLock(absolute);
      if (current === undefined) continue; // released meanwhile
      const owner = parseHolder(current);
      if (!owner) {
        throw new WriterLockError(
          `${capitalize(subject)} is locked by ${absolute}, which does not say who holds it: delete that file if no ClassTray program is running.`,
          'lock',
        );
      }
      if (!isStale(owner)) throw heldError(subject, owner);
      removeStale(absolute, current);
    }
    throw new WriterLockError(
      `${capitalize(subject)} could not be locked: other programs keep taking ${absolute}.`,
      'lock',
    );
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The file in a data folder that says which ClassTray program (tray app, preview) uses it. */
export const DATA_FOLDER_LOCK = 'classtray.lock';

/**
 * Takes the data folder for a ClassTray host, creating the folder if needed, the teacher's alone
 * (0700, its files 0600, narrowed when found wider: privateFolder.ts); throws PrivateFolderError
 * for a folder another user could reach, WriterLockError when another host uses it or when
 * ClassTray cannot write there.
 */
export function takeDataFolderLock(dataDir: string, holder: string): WriterLock {
  const privateFolder = keepDataFolderPrivate(dataDir);
  const lock = takeWriterLock(
    path.join(dataDir, DATA_FOLDER_LOCK),
    `the ClassTray data folder ${dataDir}`,
    holder,
  );
  return { ...lock, privateFolder };
}

/**
 * The data folder made (or found) private, before anything is written there; throws
 * PrivateFolderError (another user could reach it) or WriterLockError (it cannot be made).
 */
export function keepDataFolderPrivate(dataDir: string): PrivateFolderReport {
  try {
    return makePrivateFolder(dataDir);
  } catch (error) {
    if (error instanceof PrivateFolderError) throw error;
    throw new WriterLockError(folderProblem(dataDir, error), 'folder');
  }
}

function held(lockPath: string, nonce: string): WriterLock {
  heldHere.add(lockPath);
  const release = (): void => {
    process.removeListener('exit', release);
    if (!heldHere.delete(lockPath)) return;
    // Only our own lock: after a takeover by someone else, theirs stays.
    if (parseHolder(readLock(lockPath) ?? '')?.nonce === nonce)
      fs.rmSync(lockPath, { force: true });
  };
  // 'exit' also follows SIGINT and SIGTERM in the programs that take this lock: each handles
  // those signals by closing and calling process.exit.
  process.on('exit', release);
  return { path: lockPath, release };
}

function heldError(subject: string, owner: LockHolder): WriterLockError {
  const where = owner.host === os.hostname() ? '' : ` on ${owner.host}`;
  return new WriterLockError(
    `${capitalize(subject)} is in use by ${owner.holder} (process ${owner.pid}${where}, started ${owner.startedAt}): stop that one first, or use another.`,
    'held',
    owner,
  );
}

/** A holder on this machine that no longer runs; a lock left by this very pid in an earlier life. */
function isStale(owner: LockHolder): boolean {
  if (owner.host !== os.hostname()) return false;
  if (owner.pid === process.pid) return true; // not in heldHere, so not ours
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return errnoCode(error) === 'ESRCH';
  }
  return hasExited(owner.pid);
}

/**
 * kill(pid, 0) also succeeds for a process that has exited but is not yet reaped by its parent
 * (a zombie, as right after a crash), which will never write again. Linux tells by the state in
 * /proc/<pid>/stat; elsewhere a running pid counts as running.
 */
function hasExited(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return errnoCode(error) === 'ENOENT'; // reaped meanwhile
  }
  // "pid (command) state …": the command may hold spaces and parentheses, so the state is the
  // field after the last ')'.
  const state = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .charAt(0);
  return state === 'Z' || state === 'X';
}

/**
 * Moves the stale lock out of the way, then checks it moved the lock it judged: if another
 * process took over in between, the lock moved is that one's, and it is put back.
 */
function removeStale(lockPath: string, staleText: string): void {
  const moved = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    fs.renameSync(lockPath, moved);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (readLock(moved) !== staleText) fs.linkSync(moved, lockPath);
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(moved, { force: true });
  }
}

function readLock(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.startedAt === 'string' &&
      typeof value.holder === 'string' &&
      typeof value.nonce === 'string'
    ) {
      return value as LockHolder;
    }
  } catch {
    // Not a lock this module wrote.
  }
  return undefined;
}

/** Why nothing can be created in `folder`, as a sentence. */
export function folderProblem(folder: string, error: unknown): string {
  switch (errnoCode(error)) {
    case 'ENOENT':
      return `The folder ${folder} does not exist.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${folder} is not a folder.`;
    case 'EACCES':
    case 'EPERM':
      return `ClassTray is not allowed to write in the folder ${folder}.`;
    case 'EROFS':
      return `The folder ${folder} is on a read-only disk.`;
    case 'ENOSPC':
      return `The disk holding ${folder} is full.`;
    default:
      return `ClassTray cannot write in the folder ${folder} (${errnoCode(error) ?? String(error)}).`;
  }
}

export function errnoCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
