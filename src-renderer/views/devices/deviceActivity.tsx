/**
 * What ClassTray saw of each device's online status, where a teacher looks: a mark on a device
 * that changed in the last few minutes ("Went offline 2 minutes ago"), when an offline device
 * was last seen online, and one polite sentence for screen readers per refresh that changed any.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceActivity } from '../../api/types';
import { changedRecently } from '../../store/deviceOrder';
import { useClassTray, useClassTrayStore } from '../../store/context';
import { formatClock, useNow } from '../clock';
import { BackOnlineIcon, WentOfflineIcon } from '../icons';

/** Marks age by the minute: checked twice a minute. */
const TICK_MS = 30_000;

/** The time now, read again every half minute: enough for "2 minutes ago". */
export const useActivityNow = (): number => useNow(TICK_MS);

/**
 * What a row says of its device's online status: a recent change ("Went offline 2 minutes ago",
 * "Back online just now"), each with its own shape, colour and word, and went offline with a
 * student's access running in the alarm colour; else when an offline device was last seen
 * online; nothing for the others.
 */
export function ActivityNote({ remoteId, inUse }: { remoteId: string; inUse: boolean }) {
  const activity = useClassTray((data) => data.activity.get(remoteId));
  const online = useClassTray((data) => data.devices.get(remoteId)?.online);
  if (activity === undefined || online == null) return null;
  return <ActivityText activity={activity} online={online} inUse={inUse} />;
}

function ActivityText({
  activity,
  online,
  inUse,
}: {
  activity: DeviceActivity;
  online: boolean;
  inUse: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Only rows with something seen tick.
  const now = useActivityNow();
  if (changedRecently(activity, now) && activity.changedAt !== null) {
    const minutes = Math.floor((now - Date.parse(activity.changedAt)) / 60_000);
    const ago =
      minutes < 1
        ? t('devices.justNow')
        : new Intl.RelativeTimeFormat(i18n.language).format(-minutes, 'minute');
    const mark = online ? 'back' : inUse ? 'urgent' : 'gone';
    return (
      <span className={`mark ${mark}`}>
        {online ? <BackOnlineIcon /> : <WentOfflineIcon />}
        <span className="mark-text">
          {t(online ? 'devices.backOnline' : 'devices.wentOffline', { ago })}
        </span>
      </span>
    );
  }
  if (online || activity.lastSeenOnlineAt === null) return null;
  return (
    <span className="last-seen">
      {t('devices.lastSeenOnline', { time: formatClock(activity.lastSeenOnlineAt, i18n.language) })}
    </span>
  );
}

/**
 * One polite live region for the whole list, in the page from the start (a region added with
 * its text is often not read): "R12-PC06 went offline", or a count when several changed.
 */
export function ChangeAnnouncer() {
  const { t } = useTranslation();
  const store = useClassTrayStore();
  const news = useClassTray((data) => data.news);
  const [sentence, setSentence] = useState('');
  useEffect(() => {
    const { devices } = store.getState();
    const changed = news.flatMap((id) => {
      const device = devices.get(id);
      return device?.online == null ? [] : [device];
    });
    if (changed.length === 0) return;
    const offline = changed.filter((device) => device.online === false).length;
    const [only] = changed;
    setSentence(
      changed.length === 1 && only
        ? t(only.online ? 'devices.announce.backOnline' : 'devices.announce.wentOffline', {
            name: only.alias ?? only.remoteId,
          })
        : t('devices.announce.several', {
            count: changed.length,
            changes: [
              ...(offline > 0 ? [t('devices.announce.wentOfflineCount', { count: offline })] : []),
              ...(changed.length > offline
                ? [t('devices.announce.backOnlineCount', { count: changed.length - offline })]
                : []),
            ].join(', '),
          }),
    );
  }, [news, store, t]);
  return (
    <p className="visually-hidden" role="status">
      {sentence}
    </p>
  );
}
