/**
 * The one stand-in for the core, for the window's, the preview host's and the Electron shell's
 * tests: it serves a state the test shapes, plays the core's changes (`push`), records every
 * call, and makes each action a vi.fn the test can inspect or re-program. Inputs are checked
 * with the real action table, so bad input throws the core's ApiInputError; the actions that
 * change what the window shows apply themselves through the core's own view builders and push
 * the change, as the core does.
 */
import { vi } from 'vitest';
import type { ClassTray } from '../../src-main/core/classTray';
import type {
  ActionInput,
  ActionResult,
  ApiAction,
  ClassTrayChange,
  ClassTrayState,
  DeviceInput,
} from '../../src-main/core/api/classTrayApi';
import type { InstallationView } from '../../src-main/core/api/installationView';
import type { SchoolPolicyView } from '../../src-main/core/policy/policyView';
import type { PasswordCopy, LogFolderView, RendererApi } from '../../src-main/core/api/hostApi';
import type {
  EndedAccessView,
  InvalidateResultView,
} from '../../src-main/core/accesses/accessView';
import { accessStanding } from '../../src-shared/accessState';
import { ACTION_NAMES } from '../../src-shared/actions';
import { scheduledEndKey } from '../../src-shared/scheduleTarget';
import { parseAction } from '../../src-main/core/api/apiMethods';
import type { NotebookContents } from '../../src-main/core/settings/accountNotebook';
import { forgotten, renamed, withRecent } from '../../src-main/core/settings/accountNotebook';
import type { ManagedPolicy } from '../../src-main/core/policy/policyChecker';
import { NO_POLICY } from '../../src-main/core/policy/policyChecker';
import {
  withScheduledEnd,
  withoutScheduledEnd,
} from '../../src-main/core/scheduledEnds/scheduledEndRules';
import { classroomView } from '../../src-main/core/classroom/classroomView';
import type { SeatPlan } from '../../src-main/core/seatPlan/seatPlan';
import {
  cleared,
  emptyPlan,
  placed,
  planText,
  readPlanText,
  resized,
} from '../../src-main/core/seatPlan/seatPlan';
import { preferencesView } from '../../src-main/core/settings/preferencesView';
import { classTrayState, trackedAccess } from './classTrayState';

/** What the fake's service answers an end by default: ended, its session ending in 2030. */
const ENDED: InvalidateResultView = {
  kind: 'invalidated',
  sessionExpiresAt: '2030-01-01T00:00:30.000Z',
  learnedAt: '2026-01-05T09:40:00.000Z',
  warnNo2fa: false,
};

/** The device whose password the fake knows. */
export const KNOWN_DEVICE = { remoteId: '100000001', password: 'device-password-1' };

export class FakeClassTray implements ClassTray, RendererApi {
  state: ClassTrayState;
  /** Every call the core was asked for, with its input as sent. */
  readonly calls: { name: string; input?: unknown }[] = [];
  /** Every setWindowVisible, in order. */
  readonly windowVisible: boolean[] = [];
  readonly #listeners = new Set<(change: ClassTrayChange) => void>();

  constructor(state: ClassTrayState = classTrayState()) {
    this.state = state;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Plays changes as the core pushes them. */
  push(...changes: ClassTrayChange[]): void {
    for (const change of changes) for (const listener of this.#listeners) listener(change);
  }

  getState = vi.fn(async (): Promise<ClassTrayState> => structuredClone(this.state));

  subscribe(listener: (change: ClassTrayChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  refresh = this.#action('refresh', async () => undefined);

  selectClassroom = this.#action('selectClassroom', async ({ id, nickname }) => {
    const { classroom } = this.state;
    const recent = withRecent(classroom.recent, id, nickname);
    this.#showClassroom({ current: id, recent }, classroom.id === id ? classroom.devices : []);
  });

  /** Added to the recent ones, the open classroom unchanged; one listed keeps its nickname. */
  addClassroom = this.#action('addClassroom', async ({ id, nickname }) => {
    const { classroom } = this.state;
    if (classroom.recent.some((known) => known.id === id)) return;
    const recent = withRecent(classroom.recent, id, nickname);
    this.#showClassroom({ current: classroom.id, recent }, classroom.devices);
  });

