import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import type {
  CachedClassroom,
  ClassroomToCache,
} from '../../../src-main/core/classroom/classroomCache';
import type { LiveClassroom } from '../../../src-main/core/classroom/classroomWatch';
import { ClassroomWatch } from '../../../src-main/core/classroom/classroomWatch';
import type { ServiceClient } from '../../../src-main/core/service/client';
import type { DeviceView, RefreshResult } from '../../../src-main/core/classroom/liveStatus';
import { systemTimers } from '../../../src-main/core/classroom/refreshSchedule';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import type { Session } from '../../../src-main/core/account/sessions';
import { memoryNotebook } from '../../../src-main/core/settings/accountNotebook';
import { recordingLogger } from '../../support/recordingLogger';

const SECOND = 1_000;
const device = (remoteId: string, online = true): DeviceView => ({
  remoteId,
  alias: `PC-${remoteId}`,
  online,
  status: 'enabled',
  has2fa: true,
});
const answer = (devices: DeviceView[]): RefreshResult => ({
  devices,
  changes: [],
  accountPagesRead: [1],
  searched: false,
});

/** A live status whose refreshes the test answers one by one. */
function fakeLive(classroomId: string) {
  const pending: {
    resolve: (result: RefreshResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const live: LiveClassroom = {
    classroomId,
    refresh: (signal) => {
      signals.push(signal);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    seed: vi.fn(),
    password: (remoteId) => (remoteId === '1' ? 'pa55' : undefined),
  };
  return { live, pending, signals };
}

const session = (mode: Session['mode'], current: string | null): Session => ({
  mode,
  serviceUrl: 'https://service.example',
  client: {} as ServiceClient,
  notebook: memoryNotebook({ current, recent: [], accesses: [], scheduledEnds: [] }),
});

function watchWith(options: { cached?: CachedClassroom } = {}) {
  let generation = 1;
  const lives: ReturnType<typeof fakeLive>[] = [];
  const changes: ClassTrayChange[] = [];
  const written: ClassroomToCache[] = [];
  const logger = recordingLogger();
  const onClassroom = vi.fn();
  const watch = new ClassroomWatch({
    cache: {
      read: async () => options.cached,
      write: async (entry) => {
        written.push(entry);
      },
    },
    clock: () => Date.now(),
    timers: systemTimers,
    log: logger.log,
    poll: { visibleSeconds: 10, hiddenSeconds: 60 },
    generation: () => generation,
    emit: (change) => changes.push(change),
    onClassroom,
    onAccesses: vi.fn(),
    openLive: (_client, classroomId) => {
      const made = fakeLive(classroomId);
      lives.push(made);
      return made.live;
    },
  });
  return {
    watch,
    lives,
    changes,
    written,
    logger,
    onClassroom,
    bump: () => generation++,
  };
}

beforeEach(() => {
  // Faked from a fixed instant, not the wall clock's: Date.now() below reads this clock.
  vi.useFakeTimers({ now: new Date('2026-01-07T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Room A's devices as the disk cache kept them, saved on 5 January at 09:00 UTC. */
const roomACached = (devices: CachedClassroom['devices']): CachedClassroom => ({
  serviceUrl: 'https://service.example',
  classroomId: 'room-a',
  savedAt: '2026-01-05T09:00:00.000Z',
  devices,
});

describe('the classroom watch', () => {
  it('reads the classroom, says ok, and keeps the devices in the cache of a service', async () => {
    const { watch, lives, written } = watchWith();
    await watch.watch(session('service', 'room-a'));
    expect(watch.connection.status).toBe('connecting');
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.devices).toEqual([device('1')]);
    expect(watch.connection).toMatchObject({ status: 'ok', problem: null });
    expect(written).toHaveLength(1);
    expect(watch.password('1')).toBe('pa55');
    watch.stop();
  });

  it('writes a changed device to the cache at once, online states once a minute, the rest as it closes', async () => {
    const { watch, lives, written } = watchWith();
    await watch.watch(session('service', 'room-a'));
    watch.setVisible(true);
    const refreshed = async (devices: DeviceView[], changes: RefreshResult['changes']) => {
      const live = lives[0];
      live?.pending[live.pending.length - 1]?.resolve({ ...answer(devices), changes });
      await vi.advanceTimersByTimeAsync(0);
      return watch.connection.lastSuccessAt;
    };
    const online = (id: string, on: boolean) =>
      ({ type: 'online-changed', remoteId: id, online: on }) as const;
    await refreshed([device('1')], []);
    expect(written).toHaveLength(1);
    // Every 10 s, '1' goes offline, then online again: not written within the minute...
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    await refreshed([device('1', false)], [online('1', false)]);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    await refreshed([device('1')], [online('1', true)]);
    expect(written).toHaveLength(1);
    // ...but a device renamed is, at once.
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    const renamed = { ...device('1'), alias: 'Front desk' };
    const savedAt = await refreshed([renamed], [{ type: 'device-changed', device: renamed }]);
    expect(written).toHaveLength(2);
    expect(written[1]).toMatchObject({ devices: [renamed], savedAt });
    // A minute after that write, online states are written again.
    for (let poll = 1; poll <= 6; poll++) {
      await vi.advanceTimersByTimeAsync(10 * SECOND);
      const on = poll % 2 === 0;
      await refreshed([{ ...renamed, online: on }], [online('1', on)]);
      expect(written, `poll ${poll}`).toHaveLength(poll < 6 ? 2 : 3);
    }
    // What changed since, written as the watch closes, fresh as of the refresh that saw it.
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    const lastSeen = await refreshed([{ ...renamed, online: false }], [online('1', false)]);
    expect(written).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3 * SECOND);
    await watch.close();
    expect(written).toHaveLength(4);
    expect(written[3]).toMatchObject({
      devices: [{ ...renamed, online: false }],
      savedAt: lastSeen,
    });
    // Nothing left behind: closing again writes nothing.
    await watch.close();
    expect(written).toHaveLength(4);
  });

  it('writes the online states the cache lacks before it watches another classroom', async () => {
    const { watch, lives, written } = watchWith();
    await watch.watch(session('service', 'room-a'));
    watch.setVisible(true);
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    lives[0]?.pending[1]?.resolve({
      ...answer([device('1', false)]),
      changes: [{ type: 'online-changed', remoteId: '1', online: false }],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toHaveLength(1);
    await watch.watch(session('service', 'room-b'));
    expect(written).toHaveLength(2);
    expect(written[1]).toMatchObject({ classroomId: 'room-a', devices: [device('1', false)] });
    watch.stop();
  });

  it('starts from the cache, marked stale, and seeds the live status with it', async () => {
    const cached = roomACached([device('1', false)]);
    const { watch, lives } = watchWith({ cached });
    await watch.watch(session('service', 'room-a'));
    expect(watch.connection).toMatchObject({ status: 'stale', lastSuccessAt: cached.savedAt });
    expect(watch.devices).toEqual(cached.devices);
    expect(lives[0]?.live.seed).toHaveBeenCalledWith(cached.devices);
    watch.stop();
  });

  it('drops an answer that arrives after a switch began', async () => {
    const { watch, lives, bump } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    bump();
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.devices).toEqual([]);
    expect(watch.connection.status).toBe('connecting');
    watch.stop();
  });

  it("shows the service's problem and retries later", async () => {
    const { watch, lives } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    lives[0]?.pending[0]?.reject(
      new ServiceError({ kind: 'network', cause: 'refused', detail: 'ECONNREFUSED' }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.connection).toMatchObject({ status: 'offline', problem: { kind: 'network' } });
    expect(watch.connection.nextAttemptAt).not.toBeNull();
    watch.stop();
  });

  it('logs a rejected token and a service out of reach as each begins, never the token', async () => {
    const { watch, lives, logger } = watchWith();
    await watch.watch(session('service', 'room-a'));
    const rejected = () =>
      new ServiceError(
        { kind: 'unauthorized', status: 401, detail: 'token tok-s3cr3t-4711 is not valid' },
        { secret: 'tok-s3cr3t-4711' },
      );
    /** The next attempt (its retry, a second at a time) fails with `error`. */
    const next = async (error: ServiceError, index: number) => {
      while ((lives[0]?.pending.length ?? 0) <= index) await vi.advanceTimersByTimeAsync(SECOND);
      lives[0]?.pending[index]?.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    };
    await next(rejected(), 0);
    expect(watch.connection.problem?.kind).toBe('unauthorized');
    // Its retry, rejected again: not said again.
    await next(rejected(), 1);
    await next(new ServiceError({ kind: 'network', cause: 'refused', detail: 'ECONNREFUSED' }), 2);
    expect(logger.lines).toEqual([
      'Refreshing the classroom: The service refused the API token (HTTP 401): token [token] is not valid',
      'Refreshing the classroom: The service could not be reached (connection refused): ECONNREFUSED',
    ]);
    watch.stop();
  });

  it('logs a bug with its stack, shows it as internal, and plans no retry', async () => {
    const { watch, lives, logger } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    lives[0]?.pending[0]?.reject(new TypeError('devices is not iterable'));
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    expect(watch.connection.problem?.kind).toBe('internal');
    expect(watch.connection.nextAttemptAt).toBeNull();
    expect(lives[0]?.pending).toHaveLength(1);
    expect(logger.errors).toEqual([
      expect.stringMatching(/TypeError: devices is not iterable\n\s+at /),
    ]);
    watch.stop();
  });

  it('asks for nothing without a classroom or a token', async () => {
    const { watch, lives } = watchWith();
    await watch.watch(session('service', null));
    expect(watch.connection.status).toBe('no-classroom');
    await watch.watch({ ...session('service', 'room-a'), client: undefined });
    expect(watch.connection).toMatchObject({
      status: 'unauthorized',
      // Never asked, so never rejected: the window says no token is saved.
      problem: { kind: 'no-token' },
    });
    expect(lives).toHaveLength(0);
    watch.stop();
  });

  it('says slow once a refresh has run a poll interval, with no attempt time to show', async () => {
    const { watch, lives } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.connection.nextAttemptAt).not.toBeNull();
    // Shown: the next refresh starts at once and gets no answer.
    watch.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(lives[0]?.pending).toHaveLength(2);
    expect(watch.connection.status).toBe('ok');
    expect(watch.connection.nextAttemptAt).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * SECOND - 1);
    expect(watch.connection.status).toBe('ok');
    await vi.advanceTimersByTimeAsync(1);
    expect(watch.connection).toMatchObject({ status: 'slow', nextAttemptAt: null });
    lives[0]?.pending[1]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.connection.status).toBe('ok');
    expect(Date.parse(watch.connection.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
    watch.stop();
  });

  it('calls a refresh off at its 60 s deadline: its signal aborts and it fails as a timeout', async () => {
    const { watch, lives } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    const signal = lives[0]?.signals[0];
    await vi.advanceTimersByTimeAsync(60 * SECOND - 1);
    expect(signal?.aborted).toBe(false);
    expect(watch.connection.status).toBe('slow');
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(watch.connection).toMatchObject({
      status: 'offline',
      problem: {
        kind: 'network',
        detail: 'a whole refresh took longer than 60 s and was called off',
      },
    });
    expect(Date.parse(watch.connection.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
    // A late answer from the called-off refresh changes nothing.
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.devices).toEqual([]);
    watch.stop();
  });
});

describe("what the watch saw of each device's online status", () => {
  const wentOffline = { type: 'online-changed' as const, remoteId: '2', online: false };
  const cameBack = { type: 'online-changed' as const, remoteId: '2', online: true };

  it('dates a device going offline and when it was last seen online, then its return', async () => {
    const { watch, lives, changes } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    watch.setVisible(true);
    const live = lives[0];
    const firstAt = new Date().toISOString();
    live?.pending[0]?.resolve(answer([device('1'), device('2')]));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    const offlineAt = new Date().toISOString();
    live?.pending[1]?.resolve({
      ...answer([device('1'), device('2', false)]),
      changes: [wentOffline],
    });
    await vi.advanceTimersByTimeAsync(0);
    const offline = { changedAt: offlineAt, lastSeenOnlineAt: firstAt };
    expect(changes.filter((sent) => sent.type === 'devices')).toEqual([
      {
        type: 'devices',
        changes: [wentOffline],
        activity: { 2: offline },
      },
    ]);
    expect(watch.activity.get('2')).toEqual(offline);
    expect(watch.activity.has('1')).toBe(false);

    await vi.advanceTimersByTimeAsync(10 * SECOND);
    live?.pending[2]?.resolve({ ...answer([device('1'), device('2')]), changes: [cameBack] });
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.activity.get('2')).toEqual({
      changedAt: new Date().toISOString(),
      lastSeenOnlineAt: null,
    });
    watch.stop();
  });

  it('sends no activity with a refresh that changed no online status', async () => {
    const { watch, lives, changes } = watchWith();
    await watch.watch(session('demo', 'room-a'));
    watch.setVisible(true);
    lives[0]?.pending[0]?.resolve(answer([device('1')]));
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    const renamed = { ...device('1'), alias: 'Front desk' };
    const change = { type: 'device-changed' as const, device: renamed };
    lives[0]?.pending[1]?.resolve({ ...answer([renamed]), changes: [change] });
    await vi.advanceTimersByTimeAsync(0);
    expect(changes.find((sent) => sent.type === 'devices')).toEqual({
      type: 'devices',
      changes: [change],
    });
    watch.stop();
  });

  it('does not call the difference from the disk cache a change it saw', async () => {
    const cached = roomACached([device('2')]);
    const { watch, lives } = watchWith({ cached });
    await watch.watch(session('service', 'room-a'));
    lives[0]?.pending[0]?.resolve({ ...answer([device('2', false)]), changes: [wentOffline] });
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.activity.size).toBe(0);
    watch.stop();
  });
});
