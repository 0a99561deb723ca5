/**
 * api/: the API between window and core (this table), its views, input refusals, error policy.
 *
 * The one API between a renderer and the core: a state snapshot, a subscription to changes, and
 * every action. Both hosts (Electron's IPC bridge and the browser preview) expose it unchanged;
 * the renderer imports only these types. Everything a renderer sends is untrusted: each action is
 * declared once, in `api` below, with its input schema and its result type; the interface, the
 * hosts' dispatch (runAction), the IPC channels and the renderer's clients all follow from it.
 *
 * Nothing here carries the API token; a device password leaves the core only through
 * `devicePassword`, which hosts call for an explicit copy action.
 */
import { z } from 'zod';
import type { ActionName } from '../../../src-shared/actions';
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';
import { parseInput } from './apiInput';
import type { AccessOutcome } from '../accesses/accessSettings';
import type { TokenProblem } from '../accesses/temporalAccess';
import type { Mode } from '../account/accountSettings';
import { accountSettings } from '../account/accountSettings';
import type { TokenLocation } from '../account/vault';
import type { DeviceChange, DeviceView } from '../classroom/liveStatus';
import type { RecentClassroom } from '../classroom/classroomSettings';
import type { ScheduledEnd, ScheduleTarget } from '../ends/endSettings';
import type {
  BrokenRule,
  IgnoredEntry,
  IgnoredWhy,
  ManagedPolicy,
  PolicyInForce,
} from '../policy/policyChecker';
import type { PolicyReport } from '../policy/policySources';
import type { PolicyName } from '../policy/policyTable';
import type { ConnectionProblem, ServiceErrorKind } from '../service/serviceErrors';
import type { Language, PreferencesView } from '../settings/preferences';
import { preferencesInput } from '../settings/preferences';
import type { WeeklyLesson } from '../timetable/timetableSettings';
import { weeklyLessonSchema } from '../timetable/timetableSettings';
import type { LessonView, ReadingReport, TimetableView } from '../timetable/timetableView';

export type {
  BrokenRule,
  IgnoredEntry,
  IgnoredWhy,
  PolicyInForce,
  ConnectionProblem,
  DeviceChange,
  DeviceView,
  Language,
  Mode,
  PreferencesView,
  RecentClassroom,
  ScheduledEnd,
  ScheduleTarget,
  ServiceErrorKind,
  TokenProblem,
  WeeklyLesson,
  LessonView,
  ReadingReport,
  TimetableView,
};

/**
 * ok: fresh data. stale: showing the last known devices because the latest refresh failed (or
 * they come from the disk cache). offline: the service cannot be reached. unauthorized: the
 * token is missing or rejected. classroom-not-found: the service does not know this classroom.
 * connecting: no answer yet. no-classroom: none chosen. slow: a refresh has run for a poll
 * interval without an answer (still trying, until its deadline); the devices are the last known.
 */
export type ConnectionStatus =
  | 'connecting'
  | 'ok'
  | 'slow'
  | 'stale'
  | 'offline'
  | 'unauthorized'
  | 'classroom-not-found'
  | 'no-classroom';

export interface ConnectionView {
  status: ConnectionStatus;
  /** ISO time of the last successful refresh, or null. */
  lastSuccessAt: string | null;
  /** What went wrong last, while it is still wrong. */
  problem: ConnectionProblem | null;
  /** ISO time of the next automatic attempt, or null while paused. */
  nextAttemptAt: string | null;
}

/**
 * What ClassTray saw of a device's online status while it watched (the service keeps no
 * history): when it last changed, and for an offline device, when it was last seen online.
 */
export interface DeviceActivity {
  /** ISO time of the refresh that saw its online status change; null: no change seen. */
  changedAt: string | null;
  /** Offline devices only: ISO time of the last refresh that saw it online; null: none did. */
  lastSeenOnlineAt: string | null;
}

export interface ClassroomView {
  id: string | null;
  nickname: string | null;
  recent: RecentClassroom[];
  devices: DeviceView[];
  /** By remote id, for the classroom's devices with something seen; the others have none. */
  activity: Record<string, DeviceActivity>;
}

