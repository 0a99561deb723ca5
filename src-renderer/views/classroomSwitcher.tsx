import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
 * rename the current one or remove it from the list. `fixAsked` counts the banner's "Fix the
 * classroom id" presses: each opens the add form on the current classroom's id, to correct it.
 */
export function ClassroomSwitcher({ fixAsked }: { fixAsked: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const classroom = useClassTray((data) => data.classroom);
  const [open, setOpen] = useState<'add' | 'fix' | 'manage' | null>(null);
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
  const fixSeen = useRef(fixAsked);
  useEffect(() => {
    if (fixAsked === fixSeen.current) return;
    fixSeen.current = fixAsked;
    setOpen('fix');
  }, [fixAsked]);

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
  const fixing = open === 'fix' && current !== null ? (manageable ?? { id: current }) : undefined;

  const toggle = (form: 'manage') => setOpen(open === form ? null : form);
  const close = (button: HTMLElement | null) => {
    setOpen(null);
    button?.focus();
  };
  /** Opens a classroom by id; a refusal (a mistyped id, say) rejects, and the form stays. */
  const openById = async (input: { id: string; nickname?: string }): Promise<void> => {
    await api.selectClassroom(input);
    // A fixed id takes the place of the one the service did not know, nickname and all.
    if (fixing !== undefined && input.id !== fixing.id) await forget.run({ id: fixing.id });
    // The picker now shows the opened classroom: the keyboard lands there.
    close(picker.current);
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
          aria-expanded={open === 'add' || open === 'fix'}
          onClick={() => setOpen(open === 'add' || open === 'fix' ? null : 'add')}
        >
          <PlusIcon />
        </button>
      </div>
      {(open === 'add' || fixing !== undefined) && (
        <AddClassroom
          // Each press of the banner's button starts the fix afresh, its id selected.
          key={fixing === undefined ? 'add' : `fix-${fixAsked}-${fixing.id}`}
          fixing={fixing}
          pending={forget.pending}
          onCancel={() => close(addButton.current)}
          onOpen={openById}
          onForget={async () => {
            if (fixing === undefined) return;
            if ((await forget.run({ id: fixing.id })).ok) close(picker.current);
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
      {open !== 'manage' && <ActionError error={forget.error} />}
    </div>
  );
}

/**
 * Opens a classroom by its id, or (`fixing`) corrects the id of one the service does not know.
 * An id the service refuses stays in the field, selected and marked invalid with the reason tied
 * to it, so fixing it is one edit.
 */
function AddClassroom(props: {
  fixing: RecentClassroom | undefined;
  pending: boolean;
  /** Rejects when the id was refused. */
  onOpen: (input: { id: string; nickname?: string }) => Promise<void>;
  onForget: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { fixing } = props;
  // The form's own: a refusal is about the id in this field, and goes with the form.
  const opening = useAction(props.onOpen);
  const pending = props.pending || opening.pending;
  const [id, setId] = useState(fixing?.id ?? '');
  const [nickname, setNickname] = useState(fixing?.nickname ?? '');
  // The id last refused, for as long as the field still holds it.
  const [refused, setRefused] = useState<string | null>(fixing?.id ?? null);
  const idField = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const fixHintId = useId();
  const errorId = useId();

  const prefilled = fixing?.id;
  useEffect(() => {
    // A prefilled id is there to be corrected: typing replaces it, the arrows keep it.
    if (prefilled !== undefined) idField.current?.select();
  }, [prefilled]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const name = nickname.trim();
    const typed = id.trim();
    if ((await opening.run({ id: typed, ...(name === '' ? {} : { nickname: name }) })).ok) return;
    setRefused(typed);
    idField.current?.focus();
    idField.current?.select();
  };

  const invalid = refused !== null && id.trim() === refused;
  const describedBy = [
    invalid && opening.error !== null && errorId,
    invalid && fixing !== undefined && refused === fixing.id && fixHintId,
    hintId,
  ].filter(Boolean);

  return (
    <form
      className="add-classroom"
      aria-label={
        fixing === undefined
          ? t('header.addClassroom')
          : t('header.fixClassroomForm', { id: fixing.id })
      }
      onSubmit={(event) => void submit(event)}
      onKeyDown={closeOnEscape(props.onCancel)}
    >
      <label>
        <span>{t('header.classroomId')}</span>
        <input
          ref={idField}
          value={id}
          onChange={(event) => setId(event.target.value)}
          required
          autoFocus
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy.join(' ')}
        />
      </label>
      <ActionError id={errorId} error={opening.error} />
      <label>
        <span>{t('header.nickname')}</span>
        <input
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          maxLength={NICKNAME_MAX_LENGTH}
        />
      </label>
      {fixing !== undefined && (
        <p id={fixHintId} className="hint">
          {t('header.fixHint', { id: fixing.id })}
        </p>
      )}
      <p id={hintId} className="hint">
        {t('header.classroomIdHint')}
      </p>
      <div className="form-actions">
        {fixing !== undefined && (
          <BusyButton
            type="button"
            className="button remove"
            busy={pending}
            onClick={() => void props.onForget()}
          >
            {t('header.removeFromList')}
          </BusyButton>
        )}
        <button type="button" className="button" onClick={props.onCancel}>
          {t('header.cancel')}
        </button>
        <BusyButton
          type="submit"
          className="button primary"
          busy={pending}
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
