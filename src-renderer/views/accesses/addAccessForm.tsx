import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddAccessResult } from '../../api/types';
import { clearAccessDraft, focusBackTarget, useAccessDraft } from '../../store/accessDraft';
import { useApi, useClassTray } from '../../store/context';
import { AccessDevicePicker } from './accessDevicePicker';
import { ActionError } from '../forms/actionError';
import { FormField, SmallForm } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { STUDENT_NAME_MAX_LENGTH } from '../../../src-shared/studentData';

type AddProblem = Extract<AddAccessResult, { ok: false }>['problem'];

/** Text a teacher pastes that is an access rather than a name: a link, or a bare token. */
const looksLikeAccess = (text: string): boolean => /:\/\/|[0-9a-f]{8}-[0-9a-f]{4}-/i.test(text);

/**
 * Adds a temporal access as it is given in a lesson: on the device its row picked, named at the
 * top of the form, the student first (optional), then the link; Add is there as soon as a link
 * is. Added from a row, the form closes (`onClose`), giving the room its rows back, and the focus
 * goes back to the row's button that opened it (or to the row's End access, which took that
 * button's place); so do Esc and Cancel, and a click outside one a row opened and nothing was
 * typed in. Added through the link box alone, the form empties and the new access's card takes
 * the focus (`onAdded`): folding the cards would hide the only place to see and end it.
 */
export function AddAccessForm({
  visible,
  onClose,
  onAdded,
}: {
  /** The cards are open: a row's Add access waits for that before it moves the focus. */
  visible: boolean;
  /** Closed; the focus goes to `row` (what a row's Add access left there), else the toggle. */
  onClose: (row: HTMLElement | null) => void;
  /** Added with no row behind the form: the cards stay open on this access (its token). */
  onAdded: (token: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [text, setText] = useState('');
  const [remoteId, setRemoteId] = useState('');
  const [student, setStudent] = useState('');
  const [problem, setProblem] = useState<AddProblem | null>(null);
  // Each emptying starts the device picker afresh: no search left from the access before.
  const [emptied, setEmptied] = useState(0);
  const add = useAction((linkOrToken: string) =>
    api.addTemporalAccess({
      linkOrToken,
      ...(remoteId === '' ? {} : { remoteId }),
      ...(student.trim() === '' ? {} : { studentName: student.trim() }),
    }),
  );
  const studentField = useRef<HTMLInputElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  // The demo school's own links, until each is added: a new user tries the whole flow offline.
  const demoLinks = useClassTray((data) => data.account.demoLinks);
  const tracked = useClassTray((data) => data.temporalAccesses);
  const toTry = demoLinks.filter((link) => !tracked.some((access) => link.endsWith(access.token)));
  const focusStudent = useRef(false);
  const draft = useAccessDraft();
  // "None: devices only" (Settings → Student data, or the school's StudentNames): no name asked.
  const asksName = useClassTray((data) => data.preferences.studentData.names !== 'off');

  // A row's "Add access" picks its device here and hands the focus to the student's name (once
  // the form is shown: a hidden field takes no focus).
  useEffect(() => {
    if (draft.remoteId === null) return;
    setRemoteId(draft.remoteId);
    focusStudent.current = true;
  }, [draft]);
  useEffect(() => {
    if (!visible || !focusStudent.current) return;
    focusStudent.current = false;
    (studentField.current ?? linkField.current)?.focus();
  });

  const clear = () => {
    setEmptied((count) => count + 1);
    setText('');
    setStudent('');
    setRemoteId('');
    setProblem(null);
  };
  /** Cancelled: the focus goes back to what opened the form. */
  const close = () => {
    clear();
    onClose(draft.remoteId === null ? null : focusBackTarget(draft));
    clearAccessDraft();
  };
  /**
   * Added from a row: the focus goes to the device's row, which now shows the student and End
   * access; never to End itself, where a second Enter would end what was just given.
   */
  const closeOnDevice = () => {
    clear();
    onClose(draft.row?.isConnected === true ? draft.row : focusBackTarget(draft));
    clearAccessDraft();
  };

  // Opened from a row and left untouched, a click outside closes it; a half-typed access stays.
  const formRef = useRef<HTMLDivElement>(null);
  const untouched = remoteId !== '' && text === '' && student === '';
  useEffect(() => {
    if (!visible || !untouched) return;
    const onPointerDown = (event: PointerEvent) => {
      const section = formRef.current?.closest('.accesses');
      if (section && event.target instanceof Node && !section.contains(event.target)) {
        setRemoteId('');
        onClose(null);
        clearAccessDraft();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [visible, untouched, onClose]);

  const submit = async () => {
    setProblem(null);
    const outcome = await add.run(text);
    if (!outcome.ok) return;
    if (!outcome.value.ok) {
      setProblem(outcome.value.problem);
      return;
    }
    if (draft.remoteId !== null) return closeOnDevice();
    clear();
    onAdded(outcome.value.access.token);
  };

  return (
    <div ref={formRef}>
      <SmallForm
        className="add-access"
        label={t('accesses.addForm')}
        submitLabel={t('accesses.add')}
        cancelLabel={t('accesses.cancel')}
        busy={add.pending}
        ready={text.trim() !== ''}
        onSubmit={submit}
        onCancel={close}
        // Opened with the cards: the focus is the toggle's or the row's to give, not the form's.
        autoFocus={false}
      >
        {/* First, so the device a row picked is in view however short the window; only while
            shown, so the room's changes do not render a hidden list. */}
        {visible && (
          <AccessDevicePicker key={emptied} ref={null} remoteId={remoteId} onChange={setRemoteId} />
        )}
        <div className="access-fields">
          {asksName && (
            <FormField
              label={t('accesses.student')}
              // As little as the teacher needs; said under the field, as a placeholder would
              // be cut at 320 px and is gone once typing starts.
              hint={t('privacy.studentHint')}
            >
              {(control) => (
                <input
                  {...control}
                  ref={studentField}
                  className="access-student"
                  value={student}
                  maxLength={STUDENT_NAME_MAX_LENGTH}
                  autoComplete="off"
                  onChange={(event) => setStudent(event.target.value)}
                  // A link pasted here (the focus starts here) goes where it belongs.
                  onPaste={(event) => {
                    const pasted = event.clipboardData.getData('text');
                    if (!looksLikeAccess(pasted)) return;
                    event.preventDefault();
                    setText(pasted.trim());
                    setProblem(null);
                  }}
                />
              )}
            </FormField>
          )}
          <FormField
            label={t('accesses.input')}
            problem={problem === null ? null : t(`accesses.problem.${problem}`)}
          >
            {(control) => (
              <input
                {...control}
                ref={linkField}
                className="access-input"
                dir="ltr"
                value={text}
                placeholder={t('accesses.placeholder')}
                spellCheck={false}
                autoComplete="off"
                // Read-only rather than disabled while adding: a disabled box would lose the focus.
                readOnly={add.pending}
                aria-busy={add.pending}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(null);
                }}
              />
            )}
          </FormField>
        </div>
        {text === '' && toTry.length > 0 && (
          <div className="demo-links">
            <p className="hint">{t('accesses.demoLinks')}</p>
            {toTry.map((link) => (
              <button
                key={link}
                type="button"
                className="button small quiet"
                title={link}
                onClick={() => {
                  setText(link);
                  linkField.current?.focus();
                }}
              >
                {t('accesses.demoLink', { token: link.slice(-36, -28) })}
              </button>
            ))}
          </div>
        )}
        <ActionError error={add.error} />
      </SmallForm>
    </div>
  );
}
