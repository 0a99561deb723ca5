/**
 * Which tracked accesses the window lists where: the open classroom's, other classrooms', those
 * whose classroom is not known (older data), and those folded into "Ended today"; and which of
 * the open classroom's End all reaches. Pure, on the core's one state per access.
 */
import type { TrackedAccessView } from '../../api/types';
import { accessStanding, belongsTo } from '../../../src-shared/accessState';

/** An ended access stays in view this long, so its state is seen, then folds away. */
export const FOLD_AFTER_MS = 60_000;

export interface AccessGroups {
  /** Given in the open classroom, listed. */
  here: TrackedAccessView[];
  /** Given in another classroom, listed. */
  elsewhere: TrackedAccessView[];
  /** No classroom recorded: listed apart, never reached by a classroom's End all. */
  classroomNotKnown: TrackedAccessView[];
  /** Ended a while ago, or replaced on its device by a newer access. */
  endedToday: TrackedAccessView[];
  /** The open classroom's running accesses: what End all ends. */
  endAll: TrackedAccessView[];
  /** Every running access, wherever it was given. */
  running: number;
}

/** When ClassTray learned it ended; for an invalidated one, when its session ends, if later. */
function endedAt(access: TrackedAccessView): number | null {
  const { state } = access;
  if (!accessStanding(state).ended || state.kind === 'given' || state.kind === 'failed') {
    return null;
  }
  const learned = Date.parse(state.learnedAt);
  return state.kind === 'invalidated'
    ? Math.max(learned, Date.parse(state.sessionExpiresAt))
    : learned;
}

export function accessGroups(
  accesses: readonly TrackedAccessView[],
  classroomId: string | null,
  now: number,
): AccessGroups {
  const groups: AccessGroups = {
    here: [],
    elsewhere: [],
    classroomNotKnown: [],
    endedToday: [],
    endAll: [],
    running: 0,
  };
  // Newest first: a device's first access is the one its row shows.
  const onDevice = new Set<string>();
  for (const access of accesses) {
    const device =
      access.remoteId === null ? null : `${access.classroomId ?? ''}\n${access.remoteId}`;
    const replaced = device !== null && onDevice.has(device);
    if (device !== null) onDevice.add(device);
    const ended = endedAt(access);
    const running = accessStanding(access.state).running;
    if (running) groups.running += 1;
    if (ended !== null && (replaced || now - ended > FOLD_AFTER_MS)) {
      groups.endedToday.push(access);
    } else if (access.classroomId === null) {
      groups.classroomNotKnown.push(access);
    } else if (belongsTo(access, classroomId)) {
      groups.here.push(access);
      if (running) groups.endAll.push(access);
    } else {
      groups.elsewhere.push(access);
    }
  }
  return groups;
}
