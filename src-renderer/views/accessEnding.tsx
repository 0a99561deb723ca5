import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvalidateResultView, TrackedAccessView } from '../api/types';
import { useApi } from '../store/context';
import { formatClock, useSecondsUntil } from './clock';
import { useAction } from './useAction';

/**
 * Ending one access from the device list (a row or a compact tile): the outcome shown is the
 * click's own until the core's catches up, and End is offered again only where it may help (not
 * for an access the service does not know).
 */
export function useAccessEnding(access: TrackedAccessView) {
  const api = useApi();
  const [clicked, setClicked] = useState<InvalidateResultView | null>(null);
  const end = useAction(() => api.invalidateTemporalAccess({ token: access.token }));
  const outcome = clicked ?? access.lastOutcome;
  const run = async () => {
    const result = await end.run();
    if (result.ok) setClicked(result.value);
  };
  const unknown = outcome?.kind === 'failed' && outcome.problem.kind === 'access-not-found';
  const canEnd = outcome === null || (outcome.kind === 'failed' && !unknown);
  return { outcome, unknown, canEnd, run, pending: end.pending, error: end.error };
}

/** The access's state in a word or two: Active, Ends 10:42:30, Ended, Unknown…, Not ended. */
export function AccessState({
  outcome,
  unknown,
}: Pick<ReturnType<typeof useAccessEnding>, 'outcome' | 'unknown'>) {
  const { t } = useTranslation();
  return (
    <>
      {outcome === null && t('accesses.active')}
      {outcome?.kind === 'invalidated' && <EndsAt sessionExpiresAt={outcome.sessionExpiresAt} />}
      {outcome?.kind === 'already-ended' && t('accesses.ended')}
      {unknown && t('accesses.unknown')}
      {outcome?.kind === 'failed' && !unknown && t('accesses.notEnded')}
    </>
  );
}

function EndsAt({ sessionExpiresAt }: { sessionExpiresAt: string }) {
  const { t, i18n } = useTranslation();
  const seconds = useSecondsUntil(sessionExpiresAt);
  const time = formatClock(sessionExpiresAt, i18n.language);
  return <>{seconds > 0 ? t('accesses.endsShort', { time }) : t('accesses.ended')}</>;
}

/**
 * The End button of a device's row or tile, and the focus once it is gone: back on the list item
 * that held it, where the arrows go on, never dropped to the page. `beforeEnd` goes first in the
 * click.
 */
export function useFocusBackOnEnd(canEnd: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (canEnd || refocus.current === null) return;
    refocus.current.focus();
    refocus.current = null;
  }, [canEnd]);
  const beforeEnd = () => {
    if (document.activeElement === button.current) {
      refocus.current = button.current?.closest<HTMLElement>('[data-index]') ?? null;
    }
  };
  return { button, beforeEnd };
}
