/**
 * No other local user in (issue 47): a data or log folder another user owns or sits in is refused
 * with a sentence naming it and the fix, never used as it is; what another user left in it is set
 * aside (the names deleted) and ClassTray starts (issue 55); the log's files are narrowed to 0600
 * and never written through a link. The folders of "nobody" are made
 * by root with chown, so those tests run only as root (the others run as anyone).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'vitest';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import {
  NAMES_FILE,
  PrivateFolderError,
  makePrivateFolder,
  setAsideLines,
} from '../../src-main/dataFolder/privateFolder';
import { AVAILABILITY_FILE, Availability } from '../../src-main/core/readiness/availability';
import { STUDENTS_FILE } from '../../src-main/core/students/studentNames';
import { takeDataFolderLock } from '../../src-main/dataFolder/writerLock';
import { TimetableCopy } from '../../src-main/core/timetable/timetableCopy';
import { LOG_FILE_NAME, openLogFile } from '../../src-main/hosts/logFile';
import { runPreview } from '../../src-main/preview/runPreview';
import { labels } from '../../src-main/electron/mainSentences';
import { startFailureText } from '../../src-main/electron/startFailure';
import fr from '../../src-shared/i18n/locales/fr/translation.json';
import { NOBODY } from '../support/unprivilegedCopy';
import { tempDir } from '../support/tempDir';
import { rendererDir } from '../preview/previewApp';
import { thrownBy } from '../support/thrownBy';

/** Skips the test, saying why, unless the tests run as root (who alone can chown to "nobody"). */
function onlyAsRoot(test: TestContext): void {
  if (process.getuid?.() === 0) return;
  const why = 'only root can give a folder to "nobody" (chown): run the tests as root to try it';
  console.warn(`Skipped "${test.task.name}": ${why}.`);
  test.skip(why);
}
const modeOf = (file: string): number => fs.lstatSync(file).mode & 0o777;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The folder: nobody's, 0777, with a 0666 logs/classtray.log of theirs. */
async function nobodysFolder(): Promise<{ folder: string; theirLog: string }> {
  const folder = path.join(await tempDir('classtray-nobody'), 'shared');
  fs.mkdirSync(path.join(folder, 'logs'), { recursive: true });
  const theirLog = path.join(folder, 'logs', LOG_FILE_NAME);
  fs.writeFileSync(theirLog, 'nobody was here\n');
  for (const entry of [folder, path.join(folder, 'logs')]) fs.chmodSync(entry, 0o777);
  fs.chmodSync(theirLog, 0o666);
  for (const entry of [folder, path.join(folder, 'logs'), theirLog]) {
    fs.chownSync(entry, NOBODY.uid, NOBODY.gid);
  }
  return { folder, theirLog };
}

