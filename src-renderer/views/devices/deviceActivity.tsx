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
import { isolated } from '../bidi';

/** Marks age by the minute: checked twice a minute. */
const TICK_MS = 30_000;

/** The time now, read again every half minute: enough for "2 minutes ago". */
export const useActivityNow = (): number => useNow(TICK_MS);

/**
 * What a row says of its device's online status: a recent change, short ("↓ 2 min", read as
 * "Went offline 2 minutes ago"), each with its own shape and colour, and went offline with a
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
    const sentence = t(online ? 'devices.backOnline' : 'devices.wentOffline', { ago });
    // Short on screen ("↓ 2 min", "↑ now": the arrow says which way), a few letters in every
    // language; the sentence is what assistive technology reads and the pointer shows.
    const age = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'minute' });
    return (
      <span className={`mark ${mark}`} title={sentence}>
        {online ? <BackOnlineIcon /> : <WentOfflineIcon />}
        <span className="mark-text" aria-hidden="true">
          {minutes < 1 ? t('devices.nowShort') : age.format(minutes)}
        </span>
        <span className="visually-hidden">{sentence}</span>
      </span>
    );
  }
  if (online || activity.lastSeenOnlineAt === null) return null;
  return (
    <span className="last-seen">
      {t('devices.lastSeenOnline', {
        time: isolated(formatClock(activity.lastSeenOnlineAt, i18n.language)),
      })}
    </span>
  );
}

/**
 * One polite live region for the whole list, in the page from the start (a region added with
 * its text is often not read): "R12-PC06 went offline", or a count when several changed.
 */
export function ChangeAnnouncer() {
  const { t, i18n } = useTranslation();
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
            // Joined as the language joins ("2 went offline and 1 came back online", Arabic's "و").
            changes: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format([
              ...(offline > 0 ? [t('devices.announce.wentOfflineCount', { count: offline })] : []),
              ...(changed.length > offline
                ? [t('devices.announce.backOnlineCount', { count: changed.length - offline })]
                : []),
            ]),
          }),
    );
  }, [news, store, t, i18n.language]);
  return (
    <p className="visually-hidden" role="status">
      {sentence}
    </p>
  );
}