export interface TrackedAccessView {
  token: string;
  label: string | null;
  remoteId: string | null;
  /**
   * The classroom it was given in: its device's row, or the classroom open when it was pasted.
   * null: added before that was kept; no classroom's End all reaches it.
   */
  classroomId: string | null;
  /** The device's alias: as the open classroom shows it, else as it was when added. */
  deviceAlias: string | null;
  addedAt: string;
  /** Its one state, as the core recorded it; read through accessStanding (src-shared). */
  state: AccessState;
  /**
   * The linked device has no 2FA, so the service cannot end the access by itself when it runs
   * out; false once the access has ended.
   */
  warnNo2fa: boolean;
}

export interface AccountView {
  mode: Mode;
  serviceUrl: string | null;
  authHeader: string;
  /**
   * keychainWaiting: the system keychain did not answer within its bound; a token saved there is
   * used as soon as it answers (the window says so, not that there is no keychain).
   */
  token: { set: boolean; location: TokenLocation; note: string | null; keychainWaiting: boolean };
  /** The settings the school's policy locked: the window shows them as "Set by your school". */
  setBySchool: PolicyName[];
  /** The demo school's links to try adding (its own accesses); none outside the demo. */
  demoLinks: readonly string[];
}

/** A scheduled end that ran: when, how late, and how each access it ended went. */
export interface ScheduledEndRunView {
  scheduled: ScheduledEnd;
  /** ISO time it ran. */
  ranAt: string;
  /**
   * Whole minutes after its time that it ran: the computer slept or ClassTray was closed at that
   * time, so it ran on wake or start. 0: on time.
   */
  lateMinutes: number;
  /** One per access it ended; empty when none was still running. */
  ended: EndedAccessView[];
  /** Some access could not be ended (the connection failed): it is tried again until it ends. */
  retrying: boolean;
  /**
   * The teacher dismissed the report: no window shows it (the tray still reads its retrying).
   * A later attempt of the same end that still retries stays dismissed; one that finishes is news.
   */
  dismissed?: true;
}

export interface ScheduleView {
  /** Soonest first; one past its time is still being tried (see `ran`). */
  pending: ScheduledEnd[];
  /**
   * The scheduled ends that ran since the session in use opened (ClassTray started, or the
   * account or demo was switched to), newest first (the last few).
   */
  ran: ScheduledEndRunView[];
}

/**
 * Who brings new versions of ClassTray to this computer. app: ClassTray itself (checked daily).
 * school-policy: the school's policy turned updates off. school-msi: installed from the MSI, so
 * the school's deployment tool updates it. school-deb: installed from the .deb package, which
 * only an administrator may update (electron/updates/installs.ts). school-admin-rights: installed for every user, and
 * installing needs administrator rights this account does not have. none: not an installed copy
 * (an unpackaged run, the preview).
 */
/** unsigned-build: a Windows build made without a certificate, which could not verify updates. */
export type UpdatesBy =
  | 'app'
  | 'school-policy'
  | 'school-msi'
  | 'school-deb'
  | 'school-admin-rights'
  | 'unsigned-build'
  | 'none';

/** What the host knows of this copy of ClassTray; the core only passes it on (setInstallation). */
export interface InstallationView {
  updates: UpdatesBy;
  /**
   * Linux: started with --no-sandbox (the AppImage's launcher adds it where the system refuses
   * user namespaces), so the window runs without Chromium's OS sandbox.
   */
  sandboxOff: boolean;
}

/**
 * Settings' "Set by your school", as a browser's policy page: each policy in force (its value,
 * never a secret; locked or a default; from which source) and each entry ignored with why, as
 * the last read of the school's policy found them.
 */
export type SchoolPolicyView = PolicyReport;

export interface ClassTrayState {
  account: AccountView;
  classroom: ClassroomView;
  connection: ConnectionView;
  temporalAccesses: TrackedAccessView[];
  preferences: PreferencesView;
  schedule: ScheduleView;
  timetable: TimetableView;
  installation: InstallationView;
  schoolPolicy: SchoolPolicyView;
}

/**
 * Pushed to subscribers: a part of the state that was replaced, or device-level changes. The core
 * sends every device change of one refresh as one `devices` batch, however many devices changed,
 * so a host sends one message and a window makes one store update per refresh; a single device
 * change is still a change a window applies (the store applies a batch as its changes in order).
 */
