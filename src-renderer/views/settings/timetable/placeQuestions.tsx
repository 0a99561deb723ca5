/**
 * Which classroom each place of the timetable is: the question for a place seen for the first
 * time, and the list of places with their classrooms, editable.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { BusyButton } from '../../forms/busyButton';
import { useAction } from '../../forms/useAction';
import { NICKNAME_MAX_LENGTH } from '../../../../src-shared/limits';
import { FormField, SmallForm, useFocusAfterRender } from '../../forms/smallForm';
import { listedRoomName } from '../../roomName';
import { roomNamed } from './placeNames';

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
export function NewPlaces({ onMapped }: { onMapped: (classroomId: string | null) => void }) {
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
  const idField = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const byId = choice === NEW_ROOM;
  const choose = (value: string) => {
    setChoice(value);
    // Chosen, "by its id" is a field to type in: the focus goes there, so typing types the id.
    if (value === NEW_ROOM) focusAfterRender(idField);
  };
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
        onChange={choose}
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
              ref={idField}
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

/** The mappings, editable: each place's classroom, forgotten, or one added by hand. */
export function PlaceList() {
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
