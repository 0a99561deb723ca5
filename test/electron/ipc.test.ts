import { clipboard, ipcMain } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiInputError } from '../../src-main/core/api/apiInput';
import { ACTION_NAMES } from '../../src-shared/actions';
import { failureShown, refusal } from '../../src-shared/refusal';
import type { ApiAction } from '../../src-main/core/api/classTrayApi';
import { ServiceError } from '../../src-main/core/service/serviceErrors';
import { channels } from '../../src-main/electron/channels';
import { pushChanges, registerIpc } from '../../src-main/electron/ipc';
import { FakeClassTray, KNOWN_DEVICE } from '../support/fakeClassTray';
import { recordingLogger } from '../support/recordingLogger';
import { FakeWebContents, type ElectronMock } from './electronMock';
import { roomState } from './stateFixture';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
const mockedIpc = ipcMain as unknown as ElectronMock['ipcMain'];
const mockedClipboard = clipboard as unknown as ElectronMock['clipboard'];

const valid: Record<ApiAction, unknown> = {
  refresh: undefined,
  selectClassroom: { id: 'room-12' },
  addClassroom: { id: 'library', nickname: 'Library' },
  renameClassroom: { id: 'room-12', nickname: null },
  forgetClassroom: { id: 'room-12' },
  placeDevice: { classroomId: 'room-12', remoteId: '100000001', seat: { row: 2, column: 3 } },
  clearSeat: { classroomId: 'room-12', row: 2, column: 3 },
  shapeSeatPlan: { classroomId: 'room-12', rows: 5, columns: 6, front: 'top' },
  importSeatPlan: { classroomId: 'room-12', text: '{}' },
  exportSeatPlan: { classroomId: 'room-12' },
  resetSeatPlan: { classroomId: 'room-12' },
  addTemporalAccess: { linkOrToken: 'https://remote.example/t/abc' },
  removeTemporalAccess: { token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c' },
  invalidateTemporalAccess: { token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c' },
  endAccesses: { classroomId: 'room-12', tokens: ['3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c'] },
  scheduleEnd: { target: { classroomId: 'room-12' }, at: '2030-01-01T10:50:00.000Z' },
  cancelScheduledEnd: { target: { token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c' } },
  dismissScheduledEndReport: {
    target: { classroomId: 'room-12' },
    at: '2030-01-01T10:50:00.000Z',
  },
  connectService: { serviceUrl: 'https://service.example' },
  forgetToken: undefined,
  setMode: { mode: 'demo' },
  updatePreferences: { startAtLogin: true },
  forgetStudentNames: undefined,
  eraseStudentData: { running: 'end' },
  exportStudentData: { language: 'de' },
  setTimetableSource: { kind: 'subscription', url: 'https://school.example/ical/teacher.ics' },
  refreshTimetable: undefined,
  mapTimetablePlace: { place: 'R12', classroomId: 'room-12' },
  forgetTimetablePlace: { place: 'R12' },
  setEndAtBell: { classroomId: 'room-12', on: true },
  keepAccessesAfterLesson: { key: 'lesson-1@2030-01-01T10:05:00.000Z' },
  makeHandover: { classroomId: 'lab-1', withNames: false, giverKeeps: 'keep' },
  takeHandover: { text: 'classtray-handover.1.c2VhbGVk', code: '7KQ3M-XH2PA' },
};

const invalid: Record<ApiAction, unknown> = {
  refresh: { force: true },
  selectClassroom: { id: '' },
  addClassroom: { id: 'library', nickname: 'x'.repeat(500) },
  renameClassroom: { id: 'room-12' },
  forgetClassroom: { id: 12 },
  placeDevice: { classroomId: 'room-12', remoteId: '100000001', seat: { row: 0, column: 3 } },
  clearSeat: { classroomId: 'room-12', row: 2 },
  shapeSeatPlan: { classroomId: 'room-12', rows: 5, columns: 99, front: 'top' },
  importSeatPlan: { classroomId: 'room-12', text: 'x'.repeat(1024 * 1024 + 1) },
  exportSeatPlan: {},
  resetSeatPlan: { classroomId: '' },
  addTemporalAccess: { linkOrToken: 'x'.repeat(5_000) },
  removeTemporalAccess: { token: '' },
  invalidateTemporalAccess: { token: 'abc', apiToken: 'secret' },
  endAccesses: { tokens: [] },
  scheduleEnd: { target: { classroomId: 'room-12' }, at: '10:50' },
  cancelScheduledEnd: { target: { token: 'abc', classroomId: 'room-12' } },
  dismissScheduledEndReport: { target: { classroomId: 'room-12' } },
  connectService: { serviceUrl: 'file:///etc/passwd' },
  forgetToken: 'everything',
  setMode: { mode: 'root' },
  updatePreferences: { startAtLogin: 'yes' },
  forgetStudentNames: { all: true },
  eraseStudentData: { all: true },
  exportStudentData: { to: '/tmp' },
  setTimetableSource: {
    kind: 'weekly',
    lessons: [{ weekday: 8, start: '08:00', end: '08:50', classroomId: 'r' }],
  },
  refreshTimetable: { now: true },
  mapTimetablePlace: { place: '', classroomId: 'room-12' },
  forgetTimetablePlace: {},
  setEndAtBell: { on: 'yes' },
  keepAccessesAfterLesson: { key: 12 },
  makeHandover: { classroomId: 'lab-1', withNames: 'yes', giverKeeps: 'keep' },
  takeHandover: { text: '', code: '7KQ3M-XH2PA' },
};

const appFrame = { senderFrame: { url: 'app://classtray/index.html', parent: null } };

/** The shared fake core, each action answering 'done' so the test sees the answer pass through. */
function fakeClassTray(): FakeClassTray {
  const fake = new FakeClassTray(roomState());
  for (const action of ACTION_NAMES) fake[action].mockResolvedValue('done' as never);
  return fake;
}

const call = (channel: string, event: unknown, input?: unknown): Promise<unknown> => {
  const handler = mockedIpc.handlers.get(channel);
  if (!handler) throw new Error(`no handler on ${channel}`);
  return Promise.resolve().then(() => handler(event, input));
};

describe('IPC', () => {
  let classTray: FakeClassTray;
  beforeEach(() => {
    mockedIpc.handlers.clear();
    vi.mocked(clipboard.write).mockClear();
    classTray = fakeClassTray();
    registerIpc(classTray);
  });

  it('registers one channel per action, plus state and copy-password, and nothing else', () => {
    expect([...mockedIpc.handlers.keys()].sort()).toEqual(
      [
        ...ACTION_NAMES.map((action) => `classtray:action:${action}`),
        'classtray:state',
        'classtray:copy-password',
      ].sort(),
    );
  });

  it.each(ACTION_NAMES)(
    '%s: passes a valid input from the app page to the core as sent',
    async (action) => {
      await expect(call(channels.actions[action], appFrame, valid[action])).resolves.toBe('done');
      expect(classTray[action]).toHaveBeenCalledWith(valid[action]);
    },
  );

  it.each(ACTION_NAMES)('%s: refuses an invalid input before the core sees it', async (action) => {
    await expect(call(channels.actions[action], appFrame, invalid[action])).rejects.toThrow(action);
    expect(classTray[action]).not.toHaveBeenCalled();
  });

  it.each(ACTION_NAMES)('%s: refuses a caller outside the app page', async (action) => {
    for (const event of [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'file:///tmp/index.html', parent: null } },
      { senderFrame: { url: 'app://classtray/index.html', parent: {} } },
      { senderFrame: null },
    ]) {
      await expect(call(channels.actions[action], event, valid[action])).rejects.toThrow(
        'outside the ClassTray window',
      );
    }
    expect(classTray[action]).not.toHaveBeenCalled();
  });

  it('answers the state snapshot to the app page only', async () => {
    await expect(call(channels.state, appFrame)).resolves.toEqual(roomState());
    await expect(
      call(channels.state, { senderFrame: { url: 'http://localhost/', parent: null } }),
    ).rejects.toThrow();
  });

  it('copies a password to the clipboard in main and tells the page only when it goes again', async () => {
    await expect(call(channels.copyPassword, appFrame, { remoteId: '100000001' })).resolves.toEqual(
      { copied: true, cleared: { afterSeconds: 30 } },
    );
    expect(mockedClipboard.contents()['text/plain']).toBe(KNOWN_DEVICE.password);
    await expect(call(channels.copyPassword, appFrame, { remoteId: '999' })).resolves.toEqual({
      copied: false,
    });
    expect(clipboard.write).toHaveBeenCalledTimes(1);
  });

  it('tells the page in a sentence when the clipboard refuses the password, and logs why', async () => {
    const { log, lines } = recordingLogger();
    mockedIpc.handlers.clear();
    registerIpc(classTray, log);
    vi.mocked(clipboard.write).mockRejectedValueOnce(
      new Error(`clipboard busy while writing ${KNOWN_DEVICE.password}`),
    );
    await expect(call(channels.copyPassword, appFrame, { remoteId: '100000001' })).rejects.toThrow(
      'The password could not be copied to the clipboard: try again.',
    );
    expect(lines).toEqual([expect.stringContaining('clipboard busy')]);
    expect(lines.join('\n')).not.toContain(KNOWN_DEVICE.password);
  });

  it('refuses a copy with a bad input or from a foreign frame', async () => {
    await expect(call(channels.copyPassword, appFrame, { remoteId: '' })).rejects.toThrow();
    await expect(
      call(
        channels.copyPassword,
        { senderFrame: { url: 'https://x.example/', parent: null } },
        {
          remoteId: '100000001',
        },
      ),
    ).rejects.toThrow();
    expect(clipboard.write).not.toHaveBeenCalled();
  });

  it('passes on the sentences written for the teacher, and only those', async () => {
    const shown = 'No service URL is saved yet: connect your account first.';
    classTray.connectService.mockRejectedValueOnce(new ApiInputError(shown));
    await expect(
      call(channels.actions.connectService, appFrame, valid.connectService),
    ).rejects.toThrow(shown);
    classTray.refresh.mockRejectedValueOnce(
      new ServiceError({ kind: 'network', cause: 'refused', detail: 'ECONNREFUSED' }),
    );
    await expect(call(channels.actions.refresh, appFrame)).rejects.toThrow(/could not be reached/);
  });

  it("carries a refusal's code and values to the page in the only thing IPC keeps, the message", async () => {
    const tooFar = refusal('endTooFarAhead', { hours: 24 });
    classTray.scheduleEnd.mockRejectedValueOnce(
      new ApiInputError('An end can be scheduled up to 24 hours ahead.', tooFar),
    );
    const error = await call(channels.actions.scheduleEnd, appFrame, valid.scheduleEnd).catch(
      (caught: unknown) => caught,
    );
    // ipcMain.handle and contextBridge rebuild the rejection from its message alone.
    const crossed = new Error((error as Error).message);
    expect(failureShown(crossed)).toEqual({
      message: 'An end can be scheduled up to 24 hours ahead.',
      refusal: tooFar,
    });
  });

  it('hides the text of an unexpected failure from the page, and logs it in main', async () => {
    const { log, errors } = recordingLogger();
    mockedIpc.handlers.clear();
    registerIpc(classTray, log);
    classTray.refresh.mockRejectedValueOnce(new Error('keychain said: token=s3cr3t-token'));
    const failure = await call(channels.actions.refresh, appFrame).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // The window words it in its own language; the host's English stays the message.
    expect(failureShown(failure)).toEqual({
      message: 'ClassTray failed unexpectedly.',
      refusal: { code: 'classTrayFailed', values: {} },
    });
    expect(errors).toEqual([expect.stringContaining('s3cr3t-token')]);
    // With its stack, so the bug can be found.
    expect(errors[0]).toMatch(/\n\s+at /);
  });

  it('removes every handler it registered', () => {
    mockedIpc.handlers.clear();
    const remove = registerIpc(classTray);
    remove();
    expect(mockedIpc.handlers.size).toBe(0);
  });

  it('pushes each change to the window on the changes channel', () => {
    const contents = new FakeWebContents();
    pushChanges(classTray, () => contents as never);
    const change = { type: 'online-changed', remoteId: '1', online: false } as const;
    classTray.push(change);
    expect(contents.send).toHaveBeenCalledWith('classtray:changes', change);
  });
});