describe.runIf(process.platform !== 'win32')('a folder another user could reach', () => {
  it('is refused when another user owns it, naming it and the fix', async (test) => {
    onlyAsRoot(test);
    const { folder, theirLog } = await nobodysFolder();
    const refusal = thrownBy(() => takeDataFolderLock(folder, 'a test'));
    expect(refusal).toBeInstanceOf(PrivateFolderError);
    expect((refusal as PrivateFolderError).message).toBe(
      `The ClassTray data folder ${folder} belongs to another user of this computer (uid ${NOBODY.uid}), who could read or change what ClassTray keeps there: ClassTray does not use it. Remove that folder (ClassTray then makes its own, private), or use another folder (--data-dir).`,
    );
    // Used as it is never: not narrowed, no lock, their log as they left it.
    expect(modeOf(folder)).toBe(0o777);
    expect(fs.readdirSync(folder)).toEqual(['logs']);
    expect(fs.readFileSync(theirLog, 'utf8')).toBe('nobody was here\n');

    // The log folder in it too: in a folder another user owns (the folders above are checked
    // first, before anything is made), whether it is theirs too or not there yet.
    expect(() => openLogFile(path.join(folder, 'logs'), { console: quiet })).toThrow(
      `The ClassTray log folder ${path.join(folder, 'logs')} is in ${folder}, which belongs to another user`,
    );
    expect(() => openLogFile(path.join(folder, 'mine'), { console: quiet })).toThrow(
      `The ClassTray log folder ${path.join(folder, 'mine')} is in ${fs.realpathSync(folder)}, which belongs to another user of this computer (uid ${NOBODY.uid}) who could put a folder of their own in its place: ClassTray does not use it.`,
    );
    expect(fs.readFileSync(theirLog, 'utf8')).toBe('nobody was here\n');
  });

  it('sets aside what another user owns in it, a file or a link, never reading or following it', async (test) => {
    onlyAsRoot(test);
    const folder = await tempDir('classtray-planted');
    const teacherFile = path.join(await tempDir('classtray-teacher'), 'notes.txt');
    fs.writeFileSync(teacherFile, 'mine\n');
    fs.symlinkSync(teacherFile, path.join(folder, LOG_FILE_NAME));
    fs.lchownSync(path.join(folder, LOG_FILE_NAME), NOBODY.uid, NOBODY.gid);
    const log = openLogFile(folder, { console: quiet });
    log.sink.info('a line of ours');
    const [aside] = log.privateFolder.setAside ?? [];
    expect(aside?.path).toBe(path.join(folder, LOG_FILE_NAME));
    expect(aside?.to).toMatch(
      new RegExp(`^${path.join(folder, LOG_FILE_NAME)}\\.other-user-\\d+$`),
    );
    expect(fs.lstatSync(aside?.to ?? '').isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(teacherFile, 'utf8')).toBe('mine\n');
    expect(fs.lstatSync(path.join(folder, LOG_FILE_NAME)).uid).toBe(0);
    expect(fs.readFileSync(path.join(folder, LOG_FILE_NAME), 'utf8')).toContain('a line of ours');

    const dataDir = await tempDir('classtray-planted-data');
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{}\n');
    fs.chownSync(path.join(dataDir, 'settings.json'), NOBODY.uid, NOBODY.gid);
    const report = makePrivateFolder(dataDir);
    expect(report.setAside?.map(({ path: entry }) => entry)).toEqual([
      path.join(dataDir, 'settings.json'),
    ]);
    expect(fs.existsSync(path.join(dataDir, 'settings.json'))).toBe(false);
    // Once set aside it waits to be removed: a later start leaves it as it is.
    expect(makePrivateFolder(dataDir).setAside).toBeUndefined();
  });

  it('stops the preview before it writes anything there, with that sentence', async (test) => {
    onlyAsRoot(test);
    const { folder, theirLog } = await nobodysFolder();
    const staticDir = await rendererDir();
    try {
      await expect(
        runPreview(
          ['--data-dir', folder, '--port', '0', '--no-open'],
          {},
          {
            rendererDir: staticDir,
            print: () => undefined,
            logConsole: quiet,
            classTray: { log: silentLogger },
          },
        ),
      ).rejects.toThrow(
        `The ClassTray data folder ${folder} belongs to another user of this computer (uid ${NOBODY.uid})`,
      );
    } finally {
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
    expect(fs.readFileSync(theirLog, 'utf8')).toBe('nobody was here\n');
    expect(fs.readdirSync(folder)).toEqual(['logs']);
  });
});

describe.runIf(process.platform !== 'win32')('the preview’s log folder', () => {
  it('sets aside another user’s log file found there, and writes its own', async (test) => {
    onlyAsRoot(test);
    const dataDir = await tempDir('classtray-preview-logs');
    fs.mkdirSync(path.join(dataDir, 'logs'), { mode: 0o700 });
    const theirLog = path.join(dataDir, 'logs', LOG_FILE_NAME);
    fs.writeFileSync(theirLog, 'nobody was here\n');
    fs.chownSync(theirLog, NOBODY.uid, NOBODY.gid);
    const log = openLogFile(path.join(dataDir, 'logs'), { console: quiet });
    log.sink.info('ours');
    const aside = log.privateFolder.setAside?.[0]?.to ?? '';
    expect(fs.readFileSync(aside, 'utf8')).toBe('nobody was here\n');
    expect(fs.statSync(theirLog).uid).toBe(0);
    expect(modeOf(theirLog)).toBe(0o600);
  });
});

describe('a refused folder in the start failure dialog', () => {
  it('is worded in the teacher’s language, the English sentence below for IT', () => {
    const folder = '/Users/teacher/Library/Logs/ClassTray';
    const error = new PrivateFolderError('The English sentence.', folder, 'log');
    expect(startFailureText(error, { locale: 'fr', text: labels.fr, dataDir: '/data' })).toBe(
      `${fr.dataFolder.logFolderNotPrivate.replace('{{folder}}', folder)}\n\nThe English sentence.`,
    );
    expect(startFailureText(error, { locale: 'en', text: labels.en, dataDir: '/data' })).toBe(
      'The English sentence.',
    );
  });
});

describe.runIf(process.platform !== 'win32')('the log files', () => {
  it('are narrowed to 0600 when found wider, as the folder is to 0700', async () => {
    const folder = await tempDir('classtray-logs');
    fs.chmodSync(folder, 0o755);
    for (const name of [LOG_FILE_NAME, 'classtray.old.log']) {
      fs.writeFileSync(path.join(folder, name), 'before\n');
      fs.chmodSync(path.join(folder, name), 0o644);
    }
    const log = openLogFile(folder, { console: quiet });
    log.sink.info('a line');
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(path.join(folder, LOG_FILE_NAME))).toBe(0o600);
    expect(modeOf(path.join(folder, 'classtray.old.log'))).toBe(0o600);
  });

  it('are never written through a link: one found at open is removed, one put there later fails the write', async () => {
    const folder = await tempDir('classtray-link-logs');
    const target = path.join(await tempDir('classtray-elsewhere'), 'own.txt');
    fs.writeFileSync(target, 'the teacher’s own file\n');
    fs.symlinkSync(target, path.join(folder, LOG_FILE_NAME));
    fs.symlinkSync(target, path.join(folder, 'classtray.old.log'));

    const log = openLogFile(folder, { console: quiet });
    log.sink.info('after the links');
    const file = path.join(folder, LOG_FILE_NAME);
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.existsSync(path.join(folder, 'classtray.old.log'))).toBe(false);
    const written = fs.readFileSync(file, 'utf8');
    expect(written).toContain(`${file} was a link: removed, not followed`);
    expect(written).toContain('after the links');
    expect(fs.readFileSync(target, 'utf8')).toBe('the teacher’s own file\n');

    // A link put in its place while it runs: the append (O_NOFOLLOW) fails, the target stays.
    fs.rmSync(file);
    fs.symlinkSync(target, file);
    // electron-log says on the console that it cannot write there (ELOOP).
    log.sink.info('while a link is there');
    expect(fs.readFileSync(target, 'utf8')).toBe('the teacher’s own file\n');
  });
});

