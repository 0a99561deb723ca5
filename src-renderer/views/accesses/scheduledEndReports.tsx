/**
 * How each scheduled end ran, and End all's result, newest first, until the teacher dismisses
 * it (the core keeps a scheduled end's dismissal, so no reload or other window shows it again):
 * what it ended, whether it ran late because the computer slept or ClassTray was closed, and what
 * is still being retried. Each names its room: a class end by its classroom, an access's end by
 * its own classroom when another is open.
 *
 * Folded to one line, so the room keeps the window (at 320x480 two reports and a three-line End
 * all result left one and a half rows): the count, which opens them all on demand, and the newest
 * report on one line with its Dismiss. One polite live region, so a new report is read out once.
 */
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduledEndRunView, ScheduleTarget } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi, useClassTray } from '../../store/context';
import { formatMinute } from '../clock';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { roomName } from '../roomName';
import { ChevronIcon } from '../icons';
import { scheduledEndKey, targetNames, type TargetNames } from '../../../src-shared/scheduleTarget';
import {
  dismissEndAllOutcome,
  EndAllResult,
  endAllOutcomeFocused,
  nextReportTurn,
  useEndAllOutcome,
} from './endAllAccesses';
import { shortToken } from './temporalAccessItem';

/** A target as the Dismiss button's name says it, and as the sentence shows it. */
interface TargetName {
  text: string;
  shown: ReactNode;
}

/** Where the values go in a sentence: characters no translation holds. */
const SLOTS = ['\uE000', '\uE001'] as const;

/** `sentence`, made with SLOTS for values, with `values` in their places. */
function filled(sentence: string, values: readonly ReactNode[]): ReactNode {
  return sentence.split(/([\uE000\uE001])/).map((part, i) => {
    const slot = SLOTS.indexOf(part as (typeof SLOTS)[number]);
    return <Fragment key={i}>{slot === -1 ? part : values[slot]}</Fragment>;
  });
}

/**
 * A name of the sentence, in its own direction and never broken inside: a room or device whole
 * ("Room 12", "R12-PC23"), a student's name at its spaces only.
 */
