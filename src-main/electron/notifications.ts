/**
 * Desktop notifications while the window is hidden (with it open, the teacher sees the list
 * change): opt-in ones when classroom devices go offline or come back, one per refresh; and one
 * for each scheduled end that ran, which the teacher asked for by scheduling it.
 */
import { Notification } from 'electron';
import type { ClassTrayChange, ClassTrayState } from '../core/api/classTrayApi';
import type { ScheduledEndRunView } from '../core/scheduledEnds/scheduledEndsView';
import type { Labels } from './mainSentences';
import { scheduledEndKey } from '../../src-shared/scheduleTarget';
import { roomLabel, scheduleTargetName } from './tray/trayState';

export interface Notice {
  title: string;
  body: string;
}

/** Lines shown before "and N more". */
const MAX_LINES = 3;

/**
 * What to tell the teacher about one batch of changes, or null. `before` is the state the changes
 * apply to: it names the devices and says whether each one's status was known.
 */
export function deviceNotice(
  changes: readonly ClassTrayChange[],
  before: ClassTrayState,
  windowVisible: boolean,
  text: Labels,
): Notice | null {
  if (windowVisible || !before.preferences.notifications.deviceChanges) return null;
  const lines: string[] = [];
  const deviceChanges = changes.flatMap((change) =>
    change.type === 'devices' ? change.changes : [change],
  );
  for (const change of deviceChanges) {
    if (change.type !== 'online-changed' || change.online === null) continue;
    const device = before.classroom.devices.find((d) => d.remoteId === change.remoteId);
    // From unknown to known is news about the data, not about the device.
    if (!device || device.online === null || device.online === change.online) continue;
    const name = device.alias ?? device.remoteId;
    lines.push(change.online ? text.cameBack(name) : text.wentOffline(name));
  }
  if (lines.length === 0) return null;
  const shown = lines.length > MAX_LINES + 1 ? lines.slice(0, MAX_LINES) : lines;
  const rest = lines.length - shown.length;
  return {
    title: `ClassTray: ${before.classroom.id === null ? '' : roomLabel(before.classroom.id, before, text)}`,
    body: [...shown, ...(rest > 0 ? [text.andMore(rest)] : [])].join('\n'),
  };
}

export type ScheduledEndNotices = (
  state: ClassTrayState,
  windowVisible: boolean,
  text: Labels,
) => Notice[];

/**
 * Tells each run of a scheduled end once, oldest first. The core lists only the runs since it
 * started, so the runs in the first state are news too: an end missed while ClassTray was closed
 * runs at start-up, and the teacher hears that it ran late. A failed run is told once: further
 * failed retries of the same end stay quiet until one succeeds, which is told.
 */
export function scheduledEndNotices(): ScheduledEndNotices {
  let seen = new Set<string>();
  const toldRetrying = new Set<string>();
  const runKey = (run: ScheduledEndRunView): string =>
    `${scheduledEndKey(run.scheduled)}|${run.ranAt}`;
  return (state, windowVisible, text) => {
    const notices: Notice[] = [];
    for (const run of [...state.scheduledEnds.ran].reverse()) {
      if (seen.has(runKey(run))) continue;
      const end = scheduledEndKey(run.scheduled);
      const quiet = windowVisible || (run.retrying && toldRetrying.has(end));
      if (run.retrying) toldRetrying.add(end);
      else toldRetrying.delete(end);
      if (!quiet) notices.push(runNotice(run, state, text));
    }
    seen = new Set(state.scheduledEnds.ran.map(runKey));
    // An end no longer pending (done or cancelled) is told afresh if it is scheduled again.
    const pending = new Set(state.scheduledEnds.pending.map(scheduledEndKey));
    for (const end of toldRetrying) if (!pending.has(end)) toldRetrying.delete(end);
    return notices;
  };
}

function runNotice(run: ScheduledEndRunView, state: ClassTrayState, text: Labels): Notice {
  // Ended is what this run ended: not what the service said was over already.
  const failed = run.ended.filter(({ result }) => result.kind === 'failed').length;
  const ended = run.ended.filter(({ result }) => result.kind === 'invalidated').length;
  const lines: string[] = [];
  if (ended > 0) lines.push(text.endRanEnded(ended));
  else if (failed === 0 && !run.retrying) lines.push(text.endRanNoneRunning);
  if (run.atSleep === true) lines.push(text.endRanAtSleep(run.ranAt));
  if (run.lateMinutes > 0) lines.push(text.endRanLate(run.lateMinutes));
  if (failed > 0) lines.push(text.endRanFailed(failed));
  else if (run.retrying) lines.push(text.endRanNotYet);
  return {
    title: text.endRanTitle(scheduleTargetName(run.scheduled.target, shownState(state), text)),
    body: lines.join('\n'),
  };
}

/**
 * The state a notification names things from: without the students' names unless the teacher
 * chose to see them there (a notification may show on a projected screen).
 */
function shownState(state: ClassTrayState): ClassTrayState {
  if (state.preferences.studentData.namesInNotifications) return state;
  const temporalAccesses = state.temporalAccesses.map((access) => ({
    ...access,
    studentName: null,
  }));
  return { ...state, temporalAccesses };
}

/**
 * Every notification on screen, held until it is closed or clicked: macOS drops the click and
 * close of a Notification whose object was garbage-collected. Electron does not promise a
 * `close` for every way one goes away, so only the newest few are held.
 */
export const heldNotifications = new Set<Notification>();
const MAX_HELD = 10;

/** `onClick`: what a click on the notification does besides closing it. */
export function showNotice(
  notice: Notice,
  warn: (message: string) => void,
  onClick?: () => void,
): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification(notice);
  const release = (): void => {
    heldNotifications.delete(notification);
  };
  notification.on('close', release);
  notification.on('click', () => {
    release();
    onClick?.();
  });
  // macOS (Electron 42+) shows none for an app without a code signature and says so here.
  notification.on('failed', (_event, error) => {
    release();
    warn(`A desktop notification could not be shown: ${error}`);
  });
  heldNotifications.add(notification);
  for (const old of heldNotifications) {
    if (heldNotifications.size <= MAX_HELD) break;
    heldNotifications.delete(old);
  }
  notification.show();
}
