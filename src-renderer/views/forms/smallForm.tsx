/**
 * forms/: what every form of the window shares: this pattern, busy buttons, failures in words.
 *
 * The one shape of every small inline form (add access, add classroom, rename, end at, end
 * class at, End all's question, the settings' account group, the timetable's address and
 * places): a visible primary button and Cancel, Enter submits, Esc cancels, errors under the
 * field they concern and announced. Opened, it is brought into view with the focus in it; the
 * control that opened it gets the focus back when it goes (`useFocusAfterRender`).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { BusyButton } from './busyButton';
import { bringIntoView, useInViewWhenShown } from './inView';

/**
 * Focus moved to an element as soon as it is rendered: the button a closed form gives its place
 * back to is mounted only after the form has gone.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const wanted = useRef<RefObject<HTMLElement | null> | null>(null);
  // In the commit that mounts it, before anything else can take the focus in between.
  useLayoutEffect(() => {
    const element = wanted.current?.current;
    if (!element) return;
    wanted.current = null;
    element.focus();
  });
  return (target) => {
    wanted.current = target;
    // Already there (the opener stayed on screen): now, not at some later render.
    target.current?.focus();
    if (target.current && document.activeElement === target.current) wanted.current = null;
  };
}

export interface SmallFormProps {
  /** The form's accessible name. */
  label: string;
  className: string;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** A destructive action: the primary button is drawn as one and the focus starts on Cancel. */
  danger?: boolean;
  /** False while the form cannot be sent (nothing typed yet): its button says so. */
  ready?: boolean;
  onSubmit: () => unknown;
  onCancel: () => void;
  /** False when what opened the form places the focus itself. */
  autoFocus?: boolean;
  /** Other buttons, before Cancel (Remove from list). */
  extraActions?: ReactNode;
  children: ReactNode;
}

export function SmallForm(props: SmallFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const { danger = false, ready = true, autoFocus = true } = props;

  // Opened, a form takes the focus: in its first field, or on Cancel when it asks a destructive
  // question, so Enter or Space held a moment too long cannot end anything. It is brought into
  // view whole, its buttons too: focus() alone shows the field and leaves Cancel and the primary
  // button below the edge of the list when opened on its last row.
  useEffect(() => {
    if (!autoFocus) return;
    const first = danger
      ? cancel.current
      : form.current?.querySelector<HTMLElement>('input, select');
    first?.focus({ preventScroll: true });
    bringIntoView(form.current);
    // Taller than its scroll box, the form shows its start: the focus is still in view.
    bringIntoView(first);
    // A prefilled value (a time, a nickname, an id to correct) is replaced by typing.
    if (first instanceof HTMLInputElement) first.select();
  }, [danger, autoFocus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.busy || !ready) return;
    void props.onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // This form's, not the settings' or the search box's behind it.
    event.preventDefault();
    event.stopPropagation();
    props.onCancel();
  };

  return (
    <form
      ref={form}
      className={`small-form ${props.className}`}
      aria-label={props.label}
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      {props.children}
      <div className="form-actions">
        {props.extraActions}
        <button ref={cancel} type="button" className="button small" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <BusyButton
          type="submit"
          className={danger ? 'button small danger' : 'button small primary'}
          busy={props.busy}
          disabled={!ready}
        >
          {props.submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}

/** What a field's control needs to be tied to its label, its hint and its problem. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field of a small form; its problem, when there is one, stands right under it, is
 * announced (role alert), is brought into view with the form's buttons and names the field's
 * control in its description.
 */
export function FormField(props: {
  label: string;
  /** Said inside the label, so it is part of the field's name ("Set by your school"). */
  note?: ReactNode;
  className?: string;
  hint?: string | undefined;
  problem?: string | null | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const problemId = useId();
  const hintId = useId();
  const { problem = null, hint } = props;
  // A line more under the field may push the form's buttons under the edge of its scroll box.
  const problemRef = useInViewWhenShown<HTMLParagraphElement>(problem !== null, { answer: true });
  const describedBy = [problem !== null && problemId, hint !== undefined && hintId].filter(Boolean);
  return (
    <div className={props.className === undefined ? 'form-field' : `form-field ${props.className}`}>
      <label htmlFor={id}>
        {props.label}
        {props.note}
      </label>
      {props.children({
        id,
        'aria-invalid': problem !== null || undefined,
        'aria-describedby': describedBy.length === 0 ? undefined : describedBy.join(' '),
      })}
      {problem !== null && (
        <p ref={problemRef} id={problemId} className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
