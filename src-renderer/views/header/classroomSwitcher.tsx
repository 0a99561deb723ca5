import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH } from '../../../src-shared/limits';
import type { RecentClassroom } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { isolated } from '../bidi';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { PencilIcon, PlusIcon } from '../icons';
import { FormField, SmallForm } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { listedRoomName } from '../roomName';
import { windowKeyProps } from '../keys';

/**
 * The recent classrooms, by nickname, a way to open another one by its id, and a small form to
 * rename the current one or remove it from the list. `fixAsked` counts the banner's "Fix the
 * classroom id" presses: each opens the add form on the current classroom's id, to correct it.
 */
export function ClassroomSwitcher({ fixAsked }: { fixAsked: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const classroom = useClassTray((data) => data.classroom);
  const account = useClassTray((data) => data.account);
  const nameOf = (known: { id: string; nickname?: string | undefined }) =>
    listedRoomName({ account }, known, t);
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

  // The current classroom is listed even if it has dropped off the recent list. A stable order
  // (by name, then id), so the arrow keys walk the list rather than flip between the first two.
  const current = classroom.id;
  const listed = (
    current === null || classroom.recent.some((known) => known.id === current)
      ? [...classroom.recent]
      : [{ id: current }, ...classroom.recent]
  ).sort(
    (a, b) =>
      nameOf(a).localeCompare(nameOf(b), undefined, { numeric: true }) || a.id.localeCompare(b.id),
  );
  // Where the arrow keys have got to: opened only on Enter or when the picker loses the focus,
  // as a native list box does, so walking past a room does not load it.
  const [choice, setChoice] = useState<string | null>(null);
  const walking = useRef(false);
  const choose = (id: string) => {
    setChoice(null);
    if (id !== current) void select.run({ id });
  };
  // Renaming and removing work on the recent list, so only a listed current classroom has them.
  const manageable = classroom.recent.find((known) => known.id === current);
  // A long name is cut in the closed picker: the tooltip and the open list show all of it.
  const currentName = current === null ? undefined : nameOf(manageable ?? { id: current });
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
          {...windowKeyProps('classroom')}
          title={currentName}
          value={choice ?? classroom.id ?? ''}
          onPointerDown={() => (walking.current = false)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && choice !== null) {
              event.preventDefault();
              choose(choice);
            } else if (event.key === 'Escape' && choice !== null) {
              event.preventDefault();
              event.stopPropagation();
              setChoice(null);
            } else {
              // Space, Alt+Down and F4 open the list, where a choice is made at once.
              walking.current = !(event.key === ' ' || event.key === 'F4' || event.altKey);
            }
          }}
          onChange={(event) => {
            if (walking.current) setChoice(event.target.value);
            else choose(event.target.value);
          }}
          onBlur={() => {
            if (choice !== null) choose(choice);
          }}
        >
          {classroom.id === null && (
            <option value="" disabled>
              {t('header.chooseClassroom')}
            </option>
          )}
          {listed.map((known) => (
            <option
              key={known.id}
              value={known.id}
              className={known.id === current ? 'current' : undefined}
            >
              {nameOf(known)}
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
  // A prefilled id is there to be corrected: the form selects it, so typing replaces it.
  const idField = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const name = nickname.trim();
    const typed = id.trim();
    if ((await opening.run({ id: typed, ...(name === '' ? {} : { nickname: name }) })).ok) return;
    setRefused(typed);
    idField.current?.focus();
    idField.current?.select();
  };

  // Why the id in the field is wrong, for as long as it is still there.
  const invalid = refused !== null && id.trim() === refused;
  let problem: string | null = null;
  if (invalid && opening.error !== null) {
    problem = t('app.actionFailed', { message: opening.error });
  } else if (invalid && fixing !== undefined && refused === fixing.id) {
    problem = t('header.fixHint', { id: isolated(fixing.id) });
  }

  return (
    <SmallForm
      className="add-classroom"
      label={
        fixing === undefined
          ? t('header.addClassroom')
          : t('header.fixClassroomForm', { id: fixing.id })
      }
      submitLabel={t('header.open')}
      cancelLabel={t('header.cancel')}
      busy={pending}
      ready={id.trim() !== ''}
      onSubmit={submit}
      onCancel={props.onCancel}
      extraActions={
        fixing !== undefined && (
          <BusyButton
            type="button"
            className="button small remove"
            busy={pending}
            onClick={() => void props.onForget()}
          >
            {t('header.removeFromList')}
          </BusyButton>
        )
      }
    >
      <FormField
        label={t('header.classroomId')}
        problem={problem}
        hint={t('header.classroomIdHint')}
      >
        {(control) => (
          <input
            {...control}
            ref={idField}
            dir="ltr"
            value={id}
            onChange={(event) => setId(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label={t('header.nickname')}>
        {(control) => (
          <input
            {...control}
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
            maxLength={NICKNAME_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </FormField>
    </SmallForm>
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
  const [nickname, setNickname] = useState(props.classroom.nickname ?? '');

  const submit = () => {
    const name = nickname.trim();
    return props.onRename(name === '' ? null : name);
  };

  return (
    <SmallForm
      className="add-classroom manage-classroom"
      label={t('header.manageNamed', { name: props.classroom.nickname ?? props.classroom.id })}
      submitLabel={t('header.rename')}
      cancelLabel={t('header.cancel')}
      busy={props.pending}
      onSubmit={submit}
      onCancel={props.onCancel}
      extraActions={
        <BusyButton
          type="button"
          className="button small remove"
          busy={props.pending}
          onClick={() => void props.onForget()}
        >
          {t('header.removeFromList')}
        </BusyButton>
      }
    >
      <FormField
        label={t('header.newNickname')}
        hint={t('header.nicknameHint', { id: props.classroom.id })}
        problem={
          props.renameError === null ? null : t('app.actionFailed', { message: props.renameError })
        }
      >
        {(control) => (
          <input
            {...control}
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
            placeholder={props.classroom.id}
            maxLength={NICKNAME_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </FormField>
      <ActionError error={props.forgetError} />
    </SmallForm>
  );
}