describe.runIf(process.platform !== 'win32')('the data folder’s files', () => {
  it('are never written through a link at their name, even a temporary one', async () => {
    const dataDir = await tempDir('classtray-link-data');
    const target = path.join(await tempDir('classtray-elsewhere'), 'own.txt');
    fs.writeFileSync(target, 'the teacher’s own file\n');
    // The timetable's copy is written aside at a name known in advance, then renamed.
    fs.symlinkSync(target, path.join(dataDir, `timetable.ics.${process.pid}.tmp`));
    const copy = new TimetableCopy(dataDir, silentLogger);
    expect(() =>
      copy.write({ text: 'BEGIN:VCALENDAR', savedAt: '2026-11-24T08:00:00.000Z' }),
    ).toThrow(/ELOOP/);
    expect(fs.readFileSync(target, 'utf8')).toBe('the teacher’s own file\n');
    expect(fs.existsSync(path.join(dataDir, 'timetable.ics'))).toBe(false);
  });
});

describe.runIf(process.platform !== 'win32')('files another user owns in the data folder', () => {
  it('never stop the start: the history is set aside, the names deleted, each said in the log', async (test) => {
    onlyAsRoot(test);
    const dataDir = await tempDir('classtray-foreign-history');
    const history = path.join(dataDir, AVAILABILITY_FILE);
    fs.writeFileSync(history, '{"version":1,"accounts":{}}', { mode: 0o600 });
    const names = path.join(dataDir, STUDENTS_FILE);
    fs.writeFileSync(names, '{"protection":"none","names":[]}', { mode: 0o600 });
    for (const file of [history, names]) fs.chownSync(file, NOBODY.uid, NOBODY.gid);

    const lock = takeDataFolderLock(dataDir, 'a test');
    try {
      const lines = setAsideLines(lock.privateFolder ?? { narrowed: [] });
      expect(lines).toHaveLength(2);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${history} belonged to another user of this computer \\(uid ${NOBODY.uid}\\): set aside unread as ${history}\\.other-user-\\d+; ClassTray starts without it\\.$`,
          ),
        ),
      );
      expect(lines).toContain(
        `${names} belonged to another user of this computer (uid ${NOBODY.uid}): deleted unread, as it may hold student names.`,
      );
      expect(fs.existsSync(names)).toBe(false);
      const availability = new Availability(dataDir, silentLogger, () => 0);
      await availability.load();
      expect(availability.of('demo', 'a')).toBeUndefined();
    } finally {
      lock.release();
    }
  });

  it('knows the names file by the name the student names use', () => {
    expect(NAMES_FILE).toBe(STUDENTS_FILE);
  });
});
