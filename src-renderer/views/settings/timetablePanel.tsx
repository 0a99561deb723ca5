import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TimetableView, WeeklyLesson } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { formatMinute, parseClockTime } from '../clock';
import { readingSentences } from './timetableReading';
import { FormField, SmallForm } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { failureSentence } from '../forms/failureSentence';
import { roomNamed } from './placeNames';
import { NICKNAME_MAX_LENGTH } from '../../../src-shared/limits';
import { listedRoomName, roomName } from '../roomName';
import { isolated } from '../bidi';

type Source = TimetableView['source'];
const SOURCES: readonly Source[] = ['none', 'subscription', 'file', 'weekly'];
const SOURCE_LABEL = {
  none: 'timetable.sourceNone',
  subscription: 'timetable.sourceSubscription',
  file: 'timetable.sourceFile',
  weekly: 'timetable.sourceWeekly',
} as const;
/**
 * The selects' values: nothing chosen yet, "not a ClassTray room", or a classroom (prefixed, so no
 * classroom id can be taken for either of the others).
 */
const NOTHING_CHOSEN = '';
const NOT_A_ROOM = 'none';
/** A classroom not in the list yet, typed by its id. */
const NEW_ROOM = 'new';
const roomValue = (classroomId: string | null): string =>
  classroomId === null ? NOT_A_ROOM : `room:${classroomId}`;
const roomOf = (value: string): string | null =>
  value.startsWith('room:') ? value.slice('room:'.length) : null;

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

/** The secret address: pasted, saved to the keychain once it answered with a calendar. */
function Subscription() {
  const { t } = useTranslation();
  const api = useApi();
  const subscription = useClassTray((data) => data.timetable.subscription);
  const [address, setAddress] = useState('');
  const save = useAction((url: string) => api.setTimetableSource({ kind: 'subscription', url }));
  const submit = async () => {
    if ((await save.run(address.trim())).ok) setAddress('');
  };
  let said = t('timetable.addressHint');
  if (subscription !== null) {
    said += ` ${
      subscription.set
        ? t('timetable.addressSaved', { where: t(`settings.where.${subscription.location}`) })
        : t('timetable.addressMissing')
    }`;
  }
  return (
    <SmallForm
      className="field"
      label={t('timetable.sourceSubscription')}
      submitLabel={t('timetable.saveAddress')}
      cancelLabel={t('settings.cancel')}
      busy={save.pending}
      ready={address.trim() !== ''}
      onSubmit={submit}
      onCancel={() => setAddress('')}
      // Shown when the source is chosen: the focus stays on that choice.
      autoFocus={false}
    >
      <FormField
        className="field"
        label={t('timetable.address')}
        hint={said}
        problem={save.error === null ? null : t('app.actionFailed', { message: save.error })}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            dir="ltr"
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder="https:// · webcal://"
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </FormField>
    </SmallForm>
  );
}

function ImportFile() {
  const { t } = useTranslation();
  const api = useApi();
  const load = useAction(async (file: File) =>
    api.setTimetableSource({ kind: 'file', text: await file.text() }),
  );
  return (
    <div className="field">
      <label className="field">
        <span>{t('timetable.importFile')}</span>
        <input
          type="file"
          accept=".ics,text/calendar"
          {...(load.pending ? { 'aria-busy': true } : {})}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) void load.run(file);
          }}
        />
      </label>
      <ActionError error={load.error} />
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

/**
 * A place's classroom, for the new place's question and each row of the list: "Not a ClassTray
 * room" or a recent classroom by nickname, "Choose…" while nothing is chosen, and with
 * `offerNewRoom` a room typed by its id. The label wraps the select (no id to keep unique);
 * `name`, when given, is its accessible name instead of the visible text.
 */
