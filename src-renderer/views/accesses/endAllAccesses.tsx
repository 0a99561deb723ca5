import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EndedAccessView, TrackedAccessView } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { accessShown } from './accessEnding';
import { ActionError } from '../forms/actionError';
import { EndAt } from './endAt';
import { isolated } from '../bidi';
import { SmallForm, useFocusAfterRender } from '../forms/smallForm';
import { useAction } from '../forms/useAction';

/** How the teacher knows an access: its student, on its device. */
const whoOf = (access: TrackedAccessView): string => {
  const device = access.deviceAlias ?? access.remoteId;
  if (access.label !== null && device !== null) return `${access.label} (${device})`;
  return access.label ?? device ?? `${access.token.slice(0, 8)}…`;
};

/** How an End all went, in sentences: what it ended, what was over already, each failure and why. */
function outcomeSentences(
  ended: readonly EndedAccessView[],
  accesses: readonly TrackedAccessView[],
  t: TFunction,
  language: string,
): string[] {
  const count = (kind: EndedAccessView['result']['kind']) =>
    ended.filter(({ result }) => result.kind === kind).length;
  const byToken = new Map(accesses.map((access) => [access.token, access]));
  const said: string[] = [t('accesses.endAllEnded', { count: count('invalidated') })];
  if (count('already-ended') > 0) {
    said.push(t('accesses.alreadyEndedCount', { count: count('already-ended') }));
  }
  if (count('unknown') > 0) said.push(t('accesses.unknownCount', { count: count('unknown') }));
  for (const { token, result } of ended) {
    const access = byToken.get(token);
    if (result.kind !== 'failed' || access === undefined) continue;
    const { label } = accessShown(result, t, language, false);
    said.push(t('accesses.endAllNotEnded', { name: isolated(whoOf(access)), state: label }));
  }
  return said;
}

/** "A, B and C" as the language joins a list (Arabic's "و", German's "und"). */
const listFormat = (language: string) => new Intl.ListFormat(language, { type: 'conjunction' });

/** Where the names go in the question's sentence: a character no translation holds. */
const NAMES = '\u0000';

/**
 * "End 3 accesses now: Jonas Schmidt (R12-PC11), Valentina Rossi (R12-PC02) and Lena Müller
 * (R12-PC09)?" as the language joins a list and punctuates, each student and device an element
 * of its own: isolated from the sentence (bdi) and never broken inside (at R12-'s hyphen).
 */
function Question({ accesses }: { accesses: readonly TrackedAccessView[] }) {
  const { t, i18n } = useTranslation();
  const [before = '', after = ''] = t('accesses.endAllQuestion', {
    count: accesses.length,
    names: NAMES,
  }).split(NAMES);
  const parts = listFormat(i18n.language).formatToParts(accesses.map(whoOf));
  return (
    <>
      {before}
      {parts.map((part, i) =>
        part.type === 'element' ? (
          <bdi key={i} className="who">
            {part.value}
          </bdi>
        ) : (
          part.value
        ),
      )}
      {after}
    </>
  );
}

/**
 * End of class: every running access given in the open classroom (none of another classroom or
 * of none), ended after one confirmation that names how many and whose; then how each one went,
 * said in that classroom only: another room opened meanwhile was not touched.
 */
export function EndAllAccesses({ active }: { active: readonly TrackedAccessView[] }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [confirming, setConfirming] = useState<readonly TrackedAccessView[] | null>(null);
  // What happened, worded only when shown: a change of language rewords it at once.
  const [outcome, setOutcome] = useState<{
    classroomId: string;
    ended: readonly EndedAccessView[];
    accesses: readonly TrackedAccessView[];
  } | null>(null);
  const classroomId = useClassTray((data) => data.classroom.id);
  const end = useAction((room: string, tokens: string[]) =>
    api.endAccesses({ classroomId: room, tokens }),
  );
  const focusAfterRender = useFocusAfterRender();
  const askButton = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The room open when the answer comes, which may not be the one End all was asked in.
  const openRoom = useRef(classroomId);
  openRoom.current = classroomId;

  const confirm = async (accesses: readonly TrackedAccessView[]) => {
    if (classroomId === null) return;
    const result = await end.run(
      classroomId,
      accesses.map((access) => access.token),
    );
    setConfirming(null);
    if (!result.ok) return focusAfterRender(askButton);
    setOutcome({ classroomId, ended: result.value, accesses });
    // The result sentence, not the top of the page: the keyboard reads what happened.
    if (openRoom.current === classroomId) focusAfterRender(outcomeRef);
  };

  return (
    <div className="end-all">
      {confirming === null ? (
        active.length > 0 &&
        classroomId !== null && (
          <button
            ref={askButton}
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
        <SmallForm
          className="end-all-confirm"
          label={t('accesses.endAllQuestion', {
            count: confirming.length,
            names: listFormat(i18n.language).format(confirming.map(whoOf)),
          })}
          submitLabel={t('accesses.endAllConfirm', { count: confirming.length })}
          cancelLabel={t('accesses.cancel')}
          busy={end.pending}
          // Destructive: the focus starts on Cancel, so a key held too long ends nothing.
          danger
          onSubmit={() => confirm(confirming)}
          onCancel={() => {
            setConfirming(null);
            focusAfterRender(askButton);
          }}
        >
          <p>
            <Question accesses={confirming} />
          </p>
        </SmallForm>
      )}
      {/* Also before the first access: a class end covers the accesses added after it. */}
      {confirming === null && classroomId !== null && (
        <EndAt target={{ classroomId }} name={classroomId} />
      )}
      {outcome !== null && outcome.classroomId === classroomId && (
        <p className="end-all-outcome" role="status" tabIndex={-1} ref={outcomeRef}>
          {outcomeSentences(outcome.ended, outcome.accesses, t, i18n.language).join(' ')}
        </p>
      )}
      <ActionError error={end.error} />
    </div>
  );
}
