/**
 * The core behind the one API both hosts expose (api/classTrayApi.ts): a facade that composes
 * the features, each plugged in through the same interface (feature.ts): the school's policy,
 * the preferences, the account (sessions), the tracked accesses, the scheduled ends, the
 * classroom watch and the timetable. It parses each input, hands it to the feature that answers
 * it, and calls every feature's hooks in order; the rules live in the features. Plain Node; never
 * imports electron, nor the local service (the demo school is the host's to start and pass in).
 */
import type { Clock } from '../../src-shared/clock';
import {
  purgeSetAsideDaily,
  removeOldSetAside,
  SET_ASIDE_KEEP_DAYS,
} from '../dataFolder/dataFiles';
import { accessesFeature } from './accesses/accessesFeature';
import { accountFeature } from './account/accountFeature';
import type { DemoSchool } from './account/sessions';
import { Sessions } from './account/sessions';
import type { SecretFallback } from './account/vault';
import { TokenVault } from './account/vault';
import { createChangeFeed } from './api/changeFeed';
import type { ActionHandlers, ClassTrayApi } from './api/apiMethods';
import type { ClassTrayHostControls } from './api/hostApi';
import type { ClassTrayState } from './api/classTrayApi';
import { actionMethods } from './api/apiMethods';
import { classroomFeature } from './classroom/classroomFeature';
import { deviceListsOf } from './classroom/deviceLists';
import type { Timers } from './classroom/refreshSchedule';
import { systemTimers } from './classroom/refreshSchedule';
import { scheduledEndsFeature } from './scheduledEnds/scheduledEndsFeature';
import { seatPlanFeature } from './seatPlan/seatPlanFeature';
import type { CoreContext, StatePart } from './feature';
import type { Logger } from './logger';
import { createLogger } from './logger';
import type { PolicyReading } from './policy/policySources';
import { policyFeature } from './policy/policyFeature';
import { preferencesFeature } from './settings/preferencesFeature';
import type { OpenSettingsOptions } from './settings/settings';
import { openSettings } from './settings/settings';
import type { DeepReadonly, Settings } from './settings/settingsSchema';
import type { StartWorker } from './timetable/calendarReader';
import { timetableFeature } from './timetable/timetableFeature';
import { handoverFeature } from './handover/handoverFeature';
import { installationFeature } from './api/installation';
import { readinessFeature } from './readiness/readinessFeature';
import type { StudentCipher } from './students/studentNames';
import { PLAIN_TEXT, StudentNames } from './students/studentNames';
import { studentDataFeature } from './students/studentDataFeature';

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
   * What the school's IT set (policy/policySources.ts reads the OS's sources, or the preview's
   * --policy-file); default: nothing, so tests and the preview never read this machine's policy.
   */
  policy?: PolicyReading;
  /** The machine's IANA zone (the weekly timetable's); default the system's. */
  machineZone?: () => string;
  /**
   * Starts the calendar reader's thread: the tray app passes the worker electron-vite built;
   * default: from its TypeScript source, through tsx (the preview, tests).
   */
  startCalendarWorker?: StartWorker;
  /** How students.json is encrypted: the tray app passes safeStorage's; default none. */
  studentCipher?: StudentCipher;
  /** Per-request timeout and retry waits of the service client; tests shrink them. */
  request?: { timeoutMs?: number; retryBaseDelayMs?: number };
}

/** What a host holds: the renderer-facing API plus the host-only controls. */
export type ClassTray = ClassTrayApi & ClassTrayHostControls;

