import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiInputError } from '../../src-main/core/api/apiInput';
import type { ClassTray, ClassTrayOptions } from '../../src-main/core/classTray';
import { createClassTray } from '../../src-main/core/classTray';
import type {
  ApiAction,
  ClassTrayChange,
  ClassTrayState,
} from '../../src-main/core/api/classTrayApi';
import type { ScheduledEndsView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import { ACTION_NAMES } from '../../src-shared/actions';
import type { Refusal } from '../../src-shared/refusal';
import { CLASSROOM_CACHE_FILE } from '../../src-main/core/classroom/classroomCache';
import { ClassroomLiveStatus } from '../../src-main/core/classroom/liveStatus';
import { silentLogger } from '../../src-main/core/logger';
import type { Fixture } from '../../src-main/local-service/fixture';
import { parseAccountData } from '../../src-main/local-service/fixture';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { startDemoSchool } from '../../src-main/hosts/demoSchool';
import type { SecretFallback } from '../../src-main/core/account/vault';
import { accountFixture, device } from '../support/fixtures';
import { fault, startMisbehavingService } from '../support/misbehavingService';
import { callerOf } from '../support/localServiceControl';
import { recordingLogger } from '../support/recordingLogger';
import { tempDir } from '../support/tempDir';
import { manualTimers } from '../support/manualTimers';
import { servicePaths } from '../../src-main/contract/wire';

const TOKEN = 'core-test-token-0123456789';
const noKeychain = () => Promise.reject(new Error('keytar is not available in this test'));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(fixture: Fixture, port = 0): Promise<RunningLocalService> {
  const running = await startLocalService({
    token: TOKEN,
    port,
    fixture: parseAccountData(fixture, 'test fixture'),
  });
  cleanups.push(() => running.close().catch(() => undefined));
  return running;
}

async function core(
  dataDir: string,
  env: Record<string, string> = {},
  options: Partial<ClassTrayOptions> = {},
): Promise<ClassTray> {
  const classTray = await createClassTray({
    dataDir,
    env,
    loadKeytar: noKeychain,
    demoSchool: () => startDemoSchool(),
    log: silentLogger,
    request: { retryBaseDelayMs: 1 },
    ...options,
  });
  cleanups.push(() => classTray.close());
  return classTray;
}

function record(classTray: ClassTray): ClassTrayChange[] {
  const changes: ClassTrayChange[] = [];
  classTray.subscribe((change) => changes.push(change));
  return changes;
}

/** A small account: 90 devices, every third in room-a (30 of them, over two account pages). */
const fixture = (): Fixture => accountFixture(90);

/** Connects to the service (with this token, else whatever the core has), opens room-a, reads it. */
async function readRoomA(classTray: ClassTray, serviceUrl: string, token?: string) {
  await classTray.connectService(token === undefined ? { serviceUrl } : { serviceUrl, token });
  await classTray.selectClassroom({ id: 'room-a' });
  await classTray.refresh();
}

async function connected(dataDir?: string, options: Partial<ClassTrayOptions> = {}) {
  const local = await service(fixture());
  const classTray = await core(dataDir ?? (await tempDir()), {}, options);
  await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
  await classTray.selectClassroom({ id: 'room-a', nickname: 'Room A' });
  await classTray.refresh();
  return { local, classTray };
}

async function control(local: RunningLocalService, method: string, route: string, body?: unknown) {
  const response = await callerOf(local)(method, route, body);
  expect(response.ok).toBe(true);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

const online = (state: ClassTrayState) =>
  state.classroom.devices.filter((device) => device.online).length;

describe('the API', () => {
  it('lists every action of ClassTrayApi, so each host maps all of them', () => {
    expectTypeOf<(typeof ACTION_NAMES)[number]>().toEqualTypeOf<ApiAction>();
    expect(new Set(ACTION_NAMES).size).toBe(ACTION_NAMES.length);
  });
});

describe('subscribers', () => {
  it('a failing one neither breaks the refresh nor keeps the others from hearing it', async () => {
    const classTray = await core(await tempDir());
    classTray.subscribe(() => {
      throw new Error('a host listener failed');
    });
    const changes = record(classTray);
    await classTray.refresh();
    expect((await classTray.getState()).connection.status).toBe('ok');
    expect(changes.some((change) => change.type === 'connection')).toBe(true);
  });
});

describe('what the host says of this installation', () => {
  it('is nothing until it says it, then in the state and pushed once per change', async () => {
    const classTray = await core(await tempDir());
    expect((await classTray.getState()).installation).toEqual({
      updates: 'none',
      sandboxOff: false,
    });
    const changes = record(classTray);
    classTray.setInstallation({ updates: 'school-msi', sandboxOff: true });
    classTray.setInstallation({ updates: 'school-msi', sandboxOff: true });
    expect(changes).toEqual([
      { type: 'installation', installation: { updates: 'school-msi', sandboxOff: true } },
    ]);
    expect((await classTray.getState()).installation).toEqual({
      updates: 'school-msi',
      sandboxOff: true,
    });
  });
});

describe('a bug inside a refresh', () => {
  it('is logged with its stack and shown as ClassTray failing, not the service, and not retried by itself', async () => {
    const { log, errors } = recordingLogger();
    const bug = new TypeError("Cannot read properties of undefined (reading 'alias')");
    const failing = vi.spyOn(ClassroomLiveStatus.prototype, 'refresh').mockRejectedValue(bug);
    cleanups.push(async () => failing.mockRestore());
    const classTray = await createClassTray({
      dataDir: await tempDir(),
      env: {},
      loadKeytar: noKeychain,
      demoSchool: () => startDemoSchool(),
      log,
    });
    cleanups.push(() => classTray.close());
    await classTray.refresh();

    const { connection } = await classTray.getState();
    expect(connection.problem).toEqual({ kind: 'internal', detail: expect.any(String) });
    // No backoff as against a failing service: nothing is planned until someone asks.
    expect(connection.nextAttemptAt).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line).toContain("TypeError: Cannot read properties of undefined (reading 'alias')");
      expect(line).toMatch(/\n\s+at /);
    }

    failing.mockRestore();
    await classTray.refresh();
    const recovered = (await classTray.getState()).connection;
    expect(recovered).toMatchObject({ status: 'ok', problem: null });
    expect(recovered.nextAttemptAt).not.toBeNull();
  });
});

