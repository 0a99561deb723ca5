/**
 * No other user can swap the data folder (issue 55): every folder above the data and log folders
 * is checked as OpenSSH checks the folders above its key files, and a folder moved away and
 * replaced while ClassTray runs never receives a write; a link at the log folder's name is
 * replaced, never followed.
 */
import { labels } from '../../src-main/electron/mainSentences';
import { startFailureText } from '../../src-main/electron/startFailure';
import de from '../../src-shared/i18n/locales/de/translation.json';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettings } from '../../src-main/core/settings/settings';
import { studentNamesAt } from '../support/studentNamesAt';
import { Availability } from '../../src-main/core/readiness/availability';
import { PrivateFolderError, makePrivateFolder } from '../../src-main/dataFolder/privateFolder';
import { takeDataFolderLock } from '../../src-main/dataFolder/writerLock';
import { LOG_FILE_NAME, openLogFile } from '../../src-main/hosts/logFile';
import { childProcesses } from '../support/childProcesses';
import { recordingLogger } from '../support/recordingLogger';
import { tempDir } from '../support/tempDir';
import { thrownBy } from '../support/thrownBy';

const SWAP_FOLDER = path.join(import.meta.dirname, '..', 'support', 'swapFolder.ts');
const startChild = childProcesses();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const modeOf = (file: string): number => fs.lstatSync(file).mode & 0o7777;
const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

/** A folder others may write in, as the issue's `<open>`: `mode` set past the umask. */
async function folderWithMode(mode: number): Promise<string> {
  const above = await tempDir('classtray-chain');
  // "nobody" must be able to reach it, as any user of the computer can reach /srv or /opt.
  fs.chmodSync(above, 0o755);
  const open = path.join(above, 'open');
  fs.mkdirSync(open);
  fs.chmodSync(open, mode);
  return open;
}

describe.runIf(process.platform !== 'win32')('the folders above the data folder', () => {
  it('refuses a data folder in a folder others may write in (0777, not sticky), making nothing', async () => {
    const open = await folderWithMode(0o777);
    const dataDir = path.join(open, 'data');
    const refusal = thrownBy(() => takeDataFolderLock(dataDir, 'a test'));
    expect(refusal).toBeInstanceOf(PrivateFolderError);
    expect((refusal as PrivateFolderError).message).toBe(
      `The ClassTray data folder ${dataDir} is in ${open}, which other users of this computer may write in (mode 777, not sticky) and so could put a folder of their own in its place: ClassTray does not use it. Take their right to write from it (chmod go-w ${open}) or make it sticky as /tmp is (chmod +t ${open}), or use another folder (--data-dir).`,
    );
    expect(fs.readdirSync(open)).toEqual([]);
    // The window's sentence names that folder too, in the teacher's language.
    expect((refusal as PrivateFolderError).above).toBe(open);
    expect(
      startFailureText(refusal, { locale: 'de', text: labels.de, dataDir }).split('\n\n')[0],
    ).toBe(de.dataFolder.aboveOpen.replace('{{folder}}', dataDir).replaceAll('{{above}}', open));
  });

  it('refuses one deeper down too, and a folder writable by its group; the log folder alike', async () => {
    const open = await folderWithMode(0o770);
    const deep = path.join(open, 'a', 'b', 'data');
    expect(() => makePrivateFolder(deep)).toThrow(
      `The ClassTray data folder ${deep} is in ${open}, which other users of this computer may write in (mode 770, not sticky)`,
    );
    expect(() => openLogFile(path.join(open, 'logs'), { console: quiet })).toThrow(
      `The ClassTray log folder ${path.join(open, 'logs')} is in ${open}, which other users`,
    );
    expect(fs.readdirSync(open)).toEqual([]);
  });

  it('refuses a data folder reached through a link into such a folder', async () => {
    const open = await folderWithMode(0o777);
    fs.mkdirSync(path.join(open, 'data'), { mode: 0o700 });
    const link = path.join(await tempDir('classtray-chain-link'), 'data');
    fs.symlinkSync(path.join(open, 'data'), link);
    expect(() => makePrivateFolder(link)).toThrow(`is in ${open}, which other users`);
  });

  it('accepts one in a sticky folder, as /tmp is', async () => {
    const sticky = await folderWithMode(0o1777);
    const lock = takeDataFolderLock(path.join(sticky, 'data'), 'a test');
    releases.push(lock.release);
    expect(modeOf(path.join(sticky, 'data'))).toBe(0o700);
  });
});

