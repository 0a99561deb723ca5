import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_FOLDER_LOCK,
  WriterLockError,
  takeDataFolderLock,
  takeWriterLock,
} from '../../src-main/dataFolder/writerLock';
import { childProcesses } from '../support/childProcesses';
import { tempDir } from '../support/tempDir';

const startChild = childProcesses();
const HOLDER = path.join(process.cwd(), 'test', 'support', 'lockHolder.ts');
let folder: string;
let lockFile: string;

beforeEach(async () => {
  folder = await tempDir('classtray-lock');
  lockFile = path.join(folder, DATA_FOLDER_LOCK);
});

const lockText = () => JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };

describe('the writer lock', () => {
  it('takes over the lock of a holder killed with SIGKILL', async () => {
    const holder = startChild(HOLDER, [folder, 'the ClassTray preview'], /holding/);
    await holder.ready;
    expect(() => takeDataFolderLock(folder, 'a test')).toThrow(WriterLockError);
    holder.child.kill('SIGKILL');
    await holder.exited;

    const lock = takeDataFolderLock(folder, 'a test');

    expect(lockText().pid).toBe(process.pid);
    lock.release();
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over the lock of a holder that was killed and not yet waited for (a zombie)',
    async () => {
      // The holder runs under a shell that then becomes `sleep`, which never reaps a child.
      const parent = spawn(
        'sh',
        [
          '-c',
          '"$0" --import tsx "$1" "$2" "$3" & exec sleep 120',
          process.execPath,
          HOLDER,
          folder,
          'the ClassTray preview',
        ],
        { stdio: 'ignore' },
      );
      try {
        await vi.waitFor(() => expect(fs.existsSync(lockFile)).toBe(true), { timeout: 30_000 });
        const holder = lockText().pid;
        expect(() => takeDataFolderLock(folder, 'a test')).toThrow(WriterLockError);
        process.kill(holder, 'SIGKILL');
        await vi.waitFor(() =>
          expect(fs.readFileSync(`/proc/${holder}/stat`, 'utf8')).toMatch(/\) Z /),
        );
        // What made the lock look held: the zombie still answers kill(pid, 0).
        expect(process.kill(holder, 0)).toBe(true);

        const lock = takeDataFolderLock(folder, 'a test');

        expect(lockText().pid).toBe(process.pid);
        lock.release();
      } finally {
        const exited = once(parent, 'exit');
        parent.kill('SIGKILL');
        await exited;
      }
    },
  );

  it('never takes over a lock held from another machine', () => {
    fs.writeFileSync(
      lockFile,
      JSON.stringify({
        pid: 1,
        host: 'another-machine',
        startedAt: '2025-01-02T03:04:05.000Z',
        holder: 'the ClassTray tray app',
        nonce: 'n',
      }),
    );

    expect(() => takeDataFolderLock(folder, 'a test')).toThrow(
      `The ClassTray data folder ${folder} is in use by the ClassTray tray app (process 1 on another-machine, started 2025-01-02T03:04:05.000Z): stop that one first, or use another.`,
    );
    expect(fs.readdirSync(folder)).toEqual([DATA_FOLDER_LOCK]);
  });

  it('names a lock file that does not say who holds it', () => {
    fs.writeFileSync(lockFile, 'garbage');

    expect(() => takeWriterLock(lockFile, 'the data file x', 'a test')).toThrow(
      `The data file x is locked by ${lockFile}, which does not say who holds it: delete that file if no ClassTray program is running.`,
    );
  });

  it('on release leaves alone a lock another process has taken over since', () => {
    const lock = takeDataFolderLock(folder, 'a test');
    const theirs = { ...lockText(), nonce: 'theirs' };
    fs.writeFileSync(lockFile, JSON.stringify(theirs));

    lock.release();

    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual(theirs);
  });
});
