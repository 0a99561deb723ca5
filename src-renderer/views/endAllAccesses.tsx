import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndedAccessView, TrackedAccessView } from '../api/types';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { BusyButton } from './busyButton';
import { EndAt } from './endAt';
import { useAction } from './useAction';

/** How the teacher knows an access: its student, on its device. */
const whoOf = (access: TrackedAccessView): string => {
  const device = access.deviceAlias ?? access.remoteId;
  if (access.label !== null && device !== null) return `${access.label} (${device})`;
  return access.label ?? device ?? `${access.token.slice(0, 8)}…`;
};

/**
 * End of class: every active access of the open classroom, ended after one confirmation that
 * names how many and whose; then how each one went.
 */
export function EndAllAccesses({ active }: { active: readonly TrackedAccessView[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const [confirming, setConfirming] = useState<readonly TrackedAccessView[] | null>(null);
  const [outcome, setOutcome] = useState<{ ended: number; failed: string[] } | null>(null);
  const end = useAction((tokens: string[]) => api.endAccesses({ tokens }));
  const questionId = useId();
  const classroomId = useClassTray((data) => data.classroom.id);

  const confirm = async (accesses: readonly TrackedAccessView[]) => {
    const result = await end.run(accesses.map((access) => access.token));
    setConfirming(null);
    if (!result.ok) return;
    const byToken = new Map(accesses.map((access) => [access.token, access]));
    const failed = result.value.filter(({ result: one }: EndedAccessView) => one.kind === 'failed');
    setOutcome({
      ended: result.value.length - failed.length,
      failed: failed.flatMap(({ token }) => {
        const access = byToken.get(token);
        return access ? [whoOf(access)] : [];
      }),
    });
  };

  return (
    <div className="end-all">
      {confirming === null ? (
        active.length > 0 && (
          <button
            type="button"
            className="button danger small"
            // Short on the folded summary line; its name says whose accesses.
            aria-label={t('accesses.endAll')}
            onClick={() => {
              setOutcome(null);
              setConfirming(active);
            }}
          >
            {t('accesses.endAllShort')}
          </button>
        )
      ) : (
        <div className="end-all-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            {t('accesses.endAllQuestion', {
              number: String(confirming.length),
              names: confirming.map(whoOf).join(', '),
            })}
          </p>
          <BusyButton
            type="button"
            className="button danger small"
            busy={end.pending}
            // The question replaces the button that asked it: the answer takes the focus.
            autoFocus
            onClick={() => void confirm(confirming)}
          >
            {t('accesses.endAllConfirm', { number: String(confirming.length) })}
          </BusyButton>
          <button type="button" className="button small" onClick={() => setConfirming(null)}>
            {t('accesses.cancel')}
          </button>
        </div>
      )}
      {/* Also before the first access: a class end covers the accesses added after it. */}
      {confirming === null && classroomId !== null && (
        <EndAt target={{ classroomId }} name={classroomId} />
      )}
      {outcome !== null && (
        <p className="end-all-outcome" role="status">
          {t('accesses.endAllEnded', { number: String(outcome.ended) })}
          {outcome.failed.length > 0 &&
            ` ${t('accesses.endAllFailed', { names: outcome.failed.join(', ') })}`}
        </p>
      )}
      <ActionError error={end.error} />
    </div>
  );
}
