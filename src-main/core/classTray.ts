/**
 * The core behind the one API both hosts expose (classTrayApi.ts): a facade that parses each
 * input and hands it to the part that owns it: the sessions (which account, switched in order),
 * the classroom watch (live status, connection, schedule, cache), the access tracker, the end
 * schedule (the scheduled ends, fired at their time), and the view builders. Plain Node; never
 * imports electron, nor the local service (the demo school is the host's to start and pass in).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Clock } from '../../src-shared/clock';
import { AccessTracker, clearEnded } from './accesses/accessTracker';
import { parseInput, refused } from './api/apiInput';
import type { ClassTrayApi, ClassTrayHostControls, InstallationView } from './api/classTrayApi';
import { deviceInput, parseAction } from './api/classTrayApi';
import { createChangeFeed } from './api/changeFeed';
import { EndSchedule } from './ends/endSchedule';
import { ClassroomCache } from './classroom/classroomCache';
import { ClassroomWatch } from './classroom/classroomWatch';
import type { ServiceClient } from './service/client';
import type { Logger } from './logger';
import { createLogger } from './logger';
import type { NotebookContents } from './settings/notebook';
import { forgotten, renamed, withRecent } from './settings/notebook';
import type { Timers } from './classroom/refreshSchedule';
import { systemTimers } from './classroom/refreshSchedule';
import { ServiceError } from './service/serviceErrors';
import type { DemoSchool } from './account/sessions';
import { Sessions, updateSettings } from './account/sessions';
import type { OpenSettingsOptions } from './settings/settings';
import { openSettings } from './settings/settings';
import type { ManagedPolicy } from './policy/managedPolicy';
import { NO_POLICY } from './policy/managedPolicy';
import { SchoolPolicy, policyValuesOf } from './policy/schoolPolicy';
import type { SecretFallback } from './account/vault';
import { TokenVault } from './account/vault';
import { checkScheduledEnd, withScheduledEnd, withoutScheduledEnd } from './ends/scheduledEnds';
import {
  accessViews,
  accountView,
  classroomView,
  preferencesView,
  scheduleView,
} from './api/views';
import { Timetable } from './timetable/timetable';
import { scheduleTargetKey } from '../../src-shared/scheduleTarget';
import { TimetableCopy } from './timetable/timetableCopy';

export interface ClassTrayOptions {
  /** Settings and the classroom cache live here. */
  dataDir: string;
  /** Started on the first switch to demo data (startDemoSchool in src-main/hosts/). */
  demoSchool: () => Promise<DemoSchool>;
  /**
   * CLASSTRAY_TOKEN overrides the saved token for this run, for the service named by
   * CLASSTRAY_SERVICE_URL (or launchServiceUrl) only. Default process.env.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The --service-url the host was launched with: the service CLASSTRAY_TOKEN is for. */
  launchServiceUrl?: string;
  /**
   * The --classroom the host was launched with. With launchServiceUrl, the account of this run
   * whatever the network says, saved only once the service confirms it (sessions.ts).
   */
  launchClassroom?: string;
  /** The Electron host passes electron-store; default conf. */
  createSettingsBackend?: OpenSettingsOptions['createBackend'];
  /** Default: import('keytar'). */
  loadKeytar?: () => Promise<unknown>;
  /** Where the token goes when keytar cannot (Electron's safeStorage in the tray app). */
  secretFallback?: SecretFallback;
  /** How the service is asked: Electron passes net.fetch; default the global fetch. */
  fetch?: typeof fetch;
  log?: Logger;
  clock?: Clock;
  timers?: Timers;
  /**
   * What the school's IT set (policy/policySources.ts reads the OS's sources); default: nothing,
   * so tests and the preview never read this machine's policy unless asked.
   */
  readPolicy?: () => Promise<ManagedPolicy>;
  /** The machine's IANA zone (the weekly timetable's); default the system's. */
  machineZone?: () => string;
  /** Per-request timeout and retry waits of the service client; tests shrink them. */
  request?: { timeoutMs?: number; retryBaseDelayMs?: number };
}