export type ClassTrayChange =
  | DeviceChange
  /** `activity`: the devices whose activity this refresh changed, when there are any. */
  | { type: 'devices'; changes: DeviceChange[]; activity?: Record<string, DeviceActivity> }
  | { type: 'connection'; connection: ConnectionView }
  | { type: 'classroom'; classroom: ClassroomView }
  | { type: 'temporal-accesses'; temporalAccesses: TrackedAccessView[] }
  | { type: 'account'; account: AccountView }
  | { type: 'schedule'; schedule: ScheduleView }
  | { type: 'timetable'; timetable: TimetableView }
  | { type: 'preferences'; preferences: PreferencesView }
  | { type: 'installation'; installation: InstallationView }
  | { type: 'school-policy'; schoolPolicy: SchoolPolicyView };

/**
 * What saving the account found when it asked the service once (the account's devices, page 1):
 * only `connected` is saved (and `no-token`, the URL alone, with nothing to check). token-rejected: 401/403. unreachable: no answer. not-this-service:
 * an answer that is not this kind of service's JSON (or no such endpoint). service-failed: the
 * service answered with a failure of its own (5xx, 429).
 */
export type ConnectResult =
  | { outcome: 'connected' | 'no-token' }
  | {
      outcome: 'token-rejected' | 'unreachable' | 'not-this-service' | 'service-failed';
      detail: string;
    };

/** What asking the launch's service once found; `classroom-unknown` is the service's own 404. */
export type LaunchCheck = ConnectResult | { outcome: 'classroom-unknown'; classroomId: string };

/** A tracked access's state: given (never asked to end), or the service's last answer. */
export type AccessState = { kind: 'given' } | AccessOutcome;

export type AddAccessResult =
  | { ok: true; access: TrackedAccessView }
  | { ok: false; problem: TokenProblem | 'already-tracked' };

/** The access's state after the end (as recorded), and whether its device lacks 2FA. */
export type InvalidateResultView = AccessOutcome & { warnNo2fa: boolean };

/** One access's outcome when several are ended together. */
export interface EndedAccessView {
  token: string;
  result: InvalidateResultView;
}

const classroomId = z.string().trim().min(1).max(200);
const nickname = z.string().trim().min(1).max(60);
const remoteId = z.string().min(1).max(200);
const temporalAccess = z.strictObject({ token: z.string().min(1).max(200) });
const scheduleTarget = z.union([temporalAccess, z.strictObject({ classroomId })]);
const place = z.string().trim().min(1).max(PLACE_MAX_LENGTH);
/** An action without input: nothing, or `{}` (the preview's JSON body). */
const noInput = z.strictObject({}).optional();

/** The type an action resolves to: a mark in the table, nothing at run time. */
declare const resultMark: unique symbol;
export interface ResultType<Result> {
  readonly [resultMark]?: Result;
}
const resultType = <Result>(): ResultType<Result> => ({});
/** The result of an action that only acts. */
const noResult: ResultType<void> = {};

interface ActionSpec<Input extends z.ZodType, Result> {
  input: Input;
  result: ResultType<Result>;
}
const action = <Input extends z.ZodType, Result>(
  input: Input,
  result: ResultType<Result>,
): ActionSpec<Input, Result> => ({ input, result });