describe('demo mode', () => {
  it('is where a first run lands: the demo school, Room 12 with live status', async () => {
    const classTray = await core(await tempDir());
    await classTray.refresh();
    const state = await classTray.getState();
    expect(state.account.mode).toBe('demo');
    expect(state.classroom).toMatchObject({ id: 'room-12', nickname: 'Room 12' });
    expect(state.classroom.recent.map((classroom) => classroom.nickname)).toEqual([
      'Computer Lab 1',
      'Room 12',
      'Library',
      'Music Room',
    ]);
    expect(state.classroom.devices).toHaveLength(24);
    expect(state.connection.status).toBe('ok');
    expect(online(state)).toBeGreaterThan(0);
    expect(online(state)).toBeLessThan(24);
  });

  it('offers the demo temporal accesses, ended with one call each', async () => {
    const classTray = await core(await tempDir());
    const { temporalAccesses } = await classTray.getState();
    const [first] = temporalAccesses;
    expect(temporalAccesses.length).toBeGreaterThanOrEqual(5);
    if (first === undefined) throw new Error('the demo has temporal accesses');
    const outcome = await classTray.invalidateTemporalAccess({ token: first.token });
    expect(outcome.kind).toBe('invalidated');
    await expect(classTray.invalidateTemporalAccess({ token: first.token })).resolves.toEqual(
      outcome,
    );
  });

  it('lists three links of its own, not tracked, that a new user adds and ends offline', async () => {
    const classTray = await core(await tempDir());
    const { account, temporalAccesses } = await classTray.getState();
    expect(account.demoLinks).toHaveLength(3);
    const tracked = new Set(temporalAccesses.map((access) => access.token));
    expect(account.demoLinks.filter((link) => [...tracked].some((t) => link.endsWith(t)))).toEqual(
      [],
    );
    for (const link of account.demoLinks) {
      const added = await classTray.addTemporalAccess({ linkOrToken: link });
      if (!added.ok) throw new Error(`the demo link ${link} was refused: ${added.problem}`);
      const outcome = await classTray.invalidateTemporalAccess({ token: added.access.token });
      expect(outcome.kind).toBe('invalidated');
    }
  });

  it('lists no demo links once connected to a real service', async () => {
    const { classTray } = await connected();
    expect((await classTray.getState()).account.demoLinks).toEqual([]);
  });

  it("seeds each demo access in its device's classroom, so Room 12's End all ends only Room 12's", async () => {
    const classTray = await core(await tempDir());
    const { temporalAccesses } = await classTray.getState();
    expect(new Set(temporalAccesses.map((access) => access.classroomId))).toEqual(
      new Set(['room-12', 'lab-1']),
    );
    const ended = await classTray.endAccesses({
      classroomId: 'room-12',
      tokens: temporalAccesses.map((access) => access.token),
    });
    const room12 = temporalAccesses.filter((access) => access.classroomId === 'room-12');
    expect(ended.map(({ token }) => token).sort()).toEqual(
      room12.map((access) => access.token).sort(),
    );
  });

  it('never writes the demo school into the settings of a real account', async () => {
    const dataDir = await tempDir();
    const classTray = await core(dataDir);
    await classTray.selectClassroom({ id: 'lab-1' });
    const settings = await readFile(path.join(dataDir, 'settings.json'), 'utf8').catch(() => '{}');
    expect(settings).not.toContain('lab-1');
    expect(settings).not.toContain('room-12');
  });

  it('cannot switch to the service before an account is connected', async () => {
    const classTray = await core(await tempDir());
    await expect(classTray.setMode({ mode: 'service' })).rejects.toMatchObject({
      message: expect.stringMatching(/connect your account/) as string,
      refusal: { code: 'noServiceUrl', values: {} },
    });
  });
});

/** Listening servers of this thread. */
const listening = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;

/** One turn of the event loop (its check phase); no wall clock. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resolves once the close callbacks of handles closed before the call have run: a closed server
 * stays among the active resources until the loop's close phase, which follows the check phase
 * of the first turn, so the second turn comes after it.
 */
async function afterClosePhase(): Promise<void> {
  await turn();
  await turn();
}

describe('closing', () => {
  it('leaves no demo service running when an action arrives after close()', async () => {
    const before = listening();
    const schools = { started: 0, closed: 0 };
    const local = await service(fixture());
    const classTray = await core(
      await tempDir(),
      {},
      {
        demoSchool: async () => {
          const school = await startDemoSchool();
          schools.started++;
          return {
            ...school,
            close: async () => {
              await school.close();
              schools.closed++;
            },
          };
        },
      },
    );
    await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
    await classTray.close();
    await classTray.setMode({ mode: 'demo' });
    // The one demo school of the run was closed, and no other was started after close().
    expect(schools).toEqual({ started: 1, closed: 1 });
    await local.close();
    await afterClosePhase();
    expect(listening()).toBe(before);
  });
});

