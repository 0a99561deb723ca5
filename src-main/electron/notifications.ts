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
    title: `ClassTray: ${before.classroom.nickname ?? before.classroom.id ?? ''}`,
    body: [...shown, ...(rest > 0 ? [text.andMore(rest)] : [])].join('\n'),
  };
}

/**
 * Every notification on screen, held until it is closed or clicked: macOS drops the click and
 * close of a Notification whose object was garbage-collected. Electron does not promise a
 * `close` for every way one goes away, so only the newest few are held.
 */
export const heldNotifications = new Set<Notification>();
const MAX_HELD = 10;

export function showNotice(notice: DeviceNotice, warn: (message: string) => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification(notice);
  const release = (): void => {
    heldNotifications.delete(notification);
  };
  notification.on('close', release);
  notification.on('click', release);
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
