/**
 * A teacher's day with students' names, walked through the whole core on the local service with
 * the clock injected: where the names are kept, that they leave every file of the data folder,
 * the window's state and the tray at the end of the school day (plus the retention), that Forget
 * and Erase leave none anywhere, that the log, the diagnostics and the notifications never carry
 * one, and that the export lists exactly what is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassTrayOptions } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import type { ClassTrayState } from '../../../src-main/core/api/classTrayApi';
import { createLogger } from '../../../src-main/core/logger';
import type { StudentCipher } from '../../../src-main/core/students/studentNames';
import { STUDENTS_FILE } from '../../../src-main/core/students/studentNames';
import { parseAccountData } from '../../../src-main/local-service/fixture';
import type { RunningLocalService } from '../../../src-main/local-service/index';
import { startLocalService } from '../../../src-main/local-service/index';
import { startDemoSchool } from '../../../src-main/hosts/demoSchool';
import { diagnosticsText } from '../../../src-main/hosts/diagnostics';
import { openLogFile } from '../../../src-main/hosts/logFile';
import { labels } from '../../../src-main/electron/mainSentences';
import { scheduledEndNotices } from '../../../src-main/electron/notifications';
import { trayView } from '../../../src-main/electron/tray/trayState';
import { SENTENCES } from '../../../src-shared/i18n';
import { accountFixture } from '../../support/fixtures';
import { callerOf } from '../../support/localServiceControl';
import { manualTimers } from '../../support/manualTimers';
import { tempDir } from '../../support/tempDir';

vi.mock('electron', async () => (await import('../../electron/electronMock')).electronMock());

const TOKEN = 'privacy-test-token-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 2 March 2026, 08:00 in Berlin (UTC+1): the first lesson. */
const MORNING = Date.parse('2026-03-02T07:00:00.000Z');
/** 18:00 in Berlin that day: the end of the school day. */
const DAY_ENDS = Date.parse('2026-03-02T17:00:00.000Z');
/** Names no other text of ClassTray holds, so finding one anywhere is this test's leak. */
const STUDENTS = ['Zofia Wrześniewska', 'Mateo Quispehuamán', 'Aoife Ní Bhraonáin'] as const;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(): Promise<RunningLocalService> {
  const running = await startLocalService({
    token: TOKEN,
    port: 0,
    fixture: parseAccountData(accountFixture(30), 'test fixture'),
  });
  cleanups.push(() => running.close().catch(() => undefined));
  return running;
}

/** The core on the local service, logging into the data folder's `logs` as the hosts do. */
async function teachersDay(options: Partial<ClassTrayOptions> = {}, dataDir?: string) {
  const folder = dataDir ?? (await tempDir('classtray-privacy'));
  const manual = manualTimers(MORNING);
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const logFile = openLogFile(path.join(folder, 'logs'), { console: silent });
  const local = await service();
  const classTray = await createClassTray({
    dataDir: folder,
    env: {},
    loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
    demoSchool: () => startDemoSchool(),
    log: createLogger(logFile.sink, 'core'),
    timers: manual.timers,
    machineZone: () => 'Europe/Berlin',
    request: { retryBaseDelayMs: 1 },
    ...options,
  });
  cleanups.push(() => classTray.close());
  await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
  await classTray.selectClassroom({ id: 'room-a', nickname: 'Room A' });
  await classTray.refresh();
  return { classTray, local, dataDir: folder, logFile, ...manual };
}

type Day = Awaited<ReturnType<typeof teachersDay>>;

/** A running access on the service for this device, tracked with this student's name. */
async function give(day: Day, remoteId: string, student: string): Promise<string> {
  const response = await callerOf(day.local)('POST', '/_local/temporal-access', {
    remote_id: remoteId,
  });
  const { token } = (await response.json()) as { token: string };
  const added = await day.classTray.addTemporalAccess({
    linkOrToken: token,
    remoteId,
    studentName: student,
  });
  if (!added.ok) throw new Error(`not added: ${added.problem}`);
  // The action's answer names the student as the core keeps the name (initials, or none).
  const kept = (await day.classTray.getState()).temporalAccesses.find(
    (access) => access.token === token,
  );
  expect(added.access.studentName).toBe(kept?.studentName);
  return token;
}

