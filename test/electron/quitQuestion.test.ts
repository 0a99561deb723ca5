/**
 * Quitting with accesses running (quitQuestion.ts), against the mocked `electron` (its app and
 * its native message box) and a real core on the local service, whose own records say what was
 * ended: a PATCH it answers 422 is an access it already invalidated, 200 one still running.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, dialog } from 'electron';
import type { MessageBoxOptions } from 'electron';
import { createClassTray, type ClassTray } from '../../src-main/core/classTray';
import { silentLogger } from '../../src-main/core/logger';
import type { ManagedPolicy } from '../../src-main/core/policy/policyChecker';
import { servicePaths } from '../../src-main/contract/wire';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { startLocalService, type RunningLocalService } from '../../src-main/local-service/index';
import { startDemoSchool } from '../../src-main/hosts/demoSchool';
import { labels } from '../../src-main/electron/mainSentences';
import { askBeforeQuit } from '../../src-main/electron/quitQuestion';
import { accountFixture } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { tempDir } from '../support/tempDir';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const TOKEN = 'quit-test-token-0123456789';
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  app.removeAllListeners('before-quit');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A core connected to a local service, Lab 3 (room-a) open, the quit question listening. */
async function setup(policy: ManagedPolicy = { locked: {}, defaults: {} }) {
  const local = await startLocalService({
    token: TOKEN,
    port: 0,
    fixture: parseAccountData(accountFixture(12), 'quit test'),
  });
  cleanups.push(() => local.close().catch(() => undefined));
  const classTray: ClassTray = await createClassTray({
    dataDir: await tempDir(),
    env: {},
    loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
    demoSchool: () => startDemoSchool(),
    log: silentLogger,
    request: { retryBaseDelayMs: 1 },
    policy: { read: async () => policy, report: { inForce: [], ignored: [] } },
  });
  cleanups.push(() => classTray.close());
  await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
  await classTray.selectClassroom({ id: 'room-a', nickname: 'Lab 3' });
  const log = { info: vi.fn(), warn: vi.fn() };
  askBeforeQuit({
    app,
    classTray,
    text: () => ({ labels: labels.en, locale: 'en' }),
    ask: (box) => dialog.showMessageBox(box),
    log,
  });
  /** Gives an access in the open room, tracked as the teacher pastes it. */
  const give = async (remoteId = '100000003'): Promise<string> => {
    const token = await newAccessToken(local, remoteId);
    await classTray.addTemporalAccess({ linkOrToken: token });
    return token;
  };
  return { local, classTray, give, log };
}

/** The teacher (or the OS) quits: the event Electron passes to 'before-quit'. */
function quit() {
  const event = {
    defaultPrevented: false,
    preventDefault: vi.fn(() => {
      event.defaultPrevented = true;
    }),
  };
  app.emit('before-quit', event);
  return event;
}

const asked = (): MessageBoxOptions[] =>
  vi.mocked(dialog.showMessageBox).mock.calls.map(([box]) => box);

function answer(...responses: number[]): void {
  for (const response of responses) {
    vi.mocked(dialog.showMessageBox).mockResolvedValueOnce({ response, checkboxChecked: false });
  }
}

async function serviceStatus(local: RunningLocalService, token: string): Promise<number> {
  const response = await callerOf(local)('PATCH', servicePaths.invalidateTemporalAccess(token));
  return response.status;
}

