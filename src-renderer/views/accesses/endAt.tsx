/**
 * "End at…": schedules the end of one access or of the class at a time today, which the core
 * keeps and runs even if the window is closed; while one is pending it says when, with a button
 * that cancels it. Used on a device row, on an access card and beside "End all accesses".
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import type { ScheduledEnd, ScheduleTarget } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { formatMinute, nextFiveMinuteMark, parseClockTime } from '../clock';
import { isolated } from '../bidi';
import { ClockIcon, CloseIcon } from '../icons';
import { FormField, SmallForm, useFocusAfterRender } from '../forms/smallForm';
import { useAction } from '../forms/useAction';

/** The end scheduled for the target, if one is. */
export const pendingEndOf = (
  data: ClassTrayData,
  target: ScheduleTarget,
): ScheduledEnd | undefined =>
  data.scheduledEnds.pending.find(
    (end) => scheduleTargetKey(end.target) === scheduleTargetKey(target),
  );

/**
 * The instant of a local time of day ("10:50", as the window writes times) today; never rolled
 * to tomorrow, so a time already past stays in the past and is refused. NaN for anything else.
 */
/** What is wrong with the time typed: no time, or one already passed today. */
type TimeProblem = { kind: 'noTime' } | { kind: 'passed'; at: number };

export function todayAt(time: string, now: number): number {
  const parsed = parseClockTime(time);
  if (parsed === null) return Number.NaN;
  const at = new Date(now);
  at.setHours(parsed[0], parsed[1], 0, 0);
  return at.getTime();
}

/**
 * "+5 min", "+10 min": that many minutes from the present minute (at 13:38, +10 gives 13:48,
 * whatever the field was prefilled with), or on from the time the previous press gave, so two
 * presses of +10 give 20 minutes from now.
 */
export function later(
  time: string,
  lastPress: string | null,
  minutes: number,
  now: number,
  locale: string,
): string {
  const minute = new Date(now);
  minute.setSeconds(0, 0);
  const from = time === lastPress ? todayAt(time, now) : minute.getTime();
  return formatMinute(new Date(from + minutes * 60_000).toISOString(), locale);
}

