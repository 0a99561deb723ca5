/**
 * --data-file: the account's state on disk. Writes are atomic (temporary file, fsync, rename),
 * so a crash leaves the old state or the new one, never half of each. An existing file that
 * cannot be read is reported and left untouched: it may be the only copy of someone's data.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AccountData } from './fixture';
import { AccountDataError, readAccountDataFile } from './fixture';

export interface DataFile {
  data: AccountData;
  /** Resolves once a write that includes every change made so far is on disk. */
  save(): Promise<void>;
}

/** Opens the data file, or creates it from `seed()` when it does not exist yet. */
export async function openDataFile(path: string, seed: () => AccountData): Promise<DataFile> {
  let data: AccountData;
  let exists = true;
  try {
    data = await readAccountDataFile(path);
  } catch (error) {
    if (!(error instanceof AccountDataError) || !(await isMissing(path))) throw error;
    data = seed();
    exists = false;
  }

  // Changes that arrive while a write is running share the next write instead of queuing one
  // each: a burst of 100 invalidations costs two writes, not 100.
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  const save = () => {
    queued ??= running.then(() => {
      queued = undefined;
      return writeAtomically(path, JSON.stringify(data, null, 2) + '\n');
    });
    running = queued.catch(() => undefined);
    return queued;
  };

  if (!exists) await save();
  return { data, save };
}

async function isMissing(path: string): Promise<boolean> {
  try {
    await stat(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  // 0600: the file holds the devices' remote-desktop passwords.
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  try {
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