  renameClassroom = this.#action('renameClassroom', async ({ id, nickname }) => {
    const { classroom } = this.state;
    const recent = renamed(classroom.recent, id, nickname);
    this.#showClassroom({ current: classroom.id, recent }, classroom.devices);
  });

  /** Forgetting the current classroom opens the first one left, with its devices still to come. */
  forgetClassroom = this.#action('forgetClassroom', async ({ id }) => {
    const { classroom } = this.state;
    const contents = {
      current: classroom.id,
      recent: classroom.recent,
      accesses: [],
      scheduledEnds: [],
    };
    const patch = forgotten(contents, id);
    this.#showClassroom({ ...contents, ...patch }, 'current' in patch ? [] : classroom.devices);
  });

  /** The seat plan's actions change the open room's plan as the core does (seatPlan.ts). */
  placeDevice = this.#action('placeDevice', async ({ remoteId, seat }) => {
    const alias = this.state.classroom.devices.find((one) => one.remoteId === remoteId)?.alias;
    this.#showPlan((plan) => placed(plan, remoteId, seat, alias ?? undefined));
  });

  clearSeat = this.#action('clearSeat', async (seat) => {
    this.#showPlan((plan) => cleared(plan, seat));
  });

  shapeSeatPlan = this.#action('shapeSeatPlan', async (size) => {
    this.#showPlan((plan) => resized(plan, size));
  });

  importSeatPlan = this.#action('importSeatPlan', async ({ text }) => {
    const reading = readPlanText(text);
    if (!reading.ok) return reading;
    this.#showPlan(() => reading.plan);
    const inRoom = new Set(this.state.classroom.devices.map((one) => one.remoteId));
    const notInRoom = reading.plan.seats.filter((seat) => !inRoom.has(seat.remoteId)).length;
    return { ok: true as const, notInRoom };
  });

  exportSeatPlan = this.#action('exportSeatPlan', async () => ({
    text: planText(this.state.seatPlan.plan ?? emptyPlan(this.state.classroom.devices.length)),
  }));

  resetSeatPlan = this.#action('resetSeatPlan', async () => {
    const seatPlan = { ...this.state.seatPlan, plan: null, source: null };
    this.state = { ...this.state, seatPlan };
    this.push({ type: 'seat-plan', seatPlan });
  });

  #showPlan(edit: (plan: SeatPlan) => SeatPlan): void {
    const before = this.state.seatPlan.plan ?? emptyPlan(this.state.classroom.devices.length);
    const seatPlan = { ...this.state.seatPlan, plan: edit(before), source: 'teacher' as const };
    this.state = { ...this.state, seatPlan };
    this.push({ type: 'seat-plan', seatPlan });
  }

  addTemporalAccess = this.#action('addTemporalAccess', async () => ({
    ok: true as const,
    access: trackedAccess(),
  }));

  removeTemporalAccess = this.#action('removeTemporalAccess', async () => undefined);

  invalidateTemporalAccess = this.#action('invalidateTemporalAccess', async () => ENDED);

  endAccesses = this.#action('endAccesses', async ({ tokens }) =>
    tokens.map((token) => ({ token, result: ENDED })),
  );

  /**
   * The fake as a window holds it: what an end returns (as the test programmed it) becomes the
   * access's state and is pushed, as the core records and pushes it.
   */
  forWindow(): RendererApi {
    const actions = Object.fromEntries(
      ACTION_NAMES.map((name) => [
        name,
        (input?: unknown) => (this[name] as (input?: unknown) => Promise<unknown>)(input),
      ]),
    ) as unknown as RendererApi;
    return {
      ...actions,
      getState: () => this.getState(),
      subscribe: (listener) => this.subscribe(listener),
      copyDevicePassword: (input) => this.copyDevicePassword(input),
      openLogFolder: () => this.openLogFolder(),
      copyDiagnostics: () => this.copyDiagnostics(),
      invalidateTemporalAccess: async (input) => {
        const result = await this.invalidateTemporalAccess(input);
        this.recordEnded([{ token: input.token, result }]);
        return result;
      },
      endAccesses: async (input) => {
        const ended = await this.endAccesses(input);
        this.recordEnded(ended);
        return ended;
      },
    };
  }

  /** Each access's new state, pushed as the core pushes the tracked list. */
  recordEnded(ended: readonly EndedAccessView[]): void {
    const byToken = new Map(ended.map(({ token, result }) => [token, result]));
    this.state.temporalAccesses = this.state.temporalAccesses.map((access) => {
      const result = byToken.get(access.token);
      if (result === undefined) return access;
      const { warnNo2fa, ...answer } = result;
      // Learned now, as the core records it.
      const state = { ...answer, learnedAt: new Date().toISOString() };
      return { ...access, state, warnNo2fa: warnNo2fa && !accessStanding(state).ended };
    });
    this.push({
      type: 'temporal-accesses',
      temporalAccesses: structuredClone(this.state.temporalAccesses),
    });
  }

  /** Kept as the core keeps it: one per target, soonest first. */
  scheduleEnd = this.#action('scheduleEnd', async (end) => {
    const { scheduledEnds } = this.state;
    this.state.scheduledEnds = {
      ...scheduledEnds,
      pending: withScheduledEnd(scheduledEnds.pending, end),
    };
    this.push({ type: 'scheduled-ends', scheduledEnds: this.state.scheduledEnds });
  });

  cancelScheduledEnd = this.#action('cancelScheduledEnd', async ({ target }) => {
    const { scheduledEnds } = this.state;
    this.state.scheduledEnds = {
      ...scheduledEnds,
      pending: withoutScheduledEnd(scheduledEnds.pending, target),
    };
    this.push({ type: 'scheduled-ends', scheduledEnds: this.state.scheduledEnds });
  });

  /** Marked as the core marks it: every window leaves it out. */
  dismissScheduledEndReport = this.#action('dismissScheduledEndReport', async (end) => {
    const { scheduledEnds } = this.state;
    const key = scheduledEndKey(end);
    const ran = scheduledEnds.ran.map((run) =>
      scheduledEndKey(run.scheduled) === key ? { ...run, dismissed: true as const } : run,
    );
    this.state.scheduledEnds = { ...scheduledEnds, ran };
    this.push({ type: 'scheduled-ends', scheduledEnds: this.state.scheduledEnds });
  });

  connectService = this.#action('connectService', async () => ({ outcome: 'connected' as const }));

  forgetToken = this.#action('forgetToken', async () => {
    const { account } = this.state;
    this.state.account = { ...account, token: { ...account.token, set: false } };
    this.push({ type: 'account', account: this.state.account });
  });

  setMode = this.#action('setMode', async ({ mode }) => {
    this.state.account = { ...this.state.account, mode };
    this.push({ type: 'account', account: this.state.account });
  });

  /** Saved as the settings save a patch: each group merged one level. */
  updatePreferences = this.#action('updatePreferences', async (patch) => {
    const current = this.state.preferences;
    const merged = { ...current, ...patch, poll: { ...current.poll, ...patch.poll } };
    this.state.preferences = preferencesView({
      ...merged,
      notifications: { ...current.notifications, ...patch.notifications },
      studentData: { ...current.studentData, ...patch.studentData },
    });
    this.push({ type: 'preferences', preferences: this.state.preferences });
  });

  /** The student data's actions change the accesses as the core's do (students/). */
  forgetStudentNames = this.#action('forgetStudentNames', async () => {
    const accesses = this.state.temporalAccesses.map((access) => ({
      ...access,
      studentName: null,
    }));
    this.#showStudentData(accesses);
  });

  /** Ended at once when asked ('end'), kept by device ('keep'); what is over goes. */
  eraseStudentData = this.#action('eraseStudentData', async ({ running }) => {
    const stillRunning = this.state.temporalAccesses.filter(
      (access) => accessStanding(access.state).running,
    );
    this.#showStudentData(
      running === 'keep' ? stillRunning.map((access) => ({ ...access, studentName: null })) : [],
    );
    const ended = running === 'end' ? stillRunning.length : 0;
    return { ended, notEnded: 0, kept: stillRunning.length - ended };
  });

  exportStudentData = this.#action('exportStudentData', async () => ({
    fileName: 'classtray-student-data.json',
    text: JSON.stringify(
      {
        students: this.state.temporalAccesses.flatMap(({ studentName }) =>
          studentName ? [studentName] : [],
        ),
      },
      null,
      2,
    ),
  }));

  #showStudentData(temporalAccesses: ClassTrayState['temporalAccesses']): void {
    this.state.temporalAccesses = temporalAccesses;
    this.push({ type: 'temporal-accesses', temporalAccesses });
    const names = temporalAccesses.filter(({ studentName }) => studentName !== null).length;
    this.state.studentData = { ...this.state.studentData, names };
    this.push({ type: 'student-data', studentData: this.state.studentData });
  }

  /** The timetable's actions change what the fake's view says, as the core's would. */
  setTimetableSource = this.#action('setTimetableSource', async (source) => {
    this.#showTimetable({
      source: source.kind,
      weekly: source.kind === 'weekly' ? source.lessons : this.state.timetable.weekly,
    });
  });

  refreshTimetable = this.#action('refreshTimetable', async () => undefined);

  mapTimetablePlace = this.#action('mapTimetablePlace', async ({ place, classroomId }) => {
    const { places, newPlaces, bell, unmappedNow } = this.state.timetable;
    const asked = classroomId === null || bell.some((room) => room.classroomId === classroomId);
    this.#showTimetable({
      places: [...places.filter((mapping) => mapping.place !== place), { place, classroomId }],
      newPlaces: newPlaces.filter((other) => other !== place),
      // As the core does: a room new to the timetable is asked about on its own.
      bell: asked ? bell : [...bell, { classroomId, endsAccesses: null }],
      unmappedNow: unmappedNow?.place === place ? null : unmappedNow,
    });
  });

  forgetTimetablePlace = this.#action('forgetTimetablePlace', async ({ place }) => {
    const places = this.state.timetable.places.filter((mapping) => mapping.place !== place);
    this.#showTimetable({ places });
  });

  setEndAtBell = this.#action('setEndAtBell', async ({ classroomId, on }) => {
    const bell = this.state.timetable.bell.map((room) =>
      room.classroomId === classroomId ? { classroomId, endsAccesses: on } : room,
    );
    this.#showTimetable({ bell });
  });

  keepAccessesAfterLesson = this.#action('keepAccessesAfterLesson', async ({ key }) => {
    const { now } = this.state.timetable;
    this.#showTimetable({ now: now?.key === key ? { ...now, endsAccesses: false } : now });
  });

  /** A handover as the core answers it: a sealed-looking text and a code, nothing kept. */
  makeHandover = this.#action('makeHandover', async ({ classroomId }) => ({
    text: 'classtray-handover.1.c2VhbGVk',
    code: '7KQ3M-XH2PA',
    fileName: 'classtray-handover-2026-01-05-09-40.txt',
    count: this.state.temporalAccesses.filter((access) => access.classroomId === classroomId)
      .length,
    expiresAt: '2026-01-05T10:10:00.000Z',
    withNames: false,
  }));

  takeHandover = this.#action('takeHandover', async () => ({
    count: 3,
    classroomId: 'lab-3',
    classroomName: 'Lab 3',
    endsAt: '2026-01-05T11:40:00.000Z',
    roomAdded: false,
  }));

  copyDevicePassword = vi.fn(async (_input: DeviceInput): Promise<PasswordCopy> => ({
    copied: true,
    cleared: { afterSeconds: 30 },
  }));

  /** The tray app's answer: the folder, opened in the file manager. */
  openLogFolder = vi.fn(async (): Promise<LogFolderView> => ({
    folder: '/home/teacher/.config/ClassTray/logs',
    opened: true,
  }));

  copyDiagnostics = vi.fn(async (): Promise<void> => undefined);

  setWindowVisible(visible: boolean): void {
    this.windowVisible.push(visible);
  }

  suspend(): void {
    this.calls.push({ name: 'suspend' });
  }

  resume(): void {
    this.calls.push({ name: 'resume' });
  }

  async checkLaunch(): Promise<undefined> {
    this.calls.push({ name: 'checkLaunch' });
    return undefined;
  }

  devicePassword = vi.fn(async (input: DeviceInput): Promise<string | null> => {
    this.calls.push({ name: 'devicePassword', input });
    return input.remoteId === KNOWN_DEVICE.remoteId ? KNOWN_DEVICE.password : null;
  });

  schoolPolicy = (): ManagedPolicy => NO_POLICY;

  setInstallation(installation: InstallationView): void {
    this.state = { ...this.state, installation };
    this.push({ type: 'installation', installation });
  }

  /** A read of the school's policy found this (the host's reader, in the real core). */
  setSchoolPolicy(schoolPolicy: SchoolPolicyView): void {
    this.state = { ...this.state, schoolPolicy };
    this.push({ type: 'school-policy', schoolPolicy });
  }

  async scheduledEndsSettled(): Promise<void> {
    this.calls.push({ name: 'scheduledEndsSettled' });
  }

  async close(): Promise<void> {
    this.calls.push({ name: 'close' });
  }

  #showTimetable(patch: Partial<ClassTrayState['timetable']>): void {
    this.state.timetable = { ...this.state.timetable, ...patch };
    this.push({ type: 'timetable', timetable: structuredClone(this.state.timetable) });
  }

  /** The core's classroom view of what the notebook now holds. */
  #showClassroom(
    contents: Pick<NotebookContents, 'current' | 'recent'>,
    devices: ClassTrayState['classroom']['devices'],
  ): void {
    this.state.classroom = classroomView({ ...contents, accesses: [], scheduledEnds: [] }, devices);
    this.push({ type: 'classroom', classroom: structuredClone(this.state.classroom) });
  }

  /** An action as a vi.fn: the call recorded as sent, the input checked by the real table. */
  #action<Name extends ApiAction>(
    name: Name,
    run: (input: ActionInput<Name>) => Promise<ActionResult<Name>>,
  ) {
    return vi.fn(async (input?: ActionInput<Name>): Promise<ActionResult<Name>> => {
      this.calls.push(input === undefined ? { name } : { name, input });
      return run(parseAction(name, input));
    });
  }
}

/** A promise the test settles by hand, to look at the window while an action is still running. */
export function deferred<T = undefined>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
