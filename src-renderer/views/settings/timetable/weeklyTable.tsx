/** The weekly table: weekday, start, end and classroom per row, typed here and saved whole. */
import { useState } from 'react';
import type { WeeklyLesson } from '../../../api/types';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { BusyButton } from '../../forms/busyButton';
import { useAction } from '../../forms/useAction';
import { parseClockTime } from '../../clock';
import { listedRoomName } from '../../roomName';

const blankLesson = (classroomId: string): WeeklyLesson => ({
  weekday: 1,
  start: '08:00',
  end: '08:50',
  classroomId,
});

/** The weekly table: weekday, start, end, classroom per row; saved as a whole. */
export function WeeklyTable() {
  const { t } = useTranslation();
  const api = useApi();
  const saved = useClassTray((data) => data.timetable.weekly);
  const recent = useClassTray((data) => data.classroom.recent);
  const account = useClassTray((data) => data.account);
  const [rows, setRows] = useState<WeeklyLesson[]>(saved);
  // Whether a time could not be read: worded when shown, so a change of language rewords it.
  const [noTime, setNoTime] = useState(false);
  const save = useAction((lessons: WeeklyLesson[]) =>
    api.setTimetableSource({ kind: 'weekly', lessons }),
  );
  const change = (index: number, patch: Partial<WeeklyLesson>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <div className="field">
      <table className="timetable-weekly">
        <thead>
          <tr>
            <th>{t('timetable.weekday')}</th>
            <th>{t('timetable.start')}</th>
            <th>{t('timetable.end')}</th>
            <th>{t('timetable.classroom')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>
                <select
                  aria-label={t('timetable.weekday')}
                  value={row.weekday}
                  onChange={(event) => change(index, { weekday: Number(event.target.value) })}
                >
                  {(['1', '2', '3', '4', '5', '6', '7'] as const).map((day) => (
                    <option key={day} value={day}>
                      {t(`timetable.weekdays.${day}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <ClockField
                  label={t('timetable.start')}
                  value={row.start}
                  onChange={(start) => change(index, { start })}
                />
              </td>
              <td>
                <ClockField
                  label={t('timetable.end')}
                  value={row.end}
                  onChange={(end) => change(index, { end })}
                />
              </td>
              <td>
                <select
                  aria-label={t('timetable.classroom')}
                  value={row.classroomId}
                  onChange={(event) => change(index, { classroomId: event.target.value })}
                >
                  {recent.map((classroom) => (
                    <option key={classroom.id} value={classroom.id}>
                      {listedRoomName({ account }, classroom, t)}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <button
                  type="button"
                  className="button"
                  aria-label={t('timetable.removeLesson')}
                  onClick={() => setRows(rows.filter((_, at) => at !== index))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        {recent[0] !== undefined && (
          <button
            type="button"
            className="button"
            onClick={() => setRows([...rows, blankLesson(recent[0]?.id ?? '')])}
          >
            {t('timetable.addLesson')}
          </button>
        )}
        <BusyButton
          type="button"
          className="button primary"
          busy={save.pending}
          onClick={() => {
            const lessons: WeeklyLesson[] = [];
            for (const row of rows) {
              const [start, end] = [clockText(row.start), clockText(row.end)];
              if (start === null || end === null) {
                setNoTime(true);
                return;
              }
              lessons.push({ ...row, start, end });
            }
            setNoTime(false);
            void save.run(lessons);
          }}
        >
          {t('timetable.saveWeekly')}
        </BusyButton>
      </div>
      {noTime && (
        <p className="field-problem" role="alert">
          {t('schedule.noTime')}
        </p>
      )}
      <ActionError error={save.error} />
    </div>
  );
}

/** A time of day as "08:05" from what was typed ("8:05", "8.05", "0805"); null if it is none. */
function clockText(typed: string): string | null {
  const parsed = parseClockTime(typed);
  return parsed === null ? null : parsed.map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * A 24-hour time typed as text: the browser's own time field follows the browser's locale
 * (08:00 AM in a window in Dutch), not the window's language.
 */
function ClockField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="text"
      className="clock-field"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      size={5}
      maxLength={5}
      dir="ltr"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const tidy = clockText(value);
        if (tidy !== null && tidy !== value) onChange(tidy);
      }}
    />
  );
}