function PlaceRoomField({
  text,
  name,
  value,
  onChange,
  offerNewRoom = false,
  questionOf,
}: {
  text: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  offerNewRoom?: boolean;
  /** The new place this select asks about: the header's unmapped lesson focuses it. */
  questionOf?: string;
}) {
  const { t } = useTranslation();
  const recent = useClassTray((data) => data.classroom.recent);
  const account = useClassTray((data) => data.account);
  return (
    <label className="field inline">
      <span>{text}</span>
      <select
        aria-label={name}
        data-place-question={questionOf}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {value === NOTHING_CHOSEN && (
          <option value={NOTHING_CHOSEN} disabled>
            {t('timetable.chooseRoom')}
          </option>
        )}
        <option value={NOT_A_ROOM}>{t('timetable.notARoom')}</option>
        {recent.map((classroom) => (
          <option key={classroom.id} value={roomValue(classroom.id)}>
            {listedRoomName({ account }, classroom, t)}
          </option>
        ))}
        {offerNewRoom && <option value={NEW_ROOM}>{t('timetable.newRoom')}</option>}
      </select>
    </label>
  );
}

/** Each location seen for the first time, asked once. */
function NewPlaces({ onMapped }: { onMapped: (classroomId: string | null) => void }) {
  const newPlaces = useClassTray((data) => data.timetable.newPlaces);
  return (
    <>
      {newPlaces.map((place) => (
        <NewPlace key={place} place={place} onMapped={onMapped} />
      ))}
    </>
  );
}

/**
 * "Which classroom is “Library”?", with nothing chosen unless one classroom's name matches the
 * place: a hurried Save must not map a lesson to the open room, whose accesses its bell would end.
 * A room not in the list yet is typed by its id here, checked with the service and added under
 * the place's name, without leaving the question; a mistyped id is refused beside it. Enter in the
 * id saves, as in every form.
 */
function NewPlace({
  place,
  onMapped,
}: {
  place: string;
  onMapped: (classroomId: string | null) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const matching = useClassTray((data) => roomNamed(place, data.classroom.recent));
  const [choice, setChoice] = useState(
    matching === undefined ? NOTHING_CHOSEN : roomValue(matching),
  );
  const [newId, setNewId] = useState('');
  const byId = choice === NEW_ROOM;
  const map = useAction(async () => {
    if (!byId) {
      await api.mapTimetablePlace({ place, classroomId: roomOf(choice) });
      return roomOf(choice);
    }
    const id = newId.trim();
    await api.addClassroom({ id, nickname: place.slice(0, NICKNAME_MAX_LENGTH).trim() });
    await api.mapTimetablePlace({ place, classroomId: id });
    return id;
  });
  const ready = byId ? newId.trim() !== '' : choice !== NOTHING_CHOSEN;
  const save = async () => {
    if (!ready || map.pending) return;
    const outcome = await map.run();
    if (outcome.ok) onMapped(outcome.value);
  };
  return (
    <form
      className="field timetable-question"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PlaceRoomField
        text={t('timetable.newPlace', { place })}
        value={choice}
        onChange={setChoice}
        offerNewRoom
        questionOf={place}
      />
      {byId && (
        <FormField
          label={t('header.classroomId')}
          hint={t('header.classroomIdHint')}
          problem={map.error === null ? null : t('app.actionFailed', { message: map.error })}
        >
          {(control) => (
            <input
              {...control}
              value={newId}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setNewId(event.target.value)}
            />
          )}
        </FormField>
      )}
      <BusyButton type="submit" className="button" busy={map.pending} disabled={!ready}>
        {t('timetable.savePlace')}
      </BusyButton>
      {!byId && <ActionError error={map.error} />}
    </form>
  );
}

/**
 * The bell, room by room: each room a lesson maps to is asked about on its own, naming it, the
 * first time; then it keeps a switch of its own. A yes never covers another room.
 */
