/**
 * api/: the API between window and core: this table, its dispatch (apiMethods.ts), what hosts add
 * (hostApi.ts), input refusals and the error policy. Each part of the state is a feature's view.
 *
 * Every action a renderer may ask for is declared once, in `api` below, with its input schema
 * (everything a renderer sends is untrusted) and its result type; the interface, the hosts'
 * dispatch, the IPC channels and the renderer's clients all follow from it. Nothing here carries
 * the API token; a device password leaves the core only through the host's `devicePassword`.
 */
import { z } from 'zod';
import type { ActionName } from '../../../src-shared/actions';
import { LOCALES } from '../../../src-shared/i18n/languages';
import { GIVER_KEEPS, HANDOVER_MAX_CHARS } from '../../../src-shared/handover';
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';
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
import type { MadeHandover, TakenHandover } from '../handover/handoverView';
import type { ScheduledEndsView } from '../scheduledEnds/scheduledEndsView';
import type { SchoolPolicyView } from '../policy/policyView';
import { MAX_COLUMNS, MAX_ROWS, PLAN_MAX_BYTES } from '../seatPlan/seatPlan';
import type { PlanImport, SeatPlanView } from '../seatPlan/seatPlanView';
import type { PreferencesView } from '../settings/preferences';
import type { ReadinessView } from '../readiness/readinessView';
import { preferencesInput } from '../settings/preferences';
import { weeklyLessonSchema } from '../timetable/timetableSettings';
import type { TimetableView } from '../timetable/timetableView';
import type { InstallationView } from './installationView';
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

const classroomId = z.string().trim().min(1).max(200);
const nickname = z.string().trim().min(1).max(60);
const remoteId = z.string().min(1).max(200);
const temporalAccess = z.strictObject({ token: z.string().min(1).max(200) });
const scheduleTarget = z.union([temporalAccess, z.strictObject({ classroomId })]);
const place = z.string().trim().min(1).max(PLACE_MAX_LENGTH);
const row = z.int().min(1).max(MAX_ROWS);
const column = z.int().min(1).max(MAX_COLUMNS);
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

export interface ActionSpec<Input extends z.ZodType, Result> {
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
  /** The device on a seat of the room's plan (null: off the plan); the seat's device swaps. */
  placeDevice: action(
    z.strictObject({
      classroomId,
      remoteId,
      seat: z.strictObject({ row, column }).nullable(),
    }),
    noResult,
  ),
  /** The seat left empty (a device that left the room keeps it until then). */
  clearSeat: action(z.strictObject({ classroomId, row, column }), noResult),
  /**
   * The room's size and the side of its front (each kept when left out: none starts the room's
   * plan, sized for its devices); never smaller than its furthest seat taken.
   */
  shapeSeatPlan: action(
    z.strictObject({
      classroomId,
      rows: row.optional(),
      columns: column.optional(),
      front: z.enum(['top', 'bottom']).optional(),
    }),
    noResult,
  ),
  /** A plan file's text (bounded before the window reads it): kept, or refused with its line. */
  importSeatPlan: action(
    z.strictObject({ classroomId, text: z.string().max(PLAN_MAX_BYTES) }),
    resultType<PlanImport>(),
  ),
  /** The room's plan as a file's text, for a colleague or IT. */
  exportSeatPlan: action(z.strictObject({ classroomId }), resultType<{ text: string }>()),
  /** The teacher's own plan dropped: the school's shows again, or none. */
  resetSeatPlan: action(z.strictObject({ classroomId }), noResult),
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
  /**
   * The room's running accesses sealed for a colleague under a new one-time code (the student's
   * names only with `withNames` and the school's yes); the giver's list keeps them marked handed
   * over, or drops them (`giverKeeps`).
   */
  makeHandover: action(
    z.strictObject({
      classroomId,
      withNames: z.boolean(),
      giverKeeps: z.enum(GIVER_KEEPS),
    }),
    resultType<MadeHandover>(),
  ),
  /** A colleague's handover (its text or file's text) opened with the code, and its accesses taken. */
  takeHandover: action(
    z.strictObject({
      text: z.string().min(1).max(HANDOVER_MAX_CHARS),
      code: z.string().min(1).max(40),
    }),
    resultType<TakenHandover>(),
  ),
} as const satisfies { readonly [Name in ActionName]: ActionSpec<z.ZodType, unknown> };

/** The actions of ClassTrayApi: each is one IPC channel and one preview route. */
export type ApiAction = keyof typeof api;
export type ActionInput<Name extends ApiAction> = z.output<(typeof api)[Name]['input']>;
export type ActionResult<Name extends ApiAction> =
  (typeof api)[Name]['result'] extends ResultType<infer Result> ? Result : never;

/** The input of the host-only password actions (copy, devicePassword). */
export const deviceInput = z.strictObject({ remoteId });
export type DeviceInput = z.output<typeof deviceInput>;
