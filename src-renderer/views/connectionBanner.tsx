import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../../src-main/core/classTrayApi';
import { useClassTray } from '../store/context';
import { formatClock } from './clock';

type BannerMessage = `banner.${'offline' | 'unauthorized' | 'classroomNotFound' | 'stale'}`;

/** The statuses that get a banner; the others (ok, connecting, no classroom) need none. */
const MESSAGES: Partial<Record<ConnectionStatus, BannerMessage>> = {
  offline: 'banner.offline',
  unauthorized: 'banner.unauthorized',
  'classroom-not-found': 'banner.classroomNotFound',
  stale: 'banner.stale',
};

/** Says in words why the list may be wrong; gone as soon as a refresh succeeds. */
export function ConnectionBanner(props: { onOpenSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const connection = useClassTray((data) => data.connection);
  const status = connection.status;
  const message = MESSAGES[status];
  if (message === undefined) return null;
  // Stale data is still data: a quiet status. The others need the teacher's attention.
  const quiet = status === 'stale';

  return (
    <div className={`banner ${quiet ? 'warning' : 'error'}`} role={quiet ? 'status' : 'alert'}>
      <p>
        {t(message)}
        {connection.nextAttemptAt !== null && status !== 'unauthorized' && (
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
