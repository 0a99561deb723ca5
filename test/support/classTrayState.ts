/**
 * The one ClassTrayState builder for every test that shows or serves a state: Computer Lab 1 of
 * a connected service, three devices (LAB-PC02 offline), fresh data, English. Each part can be
 * overridden; a suite with a school of its own (the tray's Room 12) builds it from here.
 */
import type { ReadinessView } from '../../src-main/core/readiness/readinessView';
import { roomReadiness } from '../../src-shared/readinessReport';
import type { AccountView } from '../../src-main/core/account/accountView';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { ClassroomView, ConnectionView } from '../../src-main/core/classroom/classroomView';
import type { ConnectionProblem } from '../../src-main/core/service/serviceErrors';
import type { DeviceView } from '../../src-main/core/classroom/liveStatus';
import type { InstallationView } from '../../src-main/core/api/installationView';
import type { StudentDataView } from '../../src-main/core/students/studentDataView';
import type { SchoolPolicyView } from '../../src-main/core/policy/policyView';
import type { SeatPlanView } from '../../src-main/core/seatPlan/seatPlanView';
import type {
  InvalidateResultView,
  TrackedAccessView,
} from '../../src-main/core/accesses/accessView';
import type { PreferencesView } from '../../src-main/core/settings/preferences';
import type { ScheduledEndsView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import type { TimetableView } from '../../src-main/core/timetable/timetableView';
import { preferencesView } from '../../src-main/core/settings/preferencesView';
import { defaultSettings } from '../../src-main/core/settings/settingsSchema';

/** Device n: remote id 10000000n, alias LAB-PC0n, online, enabled, with 2FA. */
export function device(n: number, overrides: Partial<DeviceView> = {}): DeviceView {
  return {
    remoteId: String(100_000_000 + n),
    alias: `LAB-PC${String(n).padStart(2, '0')}`,
    online: true,
    status: 'enabled',
    has2fa: true,
    ...overrides,
  };
}

/** When the tests' ends were learned. */
export const LEARNED_AT = '2026-01-05T09:40:00.000Z';

/** The core's answer to End access when the service says it is over (422) or unknown (404). */
export const endAnswer = (kind: 'already-ended' | 'unknown'): InvalidateResultView => ({
  kind,
  learnedAt: LEARNED_AT,
  warnNo2fa: false,
});

/** The core's answer to End access when it did not go through, for `problem`. */
export const failedEnd = (
  problem: ConnectionProblem['kind'],
  detail = 'connect ECONNREFUSED',
): InvalidateResultView => ({
  kind: 'failed',
  problem: { kind: problem, detail },
  learnedAt: LEARNED_AT,
  warnNo2fa: false,
});

export function trackedAccess(overrides: Partial<TrackedAccessView> = {}): TrackedAccessView {
  return {
    token: '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    studentName: null,
    remoteId: '100000001',
    classroomId: 'lab-1',
    deviceAlias: 'LAB-PC01',
    addedAt: '2026-01-05T09:00:00.000Z',
    handedOverAt: null,
    state: { kind: 'given' },
    warnNo2fa: false,
    ...overrides,
  };
}

/** Ana's running access on LAB-PC01, the lab's first device. */
export const ANA = trackedAccess({ studentName: 'Ana' });
/** Luis's running access on LAB-PC02, the device the lab shows offline. */
export const LUIS = trackedAccess({
  token: '22222222-2222-4222-8222-222222222222',
  remoteId: '100000002',
  deviceAlias: 'LAB-PC02',
  studentName: 'Luis',
});

export interface StateOverrides {
  devices?: DeviceView[];
  temporalAccesses?: TrackedAccessView[];
  account?: Partial<AccountView>;
  connection?: Partial<ConnectionView>;
  classroom?: Partial<Omit<ClassroomView, 'devices'>>;
  preferences?: Partial<PreferencesView>;
  scheduledEnds?: Partial<ScheduledEndsView>;
  timetable?: Partial<TimetableView>;
  installation?: Partial<InstallationView>;
  schoolPolicy?: Partial<SchoolPolicyView>;
  readiness?: Partial<ReadinessView>;
  seatPlan?: Partial<SeatPlanView>;
  studentData?: Partial<StudentDataView>;
}

export function classTrayState(overrides: StateOverrides = {}): ClassTrayState {
  const devices = overrides.devices ?? [device(1), device(2, { online: false }), device(3)];
  const classroomId = overrides.classroom?.id === undefined ? 'lab-1' : overrides.classroom.id;
  return {
    account: {
      mode: 'service',
      serviceUrl: 'https://remote.example.edu',
      authHeader: 'X-Token-SVC',
      token: { set: true, location: 'keychain', note: null, keychainWaiting: false },
      setBySchool: [],
      demoLinks: [],
      ...overrides.account,
    },
    classroom: {
      id: 'lab-1',
      nickname: 'Computer Lab 1',
      recent: [
        { id: 'lab-1', nickname: 'Computer Lab 1' },
        { id: 'room-12', nickname: 'Room 12' },
      ],
      devices,
      activity: {},
      ...overrides.classroom,
    },
    connection: {
      status: 'ok',
      lastSuccessAt: '2026-01-05T09:30:00.000Z',
      problem: null,
      nextAttemptAt: null,
      ...overrides.connection,
    },
    temporalAccesses: overrides.temporalAccesses ?? [],
    // The settings' defaults, so a new preference needs nothing here.
    preferences: {
      ...preferencesView(defaultSettings()),
      language: 'en',
      ...overrides.preferences,
    },
    scheduledEnds: { pending: [], ran: [], ...overrides.scheduledEnds },
    timetable: {
      source: 'none',
      subscription: null,
      weekly: [],
      savedAt: null,
      checkedAt: null,
      problem: null,
      reading: { skipped: {}, stopped: null },
      places: [],
      newPlaces: [],
      bell: [],
      unmappedNow: null,
      now: null,
      next: null,
      ...overrides.timetable,
    },
    installation: { updates: 'none', sandboxOff: false, ...overrides.installation },
    schoolPolicy: { inForce: [], ignored: [], ...overrides.schoolPolicy },
    // The open room's readiness from its devices, without history.
    readiness: {
      open:
        classroomId === null
          ? null
          : roomReadiness(
              classroomId,
              devices,
              () => undefined,
              overrides.connection?.lastSuccessAt ?? '2026-01-05T09:30:00.000Z',
            ),
      lesson: null,
      ...overrides.readiness,
    },
    seatPlan: {
      classroomId: 'lab-1',
      plan: null,
      source: null,
      schoolPlan: false,
      locked: false,
      ...overrides.seatPlan,
    },
    studentData: { protection: 'none', names: 0, nextForgetAt: null, ...overrides.studentData },
  };
}
