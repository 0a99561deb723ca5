import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../../api/types';
import { useApi } from '../../store/context';
import { useAccessEnding } from './accessEnding';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { EndAt } from './endAt';
import { WarningIcon } from '../icons';
import { useAction } from '../forms/useAction';
import { bringIntoView } from '../forms/inView';

export const shortToken = (token: string): string => `${token.slice(0, 8)}…`;

/** How long "Stop tracking" can be undone before the access leaves the list. */
export const STOP_UNDO_MS = 8_000;

export function TemporalAccessItem({
  access,
  justAdded = false,
  onShown,
}: {
  access: TrackedAccessView;
  /** Just added through the link box: the card takes the focus, scrolled into view, once. */
  justAdded?: boolean;
  /** The card took the focus it was given as just added. */
  onShown?: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const ending = useAccessEnding(access);
  const { shown } = ending;
  const remove = useAction(() => api.removeTemporalAccess({ token: access.token }));
  const titleId = useId();
  const stateRef = useRef<HTMLParagraphElement>(null);
  const titleRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const [stopping, setStopping] = useState(false);
  const stopAsked = useRef(false);
  const endClicked = useRef(false);

  // Stopping waits a few seconds for an Undo, then leaves the list; the focus follows the buttons.
  useEffect(() => {
    if (!stopping) {
      if (stopAsked.current) stopRef.current?.focus();
      return;
    }
    undoRef.current?.focus();
    const timer = setTimeout(() => {
      void remove.run().then((result) => {
        if (!result.ok) setStopping(false);
      });
    }, STOP_UNDO_MS);
    return () => clearTimeout(timer);
    // remove.run is new on every render; the timer belongs to this stop only.
  }, [stopping]);

  // Its name, not End access: an Enter pressed once too often must not end what was just added.
  useEffect(() => {
    if (!justAdded) return;
    // The whole card in view, its buttons too, not only its name (a taller form above it
    // pushed the buttons under the cards' edge).
    titleRef.current?.focus({ preventScroll: true });
    bringIntoView(titleRef.current?.closest('.access'));
    onShown?.();
  }, [justAdded]);

  // End access goes away once the access is over: keyboard focus moves to its state instead.
  useEffect(() => {
    if (shown.endable || !endClicked.current) return;
    endClicked.current = false;
    stateRef.current?.focus();
  }, [shown.endable]);

  const device = access.deviceAlias ?? access.remoteId;
  const token = t('accesses.token', { token: shortToken(access.token) });
  // The device names the card, then the student; the token only when there is nothing else.
  const name = device ?? access.studentName ?? token;
  const student = device !== null ? access.studentName : null;

  if (stopping) {
    return (
      <li className="access-stopped">
        <p role="status">
          {shown.running ? t('accesses.stoppedRunning', { name }) : t('accesses.stopped', { name })}
        </p>
        <button
          type="button"
          className="button small"
          ref={undoRef}
          onClick={() => setStopping(false)}
        >
          {t('accesses.undo')}
        </button>
      </li>
    );
  }

  return (
    <li className="access">
      <div className="access-head">
        <div className="access-title" id={titleId} ref={titleRef} tabIndex={-1}>
          {/* Each part whole on its line, in its own direction: never "R12-/PC15" nor
              "Valenti/na" (the card's buttons go below when the line is short). The "·" goes
              with the student, in the page's direction: wrapped, accesses.css clips it rather
              than leave it dangling at a line's end. */}
          <span className="access-name">
            <bdi className="access-device-name">{name}</bdi>
            {student !== null && (
              <span className="access-student-part">
                <span className="access-separator"> · </span>
                <bdi className="access-student-name">{student}</bdi>
              </span>
            )}
          </span>
          {/* Without a label or a device the token is the name already. */}
          {name !== token && <span className="access-detail">{token}</span>}
          {access.handedOverAt !== null && (
            <span className="access-detail handed-over">{t('handover.handedOver')}</span>
          )}
        </div>
        <div className="access-actions">
          {shown.endable && (
            <BusyButton
              type="button"
              className="button danger"
              aria-describedby={titleId}
              busy={ending.pending}
              onClick={() => {
                endClicked.current = true;
                void ending.run();
              }}
            >
              {ending.pending ? t('accesses.ending') : t('accesses.end')}
            </BusyButton>
          )}
          <button
            type="button"
            className="button small quiet stop-tracking"
            ref={stopRef}
            aria-describedby={titleId}
            title={shown.running ? t('accesses.stopKeepsRunning') : undefined}
            onClick={() => {
              stopAsked.current = true;
              setStopping(true);
            }}
          >
            {t('accesses.stopTracking')}
          </button>
        </div>
      </div>
      <div className={`access-running access-state-${access.state.kind}`}>
        <p
          className="access-state"
          tabIndex={-1}
          ref={stateRef}
          role={access.state.kind === 'failed' ? 'alert' : undefined}
        >
          {shown.label}
        </p>
        {shown.running && <EndAt target={{ token: access.token }} name={name} />}
      </div>
      {access.warnNo2fa && !shown.ended && (
        <p className="access-warning">
          <WarningIcon />
          {t('accesses.warnNo2fa')}
        </p>
      )}
      <ActionError error={ending.error ?? remove.error} />
    </li>
  );
}