/** What a host holds: the renderer-facing API plus the host-only controls. */
export type ClassTray = ClassTrayApi & ClassTrayHostControls;

export async function createClassTray(options: ClassTrayOptions): Promise<ClassTray> {
  const log = options.log ?? createLogger(console, 'core');
  const timers = options.timers ?? systemTimers;
  const clock = options.clock ?? (() => timers.now());
  const { timeoutMs, retryBaseDelayMs } = options.request ?? {};
  const settings = openSettings({
    dataDir: options.dataDir,
    log: log.child('settings'),
    now: clock,
    ...(options.createSettingsBackend ? { createBackend: options.createSettingsBackend } : {}),
  });
  const vault = new TokenVault({
    env: options.env ?? process.env,
    ...(options.launchServiceUrl === undefined
      ? {}
      : { launchServiceUrl: options.launchServiceUrl }),
    log: log.child('vault'),
    ...(options.loadKeytar ? { loadKeytar: options.loadKeytar } : {}),
    ...(options.secretFallback ? { fallback: options.secretFallback } : {}),
  });
  const policy = new SchoolPolicy({
    read: options.readPolicy ?? (async () => NO_POLICY),
    settings,
    dataDir: options.dataDir,
    timers,
    log: log.child('policy'),
    onChange: async (before) => {
      const after = settings.get();
      watch.setIntervals(after.poll);
      emit({ type: 'preferences', preferences: preferencesView(after) });
      const switched =
        before.serviceUrl !== after.serviceUrl ||
        before.authHeader !== after.authHeader ||
        before.mode !== after.mode;
      // A new session says the account itself; else only what is locked may have changed.
      if (switched) await sessions.open();
      else emit({ type: 'account', account: account() });
    },
  });
  // Read before the first session: it opens on the school's account.
  await policy.start();
  const launchServiceUrl = launchAllowed(options.launchServiceUrl, policy, log);
  const changes = createChangeFeed(log);
  // Nothing to say until a host says it (the preview never does).
  let installation: InstallationView = { updates: 'none', sandboxOff: false };
  const emit = changes.emit;
  const contents = () => sessions.current?.notebook.read();
  const account = () =>
    accountView(
      sessions.account(),
      sessions.current?.mode,
      sessions.tokenStatus,
      sessions.demoLinks,
      policy.locked,
    );
  const classroom = () => classroomView(contents(), watch.devices, watch.activity);
  const temporalAccesses = () => accessViews(contents(), watch.devices);
  const showClassroom = () => emit({ type: 'classroom', classroom: classroom() });
  const showAccesses = () =>
    emit({ type: 'temporal-accesses', temporalAccesses: temporalAccesses() });
  const schedule = () => scheduleView(contents(), ends.ran);
  const showTimetable = () => emit({ type: 'timetable', timetable: timetable.view() });
  const showSchedule = () => {
    emit({ type: 'schedule', schedule: schedule() });
    // Which lesson's end is on the schedule is the timetable's to show too.
    timetable.scheduleChanged();
    showTimetable();
  };
  let windowVisible = false;

  const retentionMs = () => settings.get().endedRetentionHours * 3_600_000;

  const watch: ClassroomWatch = new ClassroomWatch({
    cache: new ClassroomCache(options.dataDir, log.child('cache')),
    clock,
    timers,
    log,
    poll: settings.get().poll,
    generation: () => sessions.generation,
    emit,
    onClassroom: showClassroom,
    onAccesses: showAccesses,
  });
  const sessions: Sessions = new Sessions({
    settings,
    launch: {
      ...(launchServiceUrl === undefined ? {} : { serviceUrl: launchServiceUrl }),
      ...(options.launchClassroom === undefined ? {} : { classroomId: options.launchClassroom }),
    },
    vault,
    demoSchool: options.demoSchool,
    client: {
      clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(retryBaseDelayMs === undefined ? {} : { retry: { baseDelayMs: retryBaseDelayMs } }),
    },
    onSession: async (session) => {
      emit({ type: 'account', account: account() });
      clearEnded(session.notebook, clock(), retentionMs());
      showAccesses();
      ends.start(session);
      await watch.watch(session);
    },
    onClassroom: (session) => watch.watch(session),
  });
  const accesses = new AccessTracker({
    clock,
    log,
    session: () => sessions.settledSession(),
    devices: () => watch.devices,
    onChange: showAccesses,
    onScheduleChange: () => ends.accessEnded(),
    retentionMs,
  });
  const ends: EndSchedule = new EndSchedule({
    clock,
    timers,
    log: log.child('scheduled-end'),
    accesses,
    onChange: showSchedule,
  });
  const timetable: Timetable = new Timetable({
    settings,
    vault,
    copy: new TimetableCopy(options.dataDir, log.child('timetable')),
    fetch: options.fetch ?? fetch,
    clock,
    timers,
    log: log.child('timetable'),
    machineZone: options.machineZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    notebook: () => sessions.current?.notebook,
    onChange: showTimetable,
    onSchedule: () => ends.changed(),
    openClassroom: async (id) => {
      await sessions.writeNotebook(({ recent }) => ({
        current: id,
        recent: withRecent(recent, id, undefined),
      }));
    },
    windowVisible: () => windowVisible,
  });

  const classTray: ClassTray = {
    async getState() {
      await sessions.settled();
      const { connection } = watch;
      const preferences = preferencesView(settings.get());
      return {
        account: account(),
        classroom: classroom(),
        connection,
        temporalAccesses: temporalAccesses(),
        preferences,
        schedule: schedule(),
        timetable: timetable.view(),
        installation,
      };
    },
    subscribe: (listener) => changes.subscribe(listener),
    async refresh() {
      await sessions.settled();
      await accesses.clearEnded();
      await watch.refreshNow();
    },
    async selectClassroom(input) {
      const { id, nickname } = parseAction('selectClassroom', input);
      timetable.classroomPicked();
      const session = await sessions.settledSession();
      const known = session.notebook.read().recent.some((classroom) => classroom.id === id);
      // A mistyped id is refused before it joins the recent classrooms.
      if (!known && session.client) await checkClassroom(session.client, id);
      await sessions.writeNotebook(({ recent }) => ({
        current: id,
        recent: withRecent(recent, id, nickname),
      }));
    },
    async renameClassroom(input) {
      const { id, nickname } = parseAction('renameClassroom', input);
      const renaming = ({ recent }: NotebookContents) => ({
        recent: renamed(recent, id, nickname),
      });
      if (!(await sessions.writeNotebook(renaming))) showClassroom();
    },
    async forgetClassroom(input) {
      const { id } = parseAction('forgetClassroom', input);
      if (!(await sessions.writeNotebook((contents) => forgotten(contents, id)))) showClassroom();
    },
    addTemporalAccess: async (input) => accesses.add(parseAction('addTemporalAccess', input)),
    removeTemporalAccess: async (input) =>
      accesses.remove(parseAction('removeTemporalAccess', input).token),
    invalidateTemporalAccess: async (input) =>
      accesses.invalidate(parseAction('invalidateTemporalAccess', input).token),
    endAccesses: async (input) => {
      const { classroomId, tokens } = parseAction('endAccesses', input);
      return accesses.endAll(classroomId, tokens);
    },
    async scheduleEnd(input) {
      const end = parseAction('scheduleEnd', input);
      await sessions.writeNotebook((contents) => {
        checkScheduledEnd(contents, end, clock());
        return { scheduledEnds: withScheduledEnd(contents.scheduledEnds, end) };
      });
      ends.changed();
    },
    async cancelScheduledEnd(input) {
      const { target } = parseAction('cancelScheduledEnd', input);
      const key = scheduleTargetKey(target);
      const cancelled = contents()?.scheduledEnds.find(
        (end) => scheduleTargetKey(end.target) === key,
      );
      await sessions.writeNotebook(({ scheduledEnds }) => ({
        scheduledEnds: withoutScheduledEnd(scheduledEnds, target),
      }));
      // A lesson's end cancelled by hand stays off the schedule.
      if (cancelled !== undefined) timetable.endCancelled(cancelled);
      ends.changed();
    },
    async dismissScheduledEndReport(input) {
      ends.dismiss(parseAction('dismissScheduledEndReport', input));
    },
    async connectService(input) {
      const connecting = parseAction('connectService', input);
      policy.checkUnlocked({
        ServiceUrl: connecting.serviceUrl,
        ...(connecting.authHeader === undefined ? {} : { AuthHeader: connecting.authHeader }),
      });
      return sessions.connect(connecting);
    },
    forgetToken: () => sessions.forgetToken(),
    async setMode(input) {
      const { mode } = parseAction('setMode', input);
      if (mode === 'demo') policy.checkUnlocked({ DemoDataAllowed: true });
      return sessions.setMode(mode);
    },
    async updatePreferences(input) {
      const preferences = parseAction('updatePreferences', input);
      policy.checkUnlocked(policyValuesOf(preferences));
      // The settings merge each group one level, so a field left out keeps its saved value.
      updateSettings(settings, preferences);
      watch.setIntervals(settings.get().poll);
      emit({ type: 'preferences', preferences: preferencesView(settings.get()) });
      await accesses.clearEnded();
    },
    setTimetableSource: async (input) =>
      timetable.setSource(parseAction('setTimetableSource', input)),
    async refreshTimetable() {
      await timetable.refresh();
    },
    async mapTimetablePlace(input) {
      const { place, classroomId } = parseAction('mapTimetablePlace', input);
      timetable.mapPlace(place, classroomId);
    },
    async forgetTimetablePlace(input) {
      timetable.forgetPlace(parseAction('forgetTimetablePlace', input).place);
    },
    async setEndAtBell(input) {
      timetable.setEndAtBell(parseAction('setEndAtBell', input).on);
    },
    async keepAccessesAfterLesson(input) {
      timetable.keepAfter(parseAction('keepAccessesAfterLesson', input).key);
    },

    setWindowVisible(visible) {
      windowVisible = visible;
      watch.setVisible(visible);
      if (visible) timetable.windowShown();
    },
    suspend() {
      watch.suspend();
      ends.suspend();
    },
    resume() {
      ends.resume();
      watch.resume();
    },
    checkLaunch: () => sessions.checkLaunch(),
    async devicePassword(input) {
      return watch.password(parseInput('devicePassword', deviceInput, input).remoteId);
    },
    schoolPolicy: () => policy.current,
    setInstallation(next) {
      if (isDeepStrictEqual(next, installation)) return;
      installation = next;
      emit({ type: 'installation', installation });
    },
    scheduledEndsSettled: () => ends.settled(),
    async close() {
      policy.stop();
      watch.stop();
      ends.stop();
      timetable.stop();
      await timetable.settled();
      changes.clear();
      await sessions.close();
    },
  };
  await timetable.start();
  await sessions.open();
  return classTray;
}

/**
 * Asks the service for the classroom's first page: an id it does not know is refused, in words
 * that say where the id comes from. Any other failure is the connection's, which the banner says.
 */
async function checkClassroom(client: ServiceClient, id: string): Promise<void> {
  try {
    await client.classroomDevicesPage(id, 1);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'classroom-not-found') {
      throw refused('classroomUnknown', { id });
    }
  }
}

/** The launch's --service-url, unless the school locked another one (then said in the log). */
function launchAllowed(
  serviceUrl: string | undefined,
  policy: SchoolPolicy,
  log: Logger,
): string | undefined {
  const locked = policy.current.locked.ServiceUrl;
  if (serviceUrl === undefined || locked === undefined || locked === serviceUrl) return serviceUrl;
  log.warn('--service-url is ignored: the school set the service URL (ServiceUrl).');
  return undefined;
}