/** Keys the time field uses for itself: not the device list's (rows, buttons, type-ahead). */
const FIELD_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function EndAt({
  target,
  name,
  inRow = false,
}: {
  target: ScheduleTarget;
  /** What ends, in the buttons' names: a device, a student; unused for the class. */
  name: string;
  /** On a device row, whose buttons are reached with the arrow keys rather than Tab. */
  inRow?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const pending = useClassTray((data) => pendingEndOf(data, target));
  const [open, setOpen] = useState(false);
  const [time, setTime] = useState('');
  // What +5 / +10 put in the field last: pressed again, they add on to it.
  const [pressed, setPressed] = useState<string | null>(null);
  // Kept as what was wrong and worded when shown, so a change of language rewords it.
  const [problem, setProblem] = useState<TimeProblem | null>(null);
  const schedule = useAction((at: string) => api.scheduleEnd({ target, at }));
  const cancel = useAction(() => api.cancelScheduledEnd({ target }));
  const focusAfterRender = useFocusAfterRender();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pendingRef = useRef<HTMLSpanElement>(null);
  const classroom = 'classroomId' in target;
  const tabIndex = inRow ? -1 : undefined;
  const locale = i18n.language;

  const close = () => {
    setOpen(false);
    setProblem(null);
    focusAfterRender(buttonRef);
  };

  const submit = async () => {
    const at = todayAt(time, Date.now());
    if (Number.isNaN(at)) {
      setProblem({ kind: 'noTime' });
      return;
    }
    if (at <= Date.now()) {
      setProblem({ kind: 'passed', at });
      return;
    }
    setProblem(null);
    const result = await schedule.run(new Date(at).toISOString());
    if (!result.ok) return;
    setOpen(false);
    focusAfterRender(pendingRef);
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (FIELD_KEYS.has(event.key)) event.stopPropagation();
  };

  if (pending !== undefined && !open) {
    const at = formatMinute(pending.at, locale);
    // Shown, the time is isolated from the sentence around it; a name read out needs no isolate.
    const ends = (time: string) =>
      classroom ? t('schedule.classEndsAt', { time }) : t('schedule.endsAt', { time });
    const cancelName = classroom
      ? t('schedule.cancelClassEnd', { time: at })
      : t('schedule.cancelEndFor', { time: at, name });
    return (
      <div className="end-at">
        {/* On a row, a clock and the time (the sentence is its name and title): it fits the
            narrowest row in every language. */}
        <span
          className="end-at-pending"
          tabIndex={-1}
          ref={pendingRef}
          {...(inRow ? { role: 'img', 'aria-label': ends(at), title: ends(at) } : {})}
        >
          {inRow ? (
            <>
              <ClockIcon />
              <span dir="ltr">{at}</span>
            </>
          ) : (
            ends(isolated(at))
          )}
        </span>
        <BusyButton
          type="button"
          className={inRow ? 'icon-button small' : 'button small quiet'}
          tabIndex={tabIndex}
          aria-label={cancelName}
          title={cancelName}
          busy={cancel.pending}
          onClick={() => {
            // The pending end's change may arrive before the answer: the button is then waiting.
            focusAfterRender(buttonRef);
            void cancel.run();
          }}
        >
          {inRow ? <CloseIcon /> : t('schedule.cancelEnd')}
        </BusyButton>
        <ActionError error={cancel.error} />
      </div>
    );
  }

  if (!open) {
    const label = classroom ? t('schedule.endClassAt') : t('schedule.endAtFor', { name });
    return (
      <div className="end-at">
        <button
          type="button"
          // On a row a clock alone (its name says End at… for whom); beside End all, its words
          // and a clock, drawn quiet beside End all's red: the two never look alike.
          className={inRow ? 'icon-button small' : 'button small end-class-at'}
          ref={buttonRef}
          tabIndex={tabIndex}
          aria-label={classroom ? undefined : label}
          title={inRow ? label : undefined}
          onClick={() => {
            // The next 5-minute mark, in the window's clock: one Enter schedules it.
            setTime(formatMinute(new Date(nextFiveMinuteMark(Date.now())).toISOString(), locale));
            setPressed(null);
            setOpen(true);
          }}
        >
          <ClockIcon />
          {!inRow && label}
        </button>
      </div>
    );
  }

  const moveOn = (minutes: number) => {
    const next = later(time, pressed, minutes, Date.now(), locale);
    setTime(next);
    setPressed(next);
    setProblem(null);
  };

  return (
    <SmallForm
      className="end-at-form"
      label={classroom ? t('schedule.formClass') : t('schedule.formFor', { name })}
      submitLabel={t('schedule.submit')}
      cancelLabel={t('schedule.close')}
      busy={schedule.pending}
      onSubmit={submit}
      onCancel={close}
    >
      <FormField
        label={classroom ? t('schedule.classTime') : t('schedule.time')}
        problem={
          problem?.kind === 'noTime'
            ? t('schedule.noTime')
            : problem?.kind === 'passed'
              ? t('schedule.passed', {
                  time: isolated(formatMinute(new Date(problem.at).toISOString(), locale)),
                })
              : schedule.error === null
                ? null
                : t('app.actionFailed', { message: schedule.error })
        }
      >
        {(control) => (
          <div className="end-at-time">
            <input
              {...control}
              className="end-at-field"
              dir="ltr"
              value={time}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              // The window's own clock ("10:50"), whatever the operating system's format is.
              placeholder={formatMinute(
                new Date(nextFiveMinuteMark(Date.now())).toISOString(),
                locale,
              )}
              size={5}
              onKeyDown={onFieldKeyDown}
              onChange={(event) => {
                setTime(event.target.value);
                setProblem(null);
              }}
            />
            <button type="button" className="button small quiet" onClick={() => moveOn(5)}>
              {t('schedule.plusMinutes', { minutes: '5' })}
            </button>
            <button type="button" className="button small quiet" onClick={() => moveOn(10)}>
              {t('schedule.plusMinutes', { minutes: '10' })}
            </button>
          </div>
        )}
      </FormField>
    </SmallForm>
  );
}
