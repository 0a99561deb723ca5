import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { PlusIcon } from './icons';
import { useAction } from './useAction';

/** The recent classrooms, by nickname, and a way to open another one by its id. */
export function ClassroomSwitcher() {
  const { t } = useTranslation();
  const api = useApi();
  const classroom = useClassTray((data) => data.classroom);
  const [adding, setAdding] = useState(false);
  const select = useAction((input: { id: string; nickname?: string }) =>
    api.selectClassroom(input),
  );

  // The current classroom is listed even if it has dropped off the recent list.
  const current = classroom.id;
  const listed =
    current === null || classroom.recent.some((known) => known.id === current)
      ? classroom.recent
      : [{ id: current }, ...classroom.recent];

  return (
    <div className="classroom-switcher">
      <div className="classroom-picker">
        <select
          aria-label={t('header.classroom')}
          value={classroom.id ?? ''}
          onChange={(event) => void select.run({ id: event.target.value })}
        >
          {classroom.id === null && (
            <option value="" disabled>
              {t('header.chooseClassroom')}
            </option>
          )}
          {listed.map((known) => (
            <option key={known.id} value={known.id}>
              {known.nickname ?? known.id}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-button"
          aria-label={t('header.addClassroom')}
          title={t('header.addClassroom')}
          aria-expanded={adding}
          onClick={() => setAdding(!adding)}
        >
          <PlusIcon />
        </button>
      </div>
      {adding && (
        <AddClassroom
          pending={select.pending}
          onCancel={() => setAdding(false)}
          onOpen={async (input) => {
            if ((await select.run(input)).ok) setAdding(false);
          }}
        />
      )}
      <ActionError error={select.error} />
    </div>
  );
}

function AddClassroom(props: {
  pending: boolean;
  onOpen: (input: { id: string; nickname?: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [nickname, setNickname] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nickname.trim();
    void props.onOpen({ id: id.trim(), ...(name === '' ? {} : { nickname: name }) });
  };

  return (
    <form
      className="add-classroom"
      aria-label={t('header.addClassroom')}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // Closes this form only, not the settings or anything behind it.
          event.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <label>
        <span>{t('header.classroomId')}</span>
        <input
          value={id}
          onChange={(event) => setId(event.target.value)}
          required
          autoFocus
          spellCheck={false}
        />
      </label>
      <label>
        <span>{t('header.nickname')}</span>
        <input value={nickname} onChange={(event) => setNickname(event.target.value)} />
      </label>
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          {t('header.cancel')}
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={props.pending || id.trim() === ''}
        >
          {t('header.open')}
        </button>
      </div>
    </form>
  );
}