describe('a connected service', () => {
  it('shows the classroom with online status joined from the account list', async () => {
    const { classTray } = await connected();
    const state = await classTray.getState();
    expect(state.account).toMatchObject({ mode: 'service', token: { set: true } });
    expect(state.classroom.id).toBe('room-a');
    expect(state.classroom.devices).toHaveLength(30);
    // accountFixture: device n is online unless n is a multiple of 3, and room-a holds n = 0, 3, 6...
    expect(online(state)).toBe(0);
    expect(state.connection.status).toBe('ok');
  });

  it("reaches the service only through the fetch it is given (the tray app's net.fetch)", async () => {
    const local = await service(fixture());
    const urls: string[] = [];
    const classTray = await core(
      await tempDir(),
      {},
      {
        fetch: (input, init) => {
          urls.push(input instanceof Request ? input.url : String(input));
          return fetch(input, init);
        },
      },
    );
    await readRoomA(classTray, local.url, TOKEN);
    expect((await classTray.getState()).classroom.devices).toHaveLength(30);
    expect(urls).toContain(`${local.url}/api/v1/classrooms/room-a/devices?page=1`);
  });

  it('pushes an online flip made on the service as one change on the next refresh', async () => {
    const { local, classTray } = await connected();
    const changes = record(classTray);
    await control(local, 'PATCH', '/_local/devices/100000003', { is_online: true });
    await classTray.refresh();
    expect(changes.filter((change) => change.type === 'devices')).toEqual([
      {
        type: 'devices',
        changes: [{ type: 'online-changed', remoteId: '100000003', online: true }],
        // Seen coming back online, as it happened between two refreshes ClassTray made.
        activity: { 100000003: { changedAt: expect.any(String), lastSeenOnlineAt: null } },
      },
    ]);
    expect(online(await classTray.getState())).toBe(1);
  });

  it('sends every device change of one refresh as one batched event', async () => {
    const { local, classTray } = await connected();
    const changes = record(classTray);
    // Every third device of the 90 is in room-a: flip ten of them.
    for (let n = 0; n < 30; n += 3) {
      await control(local, 'PATCH', `/_local/devices/${100_000_000 + 3 * n}`, { is_online: true });
    }
    await classTray.refresh();
    // The connection and the room's readiness follow the refresh each in a part of their own.
    const deviceEvents = changes.filter(
      (change) => change.type !== 'connection' && change.type !== 'readiness',
    );
    expect(deviceEvents).toHaveLength(1);
    expect(changes.filter((change) => change.type === 'readiness')).toHaveLength(1);
    expect(deviceEvents[0]).toMatchObject({ type: 'devices' });
    expect(deviceEvents[0]?.type === 'devices' && deviceEvents[0].changes).toHaveLength(10);
    expect(online(await classTray.getState())).toBe(10);
  });

  it('keeps the devices on screen, marked offline, while the service is down, and recovers', async () => {
    const { local, classTray } = await connected();
    const port = Number(new URL(local.url).port);
    await local.close();
    await classTray.refresh();
    const down = await classTray.getState();
    expect(down.connection.status).toBe('offline');
    expect(down.connection.problem?.kind).toBe('network');
    expect(down.classroom.devices).toHaveLength(30);

    await service(fixture(), port);
    await classTray.refresh();
    const back = await classTray.getState();
    expect(back.connection).toMatchObject({ status: 'ok', problem: null });
  });

  it('says connected after one real call, and only then saves the account', async () => {
    const local = await service(fixture());
    const dataDir = await tempDir();
    const classTray = await core(dataDir);
    expect(await classTray.connectService({ serviceUrl: local.url, token: TOKEN })).toEqual({
      outcome: 'connected',
    });
    const state = await classTray.getState();
    expect(state.account).toMatchObject({ mode: 'service', serviceUrl: local.url });
    expect(state.account.token.set).toBe(true);
  });

  it('says the token was rejected and saves nothing, the token least of all', async () => {
    const local = await service(fixture());
    const dataDir = await tempDir();
    const logger = recordingLogger();
    const classTray = await core(dataDir, {}, { log: logger.log });
    const result = await classTray.connectService({
      serviceUrl: local.url,
      token: 'not-the-token',
    });
    expect(result).toMatchObject({ outcome: 'token-rejected' });
    // In the log too: the service's origin and its answer, never the token.
    const said = logger.lines.filter((line) => line.includes('rejected the API token'));
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\[account\\] Connecting to ${new URL(local.url).origin}: the service rejected the API token \\(`,
        ),
      ),
    ]);
    expect(logger.lines.join('\n')).not.toContain('not-the-token');
    const state = await classTray.getState();
    expect(state.account.mode).toBe('demo');
    expect(state.account.serviceUrl).toBeNull();
    // Asked again with no token, none was kept for that URL.
    expect(await classTray.connectService({ serviceUrl: local.url })).toEqual({
      outcome: 'no-token',
    });
    expect((await classTray.getState()).account.token.set).toBe(false);
  });

  it('says the service is not reachable, and saves nothing', async () => {
    const local = await service(fixture());
    await local.close();
    const logger = recordingLogger();
    const classTray = await core(await tempDir(), {}, { log: logger.log });
    const result = await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
    expect(result).toMatchObject({ outcome: 'unreachable' });
    expect(logger.lines.filter((line) => line.includes('could not be reached'))).toEqual([
      expect.stringContaining(
        `Connecting to ${new URL(local.url).origin}: the service could not be reached (`,
      ),
    ]);
    expect(logger.lines.join('\n')).not.toContain(TOKEN);
    expect((await classTray.getState()).account.serviceUrl).toBeNull();
  });

  it('says an address that answers something else is not a service of this kind', async () => {
    const other = await startMisbehavingService(() => fault.html(200));
    cleanups.push(other.close);
    const classTray = await core(await tempDir());
    const result = await classTray.connectService({ serviceUrl: other.url, token: TOKEN });
    expect(result).toMatchObject({ outcome: 'not-this-service' });
    expect((await classTray.getState()).account.serviceUrl).toBeNull();
  });

  it('refuses a classroom id the service does not know, and keeps it out of the recent list', async () => {
    const { classTray } = await connected();
    await expect(classTray.selectClassroom({ id: 'room-zz' })).rejects.toThrow(
      /no classroom with the id "room-zz".*address in the service/,
    );
    await expect(classTray.selectClassroom({ id: 'room-zz' })).rejects.toMatchObject({
      refusal: { code: 'classroomUnknown', values: { id: 'room-zz' } },
    });
    const state = await classTray.getState();
    expect(state.classroom.id).toBe('room-a');
    expect(state.classroom.recent.map((classroom) => classroom.id)).not.toContain('room-zz');
    expect(state.connection.status).toBe('ok');
  });

  it('adds a classroom the service knows without opening it, and refuses one it does not', async () => {
    const { classTray } = await connected();
    await expect(
      classTray.addClassroom({ id: 'room-zz', nickname: 'Library' }),
    ).rejects.toMatchObject({
      refusal: { code: 'classroomUnknown', values: { id: 'room-zz' } },
    });
    await classTray.addClassroom({ id: 'empty', nickname: 'Library' });
    // Already listed: its nickname stays the teacher's.
    await classTray.addClassroom({ id: 'empty', nickname: 'Other' });
    const state = await classTray.getState();
    expect(state.classroom.id).toBe('room-a');
    expect(state.classroom.recent).toContainEqual({ id: 'empty', nickname: 'Library' });
    expect(state.classroom.recent.map((classroom) => classroom.id)).not.toContain('room-zz');
  });

  it('asks for a token when none is saved', async () => {
    const local = await service(fixture());
    const classTray = await core(await tempDir());
    await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
    await classTray.selectClassroom({ id: 'room-a' });
    await classTray.forgetToken();
    const state = await classTray.getState();
    expect(state.account.token.set).toBe(false);
    expect(state.connection.status).toBe('unauthorized');
  });

  it('uses CLASSTRAY_TOKEN for the run without saving it', async () => {
    const local = await service(fixture());
    const dataDir = await tempDir();
    const classTray = await core(dataDir, {
      CLASSTRAY_TOKEN: TOKEN,
      CLASSTRAY_SERVICE_URL: local.url,
    });
    await readRoomA(classTray, local.url);
    const state = await classTray.getState();
    expect(state.account.token).toMatchObject({ set: true, location: 'environment' });
    expect(state.connection.status).toBe('ok');
    expect(await readFile(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain(TOKEN);
  });

  it('never sends CLASSTRAY_TOKEN to a service URL the window switches to', async () => {
    const local = await service(fixture());
    const other = await startMisbehavingService(() => fault.page([]));
    cleanups.push(other.close);
    const classTray = await core(await tempDir(), {
      CLASSTRAY_TOKEN: TOKEN,
      CLASSTRAY_SERVICE_URL: local.url,
    });
    await readRoomA(classTray, other.url);
    const state = await classTray.getState();
    expect(state.account.token.set).toBe(false);
    expect(state.connection.status).toBe('unauthorized');
    const sent = other.requests.map((request) => JSON.stringify(request.headers));
    expect(sent.join('\n')).not.toContain(TOKEN);

    // Back on its own service, the token from the environment is used again.
    await classTray.connectService({ serviceUrl: `${local.url}/` });
    await classTray.refresh();
    expect((await classTray.getState()).connection.status).toBe('ok');
  });

  it('never lets the token or a password out: state, changes, settings and cache', async () => {
    const dataDir = await tempDir();
    const local = await service(fixture());
    const classTray = await core(dataDir);
    const changes = record(classTray);
    await readRoomA(classTray, local.url, TOKEN);
    const everything = [
      JSON.stringify(await classTray.getState()),
      JSON.stringify(changes),
      await readFile(path.join(dataDir, 'settings.json'), 'utf8'),
      await readFile(path.join(dataDir, CLASSROOM_CACHE_FILE), 'utf8'),
    ].join('\n');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('pw-');
    // ...while the host can still copy a password on request.
    await expect(classTray.devicePassword({ remoteId: '100000003' })).resolves.toBe('pw-3');
    await expect(classTray.devicePassword({ remoteId: '100000001' })).resolves.toBeNull();
  });

  it('shows the last known classroom after a restart while the service is down, marked stale', async () => {
    const dataDir = await tempDir();
    const { local, classTray } = await connected(dataDir);
    await classTray.close();
    await local.close();

    // The token stays where it was (here: the environment, as no keychain is reachable).
    const restarted = await core(dataDir, {
      CLASSTRAY_TOKEN: TOKEN,
      CLASSTRAY_SERVICE_URL: local.url,
    });
    const state = await restarted.getState();
    expect(state.classroom.id).toBe('room-a');
    expect(state.classroom.devices).toHaveLength(30);
    expect(state.connection.status).toBe('stale');
    expect(state.connection.lastSuccessAt).not.toBeNull();
    await restarted.refresh();
    expect((await restarted.getState()).connection.status).toBe('offline');
  });

  it('remembers recent classrooms with their nicknames', async () => {
    const { classTray } = await connected();
    await classTray.selectClassroom({ id: 'empty' });
    await classTray.renameClassroom({ id: 'room-a', nickname: 'Maths' });
    const { classroom } = await classTray.getState();
    expect(classroom.recent).toEqual([{ id: 'empty' }, { id: 'room-a', nickname: 'Maths' }]);
    await classTray.forgetClassroom({ id: 'empty' });
    expect((await classTray.getState()).classroom).toMatchObject({
      id: 'room-a',
      nickname: 'Maths',
    });
  });
});

/** A promise the test resolves when it chooses. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('switching accounts', () => {
  it('never shows a refresh of the previous account in the new one', async () => {
    // Account A's only classroom device, which account B does not have.
    const fromA = device(1_000);
    let holdA = Promise.resolve();
    const a = await startMisbehavingService(async (request) => {
      if (request.url.includes('/classrooms/')) await holdA;
      return fault.page([fromA]);
    });
    cleanups.push(() => a.close());
    const b = await service(fixture());
    // The token store answers when the test lets it, so a switch can be caught half-way.
    const saved = new Map<string, string>();
    let holdVault = Promise.resolve();
    let vaultAsked = gate();
    const fallback: SecretFallback = {
      get: async (account) => {
        vaultAsked.open();
        await holdVault;
        return saved.get(account) ?? null;
      },
      set: async (account, secret) => {
        saved.set(account, secret);
      },
      delete: async (account) => {
        saved.delete(account);
      },
    };
    const classTray = await core(await tempDir(), {}, { secretFallback: fallback });
    await classTray.connectService({ serviceUrl: b.url, token: TOKEN });
    await readRoomA(classTray, a.url, TOKEN);
    expect((await classTray.getState()).classroom.devices).toHaveLength(1);

    const changes = record(classTray);
    const answerA = gate();
    holdA = answerA.opened;
    const answerVault = gate();
    holdVault = answerVault.opened;
    vaultAsked = gate();
    const switching = classTray.connectService({ serviceUrl: b.url });
    await vaultAsked.opened;
    // The window opens while the switch waits for the token: a refresh of A starts.
    classTray.setWindowVisible(true);
    answerVault.open();
    await switching;
    answerA.open();
    await classTray.refresh();

    expect(JSON.stringify(changes)).not.toContain(fromA.remote_id);
    const state = await classTray.getState();
    expect(state.classroom.devices).toHaveLength(30);
    expect(state.connection.status).toBe('ok');
  });
});

describe('temporal accesses on a connected service', () => {
  const LINK_TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

  async function withAccess(remoteId: string) {
    const setup = await connected();
    const created = (await control(setup.local, 'POST', '/_local/temporal-access', {
      remote_id: remoteId,
    })) as { token: string };
    return { ...setup, token: created.token };
  }

  it('adds one from a pasted link, and refuses it twice', async () => {
    const { classTray, token } = await withAccess('100000003');
    const link = `https://remote.example/access/${token.toUpperCase()}?lang=en`;
    const added = await classTray.addTemporalAccess({ linkOrToken: link, remoteId: '100000003' });
    expect(added).toMatchObject({ ok: true, access: { token, deviceAlias: 'PC-3' } });
    await expect(classTray.addTemporalAccess({ linkOrToken: token })).resolves.toEqual({
      ok: false,
      problem: 'already-tracked',
    });
    await expect(classTray.addTemporalAccess({ linkOrToken: 'hello' })).resolves.toEqual({
      ok: false,
      problem: 'no-token',
    });
  });

  it('ends with the effective time, and a second End keeps that state without asking again', async () => {
    const { classTray, token } = await withAccess('100000003');
    await classTray.addTemporalAccess({ linkOrToken: token });
    const outcome = await classTray.invalidateTemporalAccess({ token });
    if (outcome.kind !== 'invalidated')
      throw new Error(`expected invalidated, got ${outcome.kind}`);
    expect(Date.parse(outcome.sessionExpiresAt) % 30_000).toBe(0);
    const effectiveIn = Date.parse(outcome.sessionExpiresAt) - Date.parse(outcome.learnedAt);
    expect(effectiveIn).toBeGreaterThanOrEqual(0);
    expect(effectiveIn).toBeLessThanOrEqual(30_000);
    await expect(classTray.invalidateTemporalAccess({ token })).resolves.toEqual(outcome);
    const [tracked] = (await classTray.getState()).temporalAccesses;
    expect(tracked?.state).toEqual({
      kind: 'invalidated',
      sessionExpiresAt: outcome.sessionExpiresAt,
      learnedAt: outcome.learnedAt,
    });
  });

  it('keeps "unknown to the service" (404) as the state, across a restart', async () => {
    const dataDir = await tempDir();
    const { classTray } = await connected(dataDir);
    await classTray.addTemporalAccess({ linkOrToken: LINK_TOKEN, remoteId: '100000003' });
    await expect(classTray.invalidateTemporalAccess({ token: LINK_TOKEN })).resolves.toMatchObject({
      kind: 'unknown',
    });
    await classTray.close();
    const restarted = await core(dataDir);
    const [tracked] = (await restarted.getState()).temporalAccesses;
    expect(tracked?.state.kind).toBe('unknown');
  });

  it('reads a double click on Invalidate as one invalidation, not a success and an "already ended"', async () => {
    const { classTray, token } = await withAccess('100000003');
    await classTray.addTemporalAccess({ linkOrToken: token });
    const [first, second] = await Promise.all([
      classTray.invalidateTemporalAccess({ token }),
      classTray.invalidateTemporalAccess({ token }),
    ]);
    expect(first.kind).toBe('invalidated');
    expect(second).toEqual(first);
    const [tracked] = (await classTray.getState()).temporalAccesses;
    expect(tracked?.state.kind).toBe('invalidated');
  });

  it('warns when the linked device has no 2FA', async () => {
    const { local, classTray, token } = await withAccess('100000006');
    await control(local, 'PATCH', '/_local/devices/100000006', { has_2fa: false });
    await classTray.refresh();
    await classTray.addTemporalAccess({ linkOrToken: token, remoteId: '100000006' });
    const [tracked] = (await classTray.getState()).temporalAccesses;
    expect(tracked?.warnNo2fa).toBe(true);
    await expect(classTray.invalidateTemporalAccess({ token })).resolves.toMatchObject({
      kind: 'invalidated',
      warnNo2fa: true,
    });
  });

  it('records a failure, never success, when the service cannot be reached', async () => {
    const { local, classTray } = await connected();
    await classTray.addTemporalAccess({ linkOrToken: LINK_TOKEN });
    await local.close();
    const outcome = await classTray.invalidateTemporalAccess({ token: LINK_TOKEN });
    expect(outcome).toMatchObject({ kind: 'failed', problem: { kind: 'network' } });
    const [tracked] = (await classTray.getState()).temporalAccesses;
    expect(tracked?.state).toMatchObject({ kind: 'failed', problem: { kind: 'network' } });
  });

  it('keeps the tracked list across a restart', async () => {
    const dataDir = await tempDir();
    const { classTray } = await connected(dataDir);
    await classTray.addTemporalAccess({ linkOrToken: LINK_TOKEN, studentName: 'Ana, maths' });
    await classTray.close();
    const restarted = await core(dataDir);
    expect((await restarted.getState()).temporalAccesses).toMatchObject([
      { token: LINK_TOKEN, studentName: 'Ana, maths' },
    ]);
  });
});

describe('ending several and clearing ended temporal accesses', () => {
  it('ends the confirmed accesses, each with its outcome, recorded on each one', async () => {
    const { local, classTray } = await connected();
    const tokens: string[] = [];
    for (const remoteId of ['100000003', '100000006']) {
      const created = (await control(local, 'POST', '/_local/temporal-access', {
        remote_id: remoteId,
      })) as { token: string };
      tokens.push(created.token);
      await classTray.addTemporalAccess({ linkOrToken: created.token, remoteId });
    }
    const ended = await classTray.endAccesses({ classroomId: 'room-a', tokens });
    expect(ended.map(({ token, result }) => [token, result.kind])).toEqual([
      [tokens[0], 'invalidated'],
      [tokens[1], 'invalidated'],
    ]);
    // Ended already: nothing left to end, and the recorded state stays.
    expect(await classTray.endAccesses({ classroomId: 'room-a', tokens })).toEqual([]);
    const { temporalAccesses } = await classTray.getState();
    expect(temporalAccesses.map((access) => access.state.kind)).toEqual([
      'invalidated',
      'invalidated',
    ]);
  });

  it("ends all of one classroom through the API, never another classroom's or one of none", async () => {
    const { local, classTray } = await connected();
    const created = async (remoteId: string) =>
      (
        (await control(local, 'POST', '/_local/temporal-access', { remote_id: remoteId })) as {
          token: string;
        }
      ).token;
    const here = await created('100000003');
    await classTray.addTemporalAccess({ linkOrToken: here });
    await classTray.selectClassroom({ id: 'empty' });
    const elsewhere = await created('100000006');
    await classTray.addTemporalAccess({ linkOrToken: elsewhere });
    await classTray.selectClassroom({ id: 'room-a' });

    const ended = await classTray.endAccesses({ classroomId: 'room-a', tokens: [here, elsewhere] });
    expect(ended.map(({ token }) => token)).toEqual([here]);
    const states = (await classTray.getState()).temporalAccesses.map((access) => [
      access.token,
      access.state.kind,
    ]);
    expect(states).toContainEqual([elsewhere, 'given']);
  });

  it('clears an ended access once the retention has passed, on the next start', async () => {
    const dataDir = await tempDir();
    const { local, classTray } = await connected(dataDir);
    const created = (await control(local, 'POST', '/_local/temporal-access', {
      remote_id: '100000003',
    })) as { token: string };
    await classTray.addTemporalAccess({ linkOrToken: created.token });
    await classTray.addTemporalAccess({ linkOrToken: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c' });
    await classTray.invalidateTemporalAccess({ token: created.token });
    await classTray.close();
    const dayLater = Date.now() + 24 * 3_600_000 + 1_000;
    const restarted = await createClassTray({
      dataDir,
      loadKeytar: noKeychain,
      demoSchool: () => startDemoSchool(),
      log: silentLogger,
      clock: () => dayLater,
    });
    cleanups.push(() => restarted.close());
    // The one never ended stays, however old.
    expect((await restarted.getState()).temporalAccesses.map((access) => access.token)).toEqual([
      '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    ]);
  });
});

describe('input from a renderer', () => {
  it.each([
    ['selectClassroom', { id: '' }],
    ['selectClassroom', { id: 'room-a', extra: true }],
    ['renameClassroom', 'room-a'],
    ['addTemporalAccess', { linkOrToken: 42 }],
    ['invalidateTemporalAccess', {}],
    ['connectService', { serviceUrl: 'ftp://example.org' }],
    ['connectService', { serviceUrl: 'https://user:pw@example.org' }],
    ['setMode', { mode: 'admin' }],
    ['updatePreferences', { poll: { visibleSeconds: 1 } }],
  ] as const)('%s refuses %j with a sentence naming the problem', async (action, input) => {
    const classTray = await core(await tempDir());
    const call = (classTray[action] as (input: unknown) => Promise<unknown>).bind(classTray);
    const error: unknown = await call(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiInputError);
    expect(String(error)).toMatch(new RegExp(`^ApiInputError: ${action}: `));
    // A broken renderer's input is not the teacher's: it has no refusal to translate.
    expect((error as ApiInputError).refusal).toBeUndefined();
  });

  it('refuses to invalidate an access that is not in the list', async () => {
    const classTray = await core(await tempDir());
    await expect(
      classTray.invalidateTemporalAccess({ token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c' }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/not in the list/) as string,
      refusal: { code: 'accessNotListed', values: {} },
    });
  });

  it('keeps the hidden refresh interval when only the visible one changes', async () => {
    const classTray = await core(await tempDir());
    await classTray.updatePreferences({ poll: { hiddenSeconds: 300 } });
    await classTray.updatePreferences({ poll: { visibleSeconds: 30 } });
    const { preferences } = await classTray.getState();
    expect(preferences.poll).toEqual({ visibleSeconds: 30, hiddenSeconds: 300 });
  });

  it('saves preferences and applies them', async () => {
    const classTray = await core(await tempDir());
    const changes = record(classTray);
    await classTray.updatePreferences({ poll: { visibleSeconds: 30 }, language: 'es' });
    const { preferences } = await classTray.getState();
    expect(preferences).toMatchObject({
      poll: { visibleSeconds: 30, hiddenSeconds: 60 },
      language: 'es',
    });
    expect(changes).toContainEqual({ type: 'preferences', preferences });
  });

  /** Off at the first start, turned on, and still on at the next start: that start's core. */
  async function keptOnForTheNextStart(name: 'compactView' | 'demoNoticeDismissed') {
    const dir = await tempDir();
    const first = await core(dir);
    expect((await first.getState()).preferences[name]).toBe(false);
    await first.updatePreferences({ [name]: true });
    await first.close();
    const next = await core(dir);
    expect((await next.getState()).preferences[name]).toBe(true);
    return next;
  }

  it('remembers the compact view for the next start', async () => {
    await keptOnForTheNextStart('compactView');
  });

  it('remembers a dismissed demo notice for the next start, and takes only a boolean', async () => {
    const next = await keptOnForTheNextStart('demoNoticeDismissed');
    await expect(next.updatePreferences({ demoNoticeDismissed: 'yes' } as never)).rejects.toThrow();
  });
});

describe('scheduled ends', () => {
  const MINUTE = 60_000;
  const UNTRACKED = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
  const inMinutes = (start: number, minutes: number) =>
    new Date(start + minutes * MINUTE).toISOString();

  async function newAccess(local: RunningLocalService, remoteId = '100000003'): Promise<string> {
    const created = (await control(local, 'POST', '/_local/temporal-access', {
      remote_id: remoteId,
    })) as { token: string };
    return created.token;
  }

  /** What the service says to one more invalidation: 200 while the access runs, else 422. */
  async function serviceStatus(local: RunningLocalService, token: string): Promise<number> {
    const response = await callerOf(local)('PATCH', servicePaths.invalidateTemporalAccess(token));
    return response.status;
  }

  /** The schedule once it satisfies `done`: as it is now, or as a later change brings it. */
  function untilSchedule(
    classTray: ClassTray,
    done: (scheduledEnds: ScheduledEndsView) => boolean,
  ): Promise<ScheduledEndsView> {
    return new Promise((resolve) => {
      const stop = classTray.subscribe((change) => {
        if (change.type === 'scheduled-ends' && done(change.scheduledEnds)) {
          stop();
          resolve(change.scheduledEnds);
        }
      });
      void classTray.getState().then(({ scheduledEnds }) => {
        if (done(scheduledEnds)) {
          stop();
          resolve(scheduledEnds);
        }
      });
    });
  }

  async function timed() {
    const manual = manualTimers(Date.now());
    const dataDir = await tempDir();
    const setup = await connected(dataDir, { timers: manual.timers });
    return { ...setup, ...manual, dataDir, start: manual.timers.now() };
  }

  it('refuses a time past or more than 24 h ahead, an unknown or ended access and a classroom not in the list, changing nothing', async () => {
    const dataDir = await tempDir();
    const { local, classTray } = await connected(dataDir);
    const running = await newAccess(local);
    const ended = await newAccess(local, '100000006');
    await classTray.addTemporalAccess({ linkOrToken: running });
    await classTray.addTemporalAccess({ linkOrToken: ended });
    await classTray.invalidateTemporalAccess({ token: ended });
    const settingsFile = path.join(dataDir, 'settings.json');
    const before = await readFile(settingsFile, 'utf8');
    const now = Date.now();

    const refused: [Parameters<ClassTray['scheduleEnd']>[0], RegExp, Refusal][] = [
      [
        { target: { token: running }, at: inMinutes(now, -1) },
        /already passed/,
        { code: 'endTimePassed', values: {} },
      ],
      [
        { target: { token: running }, at: inMinutes(now, 24 * 60 + 1) },
        /up to 24 hours/,
        { code: 'endTooFarAhead', values: { hours: 24 } },
      ],
      [
        { target: { token: UNTRACKED }, at: inMinutes(now, 10) },
        /not in the list/,
        { code: 'accessNotListed', values: {} },
      ],
      [
        { target: { token: ended }, at: inMinutes(now, 10) },
        /already ended/,
        { code: 'accessAlreadyEnded', values: {} },
      ],
      [
        { target: { classroomId: 'room-zz' }, at: inMinutes(now, 10) },
        /not in your list/,
        { code: 'classroomNotListed', values: {} },
      ],
    ];
    for (const [input, problem, refusal] of refused) {
      const error: unknown = await classTray.scheduleEnd(input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiInputError);
      expect(error).toMatchObject({ message: expect.stringMatching(problem) as string, refusal });
    }
    await expect(
      classTray.cancelScheduledEnd({ target: { token: running, classroomId: 'room-a' } }),
    ).rejects.toThrow(ApiInputError);
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);
  });

  it('ends an access at its time, and the service sees it ended', async () => {
    const { local, classTray, start, advance } = await timed();
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token, remoteId: '100000003' });
    const changes = record(classTray);
    await classTray.scheduleEnd({ target: { token }, at: inMinutes(start, 10) });
    expect(changes).toContainEqual({
      type: 'scheduled-ends',
      scheduledEnds: { pending: [{ target: { token }, at: inMinutes(start, 10) }], ran: [] },
    });

    advance(10 * MINUTE);
    const { pending, ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);

    expect(pending).toEqual([]);
    expect(ran).toMatchObject([
      { lateMinutes: 0, retrying: false, ended: [{ token, result: { kind: 'invalidated' } }] },
    ]);
    expect((await classTray.getState()).temporalAccesses[0]?.state.kind).toBe('invalidated');
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it("ends the classroom's running accesses, also one added after, and no other classroom's", async () => {
    const { local, classTray, start, advance } = await timed();
    const [first, handEnded, later, elsewhere] = [
      await newAccess(local, '100000003'),
      await newAccess(local, '100000006'),
      await newAccess(local, '100000009'),
      await newAccess(local, '100000001'),
    ];
    await classTray.addTemporalAccess({ linkOrToken: first });
    await classTray.addTemporalAccess({ linkOrToken: handEnded });
    await classTray.invalidateTemporalAccess({ token: handEnded });
    await classTray.selectClassroom({ id: 'empty' });
    await classTray.addTemporalAccess({ linkOrToken: elsewhere });
    await classTray.selectClassroom({ id: 'room-a' });
    await classTray.scheduleEnd({ target: { classroomId: 'room-a' }, at: inMinutes(start, 5) });
    await classTray.addTemporalAccess({ linkOrToken: later });

    advance(5 * MINUTE);
    const { ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);

    expect(ran[0]?.ended.map(({ token }) => token).sort()).toEqual([first, later].sort());
    expect(ran[0]?.ended.every(({ result }) => result.kind === 'invalidated')).toBe(true);
    expect(await serviceStatus(local, elsewhere)).toBe(200);
    const outcomes = (await classTray.getState()).temporalAccesses.map((access) => [
      access.token,
      access.state.kind,
    ]);
    expect(outcomes).toContainEqual([handEnded, 'invalidated']);
  });

  it('ends nothing once cancelled, and an access ended by hand loses its own end', async () => {
    const { local, classTray, start, advance } = await timed();
    const kept = await newAccess(local);
    const byHand = await newAccess(local, '100000006');
    await classTray.addTemporalAccess({ linkOrToken: kept });
    await classTray.addTemporalAccess({ linkOrToken: byHand });
    await classTray.scheduleEnd({ target: { token: kept }, at: inMinutes(start, 5) });
    await classTray.scheduleEnd({ target: { token: byHand }, at: inMinutes(start, 5) });
    await classTray.cancelScheduledEnd({ target: { token: kept } });
    await classTray.invalidateTemporalAccess({ token: byHand });
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);
    // A later end runs in the same pass after anything due before it: none was.
    await classTray.selectClassroom({ id: 'empty' });
    await classTray.scheduleEnd({ target: { classroomId: 'empty' }, at: inMinutes(start, 6) });

    advance(6 * MINUTE);
    const { ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);

    expect(ran).toMatchObject([{ scheduled: { target: { classroomId: 'empty' } }, ended: [] }]);
    expect(await serviceStatus(local, kept)).toBe(200);
  });

  it('tries again while the service cannot be reached, then reports the success in place', async () => {
    const manual = manualTimers(Date.now());
    let down = false;
    const { local, classTray } = await connected(await tempDir(), {
      timers: manual.timers,
      fetch: (input, init) =>
        down && init?.method === 'PATCH'
          ? Promise.reject(new TypeError('fetch failed'))
          : fetch(input, init),
    });
    const start = manual.timers.now();
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token });
    await classTray.scheduleEnd({ target: { token }, at: inMinutes(start, 1) });
    down = true;

    manual.advance(MINUTE);
    const failing = await untilSchedule(classTray, ({ ran }) => ran.length > 0);
    expect(failing.ran).toMatchObject([
      {
        retrying: true,
        ended: [{ token, result: { kind: 'failed', problem: { kind: 'network' } } }],
      },
    ]);
    expect(failing.pending).toEqual([{ target: { token }, at: inMinutes(start, 1) }]);

    down = false;
    manual.advance(30_000);
    const recovered = await untilSchedule(classTray, ({ pending }) => pending.length === 0);
    expect(recovered.ran).toMatchObject([
      { retrying: false, ended: [{ token, result: { kind: 'invalidated' } }] },
    ]);
    expect(recovered.ran).toHaveLength(1);
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it('keeps an end across a restart, and fires it then', async () => {
    const { local, classTray, dataDir, start, advance, timers } = await timed();
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token });
    const end = { target: { token }, at: inMinutes(start, 10) };
    await classTray.scheduleEnd(end);
    await classTray.close();

    const restarted = await core(
      dataDir,
      { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_SERVICE_URL: local.url },
      { timers },
    );
    expect((await restarted.getState()).scheduledEnds.pending).toEqual([end]);
    advance(10 * MINUTE);
    const { ran } = await untilSchedule(restarted, ({ ran }) => ran.length > 0);
    expect(ran).toMatchObject([{ lateMinutes: 0, ended: [{ result: { kind: 'invalidated' } }] }]);
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it('runs an end missed while ClassTray was closed at once on start, saying how late', async () => {
    const dataDir = await tempDir();
    const { local, classTray } = await connected(dataDir);
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token });
    await classTray.close();
    const now = Date.now();
    const settingsFile = path.join(dataDir, 'settings.json');
    const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    const missed = { target: { token }, at: inMinutes(now, -12) };
    await writeFile(settingsFile, JSON.stringify({ ...settings, scheduledEnds: [missed] }));

    const restarted = await core(
      dataDir,
      { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_SERVICE_URL: local.url },
      { timers: manualTimers(now).timers },
    );
    const { ran, pending } = await untilSchedule(restarted, ({ ran }) => ran.length > 0);
    expect(ran).toMatchObject([
      { scheduled: missed, lateMinutes: 12, ended: [{ token, result: { kind: 'invalidated' } }] },
    ]);
    expect(pending).toEqual([]);
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it('runs an end missed during sleep at once on resume, and nothing while asleep', async () => {
    const { local, classTray, start, advance } = await timed();
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token });
    await classTray.scheduleEnd({ target: { token }, at: inMinutes(start, 5) });
    classTray.suspend();
    advance(20 * MINUTE);
    await classTray.refresh();
    const asleep = await classTray.getState();
    expect(asleep.scheduledEnds.ran).toEqual([]);
    expect(asleep.temporalAccesses[0]?.state).toEqual({ kind: 'given' });

    classTray.resume();
    const { ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);
    expect(ran).toMatchObject([{ lateMinutes: 15, ended: [{ result: { kind: 'invalidated' } }] }]);
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it("with 'end-at-sleep', a sleep across the bell ends the room's accesses as it begins, and says so", async () => {
    const { local, classTray, start, advance } = await timed();
    await classTray.updatePreferences({ endsDuringSleep: 'end-at-sleep' });
    const tokens = [await newAccess(local), await newAccess(local, '100000006')];
    for (const token of tokens) await classTray.addTemporalAccess({ linkOrToken: token });
    // The bell at 10 minutes; the lid closes at 2, and opens 47 minutes after the bell.
    const bell = { target: { classroomId: 'room-a' }, at: inMinutes(start, 10) };
    await classTray.scheduleEnd(bell);
    advance(2 * MINUTE);
    classTray.suspend();
    const { ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);
    for (const token of tokens) expect(await serviceStatus(local, token)).toBe(422);

    advance(55 * MINUTE);
    classTray.resume();
    const awake = await classTray.getState();
    expect(awake.scheduledEnds.pending).toEqual([]);
    expect(awake.scheduledEnds.ran).toEqual(ran);
    expect(ran).toMatchObject([
      { scheduled: bell, atSleep: true, ranAt: inMinutes(start, 2), lateMinutes: 0 },
    ]);
    expect(ran[0]?.ended.map(({ result }) => result.kind)).toEqual(['invalidated', 'invalidated']);
  });

  it("with 'end-on-wake' (the default), a sleep across the bell ends on wake, saying how late", async () => {
    const { local, classTray, start, advance } = await timed();
    expect((await classTray.getState()).preferences.endsDuringSleep).toBe('end-on-wake');
    const token = await newAccess(local);
    await classTray.addTemporalAccess({ linkOrToken: token });
    await classTray.scheduleEnd({ target: { classroomId: 'room-a' }, at: inMinutes(start, 10) });
    advance(2 * MINUTE);
    classTray.suspend();
    await classTray.scheduledEndsSettled();
    expect((await classTray.getState()).temporalAccesses[0]?.state).toEqual({ kind: 'given' });

    advance(55 * MINUTE);
    classTray.resume();
    const { ran } = await untilSchedule(classTray, ({ ran }) => ran.length > 0);
    expect(ran).toMatchObject([{ lateMinutes: 47, ended: [{ result: { kind: 'invalidated' } }] }]);
    expect(ran[0]?.atSleep).toBeUndefined();
    expect(await serviceStatus(local, token)).toBe(422);
  });

  it("keeps the demo's ends in memory only, each session its own", async () => {
    const dataDir = await tempDir();
    const local = await service(fixture());
    const classTray = await core(dataDir);
    const end = { target: { classroomId: 'room-12' }, at: inMinutes(Date.now(), 30) };
    await classTray.scheduleEnd(end);
    await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([]);
    expect(await readFile(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain('room-12');
    await classTray.setMode({ mode: 'demo' });
    expect((await classTray.getState()).scheduledEnds.pending).toEqual([end]);
  });
});
