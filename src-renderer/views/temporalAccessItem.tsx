import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionProblem, InvalidateResultView, TrackedAccessView } from '../api/types';
import { useApi } from '../store/context';
import { ActionError } from './actionError';
import { BusyButton } from './busyButton';
import { formatClock, useSecondsUntil } from './clock';
import { EndAt } from './endAt';
import { WarningIcon } from './icons';
import { useAction } from './useAction';

type Shown =
  | { kind: 'invalidated'; sessionExpiresAt: string }
  | { kind: 'already-ended' }
  | { kind: 'failed'; problem: ConnectionProblem['kind'] };

/** This window's latest click wins; otherwise what the core remembers from earlier ones. */
function shownOutcome(
  access: TrackedAccessView,
  clicked: InvalidateResultView | null,
): Shown | null {
  const outcome = clicked ?? access.lastOutcome;
  if (outcome === null) return null;
  if (outcome.kind === 'failed') return { kind: 'failed', problem: outcome.problem.kind };
  if (outcome.kind === 'already-ended') return { kind: 'already-ended' };
  return { kind: 'invalidated', sessionExpiresAt: outcome.sessionExpiresAt };
}

export const shortToken = (token: string): string => `${token.slice(0, 8)}…`;

/** How long "Stop tracking" can be undone before the access leaves the list. */
export const STOP_UNDO_MS = 8_000;

export function TemporalAccessItem({ access }: { access: TrackedAccessView }) {
  const { t } = useTranslation();
  const api = useApi();
  const [clicked, setClicked] = useState<InvalidateResultView | null>(null);
  const invalidate = useAction(() => api.invalidateTemporalAccess({ token: access.token }));
  const remove = useAction(() => api.removeTemporalAccess({ token: access.token }));
  const titleId = useId();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const [stopping, setStopping] = useState(false);
  const stopAsked = useRef(false);

  // Stopping waits a few seconds for an Undo, then leaves the list; the focus follows the buttons.
  useEffect(() => {
    if (!stopping) {
      if (stopAsked.current) stopRef.current?.focus();
      return;
    }
    undoRef.current?.focus();
    const timer = setTimeout(() => {
      void remove.run().then((result) => {
        if (!result.ok) setStopping(false);
      });
    }, STOP_UNDO_MS);
    return () => clearTimeout(timer);
    // remove.run is new on every render; the timer belongs to this stop only.
  }, [stopping]);

  // The Invalidate button goes away once clicked: keyboard focus moves to what happened instead.
  useEffect(() => {
    if (clicked !== null) outcomeRef.current?.focus();
  }, [clicked]);

  const device = access.deviceAlias ?? access.remoteId;
  const token = t('accesses.token', { token: shortToken(access.token) });
  // The device names the card, then the student; the token only when there is nothing else.
  const name = device ?? access.label ?? token;
  const student = device !== null ? access.label : null;
  const outcome = shownOutcome(access, clicked);
  const ended = outcome?.kind === 'invalidated' || outcome?.kind === 'already-ended';
  // The service does not know it: retrying would only say so again.
  const unknown = outcome?.kind === 'failed' && outcome.problem === 'access-not-found';
  const keepsRunning = !ended && !unknown;

  if (stopping) {
    return (
      <li className="access-stopped">
        <p role="status">
          {keepsRunning ? t('accesses.stoppedRunning', { name }) : t('accesses.stopped', { name })}
        </p>
        <button
          type="button"
          className="button small"
          ref={undoRef}
          onClick={() => setStopping(false)}
        >
          {t('accesses.undo')}
        </button>
      </li>
    );
  }

  const run = async () => {
    const result = await invalidate.run();
    if (result.ok) setClicked(result.value);
  };

  return (
    <li className="access">
      <div className="access-head">
        <div className="access-title" id={titleId}>
          <span className="access-name">
            {name}
            {student !== null && <span className="access-student-name"> · {student}</span>}
          </span>
          {/* Without a label or a device the token is the name already. */}
          {name !== token && <span className="access-detail">{token}</span>}
        </div>
        <div className="access-actions">
          {!ended && outcome?.kind !== 'failed' && (
            <BusyButton
              type="button"
              className="button danger"
              aria-describedby={titleId}
              busy={invalidate.pending}
              onClick={() => void run()}
            >
              {invalidate.pending ? t('accesses.invalidating') : t('accesses.invalidate')}
            </BusyButton>
          )}
          <button
            type="button"
            className="button small quiet stop-tracking"
            ref={stopRef}
            aria-describedby={titleId}
            title={keepsRunning ? t('accesses.stopKeepsRunning') : undefined}
            onClick={() => {
              stopAsked.current = true;
              setStopping(true);
            }}
          >
            {t('accesses.stopTracking')}
          </button>
        </div>
      </div>
      {outcome === null && (
        <div className="access-running">
          <p className="access-state active">{t('accesses.active')}</p>
          <EndAt target={{ token: access.token }} name={name} />
        </div>
      )}
      {access.warnNo2fa && !ended && (
        <p className="access-warning">
          <WarningIcon />
          {t('accesses.warnNo2fa')}
        </p>
      )}
      {outcome !== null && (
        <div className={`access-outcome ${outcome.kind}`} tabIndex={-1} ref={outcomeRef}>
          {outcome.kind === 'invalidated' && (
            <Invalidated sessionExpiresAt={outcome.sessionExpiresAt} />
          )}
          {outcome.kind === 'already-ended' && <p>{t('accesses.alreadyEnded')}</p>}
          {unknown && <p>{t('accesses.unknown')}</p>}
          {outcome.kind === 'failed' && !unknown && (
            <>
              <p role="alert">
                {t('accesses.failed', { problem: t(`problems.${outcome.problem}`) })}
              </p>
              <BusyButton
                type="button"
                className="button"
                aria-describedby={titleId}
                busy={invalidate.pending}
                onClick={() => void run()}
              >
                {t('accesses.retry')}
              </BusyButton>
            </>
          )}
        </div>
      )}
      <ActionError error={invalidate.error ?? remove.error} />
    </li>
  );
}

/** When the service ends the session, and a live countdown to it. */
function Invalidated({ sessionExpiresAt }: { sessionExpiresAt: string }) {
  const { t, i18n } = useTranslation();
  const seconds = useSecondsUntil(sessionExpiresAt);
  const time = formatClock(sessionExpiresAt, i18n.language);
  return (
    <p>
      {seconds > 0
        ? t('accesses.endsAt', { time, seconds: String(seconds) })
        : t('accesses.endedAt', { time })}
    </p>
  );
}
