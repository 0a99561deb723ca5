import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { accessStanding, belongsTo } from '../../../src-shared/accessState';
import { askAccessFor } from '../../store/accessDraft';
import { useClassTray } from '../../store/context';
import { useAccessEnding, useAccessShown, useFocusBackOnEnd } from '../accesses/accessEnding';
import { BusyButton } from '../forms/busyButton';
import { EndAt, pendingEndOf } from '../accesses/endAt';
import { PlusIcon, WarningIcon } from '../icons';

/** The newest access given on this device in the open classroom (the list is newest first). */
export const accessOn = (data: ClassTrayData, remoteId: string): TrackedAccessView | undefined =>
  data.temporalAccesses.find(
    (access) => access.remoteId === remoteId && belongsTo(access, data.classroom.id),
  );

/**
 * A device row's access buttons: End access, one click, while it runs; Add access, which fills
 * in the access form for this device, whenever no access runs on it (an ended one does not hold
 * the device). Reached with the arrow keys from the focused row, like the row's other buttons.
 */
export function DeviceAccess({
  remoteId,
  name,
  t,
}: {
  remoteId: string;
  name: string;
  t: TFunction;
}) {
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined) {
    return (
      <span className="row-access">
        <AddAccess remoteId={remoteId} name={name} t={t} />
      </span>
    );
  }
  return <TrackedOnRow access={access} name={name} remoteId={remoteId} />;
}

/** Who is on the device and how the access stands, for the row's second line. */
export function RowAccessNote({ remoteId }: { remoteId: string }) {
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined) return null;
  return <AccessNote access={access} />;
}

/** "Valentina R.": the first name whole and the others' initials, for the narrowest rows. */
export const shortName = (name: string): string => {
  const [first = '', ...others] = name.trim().split(/\s+/);
  return [first, ...others.map((other) => `${[...other][0] ?? ''}.`)].join(' ');
};

/** A name that wraps at its spaces only: "Schönberger-Wittgenstein" stays one word. */
function Words({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, i) =>
    i % 2 === 0 ? (
      <span key={i} className="word">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function AccessNote({ access }: { access: TrackedAccessView }) {
  const { t } = useTranslation();
  const shown = useAccessShown(access.state);
  const [why, setWhy] = useState(false);
  const failed = access.state.kind === 'failed';
  const endPending = useClassTray(
    (data) => pendingEndOf(data, { token: access.token }) !== undefined,
  );
  return (
    <>
      {access.studentName !== null && (
        // Its own direction (a Latin name in Arabic is never cut at its start), on two lines
        // where one is not enough; under 360 px the short form shows and the full name is still
        // read out and on hover.
        <span className="row-student" dir="auto" title={access.studentName}>
          {shortName(access.studentName) === access.studentName ? (
            <Words text={access.studentName} />
          ) : (
            <>
              <span className="visually-hidden-when-narrow">
                <Words text={access.studentName} />
              </span>
              <span className="student-short" aria-hidden="true">
                <Words text={shortName(access.studentName)} />
              </span>
            </>
          )}
        </span>
      )}
      <span
        className={
          access.state.kind !== 'given'
            ? 'row-access-state'
            : // A scheduled end's time on the row says the access runs: "Given" gives the name
              // its room, and is still read out.
              endPending
              ? 'row-access-state given visually-hidden'
              : 'row-access-state given'
        }
        role="status"
      >
        {failed ? (
          // "Not ended" fits every row; the reason is one press away, whole, and read as the
          // button's name.
          <button
            type="button"
            className="why"
            tabIndex={-1}
            aria-label={shown.label}
            aria-expanded={why}
            title={shown.label}
            onClick={() => setWhy(!why)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !why) return;
              event.stopPropagation();
              setWhy(false);
            }}
          >
            <WarningIcon />
            {t('accesses.state.notEndedShort')}
          </button>
        ) : (
          shown.label
        )}
      </span>
      {failed && why && <span className="row-reason">{shown.label}</span>}
    </>
  );
}

/**
 * A ring on a row's access button whenever its focus did not come from pressing it: handed over
 * by the form (Add clicked with the mouse, Cancel, Esc), where Chromium's :focus-visible follows
 * the mouse and draws none, the teacher still sees where the keyboard is.
 */
function useRing() {
  const pressed = useRef(false);
  const [ring, setRing] = useState(false);
  return {
    'data-ring': ring || undefined,
    onPointerDown: () => {
      pressed.current = true;
      setRing(false);
    },
    onFocus: () => {
      setRing(!pressed.current);
      pressed.current = false;
    },
    onBlur: () => {
      setRing(false);
      pressed.current = false;
    },
  };
}

/** Its words from the row's `t` (one useTranslation a row, and one translation a text). */
function AddAccess({ remoteId, name, t }: { remoteId: string; name: string; t: TFunction }) {
  const ring = useRing();
  const label = t('accesses.addFor', { name });
  return (
    <button
      type="button"
      className="icon-button small row-add-access"
      tabIndex={-1}
      {...ring}
      aria-label={label}
      title={label}
      onClick={(event) => askAccessFor(remoteId, event.currentTarget)}
    >
      <PlusIcon />
    </button>
  );
}

/** Running: End access is offered for it and it is counted (given, or its end failed). */
export const stillRunning = (access: TrackedAccessView): boolean =>
  accessStanding(access.state).running;

/** A student's access runs on the device: its going offline is what the teacher must see. */
export const inUseOn = (data: ClassTrayData, remoteId: string): boolean => {
  const access = accessOn(data, remoteId);
  return access !== undefined && stillRunning(access);
};

/** "End at…" for the row's access while it runs, on the row's second line. */
export function RowEndAt({ remoteId, name }: { remoteId: string; name: string }) {
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined || !stillRunning(access)) return null;
  return <EndAt target={{ token: access.token }} name={name} inRow />;
}

function TrackedOnRow({
  access,
  name,
  remoteId,
}: {
  access: TrackedAccessView;
  name: string;
  remoteId: string;
}) {
  const { t } = useTranslation();
  const ending = useAccessEnding(access);
  const { shown } = ending;
  const focusBack = useFocusBackOnEnd(shown.endable);
  const ring = useRing();

  return (
    <span className="row-access">
      {shown.endable && (
        <BusyButton
          type="button"
          className="button danger small"
          tabIndex={-1}
          aria-label={t('accesses.endFor', { name })}
          title={ending.error ?? undefined}
          ref={focusBack.button}
          {...ring}
          busy={ending.pending}
          onClick={() => {
            focusBack.beforeEnd();
            void ending.run();
          }}
        >
          {ending.pending ? t('accesses.ending') : t('accesses.endShort')}
        </BusyButton>
      )}
      {shown.ended && <AddAccess remoteId={remoteId} name={name} t={t} />}
    </span>
  );
}
