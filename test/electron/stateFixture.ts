/** A ClassTrayState for shell tests: Room 12 with 24 devices, 18 of them online. */
import type { ClassTrayState, DeviceView } from '../../src-main/core/classTrayApi';

export function device(index: number, online: boolean | null): DeviceView {
  return {
    remoteId: String(100_000_000 + index),
    alias: `R12-PC${String(index).padStart(2, '0')}`,
    online,
    status: 'enabled',
    has2fa: true,
  };
}

export function roomState(overrides: Partial<ClassTrayState> = {}): ClassTrayState {
  return {
    account: {
      mode: 'demo',
      serviceUrl: null,
      authHeader: 'X-Token-SVC',
      token: { set: false, location: 'keychain', note: null },
    },
    classroom: {
      id: 'room-12',
      nickname: 'Room 12',
      recent: [{ id: 'room-12', nickname: 'Room 12' }, { id: 'library' }],
      devices: Array.from({ length: 24 }, (_, index) => device(index + 1, index < 18)),
    },
    connection: {
      status: 'ok',
      lastSuccessAt: '2026-03-02T08:00:00.000Z',
      problem: null,
      nextAttemptAt: null,
    },
    temporalAccesses: [],
    preferences: {
      poll: { visibleSeconds: 10, hiddenSeconds: 60 },
      notifications: { deviceChanges: true },
      language: 'en',
      startAtLogin: false,
      compactView: false,
    },
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
