import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddAccessResult } from '../api/types';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { TemporalAccessItem } from './temporalAccessItem';
import { useAction } from './useAction';

type AddProblem = Extract<AddAccessResult, { ok: false }>['problem'];

/** Paste a temporal access to track it; each tracked one ends with one click. */
export function TemporalAccesses() {
  const { t } = useTranslation();
  const api = useApi();
  const accesses = useClassTray((data) => data.temporalAccesses);
  // The compact view gives the devices every line it can; the box's placeholder says enough.
  const compact = useClassTray((data) => data.preferences.compactView);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<AddProblem | null>(null);
  const add = useAction((linkOrToken: string) => api.addTemporalAccess({ linkOrToken }));
  const inputId = useId();
  const problemId = useId();
  const headingId = useId();

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (add.pending) return;
    setProblem(null);
    const outcome = await add.run(text);
    if (!outcome.ok) return;
    if (outcome.value.ok) setText('');
    else setProblem(outcome.value.problem);
  };

  return (
    <section className="accesses" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('accesses.heading')}
        {accesses.length > 0 && <span className="count">{accesses.length}</span>}
      </h2>
      <label htmlFor={inputId} className="visually-hidden">
        {t('accesses.input')}
      </label>
      <input
        id={inputId}
        className="access-input"
        value={text}
        placeholder={t('accesses.placeholder')}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : problemId}
        // Read-only rather than disabled while adding: a disabled box would lose the focus.
        readOnly={add.pending}
        aria-busy={add.pending}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      {problem !== null && (
        <p id={problemId} className="field-problem" role="alert">
          {t(`accesses.problem.${problem}`)}
        </p>
      )}
      <ActionError error={add.error} />
      {accesses.length === 0 ? (
        !compact && <p className="hint">{t('accesses.none')}</p>
      ) : (
        <ul className="access-list">
          {accesses.map((access) => (
            <TemporalAccessItem key={access.token} access={access} />
          ))}
        </ul>
      )}
    </section>
  );
}
