/**
 * The window's copy of the core state: the snapshot, kept current by the pushed changes.
 *
 * Devices are held by remote id (plus the service's order as a list of ids), and a change
 * replaces only the touched device's object: a row that selects its own device by id sees a new
 * value only when that device changed, so one status change re-renders one row.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AccountView,
  ClassroomView,
  ClassTrayChange,
  ClassTrayState,
  ConnectionView,
  DeviceActivity,
  DeviceView,
  InstallationView,
  PreferencesView,
  ReadinessView,
  RendererApi,
  ScheduledEndsView,
  StudentDataView,
  SchoolPolicyView,
  SeatPlanView,
  TimetableView,
  TrackedAccessView,
} from '../api/types';

export interface ClassTrayData {
  account: AccountView;
  connection: ConnectionView;
  preferences: PreferencesView;
  temporalAccesses: TrackedAccessView[];
  scheduledEnds: ScheduledEndsView;
  timetable: TimetableView;
  installation: InstallationView;
  schoolPolicy: SchoolPolicyView;
  readiness: ReadinessView;
  seatPlan: SeatPlanView;
  studentData: StudentDataView;
  classroom: Omit<ClassroomView, 'devices' | 'activity'>;
  devices: ReadonlyMap<string, DeviceView>;
  /** The service's order. */
  deviceIds: readonly string[];
  /** What ClassTray saw of each device's online status, by remote id. */
  activity: ReadonlyMap<string, DeviceActivity>;
  /** The devices whose activity the latest refresh changed: what is news to announce. */
  news: readonly string[];
}

export type ClassTrayStore = StoreApi<ClassTrayData>;

export function fromSnapshot(state: ClassTrayState): ClassTrayData {
  const { devices, activity, ...classroom } = state.classroom;
  return {
    account: state.account,
    connection: state.connection,
    preferences: state.preferences,
    temporalAccesses: state.temporalAccesses,
    scheduledEnds: state.scheduledEnds,
    timetable: state.timetable,
    installation: state.installation,
    schoolPolicy: state.schoolPolicy,
    readiness: state.readiness,
    seatPlan: state.seatPlan,
    studentData: state.studentData,
    classroom,
    devices: new Map(devices.map((device) => [device.remoteId, device])),
    deviceIds: devices.map((device) => device.remoteId),
    activity: new Map(Object.entries(activity)),
    news: [],
  };
}

/** The data after a batch of changes, in order. Untouched parts keep their identity. */
export function applyChanges(
  data: ClassTrayData,
  changes: readonly ClassTrayChange[],
): ClassTrayData {
  let next = data;
  // Copied at most once per batch, on the first device change.
  let devices: Map<string, DeviceView> | undefined;
  let deviceIds: string[] | undefined;
  const ownDevices = (): Map<string, DeviceView> => (devices ??= new Map(next.devices));
  const ownIds = (): string[] => (deviceIds ??= [...next.deviceIds]);

  // A refresh's batch is its activity, then its device changes in order.
  const flat = changes.flatMap((change): ClassTrayChange[] => {
    if (change.type !== 'devices') return [change];
    return change.activity === undefined ? change.changes : [change, ...change.changes];
  });
  for (const change of flat) {
    switch (change.type) {
      case 'device-added':
      case 'device-changed': {
        const known = ownDevices().has(change.device.remoteId);
        ownDevices().set(change.device.remoteId, change.device);
        if (!known) ownIds().push(change.device.remoteId);
        break;
      }
      case 'device-removed': {
        if (!ownDevices().delete(change.remoteId)) break;
        const ids = ownIds();
        ids.splice(ids.indexOf(change.remoteId), 1);
        break;
      }
      case 'online-changed': {
        const device = ownDevices().get(change.remoteId);
        if (device && device.online !== change.online) {
          ownDevices().set(change.remoteId, { ...device, online: change.online });
        }
        break;
      }
      case 'classroom': {
        const replaced = fromSnapshot({ ...next, classroom: change.classroom });
        next = { ...next, classroom: replaced.classroom, activity: replaced.activity, news: [] };
        devices = new Map(replaced.devices);
        deviceIds = [...replaced.deviceIds];
        break;
      }
      case 'devices': {
        const seen = new Map(next.activity);
        for (const [id, entry] of Object.entries(change.activity ?? {})) seen.set(id, entry);
        next = { ...next, activity: seen, news: Object.keys(change.activity ?? {}) };
        break;
      }
      case 'connection':
        next = { ...next, connection: change.connection };
        break;
      case 'temporal-accesses':
        next = { ...next, temporalAccesses: change.temporalAccesses };
        break;
      case 'account':
        next = { ...next, account: change.account };
        break;
      case 'preferences':
        next = { ...next, preferences: change.preferences };
        break;
      case 'scheduled-ends':
        next = { ...next, scheduledEnds: change.scheduledEnds };
        break;
      case 'timetable':
        next = { ...next, timetable: change.timetable };
        break;
      case 'installation':
        next = { ...next, installation: change.installation };
        break;
      case 'school-policy':
        next = { ...next, schoolPolicy: change.schoolPolicy };
        break;
      case 'readiness':
        next = { ...next, readiness: change.readiness };
        break;
      case 'seat-plan':
        next = { ...next, seatPlan: change.seatPlan };
        break;
      case 'student-data':
        next = { ...next, studentData: change.studentData };
        break;
    }
  }
  if (devices) next = { ...next, devices };
  if (deviceIds) next = { ...next, deviceIds };
  return next;
}

/**
 * Subscribes, then reads the snapshot. Changes that arrive meanwhile are applied after it in
 * order: each one sets a value, so replaying one the snapshot already holds is harmless, while
 * dropping it could lose a change the snapshot missed. Later changes are applied in batches, one
 * store update per burst.
 */
export async function connectStore(
  api: RendererApi,
): Promise<{ store: ClassTrayStore; disconnect: () => void }> {
  let pending: ClassTrayChange[] = [];
  let store: ClassTrayStore | undefined;
  const flush = (): void => {
    if (!store || pending.length === 0) return;
    const batch = pending;
    pending = [];
    store.setState(applyChanges(store.getState(), batch), true);
  };
  const unsubscribe = api.subscribe((change) => {
    pending.push(change);
    if (pending.length === 1) queueMicrotask(flush);
  });
  try {
    const snapshot = fromSnapshot(await api.getState());
    store = createStore<ClassTrayData>()(() => snapshot);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  flush();
  return { store, disconnect: unsubscribe };
}
