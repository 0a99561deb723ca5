/**
 * handover/: a room handed over to a colleague (the core's handover/). What both dialogs share:
 * a modal <dialog>, so the keyboard stays in it, Esc closes it and the page behind is inert for
 * a screen reader; its heading names it, and the control that opened it has the focus back.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/** What a dialog gets from the button that opened it. */
export interface OpenedBy {
  /** What gets the focus back when the dialog closes. */
  opener: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** The button that opens one of the dialogs, which is in the page only while open. */
export function HandoverButton({
  label,
  dialog,
}: {
  label: string;
  dialog: (openedBy: OpenedBy) => ReactNode;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        ref={opener}
        className="button small handover-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && dialog({ opener, onClose: () => setOpen(false) })}
    </>
  );
}

export function HandoverDialog({
  title,
  opener,
  onClose,
  children,
}: OpenedBy & {
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    // A document without showModal (a test's DOM) shows it in place.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const back = opener.current;
    return () => back?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="handover-dialog"
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={(event) => {
        // Esc: closed by React's state, so the dialog unmounts with it.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={headingId} className="handover-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
