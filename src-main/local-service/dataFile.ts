/**
 * --data-file: the account's state on disk. Writes are atomic (temporary file in the same
 * folder, fsync, rename, fsync of the folder), so a crash leaves the old state or the new one,
 * never half of each. An existing file that cannot be read is reported and left untouched: it
 * may be the only copy of someone's data.
 *
 * One process writes a data file at a time (writerLock.ts). A symlinked data file stays a symlink
 * (the target is written), and the file keeps its mode.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errnoCode, folderProblem, takeWriterLock } from '../dataFolder/writerLock';
import type { AccountData } from './fixture';
import { AccountDataError, readAccountDataFile } from './fixture';

/** Temporary files start with this, so leftovers of a crash are known to be ours. */
export const TEMPORARY_PREFIX = '.classtray-tmp.';

export interface DataFile {
  data: AccountData;
  /** Puts `data` on disk; rejects with a sentence saying why not. A plain function: no `this`. */
  write: (data: AccountData) => Promise<void>;
  /** Lets another process open the file. */
  close: () => void;
}

/**
 * Opens the data file, or creates it from `seed()` when it does not exist yet. Throws
 * AccountDataError or WriterLockError, each a sentence.
 */
export async function openDataFile(path: string, seed: () => AccountData): Promise<DataFile> {
  const target = await writtenPath(path);
  const folder = dirname(target);
  try {
    if (!(await stat(folder)).isDirectory())
      throw new AccountDataError(`${folder} is not a folder.`);
  } catch (error) {
    if (error instanceof AccountDataError) throw error;
    throw new AccountDataError(folderProblem(folder, error));
  }
  // Taking the lock also proves the folder writable: it creates a file there.
  const lock = takeWriterLock(`${target}.lock`, `the data file ${path}`, 'a local service');
  try {
    await removeLeftovers(target);
    let data: AccountData;
    let mode = 0o600; // a new file holds the devices' remote-desktop passwords
    try {
      data = await readAccountDataFile(target);
      mode = (await stat(target)).mode & 0o777;
    } catch (error) {
      if (!(error instanceof AccountDataError) || !(await isMissing(target))) throw error;
      data = seed();
      await writeAtomically(target, serialize(data), mode);
    }
    return {
      data,
      write: async (next) => {
        try {
          await writeAtomically(target, serialize(next), mode);
        } catch (error) {
          throw new Error(`${path} could not be written: ${folderProblem(folder, error)}`);
        }
      },
      close: () => lock.release(),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The path to write: a symlink's target (followed to the end), so the link stays a link. */
async function writtenPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT')
      throw new AccountDataError(`Cannot open ${path}: ${String(error)}`);
  }
  // Missing: a link to a file yet to be created, or no file at all.
  try {
    if ((await lstat(path)).isSymbolicLink()) {
      return writtenPath(resolve(dirname(path), await readlink(path)));
    }
  } catch {
    // Nothing at `path`: the file is created there.
  }
  return resolve(path);
}

async function removeLeftovers(target: string): Promise<void> {
  const prefix = `${TEMPORARY_PREFIX}${basename(target)}.`;
  const folder = dirname(target);
  for (const name of await readdir(folder)) {
    if (name.startsWith(prefix)) await unlink(join(folder, name)).catch(() => undefined);
  }
}

const serialize = (data: AccountData): string => JSON.stringify(data, null, 2) + '\n';

async function isMissing(path: string): Promise<boolean> {
  try {
    await stat(path);
    return false;
  } catch (error) {
    return errnoCode(error) === 'ENOENT';
  }
}

async function writeAtomically(path: string, text: string, mode: number): Promise<void> {
  const temporary = join(
    dirname(path),
    `${TEMPORARY_PREFIX}${basename(path)}.${randomBytes(6).toString('hex')}`,
  );
  const file = await open(temporary, 'wx', 0o600);
  try {
    try {
      // Explicitly, as the umask may have narrowed the mode given to open.
      await file.chmod(mode);
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes the rename itself durable; not possible on every platform (Windows), hence best effort. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file's own contents are already synced; only the rename's durability is at stake.
  }
}
