import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddAccessResult } from '../api/types';
import { useAccessDraft } from '../store/accessDraft';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { AccessDevicePicker } from './accessDevicePicker';
import { accessGroups } from './accessGroups';
import { EndAllAccesses } from './endAllAccesses';
import { TemporalAccessItem } from './temporalAccessItem';
import { useAction } from './useAction';
import { useNow } from './clock';
import { ChevronIcon } from './icons';

type AddProblem = Extract<AddAccessResult, { ok: false }>['problem'];

const FOLD_CHECK_MS = 15_000;

/**
 * Paste a temporal access to track it, on the device and for the student it was given to; each
 * tracked one ends with one click. The open classroom's accesses come first.
 *
 * Folded to one line above the device list (how many run, End all, End class at…), so the room
 * keeps the window: the cards and the paste box open on demand, and a row's Add access opens them.
 */
export function TemporalAccesses() {
  const { t } = useTranslation();
  const api = useApi();
  const accesses = useClassTray((data) => data.temporalAccesses);
  const classroomId = useClassTray((data) => data.classroom.id);
  // The compact view gives the devices every line it can; the box's placeholder says enough.
  const compact = useClassTray((data) => data.preferences.compactView);
  const [text, setText] = useState('');
  const [remoteId, setRemoteId] = useState('');
  const [student, setStudent] = useState('');
  const [problem, setProblem] = useState<AddProblem | null>(null);
  const add = useAction((linkOrToken: string) =>
    api.addTemporalAccess({
      linkOrToken,
      ...(remoteId === '' ? {} : { remoteId }),
      ...(student.trim() === '' ? {} : { label: student.trim() }),
    }),
  );
  const inputId = useId();
  const studentId = useId();
  const problemId = useId();
  const headingId = useId();
  const otherId = useId();
  const notKnownId = useId();
  const panelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const now = useNow(FOLD_CHECK_MS);

  const [open, setOpen] = useState(false);
  const focusInput = useRef(false);

  // A row's "Add access" picks its device here, opens the cards and hands the focus to the link
  // box (once it is shown: a hidden box takes no focus).
  const draft = useAccessDraft();
  useEffect(() => {
    if (draft.remoteId === null) return;
    setRemoteId(draft.remoteId);
    setOpen(true);
    focusInput.current = true;
  }, [draft]);
  useEffect(() => {
    if (!open || !focusInput.current) return;
    focusInput.current = false;
    inputRef.current?.focus();
  });

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (add.pending) return;
    setProblem(null);
    const outcome = await add.run(text);
    if (!outcome.ok) return;
    if (outcome.value.ok) {
      setText('');
      setStudent('');
      setRemoteId('');
    } else setProblem(outcome.value.problem);
  };

  const { here, elsewhere, classroomNotKnown, endedToday, endAll, running } = accessGroups(
    accesses,
    classroomId,
    now,
  );

  return (
    <section className={open ? 'accesses open' : 'accesses'} aria-labelledby={headingId}>
      <div className="accesses-summary">
        <h2 id={headingId} className="accesses-heading">
          <button
            type="button"
            className="accesses-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            <ChevronIcon />
            {/* While some run here, their count says it all on screen; the heading still names it. */}
            <span className={endAll.length > 0 ? 'visually-hidden' : undefined}>
              {t('accesses.heading')}
            </span>
            {endAll.length > 0 && (
              <span className="count">{t('accesses.runningCount', { count: endAll.length })}</span>
            )}
            {/* Counted apart: End all beside it never reaches them. */}
            {running > endAll.length && (
              <span className="count quiet">
                {t('accesses.runningElsewhere', { count: running - endAll.length })}
              </span>
            )}
          </button>
        </h2>
        <EndAllAccesses active={endAll} />
      </div>
      {/* Hidden rather than unmounted: a card's Undo and the half-typed access survive a fold. */}
      <div id={panelId} className="accesses-panel" hidden={!open}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('accesses.input')}
        </label>
        <input
          id={inputId}
          ref={inputRef}
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
        {/* Asked once there is an access to add: the list keeps its lines until then. */}
        {(text !== '' || remoteId !== '') && (
          <div className="access-fields">
            <AccessDevicePicker remoteId={remoteId} onChange={setRemoteId} />
            <div className="access-field">
              <label htmlFor={studentId}>{t('accesses.student')}</label>
              <input
                id={studentId}
                className="access-student"
                value={student}
                maxLength={80}
                autoComplete="off"
                onChange={(event) => setStudent(event.target.value)}
                onKeyDown={(event) => void onKeyDown(event)}
              />
            </div>
          </div>
        )}
        {problem !== null && (
          <p id={problemId} className="field-problem" role="alert">
            {t(`accesses.problem.${problem}`)}
          </p>
        )}
        <ActionError error={add.error} />
        {accesses.length === 0 ? (
          !compact && <p className="hint">{t('accesses.none')}</p>
        ) : (
          <>
            {here.length > 0 && (
              <ul className="access-list" aria-label={t('accesses.openClassroom')}>
                {here.map((access) => (
                  <TemporalAccessItem key={access.token} access={access} />
                ))}
              </ul>
            )}
            {elsewhere.length > 0 && (
              <>
                <h3 id={otherId} className="access-group">
                  {t('accesses.otherClassrooms')}
                </h3>
                <ul className="access-list other" aria-labelledby={otherId}>
                  {elsewhere.map((access) => (
                    <TemporalAccessItem key={access.token} access={access} />
                  ))}
                </ul>
              </>
            )}
            {classroomNotKnown.length > 0 && (
              <>
                <h3 id={notKnownId} className="access-group">
                  {t('accesses.classroomNotKnown')}
                </h3>
                <p className="hint">{t('accesses.classroomNotKnownHint')}</p>
                <ul className="access-list other" aria-labelledby={notKnownId}>
                  {classroomNotKnown.map((access) => (
                    <TemporalAccessItem key={access.token} access={access} />
                  ))}
                </ul>
              </>
            )}
            {endedToday.length > 0 && (
              <details className="ended-today">
                <summary>
                  {t('accesses.endedToday')} <span className="count">{endedToday.length}</span>
                </summary>
                <ul className="access-list">
                  {endedToday.map((access) => (
                    <TemporalAccessItem key={access.token} access={access} />
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </section>
  );
}
