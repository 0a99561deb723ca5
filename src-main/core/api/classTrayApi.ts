/**
 * api/: the API between window and core: this table, its dispatch (apiMethods.ts), what hosts add
 * (hostApi.ts), input refusals and the error policy. Each part of the state is a feature's view.
 *
 * Every action a renderer may ask for is declared once, in `api` below (the seat plan's and the
 * timetable's rows in their groups, seatPlanActions.ts, timetableActions.ts and handoverActions.ts), with its input
 * schema (everything a renderer sends is untrusted) and its result type; the interface, the hosts'
 * dispatch, the IPC channels and the renderer's clients all follow from it. Nothing here carries
 * the API token; a device password leaves the core only through the host's `devicePassword`.
 */
import { z } from 'zod';
import type { ActionName } from '../../../src-shared/actions';
import { LOCALES } from '../../../src-shared/i18n/languages';
import type {
  AddAccessResult,
  EndedAccessView,
  InvalidateResultView,
  TrackedAccessView,
} from '../accesses/accessView';
import type { AccountView, ConnectResult } from '../account/accountView';
import { accountSettings } from '../account/accountSettings';
import type { ClassroomView, ConnectionView, DeviceActivity } from '../classroom/classroomView';
import type { DeviceChange } from '../classroom/liveStatus';
import type { ScheduledEndsView } from '../scheduledEnds/scheduledEndsView';
import type { SchoolPolicyView } from '../policy/policyView';
import type { SeatPlanView } from '../seatPlan/seatPlanView';
import type { PreferencesView } from '../settings/preferences';
import type { ReadinessView } from '../readiness/readinessView';
import { preferencesInput } from '../settings/preferences';
import type { TimetableView } from '../timetable/timetableView';
import type { ActionSpec, ResultType } from './actionSpec';
import { action, classroomId, noInput, noResult, remoteId, resultType } from './actionSpec';
import type { InstallationView } from './installationView';
import { seatPlanActions } from './seatPlanActions';
import { handoverActions } from './handoverActions';
import { timetableActions } from './timetableActions';
import type { ErasedView, StudentDataExport, StudentDataView } from '../students/studentDataView';

/** The window's state: each part is a feature's view (`<folder>/<name>View.ts`). */
export interface ClassTrayState {
  account: AccountView;
  classroom: ClassroomView;
  connection: ConnectionView;
  temporalAccesses: TrackedAccessView[];
  preferences: PreferencesView;
  scheduledEnds: ScheduledEndsView;
  timetable: TimetableView;
  installation: InstallationView;
  schoolPolicy: SchoolPolicyView;
  readiness: ReadinessView;
  seatPlan: SeatPlanView;
  studentData: StudentDataView;
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
  | { type: 'scheduled-ends'; scheduledEnds: ScheduledEndsView }
  | { type: 'timetable'; timetable: TimetableView }
  | { type: 'preferences'; preferences: PreferencesView }
  | { type: 'installation'; installation: InstallationView }
  | { type: 'school-policy'; schoolPolicy: SchoolPolicyView }
  | { type: 'readiness'; readiness: ReadinessView }
  | { type: 'seat-plan'; seatPlan: SeatPlanView }
  | { type: 'student-data'; studentData: StudentDataView };

export type { ActionSpec, ResultType };

const nickname = z.string().trim().min(1).max(60);
const temporalAccess = z.strictObject({ token: z.string().min(1).max(200) });
const scheduleTarget = z.union([temporalAccess, z.strictObject({ classroomId })]);

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
  ...seatPlanActions,
  addTemporalAccess: action(
    z.strictObject({
      linkOrToken: z.string().max(4_000),
      studentName: z.string().trim().max(80).optional(),
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
  /** Every student name, now; the accesses stay, by device (docs/privacy.md). */
  forgetStudentNames: action(noInput, noResult),
  /**
   * Every student name, and every tracked access that is over with its scheduled end, now. The
   * accesses still running are ended first (`end`) or kept by device (`keep`); one whose end
   * fails is kept too: none leaves the window while it can still be used (docs/privacy.md).
   */
  eraseStudentData: action(
    z.strictObject({ running: z.enum(['end', 'keep']) }),
    resultType<ErasedView>(),
  ),
  /** What the data folder holds about students, as JSON a person reads, in the window's language. */
  exportStudentData: action(
    z.strictObject({ language: z.enum(LOCALES) }),
    resultType<StudentDataExport>(),
  ),
  ...timetableActions,
  ...handoverActions,
  ...handoverActions,
} as const satisfies { readonly [Name in ActionName]: ActionSpec<z.ZodType, unknown> };

/** The actions of ClassTrayApi: each is one IPC channel and one preview route. */
export type ApiAction = keyof typeof api;
export type ActionInput<Name extends ApiAction> = z.output<(typeof api)[Name]['input']>;
export type ActionResult<Name extends ApiAction> =
  (typeof api)[Name]['result'] extends ResultType<infer Result> ? Result : never;

/** The input of the host-only password actions (copy, devicePassword). */
export const deviceInput = z.strictObject({ remoteId });
export type DeviceInput = z.output<typeof deviceInput>;