/** Every action a renderer may ask for: its input, as a renderer may send it, and its result. */
export const api = {
  refresh: action(noInput, noResult),
  selectClassroom: action(
    z.strictObject({ id: classroomId, nickname: nickname.optional() }),
    noResult,
  ),
  /**
   * Adds a classroom to the recent ones without opening it (a timetable's place, say), checked
   * with the service first; one already listed keeps its nickname.
   */
  addClassroom: action(
    z.strictObject({ id: classroomId, nickname: nickname.optional() }),
    noResult,
  ),
  renameClassroom: action(
    z.strictObject({ id: classroomId, nickname: nickname.nullable() }),
    noResult,
  ),
  forgetClassroom: action(z.strictObject({ id: classroomId }), noResult),
  addTemporalAccess: action(
    z.strictObject({
      linkOrToken: z.string().max(4_000),
      label: z.string().trim().max(80).optional(),
      remoteId: remoteId.optional(),
    }),
    resultType<AddAccessResult>(),
  ),
  removeTemporalAccess: action(temporalAccess, noResult),
  invalidateTemporalAccess: action(temporalAccess, resultType<InvalidateResultView>()),
  /**
   * End of class: the accesses the teacher confirmed, each invalidated once, each with its
   * outcome; only those given in `classroomId` and still running (any other token is skipped).
   */
  endAccesses: action(
    z.strictObject({
      classroomId,
      tokens: z.array(z.string().min(1).max(200)).min(1).max(500),
    }),
    resultType<EndedAccessView[]>(),
  ),
  /**
   * "End at 10:50": the core ends the access, or every access of the classroom still running
   * then, at that time (within SCHEDULE_AHEAD_HOURS); replaces the target's earlier schedule.
   */
  scheduleEnd: action(
    z.strictObject({ target: scheduleTarget, at: z.iso.datetime({ offset: true }) }),
    noResult,
  ),
  cancelScheduledEnd: action(z.strictObject({ target: scheduleTarget }), noResult),
  /** The report of how this end ran is dismissed, for every window, until ClassTray closes. */
  dismissScheduledEndReport: action(
    z.strictObject({ target: scheduleTarget, at: z.iso.datetime({ offset: true }) }),
    noResult,
  ),
  /** Saves the URL (and token, in the keychain) and switches to the service. */
  connectService: action(
    z.strictObject({
      serviceUrl: accountSettings.serviceUrl.unwrap().unwrap(),
      /** Absent: keep the token already saved for this URL. */
      token: z.string().trim().min(1).max(4_000).optional(),
      authHeader: accountSettings.authHeader.unwrap().optional(),
    }),
    resultType<ConnectResult>(),
  ),
  forgetToken: action(noInput, noResult),
  /** Demo data or the configured service: one call. */
  setMode: action(z.strictObject({ mode: accountSettings.mode.unwrap() }), noResult),
  updatePreferences: action(preferencesInput, noResult),
  /**
   * Where the lessons come from: a subscription (fetched first, kept only if it answers with a
   * calendar; its address goes to the keychain), an .ics file's text, the weekly table, or none.
   */
  setTimetableSource: action(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('subscription'), url: z.string().trim().min(1).max(4_000) }),
      z.strictObject({
        kind: z.literal('file'),
        text: z
          .string()
          .min(1)
          .max(8 * 1024 * 1024),
      }),
      z.strictObject({ kind: z.literal('weekly'), lessons: z.array(weeklyLessonSchema).max(70) }),
      z.strictObject({ kind: z.literal('none') }),
    ]),
    noResult,
  ),
  refreshTimetable: action(noInput, noResult),
  /** A timetable place is this classroom; null: not a ClassTray room. */
  mapTimetablePlace: action(
    z.strictObject({ place, classroomId: classroomId.nullable() }),
    noResult,
  ),
  forgetTimetablePlace: action(z.strictObject({ place }), noResult),
  /** "End the accesses in this room when a lesson there ends": one room's answer, never another's. */
  setEndAtBell: action(z.strictObject({ classroomId, on: z.boolean() }), noResult),
  /** "Keep accesses after this lesson": its end leaves the schedule. */
  keepAccessesAfterLesson: action(z.strictObject({ key: z.string().min(1).max(600) }), noResult),
} as const satisfies { readonly [Name in ActionName]: ActionSpec<z.ZodType, unknown> };

/** The actions of ClassTrayApi: each is one IPC channel and one preview route. */
export type ApiAction = keyof typeof api;
export type ActionInput<Name extends ApiAction> = z.output<(typeof api)[Name]['input']>;
export type ActionResult<Name extends ApiAction> =
  (typeof api)[Name]['result'] extends ResultType<infer Result> ? Result : never;

/** The input of the host-only password actions (copy, devicePassword). */
export const deviceInput = z.strictObject({ remoteId });
export type DeviceInput = z.output<typeof deviceInput>;

/** The table again, typed by name, so runAction can parse and call one action of any name. */
const table: {
  readonly [Name in ApiAction]: ActionSpec<z.ZodType<ActionInput<Name>>, ActionResult<Name>>;
} = api;

/** What runs the actions: the core itself, or a fake of it. */
export type ActionHandlers = {
  [Name in ApiAction]: (input: ActionInput<Name>) => Promise<ActionResult<Name>>;
};

