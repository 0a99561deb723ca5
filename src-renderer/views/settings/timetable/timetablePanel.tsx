/**
 * settings/timetable/: Settings → Timetable: where the lessons come from (here and
 * timetableSource.tsx), which classroom each place is (placeQuestions.tsx), whether a room's bell
 * ends its accesses (bellQuestions.tsx), and the weekly table (weeklyTable.tsx).
 */
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { TimetableView } from '../../../api/types';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { BusyButton } from '../../forms/busyButton';
import { useAction } from '../../forms/useAction';
import { formatMinute } from '../../clock';
import { failureSentence } from '../../forms/failureSentence';
import { BellQuestions } from './bellQuestions';
import { NewPlaces, PlaceList } from './placeQuestions';
import { readingSentences } from './timetableReading';
import { ImportFile, Subscription } from './timetableSource';
import { WeeklyTable } from './weeklyTable';

export type Source = TimetableView['source'];
const SOURCES: readonly Source[] = ['none', 'subscription', 'file', 'weekly'];
const SOURCE_LABEL = {
  none: 'timetable.sourceNone',
  subscription: 'timetable.sourceSubscription',
  file: 'timetable.sourceFile',
  weekly: 'timetable.sourceWeekly',
} as const;

/** Settings → Timetable: where the lessons come from, which classroom each place is, the bell. */
export function TimetablePanel() {
  const { t } = useTranslation();
  const saved = useClassTray((data) => data.timetable.source);
  const problem = useClassTray((data) => data.timetable.problem);
  const [source, setSource] = useState<Source>(saved);
  // The room a place was just mapped to: its bell question, if it brings one, takes the focus.
  const [mappedRoom, setMappedRoom] = useState<string | null>(null);
  const headingId = useId();
  return (
    <div className="settings-group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('timetable.heading')}</h3>
      <p className="hint">{t('timetable.intro')}</p>
      <label className="field inline">
        <span>{t('timetable.source')}</span>
        <select value={source} onChange={(event) => setSource(event.target.value as Source)}>
          {SOURCES.map((value) => (
            <option key={value} value={value}>
              {t(SOURCE_LABEL[value])}
            </option>
          ))}
        </select>
      </label>
      {source === 'none' && saved !== 'none' && <ClearSource />}
      {source === 'subscription' && <Subscription />}
      {source === 'file' && <ImportFile />}
      {source === 'weekly' && <WeeklyTable />}
      {problem !== null && (
        <p className="field-problem" role="status">
          {t('timetable.problem', { problem: failureSentence(t, problem) })}
        </p>
      )}
      <ReadingState />
      <CopyState />
      <NewPlaces onMapped={setMappedRoom} />
      <BellQuestions focusRoom={mappedRoom} />
      <PlaceList />
    </div>
  );
}

function ClearSource() {
  const { t } = useTranslation();
  const api = useApi();
  const clear = useAction(() => api.setTimetableSource({ kind: 'none' }));
  return (
    <div className="form-actions">
      <BusyButton
        type="button"
        className="button"
        busy={clear.pending}
        onClick={() => void clear.run()}
      >
        {t('timetable.savePlace')}
      </BusyButton>
      <ActionError error={clear.error} />
    </div>
  );
}

/** When the copy in use was fetched or imported, and Refresh for a subscription. */
function CopyState() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const timetable = useClassTray((data) => data.timetable);
  const refresh = useAction(() => api.refreshTimetable());
  if (timetable.source === 'none' || timetable.source === 'weekly') return null;
  return (
    <div className="form-actions">
      <span className="hint">
        {timetable.savedAt !== null &&
          copyTime(timetable.source, timetable.savedAt, new Date(), i18n.language, t)}
        {timetable.checkedAt !== null &&
          `, ${t('timetable.checkedAt', { time: formatMinute(timetable.checkedAt, i18n.language) })}`}
      </span>
      {timetable.source === 'subscription' && (
        <BusyButton
          type="button"
          className="button"
          busy={refresh.pending}
          onClick={() => void refresh.run()}
        >
          {t('timetable.refresh')}
        </BusyButton>
      )}
      <ActionError error={refresh.error} />
    </div>
  );
}

/**
 * When the copy in use came, with its day unless today: "Timetable downloaded today at 13:44",
 * never a bare time a teacher would read as a lesson's.
 */
function copyTime(
  source: 'subscription' | 'file',
  savedAt: string,
  today: Date,
  language: string,
  t: TFunction,
): string {
  const saved = new Date(savedAt);
  const time = formatMinute(savedAt, language);
  const sameDay = saved.toDateString() === today.toDateString();
  const date = saved.toLocaleDateString(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  if (source === 'subscription') {
    return sameDay
      ? t('timetable.downloadedToday', { time })
      : t('timetable.downloadedOn', { date, time });
  }
  return sameDay
    ? t('timetable.importedToday', { time })
    : t('timetable.importedOn', { date, time });
}

/** How the last reading of the calendar went: events left out, or a calendar too much to read. */
function ReadingState() {
  const { t, i18n } = useTranslation();
  const reading = useClassTray((data) => data.timetable.reading);
  return (
    <>
      {readingSentences(t, i18n.language, reading).map((sentence) => (
        <p key={sentence} className="field-problem" role="status">
          {sentence}
        </p>
      ))}
    </>
  );
}
