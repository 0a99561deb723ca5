/**
 * The watch on the current classroom: its live status, refreshed on the schedule; the state of
 * the connection; and the last known devices, kept on disk for a restart while offline. An answer
 * for a classroom or session that is no longer the current one is dropped on arrival.
 *
 * A whole refresh has a deadline (every page, every retry): past it the refresh is called off
 * (its requests aborted, nothing committed) and fails as a timeout. Before that, once it has run
 * for a poll interval, the connection says `slow`, so the window never sits silent on old data.
 */
import type { Clock } from '../../../src-shared/clock';
import type { ClassTrayChange } from '../api/classTrayApi';
import type { ConnectionView, DeviceActivity } from './classroomView';
import type { CachedClassroom, ClassroomToCache } from './classroomCache';
import type { ServiceClient } from '../service/client';
import { deviceListsOf } from './deviceLists';
import type { DeviceView, RefreshResult } from './liveStatus';
import { ClassroomLiveStatus } from './liveStatus';
import type { Logger } from '../logger';
import type { Timers } from './refreshSchedule';
import { RefreshHalt, RefreshSchedule } from './refreshSchedule';
import { ServiceError, connectionProblemOf } from '../service/serviceErrors';
import type { Session } from '../account/sessions';
import { NO_TOKEN, statusOf } from './classroomView';

/** One classroom's live status, as the watch uses it (ClassroomLiveStatus, or a fake). */
export interface LiveClassroom {
  readonly classroomId: string;
  /** Aborting `signal` calls the refresh off: it rejects and commits nothing. */
  refresh(signal?: AbortSignal): Promise<RefreshResult>;
  seed(devices: readonly DeviceView[]): void;
  password(remoteId: string): string | undefined;
}

/** Where the last known devices live between runs (ClassroomCache, or a fake). */
export interface DeviceCache {
  read(serviceUrl: string, classroomId: string): Promise<CachedClassroom | undefined>;
  write(entry: ClassroomToCache): Promise<void>;
}

export interface ClassroomWatchOptions {
  cache: DeviceCache;
  clock: Clock;
  timers: Timers;
  log: Logger;
  poll: { visibleSeconds: number; hiddenSeconds: number };
  /** The sessions' generation: a refresh begun under another one is out of date. */
  generation: () => number;
  /** What the watch has to say: device changes, the connection, the whole classroom. */
  emit: (change: Exclude<ClassTrayChange, { type: 'classroom' | 'temporal-accesses' }>) => void;
  /** The devices were replaced: the classroom view goes out whole. */
  onClassroom: () => void;
  /** The devices changed in a way the tracked accesses show (alias, 2FA): they go out again. */
  onAccesses: () => void;
  openLive?: (client: ServiceClient, classroomId: string) => LiveClassroom;
  /** The longest one whole refresh may take. Default 60 s. */
  refreshDeadlineMs?: number;
}

const DEFAULT_REFRESH_DEADLINE_MS = 60_000;

/**
 * While only online states change, the cache is rewritten at most this often (and when the watch
 * moves to another classroom or closes): it is read only after a restart while offline, where
 * those states are shown as of when they were saved, and a large room's entry (every device's
 * view) was written again at every poll of a lesson. A device added, removed or changed is
 * written at once.
 */
export const CACHE_ONLINE_EVERY_MS = 60_000;

