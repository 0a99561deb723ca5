/** The tray's school for shell tests: the demo's Room 12, 24 devices, 18 of them online. */
import type { ClassTrayState, DeviceView } from '../../src-main/core/classTrayApi';
import { classTrayState, device as labDevice } from '../support/classTrayState';

export function device(index: number, online: boolean | null): DeviceView {
  return labDevice(index, { alias: `R12-PC${String(index).padStart(2, '0')}`, online });
}

export function roomState(overrides: Partial<ClassTrayState> = {}): ClassTrayState {
  return {
    ...classTrayState({
      account: {
        mode: 'demo',
        serviceUrl: null,
        token: { set: false, location: 'keychain', note: null },
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