/** Every file under the folder (logs too), each with its text. */
function filesIn(folder: string): { file: string; text: string }[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: fs.readFileSync(file, 'utf8') };
    });
}

/** Which of the students' names (or a part of one) a text holds. */
function namesIn(text: string, students: readonly string[] = STUDENTS): string[] {
  return students.flatMap((student) => student.split(' ')).filter((part) => text.includes(part));
}

/** Files of the folder holding any part of any name, each with the parts found. */
const leaks = (folder: string) =>
  filesIn(folder)
    .map(({ file, text }) => ({ file: path.relative(folder, file), names: namesIn(text) }))
    .filter(({ names }) => names.length > 0);

/**
 * The names file is written after the action that changed the names returned (a write may wait
 * on the OS's encryption): this waits until the file holds as many names as the state counts.
 */
async function settled(day: Day): Promise<void> {
  await vi.waitFor(async () => {
    const { studentData } = await day.classTray.getState();
    const file = path.join(day.dataDir, STUDENTS_FILE);
    expect(fs.existsSync(file)).toBe(studentData.names > 0);
    if (studentData.names > 0) {
      const text = fs.readFileSync(file, 'utf8');
      expect(
        text.includes('"encrypted"') || JSON.parse(text).names.length === studentData.names,
      ).toBe(true);
    }
  });
}

const shownNames = (state: ClassTrayState) =>
  state.temporalAccesses.flatMap(({ studentName }) => (studentName === null ? [] : [studentName]));

/** Everything the tray shows, as one text. */
const trayText = (state: ClassTrayState) => JSON.stringify(trayView(state, labels.en, false));

/** A day: three students, one ended by hand, one by its scheduled end; one still running. */
async function lessonWithNames(day: Day): Promise<string[]> {
  const tokens = [
    await give(day, '100000003', STUDENTS[0]),
    await give(day, '100000006', STUDENTS[1]),
    await give(day, '100000009', STUDENTS[2]),
  ];
  await day.classTray.invalidateTemporalAccess({ token: tokens[0] ?? '' });
  await day.classTray.scheduleEnd({
    target: { token: tokens[1] ?? '' },
    at: new Date(MORNING + 45 * MINUTE).toISOString(),
  });
  day.advance(45 * MINUTE);
  await day.classTray.scheduledEndsSettled();
  await vi.waitFor(async () => {
    const { ran } = (await day.classTray.getState()).scheduledEnds;
    expect(ran).toHaveLength(1);
  });
  return tokens;
}