export async function createClassTray(options: ClassTrayOptions): Promise<ClassTray> {
  const log = options.log ?? createLogger(console, 'core');
  const timers = options.timers ?? systemTimers;
  const clock = options.clock ?? (() => timers.now());
  const { dataDir } = options;
  // Copies set aside (a damaged file, another user's) are kept a week for IT: removed now, and
  // once a day from the end of the start (a failed start leaves no timer).
  const setAsideRemoved = (file: string) =>
    log.info(`[data] ${file} was set aside ${SET_ASIDE_KEEP_DAYS} days ago or more: removed.`);
  for (const file of removeOldSetAside(dataDir, clock())) setAsideRemoved(file);
  const dailyPurge = purgeSetAsideDaily({
    folder: dataDir,
    timers,
    clock,
    removed: setAsideRemoved,
  });
  const settings = openSettings({
    dataDir,
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
    // The keychain's bound: a keychain that does not answer never holds up the start.
    timers,
  });
  const changes = createChangeFeed(log);
  /** Every feature follows a change of the settings, in order. */
  const settingsChanged = async (before: DeepReadonly<Settings>) => {
    for (const feature of features) await feature.settingsChanged?.(before);
  };

  // Order matters from here on. The school's policy is read before anything else: it may refuse
  // the launch's service URL, and every feature made below reads settings with its locks applied.
  const policy = policyFeature(
    { settings, dataDir, timers, clock, log, emit: changes.emit },
    { reading: options.policy, settingsChanged },
  );
  await policy.load();
  const launchServiceUrl = policy.launchAllowed(options.launchServiceUrl);
  const { timeoutMs, retryBaseDelayMs } = options.request ?? {};
  const machineZone =
    options.machineZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const studentNames = new StudentNames({
    dataDir,
    cipher: options.studentCipher ?? PLAIN_TEXT,
    log: log.child('students'),
    clock,
    zone: machineZone,
    rules: () => settings.get().studentData,
  });
  const sessions: Sessions = new Sessions({
    settings,
    studentNames,
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
      for (const feature of features) await feature.sessionOpened?.(session);
    },
    onClassroom: async (session) => {
      // The school's plan is read beside the switch, not in it: a slow share never holds it up.
      void seatPlans.classroomOpened();
      await classroom.watch(session);
    },
  });
  const core: CoreContext = {
    clock,
    timers,
    log,
    dataDir,
    settings,
    vault,
    sessions,
    fetch: options.fetch ?? fetch,
    emit: changes.emit,
  };

  // The features, and what each tells the others. A callback names a feature made after it
  // (accesses read `classroom`, made below): it is a closure, called only once all are made.
  const preferences = preferencesFeature(core, { policy, settingsChanged });
  const account = accountFeature(core, policy);
  const accesses = accessesFeature(core, {
    devices: () => classroom.devices,
    accessEnded: () => ends.accessEnded(),
  });
  const ends = scheduledEndsFeature(core, {
    accesses: accesses.tracker,
    scheduleShown: () => timetable.scheduleShown(),
    cancelled: (end) => timetable.endCancelled(end),
  });
  const classroom = classroomFeature(core, {
    accessesChanged: () => accesses.show(),
    picked: () => timetable.classroomPicked(),
    // What the refreshes read of the account list joins the devices' history, at no extra cost.
    listsOf: (client) => readiness.watched(deviceListsOf(client)),
  });
  const timetable = timetableFeature(core, {
    machineZone,
    scheduleChanged: () => ends.changed(),
    openClassroom: (id) => classroom.open(id),
    ...(options.startCalendarWorker ? { startCalendarWorker: options.startCalendarWorker } : {}),
  });
  const readiness = readinessFeature(core, {
    devices: () => classroom.devices,
    lastSuccessAt: () => classroom.views.connection().lastSuccessAt,
    nextLesson: () => timetable.views.timetable().next,
    minutesBefore: () => settings.get().readinessMinutesBefore,
  });
  // Readiness follows what the classroom and the timetable say, as the window hears it;
  // subscribed before any feature starts, so it hears the first refresh too.
  changes.subscribe((change) => {
    if (change.type === 'connection' && change.connection.status === 'ok') {
      readiness.openRoomRefreshed(change.connection);
    } else if (change.type === 'classroom') readiness.changed();
    else if (change.type === 'timetable') readiness.lessonsChanged();
  });
  const seatPlans = seatPlanFeature(core, {
    policy: () => policy.schoolPolicy(),
    devices: () => classroom.devices,
  });
  const handover = handoverFeature(core, {
    accessesChanged: () => accesses.show(),
    endsChanged: () => ends.changed(),
    classroomsChanged: () => classroom.listChanged(),
  });
  const installation = installationFeature(core);
  const studentData = studentDataFeature(core, {
    names: studentNames,
    accesses: accesses.tracker,
    accessesChanged: () => accesses.show(),
    accessesErased: () => {
      accesses.show();
      ends.changed();
    },
  });
  /**
   * In the order their hooks run: a session opens on the account, then its accesses and ends
   * (the names due to be forgotten go first, so the accesses go out without them).
   */
  const features = [
    policy,
    preferences,
    account,
    studentData,
    accesses,
    ends,
    classroom,
    timetable,
    readiness,
    seatPlans,
    handover,
    installation,
  ];

  // Each part of the state from the feature that makes it (the type fails without one).
  const views: { readonly [Part in StatePart]: () => ClassTrayState[Part] } = {
    ...policy.views,
    ...account.views,
    ...classroom.views,
    ...accesses.views,
    ...preferences.views,
    ...ends.views,
    ...timetable.views,
    ...seatPlans.views,
    ...installation.views,
    ...readiness.views,
    ...studentData.views,
  };
  // Each action from the feature that answers it (the type fails without one).
  const handlers: ActionHandlers = {
    async refresh() {
      await sessions.settled();
      for (const feature of features) await feature.refresh?.();
    },
    ...account.actions,
    ...classroom.actions,
    ...accesses.actions,
    ...ends.actions,
    ...preferences.actions,
    ...timetable.actions,
    ...seatPlans.actions,
    ...studentData.actions,
    ...handover.actions,
  };

  const classTray: ClassTray = {
    ...actionMethods(handlers),
    async getState() {
      await sessions.settled();
      const state = Object.entries(views).map(([part, view]) => [part, view()]);
      return Object.fromEntries(state) as ClassTrayState;
    },
    subscribe: (listener) => changes.subscribe(listener),
    setWindowVisible(visible) {
      for (const feature of features) feature.setWindowVisible?.(visible);
    },
    suspend() {
      for (const feature of features) feature.suspend?.();
    },
    resume() {
      for (const feature of features) feature.resume?.();
    },
    checkLaunch: () => account.checkLaunch(),
    devicePassword: (input) => classroom.devicePassword(input),
    schoolPolicy: () => policy.schoolPolicy(),
    setInstallation: (view) => installation.setInstallation(view),
    scheduledEndsSettled: () => ends.scheduledEndsSettled(),
    async close() {
      // The keychain's wait first (its answer would open a session), then the features, whose
      // last changes still reach the subscribers before they are dropped, then the session
      // they used.
      dailyPurge.stop();
      vault.stop();
      for (const feature of features) await feature.stop?.();
      changes.clear();
      await sessions.close();
    },
  };
  // A keychain that was waiting answered: the token saved there is used without asking again.
  vault.whenKeychainAnswers(() => {
    const follow = async () => {
      if (sessions.tokenStatus?.keychainWaiting === true) await sessions.open();
      await timetable.keychainAnswered();
    };
    follow().catch((error: unknown) => log.error('Following the keychain failed', error));
  });
  // Every feature starts (in `features`' order) before the session opens: `sessionOpened` and the
  // first refresh find each one ready.
  for (const feature of features) await feature.start?.();
  await sessions.open();
  dailyPurge.start();
  return classTray;
}