/** The same, as callers see them: an action without input may be called with none. */
type ActionMethods = {
  [Name in ApiAction]: undefined extends ActionInput<Name>
    ? (input?: ActionInput<Name>) => Promise<ActionResult<Name>>
    : (input: ActionInput<Name>) => Promise<ActionResult<Name>>;
};

export interface ClassTrayApi extends ActionMethods {
  getState(): Promise<ClassTrayState>;
  subscribe(listener: (change: ClassTrayChange) => void): () => void;
}

/**
 * The hosts' dispatch: the input a renderer sent, checked against the action's schema (an
 * ApiInputError naming the action and the field), then the action. Shaping a failure for the
 * window is the caller's, through shownFailure.
 */
export async function runAction<Name extends ApiAction>(
  handlers: ActionHandlers,
  name: Name,
  input: unknown,
): Promise<ActionResult<Name>> {
  return handlers[name](parseAction(name, input));
}

/** The handlers as callers hold them: each checks its input against its schema first. */
export function actionMethods(handlers: ActionHandlers): ActionMethods {
  const methods = Object.fromEntries(
    Object.keys(table).map((name) => [
      name,
      (input?: unknown) => runAction(handlers, name as ApiAction, input),
    ]),
  );
  // fromEntries forgets which name holds which action; each is runAction of its own name.
  return methods as ActionMethods;
}

/** An action's input checked against its schema; an ApiInputError names the action and field. */
export function parseAction<Name extends ApiAction>(name: Name, input: unknown): ActionInput<Name> {
  return parseInput(name, table[name].input, input);
}

/**
 * What copying a device's password did, and when the host takes it off the clipboard again (only
 * if the clipboard still holds it): after so many seconds, only when ClassTray quits, or `never`
 * where the host cannot read the clipboard back to check (the browser preview without permission).
 */
export type PasswordCopy =
  { copied: false } | { copied: true; cleared: { afterSeconds: number } | 'on-quit' | 'never' };

/**
 * Where the log is (the tray app's `app.getPath('logs')`, the preview's `<data folder>/logs`), and
 * whether the host opened it in the system's file manager: the preview, a page in a browser,
 * answers with the folder only, and the window shows it.
 */
export interface LogFolderView {
  folder: string;
  opened: boolean;
}

/**
 * What a renderer holds: the core API plus the actions each host implements its own way: copying
 * a password, opening the log folder, copying diagnostics for support.
 */
export interface RendererApi extends ClassTrayApi {
  /**
   * Puts a device's password on the clipboard without showing it: Electron's main process writes
   * the clipboard itself; the preview hands it to its authenticated page for the Clipboard API.
   * Not copied when the device is not in the current classroom.
   */
  copyDevicePassword(input: DeviceInput): Promise<PasswordCopy>;
  /** "Open log folder": the tray app opens it (shell.openPath); the preview says where it is. */
  openLogFolder(): Promise<LogFolderView>;
  /**
   * "Copy diagnostics" for support (src-main/hosts/diagnostics.ts: versions, OS, the policy in
   * force by key and source, the log's last lines; no secret): Electron's main process writes the
   * clipboard; the preview hands the text to its authenticated page for the Clipboard API.
   */
  copyDiagnostics(): Promise<void>;
}

/** Host-only: never exposed to a renderer as such. */
export interface ClassTrayHostControls {
  setWindowVisible(visible: boolean): void;
  suspend(): void;
  resume(): void;
  /**
   * Asks the service the host was launched for once, keeping what it confirms; undefined when
   * nothing of the launch is left to confirm (or the run is on the demo school).
   */
  checkLaunch(): Promise<LaunchCheck | undefined>;
  /** For an explicit copy action; the host decides where the password goes. */
  devicePassword(input: DeviceInput): Promise<string | null>;
  /** What the school's IT set (the updater reads its keys). */
  schoolPolicy(): ManagedPolicy;
  /** What the host knows of this copy (who updates it, its sandbox): the window shows it. */
  setInstallation(installation: InstallationView): void;
  /** Resolves once no scheduled end is running: an update restarts only then. */
  scheduledEndsSettled(): Promise<void>;
  close(): Promise<void>;
}