describe('student names over a school day', () => {
  for (const retentionHours of [0, 1]) {
    it(`are gone from every file, the window and the tray after the end of the day plus ${retentionHours} h, the accesses kept by device`, async () => {
      const day = await teachersDay();
      await day.classTray.updatePreferences({ studentData: { retentionHours } });
      const tokens = await lessonWithNames(day);

      // During the day: shown in the window and kept in students.json only.
      const during = await day.classTray.getState();
      expect(shownNames(during).sort()).toEqual([...STUDENTS].sort());
      await settled(day);
      expect(leaks(day.dataDir)).toEqual([{ file: STUDENTS_FILE, names: expect.any(Array) }]);
      expect(during.studentData).toMatchObject({ protection: 'none', names: 3 });

      // A minute before they are due, still there; at the time, gone.
      const due = DAY_ENDS + retentionHours * HOUR;
      day.advance(due - MINUTE - day.timers.now());
      expect(shownNames(await day.classTray.getState())).toHaveLength(3);
      day.advance(MINUTE);
      const after = await day.classTray.getState();
      expect(shownNames(after)).toEqual([]);
      expect(namesIn(trayText(after))).toEqual([]);
      await settled(day);
      expect(leaks(day.dataDir)).toEqual([]);
      expect(fs.existsSync(path.join(day.dataDir, STUDENTS_FILE))).toBe(false);
      expect(after.studentData).toMatchObject({ names: 0, nextForgetAt: null });
      // The accesses stay, by device: the one still running can still be ended.
      expect(after.temporalAccesses.map(({ token }) => token).sort()).toEqual([...tokens].sort());
      await expect(
        day.classTray.invalidateTemporalAccess({ token: tokens[2] ?? '' }),
      ).resolves.toMatchObject({ kind: 'invalidated' });
    });
  }

  it('never reach the service, the log, the diagnostics or a notification (names in notifications off)', async () => {
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const body = request.body === null ? '' : await request.clone().text();
      sent.push([request.method, request.url, ...request.headers.entries(), body].join(' '));
      return fetch(request);
    };
    const day = await teachersDay({ fetch: recording });
    await lessonWithNames(day);
    // Invalidations by token, never a name: the service's requests of the whole lesson.
    expect(sent.some((request) => request.startsWith('PATCH'))).toBe(true);
    expect(namesIn(sent.join('\n'))).toEqual([]);
    const state = await day.classTray.getState();
    expect(shownNames(state)).toHaveLength(3);
    const notices = scheduledEndNotices()(state, false, labels.en);
    expect(notices).toHaveLength(1);
    expect(namesIn(JSON.stringify(notices))).toEqual([]);
    // A failing end is logged: the log has lines of this lesson, none with a name.
    await day.local.close();
    await day.classTray.invalidateTemporalAccess({ token: state.temporalAccesses[2]?.token ?? '' });
    await vi.waitFor(() => expect(day.logFile.lastLines(500).length).toBeGreaterThan(0));
    const log = day.logFile.lastLines(500).join('\n');
    expect(namesIn(log)).toEqual([]);
    const diagnostics = diagnosticsText({
      version: '0.0.0-test',
      host: 'browser preview',
      versions: { node: process.versions.node },
      schoolPolicy: state.schoolPolicy,
      logFolder: day.logFile.folder,
      logLines: day.logFile.lastLines(200),
      now: new Date(day.timers.now()),
    });
    expect(namesIn(diagnostics)).toEqual([]);
  });

  it('"Forget all student names now" leaves none in any file, the accesses kept', async () => {
    const day = await teachersDay();
    const tokens = await lessonWithNames(day);
    // A copy an older version set aside, from when names were in the settings file.
    const aside = path.join(day.dataDir, 'settings.json.corrupt-2026-02-27T08-00-00.000Z');
    fs.writeFileSync(aside, JSON.stringify({ temporalAccesses: [{ label: STUDENTS[0] }] }));
    await day.classTray.forgetStudentNames();
    expect(leaks(day.dataDir)).toEqual([]);
    const state = await day.classTray.getState();
    expect(shownNames(state)).toEqual([]);
    expect(state.temporalAccesses.map(({ token }) => token).sort()).toEqual([...tokens].sort());
  });

  /** The access as the service itself records it: 'active', 'invalidated', 'expired'. */
  const onTheService = async (day: Day, token: string) => {
    const response = await callerOf(day.local)('GET', `/_local/temporal-access/${token}`);
    return ((await response.json()) as { state: string }).state;
  };

  /** Erase with the copy an older version set aside, which lists the accesses too. */
  async function eraseAfterLesson(running: 'end' | 'keep') {
    const day = await teachersDay();
    const tokens = await lessonWithNames(day);
    const [, , stillRunning = ''] = tokens;
    await day.classTray.scheduleEnd({
      target: { token: stillRunning },
      at: new Date(day.timers.now() + 30 * MINUTE).toISOString(),
    });
    const settingsFile = path.join(day.dataDir, 'settings.json');
    const aside = `${settingsFile}.corrupt-2026-03-02T08-00-00.000Z`;
    fs.copyFileSync(settingsFile, aside);
    const erased = await day.classTray.eraseStudentData({ running });
    expect(fs.existsSync(aside)).toBe(false);
    expect(leaks(day.dataDir)).toEqual([]);
    const state = await day.classTray.getState();
    expect(shownNames(state)).toEqual([]);
    const settings = fs.readFileSync(settingsFile, 'utf8');
    return { day, tokens, stillRunning, erased, state, settings };
  }

  it('"Erase", ending them first: no name, no access, and the running one ended on the service', async () => {
    const { day, tokens, stillRunning, erased, state, settings } = await eraseAfterLesson('end');
    expect(erased).toEqual({ ended: 1, notEnded: 0, kept: 0 });
    expect(await onTheService(day, stillRunning)).toBe('invalidated');
    for (const token of tokens) expect(settings).not.toContain(token);
    expect(state.temporalAccesses).toEqual([]);
    expect(state.scheduledEnds.pending).toEqual([]);
  });

  it('"Erase", keeping them: no name and nothing over, the running one kept by device with its end, and End still ends it', async () => {
    const { day, tokens, stillRunning, erased, state, settings } = await eraseAfterLesson('keep');
    expect(erased).toEqual({ ended: 0, notEnded: 0, kept: 1 });
    expect(await onTheService(day, stillRunning)).toBe('active');
    // The one still running is the one the settings keep: its token is what ends it.
    for (const token of tokens) expect(settings.includes(token)).toBe(token === stillRunning);
    expect(state.temporalAccesses).toEqual([
      expect.objectContaining({ token: stillRunning, studentName: null, state: { kind: 'given' } }),
    ]);
    expect(state.scheduledEnds.pending).toEqual([
      expect.objectContaining({ target: { token: stillRunning } }),
    ]);
    const ended = await day.classTray.invalidateTemporalAccess({ token: stillRunning });
    expect(ended.kind).toBe('invalidated');
    expect(await onTheService(day, stillRunning)).toBe('invalidated');
  });

  it('"Erase", ending them while the service cannot be reached: the access is kept by device, never dropped', async () => {
    const day = await teachersDay();
    const running = await give(day, '100000003', STUDENTS[0]);
    await day.local.close();
    const erased = await day.classTray.eraseStudentData({ running: 'end' });
    expect(erased).toEqual({ ended: 0, notEnded: 1, kept: 1 });
    expect(leaks(day.dataDir)).toEqual([]);
    const { temporalAccesses } = await day.classTray.getState();
    expect(temporalAccesses).toEqual([
      expect.objectContaining({
        token: running,
        studentName: null,
        state: expect.objectContaining({ kind: 'failed' }),
      }),
    ]);
  });
});

