import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { EndedAccessView, TrackedAccessView } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { accessShown } from './accessEnding';
import { ActionError } from '../forms/actionError';
import { EndAt } from './endAt';
import { SmallForm, useFocusAfterRender } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { windowKeyProps } from '../keys';

/**
 * How the teacher knows an access: its student, on its device. A device without a name is said
 * as one ("device 417657298"), never a bare number in a list of names; `opening` a sentence, it
 * takes the capital its language gives it there.
 */
const whoOf = (access: TrackedAccessView, t: TFunction, opening = false): string => {
  const { deviceAlias, remoteId, studentName } = access;
  const device =
    deviceAlias ??
    (remoteId === null
      ? null
      : opening && studentName === null
        ? t('accesses.device', { name: remoteId })
        : t('accesses.unnamedDevice', { id: remoteId }));
  if (studentName !== null && device !== null) return `${studentName} (${device})`;
  return studentName ?? device ?? `${access.token.slice(0, 8)}…`;
};

/**
 * "Lena Müller (R12-PC09)" as one isolated name in a sentence that wraps at its spaces only, the
 * parenthesised device whole: never "(R12-" / "PC09)", "(Room" / "12)".
 */
export function Unbroken({ text }: { text: string }) {
  const pieces = text.match(/\([^)]*\)?|[^\s(]+|\s+/g) ?? [];
  return (
    <>
      {'\u2068'}
      {pieces.map((piece, i) =>
        piece.trim() === '' ? (
          piece
        ) : (
          <span key={i} className="unbroken">
            {piece}
          </span>
        ),
      )}
      {'\u2069'}
    </>
  );
}

/** How an End all went, in sentences: what it ended, what was over already, each failure and why. */
function outcomeSentences(
  ended: readonly EndedAccessView[],
  accesses: readonly TrackedAccessView[],
  t: TFunction,
  language: string,
): ReactNode[] {
  const count = (kind: EndedAccessView['result']['kind']) =>
    ended.filter(({ result }) => result.kind === kind).length;
  const byToken = new Map(accesses.map((access) => [access.token, access]));
  // "0 accesses ended" reads as a count, not as the news that none did.
  const invalidated = count('invalidated');
  const said: ReactNode[] = [
    invalidated === 0
      ? t('accesses.endAllNoneEnded')
      : t('accesses.endAllEnded', { count: invalidated }),
  ];
  if (count('already-ended') > 0) {
    said.push(t('accesses.alreadyEndedCount', { count: count('already-ended') }));
  }
  if (count('unknown') > 0) said.push(t('accesses.unknownCount', { count: count('unknown') }));
  for (const { token, result } of ended) {
    const access = byToken.get(token);
    if (result.kind !== 'failed' || access === undefined) continue;
    const { label } = accessShown(result, t, language, false);
    const [before = '', after = ''] = t('accesses.endAllNotEnded', {
      name: NAMES,
      state: label,
    }).split(NAMES);
    said.push(
      <>
        {before}
        <Unbroken text={whoOf(access, t, true)} />
        {after}
      </>,
    );
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
  const parts = listFormat(i18n.language).formatToParts(accesses.map((access) => whoOf(access, t)));
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

/** End all's last result, shown among the reports (scheduledEndReports.tsx) in its classroom. */
export interface EndAllOutcome {
  classroomId: string;
  ended: readonly EndedAccessView[];
  accesses: readonly TrackedAccessView[];
  /** Its turn among the reports (nextReportTurn): the newest one shows on their folded line. */
  turn: number;
  /** Asked in the room still open when it came: the result takes the focus once shown. */
  focus: boolean;
}

const outcomeStore = createStore<{ outcome: EndAllOutcome | null }>()(() => ({ outcome: null }));
export const useEndAllOutcome = (): EndAllOutcome | null =>
  useStore(outcomeStore, (state) => state.outcome);
export const dismissEndAllOutcome = (): void => outcomeStore.setState({ outcome: null });
/** The result has taken the focus: not again when it shows again (back in its room). */
export const endAllOutcomeFocused = (): void =>
  outcomeStore.setState(({ outcome }) => ({ outcome: outcome && { ...outcome, focus: false } }));

let turns = 0;
/** The order reports came in, End all's and the scheduled ends', newest highest. */
export const nextReportTurn = (): number => ++turns;

/** End all's result in sentences, worded when shown: a change of language rewords it at once. */
export function EndAllResult({ outcome }: { outcome: EndAllOutcome }) {
  const { t, i18n } = useTranslation();
  return outcomeSentences(outcome.ended, outcome.accesses, t, i18n.language).map((said, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      {said}
    </Fragment>
  ));
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
  const classroomId = useClassTray((data) => data.classroom.id);
  // The room's end is the bell of its lesson under way: the lesson line says it, with Keep (its
  // Cancel end), in the header; said again here it took a second line for the same end.
  const endIsTheBell = useClassTray(
    ({ timetable, classroom }) =>
      timetable.now !== null &&
      timetable.now.endsAccesses &&
      timetable.now.classroomId === classroom.id,
  );
  const end = useAction((room: string, tokens: string[]) =>
    api.endAccesses({ classroomId: room, tokens }),
  );
  const focusAfterRender = useFocusAfterRender();
  const askButton = useRef<HTMLButtonElement>(null);
  // The window's result: gone with the window (the next test's, in the renderer's tests).
  useEffect(() => dismissEndAllOutcome, []);
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
    // Said with the reports, newest; the result sentence, not the top of the page, takes the
    // focus: the keyboard reads what happened.
    outcomeStore.setState({
      outcome: {
        classroomId,
        ended: result.value,
        accesses,
        turn: nextReportTurn(),
        focus: openRoom.current === classroomId,
      },
    });
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
            {...windowKeyProps('endAll')}
            onClick={() => {
              dismissEndAllOutcome();
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
            names: listFormat(i18n.language).format(confirming.map((access) => whoOf(access, t))),
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
      {confirming === null && classroomId !== null && !endIsTheBell && (
        <EndAt target={{ classroomId }} name={classroomId} />
      )}
      <ActionError error={end.error} />
    </div>
  );
}
