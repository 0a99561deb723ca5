/**
 * "End at…": schedules the end of one access or of the class at a time today, which the core
 * keeps and runs even if the window is closed; while one is pending it says when, with a button
 * that cancels it. Used on a device row, on an access card and beside "End all accesses".
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleTargetKey } from '../../src-shared/scheduleTarget';
import type { ScheduledEnd, ScheduleTarget } from '../api/types';
import type { ClassTrayData } from '../store/classTrayStore';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { BusyButton } from './busyButton';
import { formatMinute } from './clock';
import { useAction } from './useAction';

const pendingEndOf = (data: ClassTrayData, target: ScheduleTarget): ScheduledEnd | undefined =>
  data.schedule.pending.find((end) => scheduleTargetKey(end.target) === scheduleTargetKey(target));

/**
 * The instant of a local time of day ("10:50", as a time field gives it) today; never rolled to
 * tomorrow, so a time already past stays in the past and is refused. NaN for anything else.
 */
export function todayAt(time: string, now: number): number {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) return Number.NaN;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return at.getTime();
}

type Focus = 'button' | 'field' | 'pending';

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
  const [problem, setProblem] = useState<string | null>(null);
  const schedule = useAction((at: string) => api.scheduleEnd({ target, at }));
  const cancel = useAction(() => api.cancelScheduledEnd({ target }));
  const fieldId = useId();
  const problemId = useId();
  const focusNext = useRef<Focus | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const pendingRef = useRef<HTMLSpanElement>(null);
  const classroom = 'classroomId' in target;
  const tabIndex = inRow ? -1 : undefined;

  // Whatever replaced the control that had the focus takes it, so the keyboard keeps its place.
  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    const element = { button: buttonRef, field: fieldRef, pending: pendingRef }[next].current;
    if (element) {
      focusNext.current = null;
      element.focus();
    }
  });

  const close = () => {
    setOpen(false);
    setProblem(null);
    focusNext.current = 'button';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (schedule.pending) return;
    const at = todayAt(time, Date.now());
    if (Number.isNaN(at)) {
      setProblem(t('schedule.noTime'));
      return;
    }
    if (at <= Date.now()) {
      setProblem(
        t('schedule.passed', { time: formatMinute(new Date(at).toISOString(), i18n.language) }),
      );
      return;
    }
    setProblem(null);
    const result = await schedule.run(new Date(at).toISOString());
    if (!result.ok) return;
    setOpen(false);
    setTime('');
    focusNext.current = 'pending';
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.target === fieldRef.current && FIELD_KEYS.has(event.key)) {
      event.stopPropagation();
    }
  };

  if (pending !== undefined && !open) {
    const at = formatMinute(pending.at, i18n.language);
    return (
      <div className="end-at">
        <span className="end-at-pending" tabIndex={-1} ref={pendingRef}>
          {classroom ? t('schedule.classEndsAt', { time: at }) : t('schedule.endsAt', { time: at })}
        </span>
        <BusyButton
          type="button"
          className="button small quiet"
          tabIndex={tabIndex}
          aria-label={
            classroom
              ? t('schedule.cancelClassEnd', { time: at })
              : t('schedule.cancelEndFor', { time: at, name })
          }
          busy={cancel.pending}
          onClick={() => {
            // The pending end's change may arrive before the answer: the button is then waiting.
            focusNext.current = 'button';
            void cancel.run().then((result) => {
              if (!result.ok) focusNext.current = null;
            });
          }}
        >
          {t('schedule.cancelEnd')}
        </BusyButton>
        <ActionError error={cancel.error} />
      </div>
    );
  }

  if (!open) {
    return (
      <div className="end-at">
        <button
          type="button"
          className="button small"
          ref={buttonRef}
          tabIndex={tabIndex}
          aria-label={classroom ? undefined : t('schedule.endAtFor', { name })}
          onClick={() => {
            setOpen(true);
            focusNext.current = 'field';
          }}
        >
          {classroom ? t('schedule.endClassAt') : t('schedule.endAt')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="end-at-form"
      aria-label={classroom ? t('schedule.formClass') : t('schedule.formFor', { name })}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={onFormKeyDown}
    >
      <label htmlFor={fieldId}>{classroom ? t('schedule.classTime') : t('schedule.time')}</label>
      <input
        id={fieldId}
        ref={fieldRef}
        type="time"
        value={time}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : problemId}
        onChange={(event) => {
          setTime(event.target.value);
          setProblem(null);
        }}
      />
      <BusyButton type="submit" className="button small primary" busy={schedule.pending}>
        {t('schedule.submit')}
      </BusyButton>
      <button type="button" className="button small" onClick={close}>
        {t('schedule.close')}
      </button>
      {problem !== null && (
        <p id={problemId} className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <ActionError error={schedule.error} />
    </form>
  );
}