describe('what leaves the computer besides the service', () => {
  const sourceOf = (folder: string) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
      .join('\n');
  const root = path.join(import.meta.dirname, '..', '..', '..');

  it('the update feed is asked with the policy and the installer only, never the state', () => {
    const updates = sourceOf(path.join(root, 'src-main', 'electron', 'updates'));
    expect(updates).not.toMatch(/ClassTrayState|temporalAccesses|studentData|label/);
  });

  it('no crash report is sent: ClassTray never starts a crash reporter', () => {
    expect(sourceOf(path.join(root, 'src-main'))).not.toMatch(/crashReporter/);
  });
});

describe('what is kept of a name', () => {
  it('is the initials, or nothing, as the teacher (or the school) chose; a stricter choice applies to names kept', async () => {
    const day = await teachersDay();
    await give(day, '100000003', STUDENTS[0]);
    await day.classTray.updatePreferences({ studentData: { names: 'initials' } });
    expect(shownNames(await day.classTray.getState())).toEqual(['Z. W.']);
    await give(day, '100000006', STUDENTS[1]);
    expect(shownNames(await day.classTray.getState())).toEqual(['M. Q.', 'Z. W.']);
    await settled(day);
    expect(leaks(day.dataDir)).toEqual([]);
    await day.classTray.updatePreferences({ studentData: { names: 'off' } });
    await give(day, '100000009', STUDENTS[2]);
    const state = await day.classTray.getState();
    expect(shownNames(state)).toEqual([]);
    expect(state.temporalAccesses).toHaveLength(3);
    await settled(day);
    expect(fs.existsSync(path.join(day.dataDir, STUDENTS_FILE))).toBe(false);
  });

  it('moves names an older version kept in the settings file into students.json', async () => {
    const first = await teachersDay();
    const [token] = [await give(first, '100000003', STUDENTS[0])];
    await first.classTray.close();
    const settingsFile = path.join(first.dataDir, 'settings.json');
    const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as {
      temporalAccesses: Record<string, unknown>[];
    };
    settings.temporalAccesses = settings.temporalAccesses.map((access) => ({
      ...access,
      label: STUDENTS[1],
    }));
    fs.writeFileSync(settingsFile, JSON.stringify(settings));
    fs.rmSync(path.join(first.dataDir, STUDENTS_FILE));

    const again = await teachersDay({}, first.dataDir);
    const state = await again.classTray.getState();
    expect(state.temporalAccesses).toMatchObject([{ token, studentName: STUDENTS[1] }]);
    expect(namesIn(fs.readFileSync(settingsFile, 'utf8'))).toEqual([]);
  });
});

