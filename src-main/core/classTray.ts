/**
 * The core: settings, token vault, service client, live classroom status and temporal accesses,
 * behind the one API both hosts expose (classTrayApi.ts). Plain Node; never imports electron.
 *
 * A *session* is the account in use: the in-process demo service, or the configured service
 * with the token from the vault. Changing mode, URL, token or auth header opens a new session;
 * a refresh that was under way for an older session or classroom is discarded on arrival.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../contract/wire';
import type { RunningLocalService } from '../local-service/index';
import { createDemoAccount, startLocalService } from '../local-service/index';
import { ApiInputError, parseInput } from './apiInput';
import type {
  AccountView,
  ClassTrayApi,
  ClassTrayChange,
  ClassTrayHostControls,
  ClassTrayState,
  ClassroomView,
  ConnectionStatus,
  ConnectionView,
  InvalidateResultView,
  PreferencesView,
  TrackedAccessView,
} from './classTrayApi';
import { actionInputs } from './classTrayApi';
import type { ServiceClient } from './client';
import { createServiceClient } from './client';
import { ClassroomCache } from './classroomCache';
import { deviceListsOf } from './deviceLists';
import type { DeviceView } from './liveStatus';
import { ClassroomLiveStatus } from './liveStatus';
import type { Notebook } from './notebook';
import { demoNotebook, settingsNotebook, withRecent } from './notebook';
import type { Timers } from './refreshSchedule';
import { RefreshSchedule, systemTimers } from './refreshSchedule';
import type { ServiceErrorKind } from './serviceErrors';
import { ServiceError, isServiceError } from './serviceErrors';
import type { OpenSettingsOptions, SettingsPatch, SettingsStore } from './settings';
import { SettingsValidationError, openSettings } from './settings';
import { extractToken, invalidateAccess } from './temporalAccess';
import type { SecretFallback, VaultStatus } from './vault';
import { TokenVault, VaultError } from './vault';

export interface ClassTrayOptions {
  /** Settings and the classroom cache live here. */
  dataDir: string;
  /** CLASSTRAY_TOKEN overrides the saved token for this run. Default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The Electron host passes electron-store; default conf. */
  createSettingsBackend?: OpenSettingsOptions['createBackend'];
  /** Default: import('keytar'). */
  loadKeytar?: () => Promise<unknown>;
  /** Where the token goes when keytar cannot (Electron's safeStorage in the tray app). */
  secretFallback?: SecretFallback;
  warn?: (message: string) => void;
  clock?: Clock;
  timers?: Timers;
  /** Per-request timeout and retry waits of the service client; tests shrink them. */
  request?: { timeoutMs?: number; retryBaseDelayMs?: number };
  /** How the service is reached; the tray app passes Electron's net.fetch. Default: Node's. */
  fetch?: typeof fetch;
}

/** What a host holds: the renderer-facing API plus the host-only controls. */
export type ClassTray = ClassTrayApi & ClassTrayHostControls;

interface Session {
  mode: 'demo' | 'service';
  /** The demo's in-process address, or the configured service URL. */
  serviceUrl: string | null;
  /** Absent: no token, so nothing can be asked of the service. */
  client: ServiceClient | undefined;
  notebook: Notebook;
}

type Problem = { kind: ServiceErrorKind; detail: string };

interface DemoSchool {
  service: RunningLocalService;
  notebook: Notebook;
}

const NO_TOKEN: Problem = {
  kind: 'unauthorized',
  detail: 'No API token is saved for this service: add one in the settings.',
};

