import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DATA_FOLDER_LOCK,
  WriterLockError,
  takeDataFolderLock,
  takeWriterLock,
} from '../src-main/writerLock';
import { childProcesses } from './support/childProcesses';
import { tempDir } from './support/tempDir';

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