describe('students.json encrypted by the OS', () => {
  /** A stand-in for safeStorage: reversible, and no name readable in what it writes. */
  const cipher = (key: number): StudentCipher => ({
    protection: 'os',
    encrypt: async (text) =>
      Buffer.from(Buffer.from(text, 'utf8').map((byte) => byte ^ key)).toString('base64'),
    decrypt: async (data) => {
      const text = Buffer.from(Buffer.from(data, 'base64').map((byte) => byte ^ key)).toString();
      if (!text.startsWith('[')) throw new Error('Error while decrypting the ciphertext');
      return text;
    },
  });

  it('holds no readable name, reads back after a restart, and says so in the state', async () => {
    const first = await teachersDay({ studentCipher: cipher(0x5a) });
    const token = await give(first, '100000003', STUDENTS[0]);
    await settled(first);
    expect(fs.existsSync(path.join(first.dataDir, STUDENTS_FILE))).toBe(true);
    expect(leaks(first.dataDir)).toEqual([]);
    expect((await first.classTray.getState()).studentData.protection).toBe('os');
    await first.classTray.close();
    const again = await teachersDay({ studentCipher: cipher(0x5a) }, first.dataDir);
    expect((await again.classTray.getState()).temporalAccesses).toMatchObject([
      { token, studentName: STUDENTS[0] },
    ]);
  });

  it('is deleted, not set aside, when it cannot be decrypted (another key): the accesses stay', async () => {
    const first = await teachersDay({ studentCipher: cipher(0x5a) });
    const token = await give(first, '100000003', STUDENTS[0]);
    await first.classTray.close();
    const again = await teachersDay({ studentCipher: cipher(0x33) }, first.dataDir);
    const state = await again.classTray.getState();
    expect(state.temporalAccesses).toMatchObject([{ token, studentName: null }]);
    expect(fs.readdirSync(first.dataDir).filter((name) => name.startsWith('students'))).toEqual([]);
  });
});

describe('"Export what ClassTray keeps"', () => {
  it('lists exactly the names kept, each with its access, and the accesses kept without one', async () => {
    const day = await teachersDay();
    const tokens = await lessonWithNames(day);
    await day.classTray.updatePreferences({ studentData: { names: 'off' } });
    const unnamed = await give(day, '100000012', 'ignored: names are off');
    await day.classTray.updatePreferences({ studentData: { names: 'full' } });
    await give(day, '100000015', 'Ilse');
    const exported = await day.classTray.exportStudentData({ language: 'en' });
    expect(exported.fileName).toBe('classtray-student-data-2026-03-02.json');
    const document = JSON.parse(exported.text) as {
      students: { name: string; access: { token: string; device: string } | null }[];
      accessesWithoutName: { token: string }[];
    };
    // The file follows the names a write later: the same count can still be an older write's
    // (settled() compares counts), so wait for the file to hold exactly the exported names.
    await vi.waitFor(() => {
      const kept = JSON.parse(fs.readFileSync(path.join(day.dataDir, STUDENTS_FILE), 'utf8')) as {
        names: { name: string; token: string }[];
      };
      expect(kept.names.map(({ name }) => name).sort()).toEqual(
        document.students.map(({ name }) => name).sort(),
      );
    });
    expect(document.students).toHaveLength(1);
    expect(document.students[0]?.access).toMatchObject({ device: 'PC-15' });
    // 'names off' cleared the three of the lesson; the one typed while off was never kept.
    expect(document.accessesWithoutName.map(({ token }) => token).sort()).toEqual(
      [...tokens, unnamed].map((token) => `${token.slice(0, 8)}…`).sort(),
    );
    expect(exported.text).not.toContain(unnamed);
  });

  it("writes its sentences in the window's language, its keys as they are", async () => {
    const day = await teachersDay();
    await give(day, '100000015', 'Ilse');
    const german = JSON.parse((await day.classTray.exportStudentData({ language: 'de' })).text);
    expect(german.about).toBe(SENTENCES.de.privacy.exportAbout);
    expect(german.namesFile.protection).toBe(SENTENCES.de.privacy.exportNotEncrypted);
    expect(german.rules.forgotten).toBe(SENTENCES.de.privacy.exportForgotten);
    expect(german.students).toEqual([expect.objectContaining({ name: 'Ilse' })]);
  });
});
