/**
 * Opt-in desktop notifications when classroom devices go offline or come back while the window
 * is hidden (with it open, the teacher sees the list change). One notification per refresh.
 */
import { Notification } from 'electron';
import type { ClassTrayChange, ClassTrayState } from '../core/classTrayApi';
import type { Labels } from './labels';

export interface DeviceNotice {
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
): DeviceNotice | null {
  if (windowVisible || !before.preferences.notifications.deviceChanges) return null;
  const lines: string[] = [];
  for (const change of changes) {
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
    title: `ClassTray: ${before.classroom.nickname ?? before.classroom.id ?? ''}`,
    body: [...shown, ...(rest > 0 ? [text.andMore(rest)] : [])].join('\n'),
  };
}

export function showNotice(notice: DeviceNotice): void {
  if (Notification.isSupported()) new Notification(notice).show();
}