function BellQuestions({ focusRoom }: { focusRoom: string | null }) {
  const rooms = useClassTray((data) => data.timetable.bell);
  if (rooms.length === 0) return null;
  const answered = rooms.filter((room) => room.endsAccesses !== null);
  return (
    <>
      {rooms
        .filter((room) => room.endsAccesses === null)
        .map(({ classroomId }) => (
          <BellQuestion
            key={classroomId}
            classroomId={classroomId}
            focused={classroomId === focusRoom}
          />
        ))}
      {answered.length > 0 && (
        <ul className="timetable-bells">
          {answered.map(({ classroomId, endsAccesses }) => (
            <li key={classroomId}>
              <BellSwitch classroomId={classroomId} on={endsAccesses === true} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "End the accesses in Room 12 when a lesson there ends?", asked once for that room. */
function BellQuestion({ classroomId, focused }: { classroomId: string; focused: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const groupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focused) return;
    groupRef.current?.scrollIntoView({ block: 'nearest' });
    groupRef.current?.focus();
  }, [focused]);
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const set = useAction((on: boolean) => api.setEndAtBell({ classroomId, on }));
  const question = t('timetable.bellQuestion', { room: isolated(room) });
  return (
    <div
      className="field timetable-question"
      role="group"
      aria-label={t('timetable.bellQuestion', { room })}
      // Focused when a mapping brings it: the next thing to answer.
      ref={groupRef}
      tabIndex={-1}
    >
      <p>{question}</p>
      <div className="form-actions">
        <BusyButton
          type="button"
          className="button"
          busy={set.pending}
          onClick={() => void set.run(false)}
        >
          {t('timetable.bellNo')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button primary"
          busy={set.pending}
          onClick={() => void set.run(true)}
        >
          {t('timetable.bellYes')}
        </BusyButton>
      </div>
      <ActionError error={set.error} />
    </div>
  );
}

function BellSwitch({ classroomId, on }: { classroomId: string; on: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const set = useAction((checked: boolean) => api.setEndAtBell({ classroomId, on: checked }));
  return (
    <>
      <label className="toggle">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => void set.run(event.target.checked)}
        />
        <span>{t('timetable.bell', { room: isolated(room) })}</span>
      </label>
      <ActionError error={set.error} />
    </>
  );
}

/** The mappings, editable: each place's classroom, forgotten, or one added by hand. */
function PlaceList() {
  const { t } = useTranslation();
  const api = useApi();
  const places = useClassTray((data) => data.timetable.places);
  const source = useClassTray((data) => data.timetable.source);
  const [added, setAdded] = useState('');
  const map = useAction((place: string, classroomId: string | null) =>
    api.mapTimetablePlace({ place, classroomId }),
  );
  const forget = useAction((place: string) => api.forgetTimetablePlace({ place }));
  if (source === 'none' || source === 'weekly') return null;
  return (
    <details className="advanced">
      <summary>{t('timetable.places')}</summary>
      <ul className="timetable-places">
        {places.map(({ place, classroomId }) => (
          <li key={place}>
            <PlaceRoomField
              text={place}
              name={t('timetable.placeRoom', { place })}
              value={roomValue(classroomId)}
              onChange={(value) => void map.run(place, roomOf(value))}
            />
            <BusyButton
              type="button"
              className="button"
              busy={forget.pending}
              aria-label={t('timetable.forgetPlace', { place })}
              onClick={() => void forget.run(place)}
            >
              ×
            </BusyButton>
          </li>
        ))}
      </ul>
      <SmallForm
        className="field"
        label={t('timetable.addPlace')}
        submitLabel={t('timetable.savePlace')}
        cancelLabel={t('settings.cancel')}
        busy={map.pending}
        ready={added.trim() !== ''}
        onSubmit={() => map.run(added.trim(), null).then(() => setAdded(''))}
        onCancel={() => setAdded('')}
        autoFocus={false}
      >
        <FormField className="field inline" label={t('timetable.placeName')}>
          {(control) => (
            <input {...control} value={added} onChange={(event) => setAdded(event.target.value)} />
          )}
        </FormField>
      </SmallForm>
      <ActionError error={map.error ?? forget.error} />
    </details>
  );
}

const blankLesson = (classroomId: string): WeeklyLesson => ({
  weekday: 1,
  start: '08:00',
  end: '08:50',
  classroomId,
});

/** The weekly table: weekday, start, end, classroom per row; saved as a whole. */
function WeeklyTable() {
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