function Name({ text, words = false }: { text: string; words?: boolean }) {
  if (!words) return <bdi className="unbroken">{text}</bdi>;
  return (
    <bdi>
      {text.split(/(\s+)/).map((part, i) =>
        i % 2 === 0 ? (
          <span key={i} className="unbroken">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </bdi>
  );
}

/**
 * The classroom by its nickname or id; the access by its student and device, as far as known,
 * and by its classroom too when that is not the one open.
 */
function useTargetName(): (target: ScheduleTarget) => TargetName {
  const { t } = useTranslation();
  const classroom = useClassTray((data: ClassTrayData) => data.classroom);
  const temporalAccesses = useClassTray((data) => data.temporalAccesses);
  const account = useClassTray((data) => data.account);
  const data = { classroom, temporalAccesses, account };
  return (target) => {
    if ('classroomId' in target) {
      const room = roomName(data, target.classroomId, t);
      return { text: room, shown: <Name text={room} /> };
    }
    // An access's target is named by its student and device.
    const names = targetNames(target, data) as Extract<TargetNames, { token: string }>;
    const { student, device } = names;
    const token = t('accesses.token', { token: shortToken(names.token) });
    const who: TargetName =
      student !== null && device !== null
        ? {
            text: t('schedule.accessOn', { student, device }),
            shown: filled(t('schedule.accessOn', { student: SLOTS[0], device: SLOTS[1] }), [
              <Name key="student" text={student} words />,
              <Name key="device" text={device} />,
            ]),
          }
        : student !== null
          ? { text: student, shown: <Name text={student} words /> }
          : { text: device ?? token, shown: <Name text={device ?? token} /> };
    const lowered = names.token.toLowerCase();
    const room = temporalAccesses.find(
      (access) => access.token.toLowerCase() === lowered,
    )?.classroomId;
    if (room === undefined || room === null || room === classroom.id) return who;
    const roomShown = roomName(data, room, t);
    return {
      text: t('schedule.inRoom', { target: who.text, room: roomShown }),
      shown: filled(t('schedule.inRoom', { target: SLOTS[0], room: SLOTS[1] }), [
        who.shown,
        <Name key="room" text={roomShown} />,
      ]),
    };
  };
}

/** One report on the list: a scheduled end's run or End all's result. */
interface Report {
  key: string;
  turn: number;
  retrying: boolean;
  said: ReactNode;
  dismissLabel: string;
  dismiss: () => void;
  /** End all's result: its sentence takes the focus once, as it comes. */
  focus: boolean;
}

export function ScheduledEndReports() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const ran = useClassTray((data) => data.scheduledEnds.ran);
  const classroomId = useClassTray((data) => data.classroom.id);
  const endAll = useEndAllOutcome();
  const nameOf = useTargetName();
  const dismiss = useAction((run: ScheduledEndRunView) =>
    api.dismissScheduledEndReport(run.scheduled),
  );
  const regionRef = useRef<HTMLDivElement>(null);
  const endAllRef = useRef<HTMLParagraphElement>(null);
  const refocus = useRef(false);
  const listId = useId();
  const [open, setOpen] = useState(false);
  // The order the reports came in: the core's list is newest first, End all's result is the
  // window's own; whichever came last shows on the folded line.
  const turns = useRef(new Map<string, number>());

  /** Counted by the access's state after the run, as the window reads any access's state. */
  const sentences = (run: ScheduledEndRunView, time: string, target: ReactNode): ReactNode[] => {
    const count = (kind: ScheduledEndRunView['ended'][number]['result']['kind']) =>
      run.ended.filter(({ result }) => result.kind === kind).length;
    const said: ReactNode[] = [
      filled(
        run.ended.length === 0
          ? t('schedule.noneRunning', { time, target: SLOTS[0] })
          : count('invalidated') === 0
            ? t('schedule.noneEnded', { time, target: SLOTS[0] })
            : t('schedule.ended', { time, target: SLOTS[0], count: count('invalidated') }),
        [target],
      ),
    ];
    if (count('already-ended') > 0) {
      said.push(t('accesses.alreadyEndedCount', { count: count('already-ended') }));
    }
    if (count('unknown') > 0) said.push(t('accesses.unknownCount', { count: count('unknown') }));
    if (run.atSleep === true) {
      said.push(t('schedule.atSleep', { time: formatMinute(run.ranAt, i18n.language) }));
    }
    if (run.lateMinutes > 0) said.push(t('schedule.late', { count: run.lateMinutes }));
    const failed = count('failed');
    if (failed > 0) {
      said.push(
        run.retrying
          ? t('schedule.retrying', { count: failed })
          : t('schedule.notEnded', { count: failed }),
      );
    }
    return said;
  };

  const shownRuns = ran.filter((run) => run.dismissed !== true);
  const keyOf = (run: ScheduledEndRunView) => `${scheduledEndKey(run.scheduled)} ${run.ranAt}`;
  // Oldest first, so the newest of those new to the window takes the latest turn.
  for (const run of [...shownRuns].reverse()) {
    if (!turns.current.has(keyOf(run))) turns.current.set(keyOf(run), nextReportTurn());
  }
  const runReports = shownRuns.map((run): Report => {
    const time = formatMinute(run.scheduled.at, i18n.language);
    const target = nameOf(run.scheduled.target);
    const key = keyOf(run);
    return {
      key,
      turn: turns.current.get(key) ?? 0,
      retrying: run.retrying,
      said: sentences(run, time, target.shown).map((sentence, j) => (
        <Fragment key={j}>
          {j > 0 && ' '}
          {sentence}
        </Fragment>
      )),
      dismissLabel: t('schedule.dismissFor', { time, target: target.text }),
      dismiss: () => void dismiss.run(run),
      focus: false,
    };
  });
  // Said in the classroom End all was asked in only: another one was not touched.
  const reports: Report[] = [
    ...runReports,
    ...(endAll !== null && endAll.classroomId === classroomId
      ? [
          {
            key: 'end-all',
            turn: endAll.turn,
            retrying: false,
            said: <EndAllResult outcome={endAll} />,
            dismissLabel: t('accesses.endAllDismiss'),
            dismiss: dismissEndAllOutcome,
            focus: endAll.focus,
          },
        ]
      : []),
  ].sort((a, b) => b.turn - a.turn);

  // End all's result, as it comes: its sentence takes the focus, the keyboard reads what happened.
  const focusEndAll = reports.find((report) => report.focus) !== undefined;
  useEffect(() => {
    if (!focusEndAll) return;
    endAllRef.current?.focus();
    endAllOutcomeFocused();
  }, [focusEndAll]);

  // The last one dismissed, the next report comes folded again.
  useEffect(() => {
    if (reports.length === 0) setOpen(false);
  }, [reports.length]);

  // A dismissed report takes its button with it: the keyboard goes on to the next report's.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    regionRef.current?.querySelector<HTMLElement>('.schedule-report:not([hidden]) button')?.focus();
  }, [reports.length]);

  return (
    <div className={open ? 'reports open' : 'reports'}>
      {reports.length > 0 && (
        <button
          type="button"
          className="reports-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <ChevronIcon />
          {/* Under 360 px the number alone, so the newest report keeps its room on the line. */}
          <span className="visually-hidden-when-narrow">
            {t('schedule.reports', { count: reports.length })}
          </span>
          <span className="reports-number" aria-hidden="true">
            {reports.length}
          </span>
        </button>
      )}
      {/* Always in the page, so a report added to it is announced. */}
      <div id={listId} className="schedule-reports" role="status" ref={regionRef}>
        {reports.map((report, i) => (
          <div
            key={report.key}
            className={report.retrying ? 'schedule-report retrying' : 'schedule-report'}
            // Folded, the newest alone, on one line.
            hidden={!open && i > 0}
          >
            {report.key === 'end-all' ? (
              <p className="end-all-outcome" tabIndex={-1} ref={endAllRef}>
                {report.said}
              </p>
            ) : (
              <p>{report.said}</p>
            )}
            <button
              type="button"
              className="button small quiet"
              aria-label={report.dismissLabel}
              onClick={() => {
                refocus.current = true;
                report.dismiss();
              }}
            >
              {t('schedule.dismiss')}
            </button>
          </div>
        ))}
        <ActionError error={dismiss.error} />
      </div>
    </div>
  );
}
