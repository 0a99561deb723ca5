import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AccessState, TrackedAccessView } from '../../api/types';
import { accessStanding, type AccessStanding } from '../../../src-shared/accessState';
import { useApi } from '../../store/context';
import { formatClock, useSecondsUntil } from '../clock';
import { isolated } from '../bidi';
import { useAction } from '../forms/useAction';

export interface AccessShown extends AccessStanding {
  /** The state in the window's words: Given, Ends 10:42:30, Ended, Not ended: why… */
  label: string;
}

/**
 * The one reading of an access's state (the core's) for every place that shows an access: row,
 * tile, card, End all, Stop tracking, reports. An invalidated access reads "Ends 10:42:30" until
 * its session's end passes (`sessionOver`), then "Ended": time passing, not a new state.
 */
export function accessShown(
  state: AccessState,
  t: TFunction,
  language: string,
  sessionOver: boolean,
): AccessShown {
  const standing = accessStanding(state);
  const label = ((): string => {
    switch (state.kind) {
      case 'given':
        return t('accesses.state.given');
      case 'invalidated':
        return sessionOver
          ? t('accesses.state.ended')
          : t('accesses.state.endsAt', {
              time: isolated(formatClock(state.sessionExpiresAt, language)),
            });
      case 'already-ended':
        return t('accesses.state.alreadyEnded');
      case 'unknown':
        return t('accesses.state.unknown');
      case 'failed': {
        const problem = t(`problems.${state.problem.kind}`);
        return standing.retry
          ? t('accesses.state.notEndedRetry', { problem })
          : t('accesses.state.notEnded', { problem });
      }
    }
  })();
  return { ...standing, label };
}

/** accessShown for a component, live: "Ends 10:42:30" turns "Ended" when that time passes. */
export function useAccessShown(state: AccessState): AccessShown {
  const { t, i18n } = useTranslation();
  const endsAt = state.kind === 'invalidated' ? state.sessionExpiresAt : null;
  // A time long past when there is none: the countdown stops at once.
  const seconds = useSecondsUntil(endsAt ?? '1970-01-01T00:00:00.000Z');
  return accessShown(state, t, i18n.language, seconds === 0);
}

/**
 * Ending one access from the window (a row, a tile, a card): the state shown stays the core's,
 * which the core pushes once it recorded the service's answer.
 */
export function useAccessEnding(access: TrackedAccessView) {
  const api = useApi();
  const end = useAction(() => api.invalidateTemporalAccess({ token: access.token }));
  const shown = useAccessShown(access.state);
  const run = async () => {
    await end.run();
  };
  return { shown, run, pending: end.pending, error: end.error };
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
