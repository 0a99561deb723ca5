import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { formatClock } from '../clock';
import { CloseIcon } from '../icons';
import { useAction } from '../forms/useAction';

type Problem =
  'offline' | 'unauthorized' | 'noToken' | 'classroomNotFound' | 'stale' | 'slow' | 'internal';

/** The statuses that get a banner; the others (ok, connecting, no classroom) need none. */
const PROBLEMS: Partial<Record<ConnectionStatus, Problem>> = {
  offline: 'offline',
  unauthorized: 'unauthorized',
  'classroom-not-found': 'classroomNotFound',
  stale: 'stale',
  slow: 'slow',
};

/** With nothing loaded, no sentence may claim the last known devices are shown. */
const messageOf = (problem: Problem, nothingLoaded: boolean) =>
  nothingLoaded && problem !== 'classroomNotFound'
    ? (`banner.nothingLoaded.${problem}` as const)
    : (`banner.${problem}` as const);

/**
 * Says in words why the list may be wrong, with a way to try again at once; gone as soon as a
 * refresh succeeds, with any failure of Retry now. The teacher may close it: it comes back only
 * for another problem, or for the next outage.
 *
 * For screen readers: the quiet status region stays in the page even with nothing to say, since
 * a live region added together with its text is often not read out; an alert is read when it
 * appears. Only the message is live: the next attempt's time changes on every retry and would be
 * read out again each time.
 */
export function ConnectionBanner(props: {
  onOpenSettings: () => void;
  /** Opens the classroom switcher on the unknown id, to correct it or remove it. */
  onFixClassroom: () => void;
  /** Closed by the teacher: its button went with it, so the focus goes where the window starts. */
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const connection = useClassTray((data) => data.connection);
  const nothingLoaded = useClassTray((data) => data.deviceIds.length === 0);
  const retry = useAction(() => api.refresh());
  const status = connection.status;
  // ClassTray's own failure, not the service's: it says so, whatever the status. With no token
  // the service was never asked, so nothing was rejected.
  const problem =
    connection.problem?.kind === 'internal'
      ? 'internal'
      : connection.problem?.kind === 'no-token'
        ? 'noToken'
        : PROBLEMS[status];
  const [closed, setClosed] = useState<Problem | null>(null);
  const { forget } = retry;
  useEffect(() => {
    if (problem !== undefined) return;
    setClosed(null);
    forget();
  }, [problem, forget]);
  const shown = problem === closed ? undefined : problem;
  const message = shown === undefined ? undefined : messageOf(shown, nothingLoaded);
  // Stale data is still data, and a slow answer may yet come: a quiet status. The others need
  // the teacher's attention.
  const tone =
    shown === undefined ? null : shown === 'stale' || shown === 'slow' ? 'warning' : 'error';

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
      {shown === 'classroomNotFound' && (
        <button type="button" className="button" onClick={props.onFixClassroom}>
          {t('banner.fixClassroom')}
        </button>
      )}
      {/* A token needs the settings; anything else may have passed already. */}
      {tone !== null && status !== 'unauthorized' && (
        <BusyButton
          type="button"
          className="button retry-now"
          busy={retry.pending}
          onClick={() => void retry.run()}
        >
          {t('banner.retryNow')}
        </BusyButton>
      )}
      {tone !== null && status === 'unauthorized' && (
        <button type="button" className="button" onClick={props.onOpenSettings}>
          {t(problem === 'noToken' ? 'banner.connect' : 'banner.openSettings')}
        </button>
      )}
      {tone !== null && (
        <button
          type="button"
          className="icon-button banner-close"
          aria-label={t('banner.close')}
          title={t('banner.close')}
          onClick={() => {
            setClosed(problem ?? null);
            props.onClosed();
          }}
        >
          <CloseIcon />
        </button>
      )}
      {tone !== null && <ActionError error={retry.error} />}
    </div>
  );
}
