import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../api/types';
import { useClassTray } from '../store/context';
import { formatClock } from './clock';

type BannerMessage =
  `banner.${'offline' | 'unauthorized' | 'classroomNotFound' | 'stale' | 'slow' | 'internal'}`;

/** The statuses that get a banner; the others (ok, connecting, no classroom) need none. */
const MESSAGES: Partial<Record<ConnectionStatus, BannerMessage>> = {
  offline: 'banner.offline',
  unauthorized: 'banner.unauthorized',
  'classroom-not-found': 'banner.classroomNotFound',
  stale: 'banner.stale',
  slow: 'banner.slow',
};

/**
 * Says in words why the list may be wrong; gone as soon as a refresh succeeds.
 *
 * For screen readers: the quiet status region stays in the page even with nothing to say, since
 * a live region added together with its text is often not read out; an alert is read when it
 * appears. Only the message is live: the next attempt's time changes on every retry and would be
 * read out again each time.
 */
export function ConnectionBanner(props: { onOpenSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const connection = useClassTray((data) => data.connection);
  const status = connection.status;
  // ClassTray's own failure, not the service's: it says so, whatever the status.
  const message = connection.problem?.kind === 'internal' ? 'banner.internal' : MESSAGES[status];
  // Stale data is still data, and a slow answer may yet come: a quiet status. The others need
  // the teacher's attention.
  const tone =
    message === undefined
      ? null
      : message === 'banner.stale' || message === 'banner.slow'
        ? 'warning'
        : 'error';

  return (
    <div className={tone === null ? 'banner-slot' : `banner ${tone}`}>
      <p>
        {tone === 'error' && message !== undefined && <span role="alert">{t(message)}</span>}
        <span role="status">{tone === 'warning' && message !== undefined && t(message)}</span>
        {tone !== null && connection.nextAttemptAt !== null && status !== 'unauthorized' && (
          <>
            {' '}
            {t('banner.nextAttempt', {
              time: formatClock(connection.nextAttemptAt, i18n.language),
            })}
          </>
        )}
      </p>
      {status === 'unauthorized' && (
        <button type="button" className="button" onClick={props.onOpenSettings}>
          {t('banner.openSettings')}
        </button>
      )}
    </div>
  );
}