describe('quitting with accesses running', () => {
  it('asks, naming how many run and where, and "End them now" ends them all, then quits', async () => {
    const { local, classTray, give } = await setup();
    const tokens = [await give(), await give('100000006'), await give('100000009')];
    answer(0);

    const event = quit();
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());

    expect(asked()).toEqual([
      expect.objectContaining({
        type: 'question',
        message: '3 accesses are still running in Lab 3',
        detail:
          'If you keep them, they stay open: students stay connected until you end them in ClassTray after it starts again.',
        buttons: ['End them now', 'Keep them running', 'Cancel'],
        cancelId: 2,
      }),
    ]);
    for (const token of tokens) expect(await serviceStatus(local, token)).toBe(422);
    const states = (await classTray.getState()).temporalAccesses.map(({ state }) => state.kind);
    expect(states).toEqual(['invalidated', 'invalidated', 'invalidated']);
    // The quit that follows is Electron's own: not asked about again.
    const again = quit();
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('counts every room of the account, each named with its count', async () => {
    const { classTray, give } = await setup();
    await give();
    await give('100000006');
    await classTray.selectClassroom({ id: 'empty', nickname: 'B204' });
    await give('100000001');
    answer(2);

    quit();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledOnce());
    expect(asked()[0]?.message).toBe('3 accesses are still running in Lab 3 (2) and B204 (1)');
  });

  it('"Keep them running" quits and ends nothing', async () => {
    const { local, give } = await setup();
    const token = await give();
    answer(1);

    quit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(await serviceStatus(local, token)).toBe(200);
  });

  it('"Cancel" does not quit, ends nothing, and the next Quit asks again', async () => {
    const { local, give } = await setup();
    const token = await give();
    answer(2, 2);

    quit();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledOnce());
    const next = quit();
    expect(next.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(2));
    expect(app.quit).not.toHaveBeenCalled();
    expect(await serviceStatus(local, token)).toBe(200);
  });

  it('says what could not be ended, and quits only if the teacher says so', async () => {
    const { local, classTray, give } = await setup();
    const token = await give();
    // The service is gone: the end fails for the connection.
    await local.close();
    answer(0, 1);

    quit();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(2));
    expect(asked()[1]).toEqual(
      expect.objectContaining({
        type: 'warning',
        message: '1 access could not be ended',
        buttons: ['Quit anyway', 'Cancel'],
      }),
    );
    expect(app.quit).not.toHaveBeenCalled();
    const [access] = (await classTray.getState()).temporalAccesses;
    expect(access).toMatchObject({ token, state: { kind: 'failed' } });
  });

  it('never hangs: an end with no answer within the time box is said as not ended', async () => {
    const { classTray, give } = await setup();
    await give();
    const state = await classTray.getState();
    app.removeAllListeners('before-quit');
    vi.useFakeTimers();
    try {
      askBeforeQuit({
        app,
        // A service that never answers the end.
        classTray: {
          getState: async () => state,
          endAccesses: () => new Promise(() => undefined),
          invalidateTemporalAccess: () => new Promise(() => undefined),
        },
        text: () => ({ labels: labels.en, locale: 'en' }),
        ask: (box) => dialog.showMessageBox(box),
        log: { info: vi.fn(), warn: vi.fn() },
        timeBoxMs: 10_000,
      });
      answer(0, 0);
      quit();
      await vi.advanceTimersByTimeAsync(9_999);
      expect(dialog.showMessageBox).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(1);
      expect(asked()[1]?.message).toBe('1 access could not be ended');
      expect(app.quit).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the school's 'end' ends them without asking", async () => {
    const { local, give } = await setup({ locked: { RunningAccessesOnQuit: 'end' }, defaults: {} });
    const token = await give();

    quit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it("the school's 'keep' quits without asking and ends nothing", async () => {
    const { local, give, log } = await setup({
      locked: { RunningAccessesOnQuit: 'keep' },
      defaults: {},
    });
    const token = await give();

    quit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(await serviceStatus(local, token)).toBe(200);
    expect(log.info).toHaveBeenCalledWith(
      "Quitting with 1 accesses running, kept (the rule is 'keep').",
    );
  });

  it('asks nothing when nothing runs: none given, or every one ended', async () => {
    const { classTray, give } = await setup();
    quit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());

    app.removeAllListeners('before-quit');
    vi.mocked(app.quit).mockClear();
    askBeforeQuit({
      app,
      classTray,
      text: () => ({ labels: labels.en, locale: 'en' }),
      ask: (box) => dialog.showMessageBox(box),
      log: { info: vi.fn(), warn: vi.fn() },
    });
    const token = await give();
    await classTray.invalidateTemporalAccess({ token });
    quit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
  });
});
