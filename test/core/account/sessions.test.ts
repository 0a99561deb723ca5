import { describe, expect, it, vi } from 'vitest';
import { ApiInputError } from '../../../src-main/core/api/apiInput';
import { PLAIN_TEXT, StudentNames } from '../../../src-main/core/students/studentNames';
import { silentLogger } from '../../../src-main/core/logger';
import type { DemoSchool, LaunchAccount, Session } from '../../../src-main/core/account/sessions';
import { Sessions } from '../../../src-main/core/account/sessions';
import { openSettings } from '../../../src-main/core/settings/settings';
import { TokenVault } from '../../../src-main/core/account/vault';
import { startLocalService } from '../../../src-main/local-service/index';
import { parseAccountData } from '../../../src-main/local-service/fixture';
import { accountFixture } from '../../support/fixtures';
import { freePort } from '../../support/freePort';
import { tempDir } from '../../support/tempDir';

/** One turn of the event loop: every promise step queued before it has run. No wall clock. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const demoSchool = (): DemoSchool => ({
  url: 'http://127.0.0.1:1',
  token: 'demo-token',
  authHeader: 'X-Token-SVC',
  notebook: { current: 'room-12', recent: [{ id: 'room-12' }], accesses: [], scheduledEnds: [] },
  linksToTry: [],
  close: vi.fn(async () => undefined),
});

async function sessionsWith(
  hold?: Promise<void>,
  launched: { launch?: LaunchAccount; env?: Record<string, string> } = {},
) {
  const dataDir = await tempDir('classtray-sessions');
  const settings = openSettings({ dataDir, log: silentLogger });
  const studentNames = new StudentNames({
    dataDir,
    cipher: PLAIN_TEXT,
    log: silentLogger,
    clock: Date.now,
    zone: () => 'UTC',
    rules: () => settings.get().studentData,
  });
  const vault = new TokenVault({
    env: launched.env ?? {},
    loadKeytar: () => Promise.reject(new Error('no keychain here')),
    log: silentLogger,
  });
  const school = demoSchool();
  const started = vi.fn(async () => school);
  const opened: { mode: Session['mode']; generation: number }[] = [];
  const sessions: Sessions = new Sessions({
    settings,
    studentNames,
    vault,
    demoSchool: started,
    client: { retry: { baseDelayMs: 1 } },
    ...(launched.launch ? { launch: launched.launch } : {}),
    onSession: async (session) => {
      opened.push({ mode: session.mode, generation: sessions.generation });
      await hold;
    },
    onClassroom: async () => undefined,
  });
  return { sessions, settings, school, started, opened };
}

describe('sessions', () => {
  it('start in the demo school, started once however often the demo is opened', async () => {
    const { sessions, started, opened } = await sessionsWith();
    await sessions.open();
    await sessions.open();
    expect(sessions.current?.mode).toBe('demo');
    expect(sessions.current?.notebook.read().current).toBe('room-12');
    expect(started).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([
      { mode: 'demo', generation: 1 },
      { mode: 'demo', generation: 2 },
    ]);
  });

  it('switch one after another, in the order asked', async () => {
    let release = () => {};
    const { sessions, opened } = await sessionsWith(new Promise((resolve) => (release = resolve)));
    const first = sessions.open();
    await turn();
    // The first switch is inside onSession, held there until the test releases it.
    expect(opened).toHaveLength(1);
    const queuedBefore = sessions.settled();
    const connected = sessions.connect({ serviceUrl: 'https://service.example' });
    // Everything up to a second onSession is promise steps (no token: no request; an env vault,
    // no keychain), so one turn runs them all: the connect has asked for its switch...
    await turn();
    expect(sessions.settled()).not.toBe(queuedBefore);
    // ...and that switch waits for the first: it has not started, let alone reached onSession.
    expect(sessions.generation).toBe(1);
    expect(opened).toHaveLength(1);
    release();
    await Promise.all([first, connected]);
    expect(opened.map((open) => open.mode)).toEqual(['demo', 'service']);
    expect(sessions.current).toMatchObject({ mode: 'service', client: undefined });
  });

  it('refuse the service before one is connected', async () => {
    const { sessions } = await sessionsWith();
    await expect(sessions.setMode('service')).rejects.toThrow(ApiInputError);
  });

  it('close the demo school on close, and open nothing after it', async () => {
    const { sessions, school, started } = await sessionsWith();
    await sessions.open();
    await sessions.close();
    expect(school.close).toHaveBeenCalledTimes(1);
    await sessions.setMode('demo');
    expect(started).toHaveBeenCalledTimes(1);
  });

  describe('launched for an account (--service-url, --classroom)', () => {
    const TOKEN = 'launch-token-0123456789';
    async function launched() {
      const serviceUrl = `http://127.0.0.1:${await freePort()}`;
      const env = { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_SERVICE_URL: serviceUrl };
      const made = await sessionsWith(undefined, {
        launch: { serviceUrl, classroomId: 'room-a' },
        env,
      });
      await made.sessions.open();
      return { ...made, serviceUrl };
    }

    it('use it unsaved while its service does not answer, and save it once a list answers', async () => {
      const { sessions, settings, serviceUrl } = await launched();
      const session = await sessions.settledSession();
      expect(session).toMatchObject({ mode: 'service', serviceUrl });
      expect(session.notebook.read().current).toBe('room-a');
      expect(sessions.account()).toMatchObject({ mode: 'service', serviceUrl });
      await expect(session.client?.classroomDevicesPage('room-a', 1)).rejects.toThrow();
      expect(settings.get()).toMatchObject({ mode: 'demo', serviceUrl: null });
      expect(settings.get().classrooms.current).toBeNull();

      const service = await startLocalService({
        token: TOKEN,
        fixture: parseAccountData(accountFixture(6), 'test fixture'),
        port: Number(new URL(serviceUrl).port),
      });
      try {
        await session.client?.accountDevicesPage(1);
        expect(settings.get()).toMatchObject({ mode: 'service', serviceUrl });
        expect(settings.get().classrooms.current).toBeNull();
        await session.client?.classroomDevicesPage('room-a', 1);
        expect(settings.get().classrooms).toMatchObject({
          current: 'room-a',
          recent: [{ id: 'room-a' }],
        });
      } finally {
        await service.close();
      }
    });

    it("give way to the teacher's own choice of classroom or account", async () => {
      const { sessions, settings } = await launched();
      await sessions.writeNotebook(() => ({ current: 'empty' }));
      expect((await sessions.settledSession()).notebook.read().current).toBe('empty');
      await sessions.setMode('demo');
      expect(sessions.current?.mode).toBe('demo');
      expect(sessions.account()).toMatchObject({ mode: 'demo', serviceUrl: null });
      expect(settings.get().serviceUrl).toBeNull();
    });
  });
});