describe.runIf(process.platform !== 'win32')('a data folder swapped while ClassTray runs', () => {
  it('receives no name, no history and no settings: the writes are refused and logged', async (test) => {
    // The folder above was safe at the start (0755), and opened to others later.
    const open = await folderWithMode(0o755);
    const dataDir = path.join(open, 'data');
    const lock = takeDataFolderLock(dataDir, 'a test');
    releases.push(lock.release);
    const { log, lines } = recordingLogger();
    const now = Date.parse('2026-03-02T07:05:00.000Z');
    const settings = openSettings({ dataDir, log });
    const names = studentNamesAt(dataDir, now, log);
    await names.load();
    const history = new Availability(dataDir, log, () => now);
    await history.load();

    fs.chmodSync(open, 0o777);
    // Another user (nobody, when the tests run as root) renames it away and puts theirs there.
    const other = await startChild.unprivileged(test, SWAP_FOLDER, [dataDir], /swapped\n/);
    await other.ready;

    names.keep('3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c', 'Ana Lima', now);
    await names.flushed();
    history.saw('https://school.example', [{ remoteId: 'r-1', online: true }], now);
    await history.flushed();
    const theirs = fs.readdirSync(dataDir);
    expect(
      theirs.filter((name) => fs.readFileSync(path.join(dataDir, name), 'utf8') !== ''),
    ).toEqual([]);
    const replaced = `The ClassTray data folder ${dataDir} was moved away and another put in its place while ClassTray ran: nothing is written there.`;
    expect(lines.filter((line) => line.includes(replaced)).length).toBeGreaterThanOrEqual(2);
    expect(() => settings.update({ serviceUrl: 'https://school.example' })).toThrow(replaced);
    expect(fs.readdirSync(dataDir)).toEqual(theirs);
  });
});

describe.runIf(process.platform !== 'win32')('a link at the log folder’s name', () => {
  it('is removed and a folder made in its place: never followed, the folder it led to untouched', async () => {
    const dataDir = await tempDir('classtray-logs-link');
    const elsewhere = await tempDir('classtray-elsewhere');
    fs.chmodSync(elsewhere, 0o755);
    fs.symlinkSync(elsewhere, path.join(dataDir, 'logs'));

    const log = openLogFile(path.join(dataDir, 'logs'), { console: quiet });
    log.sink.info('a line');

    expect(fs.lstatSync(path.join(dataDir, 'logs')).isDirectory()).toBe(true);
    expect(modeOf(path.join(dataDir, 'logs'))).toBe(0o700);
    expect(modeOf(elsewhere)).toBe(0o755);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'logs', LOG_FILE_NAME), 'utf8')).toContain(
      `The log folder ${path.join(dataDir, 'logs')} was a link: removed, not followed`,
    );
  });
});

describe.runIf(process.platform !== 'win32')('a log folder swapped while ClassTray runs', () => {
  it('receives no line: the console says why, once', async (test) => {
    const open = await folderWithMode(0o755);
    const folder = path.join(open, 'logs');
    const errors: string[] = [];
    const log = openLogFile(folder, { console: { ...quiet, error: (line) => errors.push(line) } });
    log.sink.info('before');
    fs.chmodSync(open, 0o777);
    const other = await startChild.unprivileged(test, SWAP_FOLDER, [folder], /swapped\n/);
    await other.ready;
    log.sink.info('Room 12: PC-15 given to a student');
    log.sink.info('and another line');
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(errors).toEqual([
      `[log] The ClassTray log folder ${folder} was moved away and another put in its place while ClassTray ran: nothing is written there. Quit ClassTray and check who may write in ${open}.`,
    ]);
  });
});
