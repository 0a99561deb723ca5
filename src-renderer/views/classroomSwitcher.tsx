import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH } from '../../src-shared/limits';
import type { RecentClassroom } from '../api/types';
import { useApi, useClassTray } from '../store/context';
import { ActionError } from './actionError';
import { BusyButton } from './busyButton';
import { PencilIcon, PlusIcon } from './icons';
import { useAction } from './useAction';

/** Escape closes the small form it happens in, not the settings or anything behind it. */
const closeOnEscape = (onCancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onCancel();
  }
};

/**
 * The recent classrooms, by nickname, a way to open another one by its id, and a small form to
 * rename the current one or remove it from the list.
 */
export function ClassroomSwitcher() {
  const { t } = useTranslation();
  const api = useApi();
  const classroom = useClassTray((data) => data.classroom);
  const [open, setOpen] = useState<'add' | 'manage' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const manageButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLSelectElement>(null);
  const select = useAction((input: { id: string; nickname?: string }) =>
    api.selectClassroom(input),
  );
  const rename = useAction((input: { id: string; nickname: string | null }) =>
    api.renameClassroom(input),
  );
  const forget = useAction((input: { id: string }) => api.forgetClassroom(input));

  // The current classroom is listed even if it has dropped off the recent list.
  const current = classroom.id;
  const listed =
    current === null || classroom.recent.some((known) => known.id === current)
      ? classroom.recent
      : [{ id: current }, ...classroom.recent];
  // Renaming and removing work on the recent list, so only a listed current classroom has them.
  const manageable = classroom.recent.find((known) => known.id === current);
  // A long name is cut in the closed picker: the tooltip and the open list show all of it.
  const currentName = manageable?.nickname ?? current ?? undefined;

  const toggle = (form: 'add' | 'manage') => setOpen(open === form ? null : form);
  const close = (button: HTMLElement | null) => {
    setOpen(null);
    button?.focus();
  };

  return (
    <div className="classroom-switcher">
      <div className="classroom-picker">
        <select
          ref={picker}
          aria-label={t('header.classroom')}
          title={currentName}
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
        {manageable && (
          <button
            ref={manageButton}
            type="button"
            className="icon-button"
            aria-label={t('header.manageClassroom')}
            title={t('header.manageClassroom')}
            aria-expanded={open === 'manage'}
            onClick={() => toggle('manage')}
          >
            <PencilIcon />
          </button>
        )}
        <button
          ref={addButton}
          type="button"
          className="icon-button"
          aria-label={t('header.addClassroom')}
          title={t('header.addClassroom')}
          aria-expanded={open === 'add'}
          onClick={() => toggle('add')}
        >
          <PlusIcon />
        </button>
      </div>
      {open === 'add' && (
        <AddClassroom
          pending={select.pending}
          onCancel={() => close(addButton.current)}
          onOpen={async (input) => {
            // The picker now shows the opened classroom: the keyboard lands there.
            if ((await select.run(input)).ok) close(picker.current);
          }}
        />
      )}
      {open === 'manage' && manageable && (
        <ManageClassroom
          // A classroom switched meanwhile (from the tray menu, say) starts the form afresh.
          key={manageable.id}
          classroom={manageable}
          pending={rename.pending || forget.pending}
          renameError={rename.error}
          forgetError={forget.error}
          onCancel={() => close(manageButton.current)}
          onRename={async (nickname) => {
            const id = manageable.id;
            if ((await rename.run({ id, nickname })).ok) close(manageButton.current);
          }}
          onForget={async () => {
            // The list, and maybe the current classroom, change: the picker keeps the focus.
            if ((await forget.run({ id: manageable.id })).ok) close(picker.current);
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
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.pending) return;
    const name = nickname.trim();
    void props.onOpen({ id: id.trim(), ...(name === '' ? {} : { nickname: name }) });
  };

  return (
    <form
      className="add-classroom"
      aria-label={t('header.addClassroom')}
      onSubmit={submit}
      onKeyDown={closeOnEscape(props.onCancel)}
    >
      <label>
        <span>{t('header.classroomId')}</span>
        <input
          value={id}
          onChange={(event) => setId(event.target.value)}
          required
          autoFocus
          spellCheck={false}
          aria-describedby={hintId}
        />
      </label>
      <label>
        <span>{t('header.nickname')}</span>
        <input
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          maxLength={NICKNAME_MAX_LENGTH}
        />
      </label>
      <p id={hintId} className="hint">
        {t('header.classroomIdHint')}
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          {t('header.cancel')}
        </button>
        <BusyButton
          type="submit"
          className="button primary"
          busy={props.pending}
          disabled={id.trim() === ''}
        >
          {t('header.open')}
        </BusyButton>
      </div>
    </form>
  );
}

/** The current classroom's nickname (empty: shown by its id) and its removal from the list. */
function ManageClassroom(props: {
  classroom: RecentClassroom;
  pending: boolean;
  renameError: string | null;
  forgetError: string | null;
  onRename: (nickname: string | null) => Promise<void>;
  onForget: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const [nickname, setNickname] = useState(props.classroom.nickname ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.pending) return;
    const name = nickname.trim();
    void props.onRename(name === '' ? null : name);
  };

  return (
    <form
      className="add-classroom manage-classroom"
      aria-label={t('header.manageNamed', {
        name: props.classroom.nickname ?? props.classroom.id,
      })}
      onSubmit={submit}
      onKeyDown={closeOnEscape(props.onCancel)}
    >
      <label>
        <span>{t('header.newNickname')}</span>
        <input
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          placeholder={props.classroom.id}
          maxLength={NICKNAME_MAX_LENGTH}
          aria-describedby={hintId}
          autoFocus
        />
      </label>
      <p id={hintId} className="hint">
        {t('header.nicknameHint', { id: props.classroom.id })}
      </p>
      <ActionError error={props.renameError} />
      <ActionError error={props.forgetError} />
      <div className="form-actions">
        <BusyButton
          type="button"
          className="button remove"
          busy={props.pending}
          onClick={() => void props.onForget()}
        >
          {t('header.removeFromList')}
        </BusyButton>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('header.cancel')}
        </button>
        <BusyButton type="submit" className="button primary" busy={props.pending}>
          {t('header.rename')}
        </BusyButton>
      </div>
    </form>
  );
}
