/**
 * A notice across the window under the header (the demo data, where ClassTray lives, a room not
 * ready before its lesson): one sentence, its one action, and a close button where it has one.
 * `kind` is its own class beside `notice`; 'caution' looks like a warning.
 */
import type { ReactNode } from 'react';
import { ActionError } from '../forms/actionError';
import { CloseIcon } from '../icons';

export function Notice(props: {
  kind: string;
  caution?: boolean;
  /** Read out when it appears (role="status"). */
  live?: boolean;
  /** A named region (read as one by a screen reader's landmarks) rather than a status line. */
  label?: string;
  text: ReactNode;
  action: { words: string; onClick: () => void };
  dismiss?: { label: string; onClick: () => void };
  error?: string | null;
}) {
  const className = `notice ${props.kind}${props.caution === true ? ' caution' : ''}`;
  const content = (
    <>
      <p>{props.text}</p>
      <div className="notice-actions">
        <button type="button" className="button primary small" onClick={props.action.onClick}>
          {props.action.words}
        </button>
        {props.dismiss && (
          <button
            type="button"
            className="icon-button"
            aria-label={props.dismiss.label}
            title={props.dismiss.label}
            onClick={props.dismiss.onClick}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      {props.error !== undefined && <ActionError error={props.error} />}
    </>
  );
  return props.label === undefined ? (
    <div className={className} role={props.live === true ? 'status' : undefined}>
      {content}
    </div>
  ) : (
    <section className={className} aria-label={props.label}>
      {content}
    </section>
  );
}