export class ClassroomWatch {
  readonly #options: ClassroomWatchOptions;
  readonly #schedule: RefreshSchedule;
  readonly #openLive: NonNullable<ClassroomWatchOptions['openLive']>;
  #session: Session | undefined;
  #live: LiveClassroom | undefined;
  #devices: readonly DeviceView[] = [];
  /** Per remote id (unique in an account, so kept across classrooms of one session). */
  #activity = new Map<string, DeviceActivity>();
  /**
   * When the last refresh that succeeded ran: a device it saw online and this one sees offline
   * was last seen online then (its "last seen online").
   */
  #lastLiveAt: string | null = null;
  /** Whether a refresh of this classroom succeeded yet: only a change between two seen is news. */
  #watchedLive = false;
  /** The cache entry is rewritten when the devices change, not on every poll. */
  #cachedGeneration = -1;
  /** When the cache was last written (the clock's ms). */
  #cachedAt = Number.NEGATIVE_INFINITY;
  /** Online states changed since the cache was last written: where they belong, until written. */
  #cacheBehind: { serviceUrl: string; classroomId: string } | undefined;
  /** A refresh running this long is slow: the visible poll interval. */
  #slowAfterMs: number;
  #connection: ConnectionView = {
    status: 'connecting',
    lastSuccessAt: null,
    problem: null,
    nextAttemptAt: null,
  };

  constructor(options: ClassroomWatchOptions) {
    this.#options = options;
    this.#slowAfterMs = options.poll.visibleSeconds * 1000;
    this.#openLive =
      options.openLive ??
      ((client, classroomId) => new ClassroomLiveStatus(deviceListsOf(client), classroomId));
    this.#schedule = new RefreshSchedule(() => this.#refresh(), {
      visibleMs: options.poll.visibleSeconds * 1000,
      hiddenMs: options.poll.hiddenSeconds * 1000,
      timers: options.timers,
      onPlan: (nextAt) => {
        const nextAttemptAt = nextAt === undefined ? null : new Date(nextAt).toISOString();
        if (nextAttemptAt !== this.#connection.nextAttemptAt) {
          this.#setConnection({ ...this.#connection, nextAttemptAt });
        }
      },
    });
  }

  get devices(): readonly DeviceView[] {
    return this.#devices;
  }

  get activity(): ReadonlyMap<string, DeviceActivity> {
    return this.#activity;
  }

  get connection(): ConnectionView {
    return this.#connection;
  }

  /** Points the watch at the session's current classroom, from the cache, and refreshes it. */
  async watch(session: Session): Promise<void> {
    // The online states the cache lacks are this classroom's, about to be replaced.
    await this.#catchUpCache();
    // Another account may use the same ids for other devices.
    if (session !== this.#session) {
      this.#activity = new Map();
      this.#lastLiveAt = null;
    }
    this.#watchedLive = false;
    this.#session = session;
    const classroomId = session.notebook.read().current;
    this.#live =
      session.client && classroomId !== null
        ? this.#openLive(session.client, classroomId)
        : undefined;
    const cached =
      session.mode === 'service' && classroomId !== null
        ? await this.#options.cache.read(session.serviceUrl, classroomId)
        : undefined;
    this.#devices = cached?.devices ?? [];
    if (cached) this.#live?.seed(cached.devices);
    this.#options.onClassroom();
    this.#options.onAccesses();
    this.#setConnection({
      status:
        classroomId === null
          ? 'no-classroom'
          : session.client === undefined
            ? 'unauthorized'
            : cached
              ? 'stale'
              : 'connecting',
      lastSuccessAt: cached?.savedAt ?? null,
      problem: classroomId !== null && session.client === undefined ? NO_TOKEN : null,
      nextAttemptAt: null,
    });
    // A refresh still running is for the previous classroom: this one is read right after it.
    if (this.#live) void this.#schedule.refreshAfterCurrent();
  }

  refreshNow(): Promise<void> {
    return this.#schedule.refreshNow();
  }

  setVisible(visible: boolean): void {
    void this.#schedule.setVisible(visible);
  }

  suspend(): void {
    this.#schedule.suspend();
  }

  resume(): void {
    void this.#schedule.resume();
  }

  setIntervals(poll: { visibleSeconds: number; hiddenSeconds: number }): void {
    this.#slowAfterMs = poll.visibleSeconds * 1000;
    this.#schedule.setIntervals(poll.visibleSeconds * 1000, poll.hiddenSeconds * 1000);
  }

  stop(): void {
    this.#schedule.stop();
  }

  /** Stops, and writes the online states the cache does not have yet. */
  async close(): Promise<void> {
    this.stop();
    await this.#catchUpCache();
  }

  /** A device's password, for an explicit copy action; null when it is not in this classroom. */
  password(remoteId: string): string | null {
    return this.#live?.password(remoteId) ?? null;
  }

  /** One scheduled refresh; rejects (with the service's error) so the schedule backs off. */
  async #refresh(): Promise<void> {
    const live = this.#live;
    const session = this.#session;
    if (live === undefined || session === undefined) return;
    const generation = this.#options.generation();
    // A switch bumps the generation before its new session exists, so a refresh that starts
    // meanwhile (window shown, timer) still reads the old classroom: it must not count either.
    const outdated = () => generation !== this.#options.generation() || live !== this.#live;
    try {
      const result = await this.#withinDeadline(live, outdated);
      if (outdated()) return;
      const firstLoad = this.#devices.length === 0;
      const activity = this.#noteActivity(this.#devices, result.devices);
      this.#devices = result.devices;
      // A classroom seen for the first time goes out whole, not as one change per device.
      if (firstLoad) this.#options.onClassroom();
      // One event for the whole refresh: a window then updates once, not once per device.
      else if (result.changes.length > 0) {
        this.#options.emit({
          type: 'devices',
          changes: result.changes,
          ...(Object.keys(activity).length > 0 ? { activity } : {}),
        });
      }
      if (result.changes.some((change) => change.type !== 'online-changed')) {
        this.#options.onAccesses();
      }
      this.#setConnection({
        ...this.#connection,
        status: 'ok',
        lastSuccessAt: new Date(this.#options.clock()).toISOString(),
        problem: null,
      });
      if (session.mode === 'service') {
        await this.#saveCache(session.serviceUrl, live.classroomId, generation, result);
      }
    } catch (error) {
      if (outdated()) return;
      const problem = connectionProblemOf(error, this.#options.log, 'Refreshing the classroom');
      // A rejected token or a service out of reach, into the log as well as the window (once
      // as it begins, not at every retry); the message never holds the token.
      if (
        error instanceof ServiceError &&
        (error.kind === 'unauthorized' || error.kind === 'network') &&
        this.#connection.problem?.kind !== error.kind
      ) {
        this.#options.log.warn(`Refreshing the classroom: ${error.message}`);
      }
      if (problem.kind === 'classroom-not-found' && this.#devices.length > 0) {
        this.#devices = [];
        this.#options.onClassroom();
      }
      this.#setConnection({ ...this.#connection, status: statusOf(problem), problem });
      // A bug is not the service's fault: no backoff against it, no retry until someone asks.
      throw problem.kind === 'internal' ? new RefreshHalt() : error;
    }
  }

  /**
   * Records the online changes between the last refresh and this one, and returns the activity
   * they changed. Devices from the disk cache or from before a switch were not watched live:
   * their difference is not a change ClassTray saw happen.
   */
  #noteActivity(
    before: readonly DeviceView[],
    after: readonly DeviceView[],
  ): Record<string, DeviceActivity> {
    const now = new Date(this.#options.clock()).toISOString();
    const changed: Record<string, DeviceActivity> = {};
    if (this.#watchedLive) {
      // The list's order rarely changes: a device is looked for where it was, else by its id.
      let byId: Map<string, boolean | null> | undefined;
      const previousOf = (device: DeviceView, index: number) => {
        const there = before[index];
        if (there?.remoteId === device.remoteId) return there.online;
        if (byId === undefined) {
          byId = new Map();
          for (const each of before) byId.set(each.remoteId, each.online);
        }
        return byId.get(device.remoteId);
      };
      after.forEach((device, index) => {
        const previous = previousOf(device, index);
        if (typeof previous !== 'boolean' || device.online === null) return;
        if (previous === device.online) return;
        const entry: DeviceActivity = {
          changedAt: now,
          // `before` is the last live refresh's: online then, so last seen online then.
          lastSeenOnlineAt: device.online ? null : this.#lastLiveAt,
        };
        this.#activity.set(device.remoteId, entry);
        changed[device.remoteId] = entry;
      });
    }
    this.#watchedLive = true;
    this.#lastLiveAt = now;
    return changed;
  }

  /** The live refresh, called off at the deadline; says `slow` once it has run a poll interval. */
  async #withinDeadline(live: LiveClassroom, outdated: () => boolean): Promise<RefreshResult> {
    const { timers } = this.#options;
    const deadlineMs = this.#options.refreshDeadlineMs ?? DEFAULT_REFRESH_DEADLINE_MS;
    const controller = new AbortController();
    const calledOff = new Promise<never>((_, reject) => {
      // The reason is the ServiceError given to abort() below.
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    const slow = timers.setTimeout(
      () => {
        if (!outdated()) this.#setConnection({ ...this.#connection, status: 'slow' });
      },
      Math.min(this.#slowAfterMs, deadlineMs / 2),
    );
    const deadline = timers.setTimeout(() => {
      controller.abort(
        new ServiceError({
          kind: 'network',
          cause: 'timeout',
          detail: `a whole refresh took longer than ${Math.round(deadlineMs / 1000)} s and was called off`,
        }),
      );
    }, deadlineMs);
    try {
      // Raced as well: a live status that ignored the signal must not hold the refresh past it.
      return await Promise.race([live.refresh(controller.signal), calledOff]);
    } finally {
      timers.clearTimeout(slow);
      timers.clearTimeout(deadline);
    }
  }

  async #saveCache(
    serviceUrl: string,
    classroomId: string,
    generation: number,
    result: RefreshResult,
  ): Promise<void> {
    const sameClassroom = this.#cachedGeneration === generation;
    if (result.changes.length === 0 && sameClassroom) return;
    const onlineOnly = result.changes.every((change) => change.type === 'online-changed');
    if (
      sameClassroom &&
      onlineOnly &&
      this.#options.clock() - this.#cachedAt < CACHE_ONLINE_EVERY_MS
    ) {
      this.#cacheBehind = { serviceUrl, classroomId };
      return;
    }
    this.#cachedGeneration = generation;
    await this.#writeCache(serviceUrl, classroomId);
  }

  async #catchUpCache(): Promise<void> {
    const behind = this.#cacheBehind;
    if (behind) await this.#writeCache(behind.serviceUrl, behind.classroomId);
  }

  /** The devices as the last refresh that succeeded saw them, fresh as of then. */
  async #writeCache(serviceUrl: string, classroomId: string): Promise<void> {
    this.#cachedAt = this.#options.clock();
    this.#cacheBehind = undefined;
    await this.#options.cache.write({
      serviceUrl,
      classroomId,
      savedAt: this.#connection.lastSuccessAt ?? new Date(this.#cachedAt).toISOString(),
      devices: this.#devices,
    });
  }

  #setConnection(connection: ConnectionView): void {
    this.#connection = connection;
    this.#options.emit({ type: 'connection', connection });
  }
}
