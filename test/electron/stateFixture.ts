/** The tray's school for shell tests: the demo's Room 12, 24 devices, 18 of them online. */
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { DeviceView } from '../../src-main/core/classroom/liveStatus';
import type { EndedAccessView, TrackedAccessView } from '../../src-main/core/accesses/accessView';
import type { ScheduledEnd } from '../../src-main/core/scheduledEnds/scheduledEndSettings';
import type { ScheduledEndRunView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import { classTrayState, device as labDevice, trackedAccess } from '../support/classTrayState';

export function device(index: number, online: boolean | null): DeviceView {
  return labDevice(index, { alias: `R12-PC${String(index).padStart(2, '0')}`, online });
}

export function roomState(overrides: Partial<ClassTrayState> = {}): ClassTrayState {
  return {
    ...classTrayState({
      account: {
        mode: 'demo',
        serviceUrl: null,
        token: { set: false, location: 'keychain', note: null, keychainWaiting: false },
      },
      classroom: {
        id: 'room-12',
        nickname: 'Room 12',
        recent: [{ id: 'room-12', nickname: 'Room 12' }, { id: 'library' }],
      },
      devices: Array.from({ length: 24 }, (_, index) => device(index + 1, index < 18)),
      connection: { lastSuccessAt: '2026-03-02T08:00:00.000Z' },
      preferences: { notifications: { deviceChanges: true } },
    }),
    ...overrides,
  };
}

export const allOnline = (state: ClassTrayState): ClassTrayState => ({
  ...state,
  classroom: {
    ...state.classroom,
    devices: state.classroom.devices.map((d) => ({ ...d, online: true })),
  },
});

/** An ISO time that reads `hours:minutes` on this machine's clock, whatever its time zone. */
export const localTime = (hours: number, minutes: number): string =>
  new Date(2026, 2, 2, hours, minutes).toISOString();

/** Ana's access on R12-PC03, as Room 12 tracks it. */
export const anaAccess: TrackedAccessView = trackedAccess({
  token: 'a1b2c3d4-0000-4000-8000-000000000003',
  studentName: 'Ana',
  remoteId: '100000003',
  classroomId: 'room-12',
  deviceAlias: 'R12-PC03',
});

export const roomEnd = (at: string): ScheduledEnd => ({ at, target: { classroomId: 'room-12' } });

const invalidated = (token: string): EndedAccessView => ({
  token,
  result: {
    kind: 'invalidated',
    sessionExpiresAt: '2026-03-02T09:50:30.000Z',
    learnedAt: '2026-03-02T09:50:00.000Z',
    warnNo2fa: false,
  },
});
const failed = (token: string): EndedAccessView => ({
  token,
  result: {
    kind: 'failed',
    problem: { kind: 'network', detail: 'connect ECONNREFUSED' },
    learnedAt: '2026-03-02T09:50:00.000Z',
    warnNo2fa: false,
  },
});

/** A run of `scheduled` that ended `ended` accesses and could not end `failedCount` others. */
export function run(
  scheduled: ScheduledEnd,
  { ranAt = scheduled.at, ended = 0, failedCount = 0, lateMinutes = 0 } = {},
): ScheduledEndRunView {
  return {
    scheduled,
    ranAt,
    lateMinutes,
    ended: [
      ...Array.from({ length: ended }, (_, index) => invalidated(`ended-${index}`)),
      ...Array.from({ length: failedCount }, (_, index) => failed(`failed-${index}`)),
    ],
    retrying: failedCount > 0,
  };
}