export async function createClassTray(options: ClassTrayOptions): Promise<ClassTray> {
  const warn = options.warn ?? console.warn;
  const timers = options.timers ?? systemTimers;
  const clock = options.clock ?? (() => timers.now());
  const settings = openSettings({
    dataDir: options.dataDir,
    warn,
    now: clock,
    ...(options.createSettingsBackend ? { createBackend: options.createSettingsBackend } : {}),
  });
  const vault = new TokenVault({
    env: options.env ?? process.env,
    warn,
    ...(options.loadKeytar ? { loadKeytar: options.loadKeytar } : {}),
    ...(options.secretFallback ? { fallback: options.secretFallback } : {}),
  });
  const core = new Core(settings, vault, new ClassroomCache(options.dataDir, warn), {
    warn,
    clock,
    timers,
    request: { ...options.request, ...(options.fetch ? { fetch: options.fetch } : {}) },
  });
  await core.start();
  return core;
}

type CoreRequestOptions = NonNullable<ClassTrayOptions['request']> &
  Pick<ClassTrayOptions, 'fetch'>;

class Core implements ClassTray {
  readonly #listeners = new Set<(change: ClassTrayChange) => void>();
  readonly #settings: SettingsStore;
  readonly #vault: TokenVault;
  readonly #cache: ClassroomCache;
  readonly #schedule: RefreshSchedule;
  readonly #clock: Clock;
  readonly #warn: (message: string) => void;
  readonly #request: CoreRequestOptions;
  #session: Session | undefined;
  #demo: DemoSchool | undefined;
  #tokenStatus: VaultStatus | undefined;
  #live: ClassroomLiveStatus | undefined;
  #devices: DeviceView[] = [];
  /** Bumped on every session or classroom switch: answers for an older one are dropped. */
  #generation = 0;
  /** Session switches run one after another, in the order asked. */
  #switching: Promise<void> = Promise.resolve();
  /** After close(), no switch runs: it could start a demo service nothing would stop. */
  #closed = false;
  /** Invalidations under way, by token: a second click joins the first (its retry would read 422). */
  readonly #invalidating = new Map<string, Promise<InvalidateResultView>>();
  /** The cache entry is rewritten when the devices change, not on every poll. */
  #cachedGeneration = -1;
  #connection: ConnectionView = {
    status: 'connecting',
    lastSuccessAt: null,
    problem: null,
    nextAttemptAt: null,
  };

  constructor(
    settings: SettingsStore,
    vault: TokenVault,
    cache: ClassroomCache,
    options: {
      warn: (message: string) => void;
      clock: Clock;
      timers: Timers;
      request: CoreRequestOptions;
    },
  ) {
    this.#settings = settings;
    this.#vault = vault;
    this.#cache = cache;
    this.#warn = options.warn;
    this.#clock = options.clock;
    this.#request = options.request;
    const { poll } = settings.get();
    this.#schedule = new RefreshSchedule(() => this.#refreshClassroom(), {
      visibleMs: poll.visibleSeconds * 1000,
      hiddenMs: poll.hiddenSeconds * 1000,
      timers: options.timers,
      onPlan: (nextAt) => {
        const nextAttemptAt = nextAt === undefined ? null : new Date(nextAt).toISOString();
        if (nextAttemptAt !== this.#connection.nextAttemptAt) {
          this.#setConnection({ ...this.#connection, nextAttemptAt });
        }
      },
    });
  }

  async start(): Promise<void> {
    await this.#openSession();
  }

  // ---- the renderer-facing API ----

  async getState(): Promise<ClassTrayState> {
    await this.#switching;
    return {
      account: this.#accountView(),
      classroom: this.#classroomView(),
      connection: this.#connection,
      temporalAccesses: this.#accessViews(),
      preferences: this.#preferencesView(),
    };
  }

  subscribe(listener: (change: ClassTrayChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async refresh(): Promise<void> {
    await this.#switching;
    await this.#schedule.refreshNow();
  }

  async selectClassroom(input: unknown): Promise<void> {
    const { id, nickname } = parseInput('selectClassroom', actionInputs.selectClassroom, input);
    const notebook = await this.#notebook();
    write(() =>
      notebook.write({ current: id, recent: withRecent(notebook.read().recent, id, nickname) }),
    );
    await this.#switchClassroom();
  }

  async renameClassroom(input: unknown): Promise<void> {
    const { id, nickname } = parseInput('renameClassroom', actionInputs.renameClassroom, input);
    const notebook = await this.#notebook();
    const recent = notebook
      .read()
      .recent.map((classroom) =>
        classroom.id !== id ? classroom : nickname === null ? { id } : { id, nickname },
      );
    write(() => notebook.write({ recent }));
    this.#emit({ type: 'classroom', classroom: this.#classroomView() });
  }

  async forgetClassroom(input: unknown): Promise<void> {
    const { id } = parseInput('forgetClassroom', actionInputs.forgetClassroom, input);
    const notebook = await this.#notebook();
    const page = notebook.read();
    const recent = page.recent.filter((classroom) => classroom.id !== id);
    if (page.current !== id) {
      write(() => notebook.write({ recent }));
      this.#emit({ type: 'classroom', classroom: this.#classroomView() });
      return;
    }
    write(() => notebook.write({ recent, current: recent[0]?.id ?? null }));
    await this.#switchClassroom();
  }

  async addTemporalAccess(input: unknown) {
    const { linkOrToken, label, remoteId } = parseInput(
      'addTemporalAccess',
      actionInputs.addTemporalAccess,
      input,
    );
    const found = extractToken(linkOrToken);
    if ('problem' in found) return { ok: false as const, problem: found.problem };
    const notebook = await this.#notebook();
    const { accesses } = notebook.read();
    if (accesses.some((access) => access.token === found.token)) {
      return { ok: false as const, problem: 'already-tracked' as const };
    }
    const added = {
      token: found.token,
      ...(label ? { label } : {}),
      ...(remoteId === undefined ? {} : { remoteId }),
      addedAt: new Date(this.#clock()).toISOString(),
    };
    write(() => notebook.write({ accesses: [added, ...accesses] }));
    this.#emitAccesses();
    return { ok: true as const, access: this.#accessView(added) };
  }

  async removeTemporalAccess(input: unknown): Promise<void> {
    const { token } = parseInput('removeTemporalAccess', actionInputs.temporalAccess, input);
    const notebook = await this.#notebook();
    const accesses = notebook.read().accesses.filter((access) => access.token !== token);
    write(() => notebook.write({ accesses }));
    this.#emitAccesses();
  }

  async invalidateTemporalAccess(input: unknown): Promise<InvalidateResultView> {
    const { token } = parseInput('invalidateTemporalAccess', actionInputs.temporalAccess, input);
    const running = this.#invalidating.get(token);
    if (running) return running;
    const invalidation = this.#invalidate(token).finally(() => this.#invalidating.delete(token));
    this.#invalidating.set(token, invalidation);
    return invalidation;
  }

  async #invalidate(token: string): Promise<InvalidateResultView> {
    await this.#switching;
    const session = this.#session;
    const tracked = session?.notebook.read().accesses.find((access) => access.token === token);
    if (session === undefined || tracked === undefined) {
      throw new ApiInputError('This temporal access is not in the list: add it first.');
    }
    const { warnNo2fa } = this.#accessView(tracked);
    if (session.client === undefined) return { kind: 'failed', problem: NO_TOKEN };
    const client = session.client;
    let outcome;
    try {
      outcome = await invalidateAccess(
        token,
        (accessToken) => client.invalidate(accessToken),
        (error) => isServiceError(error, 'already-ended'),
        this.#clock,
      );
    } catch (error) {
      return { kind: 'failed', problem: problemOf(error) };
    }
    const learnedAt = new Date(this.#clock()).toISOString();
    const lastOutcome =
      outcome.kind === 'invalidated'
        ? { kind: outcome.kind, sessionExpiresAt: outcome.sessionExpiresAt, learnedAt }
        : { kind: outcome.kind, learnedAt };
    // The session may have changed while the service answered: record it where it was tracked.
    const accesses = session.notebook
      .read()
      .accesses.map((access) => (access.token === token ? { ...access, lastOutcome } : access));
    write(() => session.notebook.write({ accesses }));
    this.#emitAccesses();
    return { ...outcome, warnNo2fa };
  }

  async connectService(input: unknown): Promise<void> {
    const { serviceUrl, token, authHeader } = parseInput(
      'connectService',
      actionInputs.connectService,
      input,
    );
    if (token !== undefined) {
      try {
        await this.#vault.setToken(serviceUrl, token);
      } catch (error) {
        if (error instanceof VaultError) throw new ApiInputError(error.message);
        throw error;
      }
    }
    this.#updateSettings({
      serviceUrl,
      mode: 'service',
      ...(authHeader === undefined ? {} : { authHeader }),
    });
    await this.#openSession();
  }

  async forgetToken(): Promise<void> {
    const { serviceUrl } = this.#settings.get();
    if (serviceUrl === null) return;
    await this.#vault.forgetToken(serviceUrl);
    await this.#openSession();
  }

  async setMode(input: unknown): Promise<void> {
    const { mode } = parseInput('setMode', actionInputs.setMode, input);
    if (mode === 'service' && this.#settings.get().serviceUrl === null) {
      throw new ApiInputError('No service URL is saved yet: connect your account first.');
    }
    this.#updateSettings({ mode });
    await this.#openSession();
  }

  async updatePreferences(input: unknown): Promise<void> {
    const { poll, notifications, language, startAtLogin, compactView } = parseInput(
      'updatePreferences',
      actionInputs.updatePreferences,
      input,
    );
    const current = this.#settings.get().poll;
    this.#updateSettings({
      ...(poll === undefined
        ? {}
        : {
            poll: {
              visibleSeconds: poll.visibleSeconds ?? current.visibleSeconds,
              hiddenSeconds: poll.hiddenSeconds ?? current.hiddenSeconds,
            },
          }),
      ...(notifications === undefined ? {} : { notifications }),
      ...(language === undefined ? {} : { language }),
      ...(startAtLogin === undefined ? {} : { startAtLogin }),
      ...(compactView === undefined ? {} : { compactView }),
    });
    const updated = this.#settings.get().poll;
    this.#schedule.setIntervals(updated.visibleSeconds * 1000, updated.hiddenSeconds * 1000);
    this.#emit({ type: 'preferences', preferences: this.#preferencesView() });
  }

  // ---- host controls ----

  setWindowVisible(visible: boolean): void {
    void this.#schedule.setVisible(visible);
  }

  suspend(): void {
    this.#schedule.suspend();
  }

  resume(): void {
    void this.#schedule.resume();
  }

  async devicePassword(input: unknown): Promise<string | null> {
    const { remoteId } = parseInput('devicePassword', actionInputs.device, input);
    return this.#live?.password(remoteId) ?? null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#schedule.stop();
    this.#generation++;
    this.#listeners.clear();
    await this.#switching;
    await this.#demo?.service.close();
    this.#demo = undefined;
  }

  // ---- sessions and classrooms ----

  #openSession(): Promise<void> {
    const next = this.#switching.then(async () => {
      if (this.#closed) return;
      this.#generation++;
      this.#session = await this.#newSession();
      this.#emit({ type: 'account', account: this.#accountView() });
      this.#emitAccesses();
      await this.#useClassroom();
    });
    // A failed switch must not block the ones after it; the caller still sees its error.
    this.#switching = next.catch(() => undefined);
    return next;
  }

  #switchClassroom(): Promise<void> {
    const next = this.#switching.then(async () => {
      if (this.#closed) return;
      this.#generation++;
      await this.#useClassroom();
    });
    this.#switching = next.catch(() => undefined);
    return next;
  }

  async #newSession(): Promise<Session> {
    const { mode, serviceUrl, authHeader } = this.#settings.get();
    if (mode === 'demo' || serviceUrl === null) {
      this.#tokenStatus = undefined;
      const demo = await this.#startDemo();
      return {
        mode: 'demo',
        serviceUrl: demo.service.url,
        client: this.#client(demo.service.url, demo.service.token, demo.service.authHeader),
        notebook: demo.notebook,
      };
    }
    this.#tokenStatus = await this.#vault.status(serviceUrl);
    const token = await this.#vault.getToken(serviceUrl);
    return {
      mode: 'service',
      serviceUrl,
      client: token === null ? undefined : this.#client(serviceUrl, token, authHeader),
      notebook: settingsNotebook(this.#settings),
    };
  }

  /** The demo school runs in-process, on a random port with a random token, once per run. */
  async #startDemo(): Promise<DemoSchool> {
    if (this.#demo) return this.#demo;
    const account = createDemoAccount(this.#clock());
    const service = await startLocalService({
      token: randomBytes(24).toString('base64url'),
      fixture: account,
      clock: this.#clock,
    });
    this.#demo = {
      service,
      notebook: demoNotebook(account, new Date(this.#clock()).toISOString()),
    };
    return this.#demo;
  }

  #client(baseUrl: string, token: string, authHeader: string): ServiceClient {
    const { timeoutMs, retryBaseDelayMs, fetch } = this.#request;
    return createServiceClient({
      baseUrl,
      token,
      authHeader,
      clock: this.#clock,
      ...(fetch === undefined ? {} : { fetch }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(retryBaseDelayMs === undefined ? {} : { retry: { baseDelayMs: retryBaseDelayMs } }),
    });
  }

  /** Points the live status at the notebook's current classroom and refreshes it. */
  async #useClassroom(): Promise<void> {
    const session = this.#session;
    const classroomId = session?.notebook.read().current ?? null;
    this.#live =
      session?.client && classroomId !== null
        ? new ClassroomLiveStatus(deviceListsOf(session.client), classroomId)
        : undefined;
    const cached =
      session?.mode === 'service' && session.serviceUrl !== null && classroomId !== null
        ? await this.#cache.read(session.serviceUrl, classroomId)
        : undefined;
    this.#devices = cached?.devices ?? [];
    if (cached) this.#live?.seed(cached.devices);
    const connection: ConnectionView = {
      status:
        classroomId === null
          ? 'no-classroom'
          : session?.client === undefined
            ? 'unauthorized'
            : cached
              ? 'stale'
              : 'connecting',
      lastSuccessAt: cached?.savedAt ?? null,
      problem: classroomId !== null && session?.client === undefined ? NO_TOKEN : null,
      nextAttemptAt: null,
    };
    this.#emit({ type: 'classroom', classroom: this.#classroomView() });
    this.#emitAccesses();
    this.#setConnection(connection);
    // A refresh still running is for the previous classroom: this one is read right after it.
    if (this.#live) void this.#schedule.refreshAfterCurrent();
  }

  /** One scheduled refresh; rejects (with the service's error) so the schedule backs off. */
  async #refreshClassroom(): Promise<void> {
    const live = this.#live;
    const session = this.#session;
    if (live === undefined || session === undefined) return;
    const generation = this.#generation;
    // A switch bumps the generation before its new session exists, so a refresh that starts
    // meanwhile (window shown, timer) still reads the old classroom: it must not count either.
    const outdated = () => generation !== this.#generation || live !== this.#live;
    try {
      const result = await live.refresh();
      if (outdated()) return;
      const firstLoad = this.#devices.length === 0;
      this.#devices = result.devices;
      // A classroom seen for the first time goes out whole, not as one change per device.
      if (firstLoad) this.#emit({ type: 'classroom', classroom: this.#classroomView() });
      else for (const change of result.changes) this.#emit(change);
      if (result.changes.some((change) => change.type !== 'online-changed')) this.#emitAccesses();
      this.#setConnection({
        ...this.#connection,
        status: 'ok',
        lastSuccessAt: new Date(this.#clock()).toISOString(),
        problem: null,
      });
      if (session.mode === 'service' && session.serviceUrl !== null) {
        await this.#saveCache(session.serviceUrl, live.classroomId, result.changes.length > 0);
      }
    } catch (error) {
      if (outdated()) return;
      const problem = problemOf(error);
      if (problem.kind === 'classroom-not-found' && this.#devices.length > 0) {
        this.#devices = [];
        this.#emit({ type: 'classroom', classroom: this.#classroomView() });
      }
      this.#setConnection({ ...this.#connection, status: statusOf(problem), problem });
      throw error;
    }
  }

  async #saveCache(serviceUrl: string, classroomId: string, changed: boolean): Promise<void> {
    if (!changed && this.#cachedGeneration === this.#generation) return;
    this.#cachedGeneration = this.#generation;
    await this.#cache.write({
      serviceUrl,
      classroomId,
      savedAt: new Date(this.#clock()).toISOString(),
      devices: this.#devices,
    });
  }

  async #notebook(): Promise<Notebook> {
    await this.#switching;
    if (this.#session === undefined) throw new Error('ClassTray has not started.');
    return this.#session.notebook;
  }

  #updateSettings(patch: SettingsPatch): void {
    write(() => this.#settings.update(patch));
  }

  // ---- views ----

  #accountView(): AccountView {
    const { serviceUrl, authHeader, mode } = this.#settings.get();
    const status = this.#tokenStatus;
    return {
      mode: this.#session?.mode ?? mode,
      serviceUrl,
      authHeader,
      token: {
        set: status?.hasToken ?? false,
        location: status?.location ?? 'keychain',
        note: status?.reason ?? null,
      },
    };
  }

  #classroomView(): ClassroomView {
    const page = this.#session?.notebook.read();
    const id = page?.current ?? null;
    const recent = [...(page?.recent ?? [])];
    return {
      id,
      nickname: recent.find((classroom) => classroom.id === id)?.nickname ?? null,
      recent,
      devices: this.#devices,
    };
  }

  #accessViews(): TrackedAccessView[] {
    return (this.#session?.notebook.read().accesses ?? []).map((access) =>
      this.#accessView(access),
    );
  }

  #accessView(access: ReturnType<Notebook['read']>['accesses'][number]): TrackedAccessView {
    const device = this.#devices.find((candidate) => candidate.remoteId === access.remoteId);
    return {
      token: access.token,
      label: access.label ?? null,
      remoteId: access.remoteId ?? null,
      deviceAlias: device?.alias ?? null,
      addedAt: access.addedAt,
      lastOutcome: access.lastOutcome ?? null,
      warnNo2fa: device?.has2fa === false,
    };
  }

  #preferencesView(): PreferencesView {
    const { poll, notifications, language, startAtLogin, compactView } = this.#settings.get();
    return {
      poll: { ...poll },
      notifications: { ...notifications },
      language,
      startAtLogin,
      compactView,
    };
  }

  #setConnection(connection: ConnectionView): void {
    this.#connection = connection;
    this.#emit({ type: 'connection', connection });
  }

  #emitAccesses(): void {
    this.#emit({ type: 'temporal-accesses', temporalAccesses: this.#accessViews() });
  }

  #emit(change: ClassTrayChange): void {
    for (const listener of this.#listeners) {
      // A failing host listener must not break the refresh or the action that emitted.
      try {
        listener(change);
      } catch (error) {
        this.#warn(
          `A change listener failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}

/** Runs a settings write, turning a rejected value into an input error for the renderer. */
function write(update: () => void): void {
  try {
    update();
  } catch (error) {
    if (error instanceof SettingsValidationError) throw new ApiInputError(error.message);
    throw error;
  }
}

function problemOf(error: unknown): Problem {
  if (error instanceof ServiceError) return { kind: error.kind, detail: error.detail };
  return { kind: 'bad-response', detail: error instanceof Error ? error.message : String(error) };
}

function statusOf(problem: Problem): ConnectionStatus {
  switch (problem.kind) {
    case 'unauthorized':
      return 'unauthorized';
    case 'classroom-not-found':
      return 'classroom-not-found';
    case 'network':
      return 'offline';
    default:
      return 'stale';
  }
}
