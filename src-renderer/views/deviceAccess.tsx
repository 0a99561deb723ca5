import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../api/types';
import type { ClassTrayData } from '../store/classTrayStore';
import { askAccessFor } from '../store/accessDraft';
import { useClassTray } from '../store/context';
import { AccessState, useAccessEnding, useFocusBackOnEnd } from './accessEnding';
import { BusyButton } from './busyButton';
import { EndAt } from './endAt';

/** The newest access tracked on this device in the open classroom (or added before that was kept). */
export const accessOn = (data: ClassTrayData, remoteId: string): TrackedAccessView | undefined =>
  data.temporalAccesses.find(
    (access) =>
      access.remoteId === remoteId &&
      (access.classroomId === null || access.classroomId === data.classroom.id),
  );

/**
 * A device row's access: who is on it and how it stands, with End access one click away; or
 * Add access, which fills in the access form for this device. Its buttons are reached with the
 * arrow keys from the focused row, like the row's others.
 */
export function DeviceAccess({ remoteId, name }: { remoteId: string; name: string }) {
  const { t } = useTranslation();
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined) {
    return (
      <span className="row-access">
        <button
          type="button"
          className="button small"
          tabIndex={-1}
          aria-label={t('accesses.addFor', { name })}
          onClick={() => askAccessFor(remoteId)}
        >
          {t('accesses.addShort')}
        </button>
      </span>
    );
  }
  return <TrackedOnRow access={access} name={name} />;
}

/** An access not ended yet, as far as ClassTray knows: no end recorded. */
export const stillRunning = (access: TrackedAccessView): boolean => access.lastOutcome === null;

/**
 * "End at…" for the row's access while it runs: beside the access, and on a line of its own
 * when the row is narrow.
 */
export function RowEndAt({ remoteId, name }: { remoteId: string; name: string }) {
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined || !stillRunning(access)) return null;
  return <EndAt target={{ token: access.token }} name={name} inRow />;
}

function TrackedOnRow({ access, name }: { access: TrackedAccessView; name: string }) {
  const { t } = useTranslation();
  const ending = useAccessEnding(access);
  const focusBack = useFocusBackOnEnd(ending.canEnd);

  return (
    <span className="row-access">
      <span className="row-access-text">
        {access.label !== null && <span className="row-student">{access.label}</span>}
        <span className="row-access-state" role="status">
          <AccessState outcome={ending.outcome} unknown={ending.unknown} />
        </span>
      </span>
      {ending.canEnd && (
        <BusyButton
          type="button"
          className="button danger small"
          tabIndex={-1}
          aria-label={t('accesses.endFor', { name })}
          title={ending.error ?? undefined}
          ref={focusBack.button}
          busy={ending.pending}
          onClick={() => {
            focusBack.beforeEnd();
            void ending.run();
          }}
        >
          {ending.pending ? t('accesses.ending') : t('accesses.end')}
        </BusyButton>
      )}
    </span>
  );
}
