/** accesses/: the tracked accesses by classroom: add, end one or all, scheduled ends. */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../../api/types';
import { useAccessDraft } from '../../store/accessDraft';
import { useClassTray } from '../../store/context';
import { AddAccessForm } from './addAccessForm';
import { accessGroups } from './accessGroups';
import { EndAllAccesses } from './endAllAccesses';
import { TemporalAccessItem } from './temporalAccessItem';
import { useNow } from '../clock';
import { ChevronIcon } from '../icons';
import { HandOver } from '../handover/handOver';
import { TakeOver } from '../handover/takeOver';

const FOLD_CHECK_MS = 15_000;

/**
 * Paste a temporal access to track it, on the device and for the student it was given to; each
 * tracked one ends with one click. The open classroom's accesses come first.
 *
 * Folded to one line above the device list (how many run, End all, End class at…), so the room
 * keeps the window: the cards and the paste box open on demand, and a row's Add access opens them.
 * An access pasted into the box keeps them open, its card focused: folded, it would be out of sight.
 */
export function TemporalAccesses() {
  const { t } = useTranslation();
  const accesses = useClassTray((data) => data.temporalAccesses);
  const classroomId = useClassTray((data) => data.classroom.id);
  // The compact view gives the devices every line it can; the box's placeholder says enough.
  const compact = useClassTray((data) => data.preferences.compactView);
  const handover = useClassTray((data) => data.preferences.handover);
  const headingId = useId();
  const otherId = useId();
  const notKnownId = useId();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const now = useNow(FOLD_CHECK_MS);

  const [open, setOpen] = useState(false);
  // The access the link box just added: its card takes the focus once shown, so the teacher sees
  // it (and can end it) instead of the cards folding it away.
  const [added, setAdded] = useState<string | null>(null);
  const shownAdded = useCallback(() => setAdded(null), []);

  // A row's "Add access" opens the cards, where the form takes its device and the focus.
  const draft = useAccessDraft();
  useEffect(() => {
    if (draft.remoteId !== null) setOpen(true);
  }, [draft]);

  // Closing the form folds the cards; the focus goes back to the row it came from, or the toggle.
  const closeForm = useCallback((row: HTMLElement | null) => {
    setOpen(false);
    if (row?.getAttribute('role') === 'listitem') {
      // The device's row, after an access was added on it: ringed while it keeps the focus, as
      // Chromium draws no focus ring after a click on Add.
      row.dataset.ring = '';
      row.addEventListener('blur', () => delete row.dataset.ring, { once: true });
      row.focus();
      return;
    }
    (row ?? toggleRef.current)?.focus();
    // A button that gave way (Add access turned End access) hands the focus on.
    if (row !== null) followRowButton(row);
  }, []);

  const { here, elsewhere, classroomNotKnown, endedToday, endAll, running } = accessGroups(
    accesses,
    classroomId,
    now,
  );

  const item = (access: TrackedAccessView) => (
    <TemporalAccessItem
      key={access.token}
      access={access}
      justAdded={access.token === added}
      onShown={shownAdded}
    />
  );

  return (
    <section className={open ? 'accesses open' : 'accesses'} aria-labelledby={headingId}>
      <div className="accesses-summary">
        <h2 id={headingId} className="accesses-heading">
          <button
            type="button"
            ref={toggleRef}
            className="accesses-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            <ChevronIcon />
            {/* While some run here, their count says it all on screen; the heading still names it. */}
            <span className={endAll.length > 0 ? 'visually-hidden' : undefined}>
              {t('accesses.heading')}
            </span>
            {endAll.length > 0 && (
              <span className="count">{t('accesses.runningCount', { count: endAll.length })}</span>
            )}
            {/* Counted apart: End all beside it never reaches them. */}
            {running > endAll.length && (
              <span className="count quiet">
                {t('accesses.runningElsewhere', { count: running - endAll.length })}
              </span>
            )}
          </button>
        </h2>
        <EndAllAccesses active={endAll} />
      </div>
      {/* Hidden rather than unmounted: a card's Undo and the half-typed access survive a fold. */}
      <div id={panelId} className="accesses-panel" hidden={!open}>
        <AddAccessForm visible={open} onClose={closeForm} onAdded={setAdded} />
        {handover !== 'off' && (
          <div className="handover-entries">
            {classroomId !== null && endAll.length > 0 && (
              <HandOver classroomId={classroomId} running={endAll.length} />
            )}
            <TakeOver />
          </div>
        )}
        {accesses.length === 0 ? (
          !compact && <p className="hint">{t('accesses.none')}</p>
        ) : (
          <>
            {here.length > 0 && (
              <ul className="access-list" aria-label={t('accesses.openClassroom')}>
                {here.map(item)}
              </ul>
            )}
            {elsewhere.length > 0 && (
              <>
                <h3 id={otherId} className="access-group">
                  {t('accesses.otherClassrooms')}
                </h3>
                <ul className="access-list other" aria-labelledby={otherId}>
                  {elsewhere.map(item)}
                </ul>
              </>
            )}
            {classroomNotKnown.length > 0 && (
              <>
                <h3 id={notKnownId} className="access-group">
                  {t('accesses.classroomNotKnown')}
                </h3>
                <p className="hint">{t('accesses.classroomNotKnownHint')}</p>
                <ul className="access-list other" aria-labelledby={notKnownId}>
                  {classroomNotKnown.map(item)}
                </ul>
              </>
            )}
            {endedToday.length > 0 && (
              <details className="ended-today">
                <summary>
                  {t('accesses.endedToday')} <span className="count">{endedToday.length}</span>
                </summary>
                <ul className="access-list">{endedToday.map(item)}</ul>
              </details>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The access just added turns its row's Add access into End access in a render of its own, which
 * may come after the form closed: the focus, left on the removed button (so on nothing), follows
 * to the row's new button. Watches the row until then, or until the teacher moves the focus.
 */
function followRowButton(focused: HTMLElement): void {
  const row = focused.closest<HTMLElement>('[role="listitem"]');
  if (row === null) return;
  const stop = () => {
    watch.disconnect();
    document.removeEventListener('focusin', stop);
  };
  const watch = new MutationObserver(() => {
    if (!row.isConnected) return stop();
    if (focused.isConnected || document.activeElement !== document.body) return;
    stop();
    (row.querySelector<HTMLElement>('.row-access button') ?? row).focus();
  });
  watch.observe(row, { childList: true, subtree: true });
  document.addEventListener('focusin', stop);
}
