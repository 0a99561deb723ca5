/**
 * The classroom's part of the window's state: the classroom open (its devices, what was seen of
 * them) and the connection's state, with the rules that build them from what the core holds.
 */
import type { NotebookContents } from '../settings/accountNotebook';
import type { ConnectionProblem } from '../service/serviceErrors';
import type { RecentClassroom } from './classroomSettings';
import type { DeviceView } from './liveStatus';

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

export function classroomView(
  notebook: NotebookContents | undefined,
  devices: readonly DeviceView[],
  activity: ReadonlyMap<string, DeviceActivity> = new Map(),
): ClassroomView {
  const id = notebook?.current ?? null;
  const recent = [...(notebook?.recent ?? [])];
  const seen: Record<string, DeviceActivity> = {};
  for (const device of devices) {
    const entry = activity.get(device.remoteId);
    if (entry) seen[device.remoteId] = { ...entry };
  }
  return {
    id,
    nickname: recent.find((classroom) => classroom.id === id)?.nickname ?? null,
    recent,
    devices: [...devices],
    activity: seen,
  };
}

/** Nothing can be asked of the service without a token: it was never asked, so nothing was rejected. */
export const NO_TOKEN: ConnectionProblem = {
  kind: 'no-token',
  detail: 'No API token is saved for this service: connect in the settings.',
};

/** The status a problem leaves the classroom in. */
export function statusOf(problem: ConnectionProblem): ConnectionStatus {
  switch (problem.kind) {
    case 'unauthorized':
    case 'no-token':
      return 'unauthorized';
    case 'classroom-not-found':
      return 'classroom-not-found';
    case 'network':
      return 'offline';
    default:
      return 'stale';
  }
}
