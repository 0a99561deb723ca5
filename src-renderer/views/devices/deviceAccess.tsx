import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { accessStanding, belongsTo } from '../../../src-shared/accessState';
import { askAccessFor } from '../../store/accessDraft';
import { useClassTray } from '../../store/context';
import { useAccessEnding, useFocusBackOnEnd } from '../accesses/accessEnding';
import { BusyButton } from '../forms/busyButton';
import { EndAt } from '../accesses/endAt';

/** The newest access given on this device in the open classroom (the list is newest first). */
export const accessOn = (data: ClassTrayData, remoteId: string): TrackedAccessView | undefined =>
  data.temporalAccesses.find(
    (access) => access.remoteId === remoteId && belongsTo(access, data.classroom.id),
  );

/**
 * A device row's access: who is on it and how it stands, with End access one click away; and
 * Add access, which fills in the access form for this device, whenever no access runs on it (an
 * ended one does not hold the device). Its buttons are reached with the arrow keys from the
 * focused row, like the row's others.
 */
export function DeviceAccess({ remoteId, name }: { remoteId: string; name: string }) {
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (access === undefined) {
    return (
      <span className="row-access">
        <AddAccess remoteId={remoteId} name={name} />
      </span>
    );
  }
  return <TrackedOnRow access={access} name={name} remoteId={remoteId} />;
}

function AddAccess({ remoteId, name }: { remoteId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button small"
      tabIndex={-1}
      aria-label={t('accesses.addFor', { name })}
      onClick={(event) => askAccessFor(remoteId, event.currentTarget)}
    >
      {t('accesses.addShort')}
    </button>
  );
}

/** Running: End access is offered for it and it is counted (given, or its end failed). */
export const stillRunning = (access: TrackedAccessView): boolean =>
  accessStanding(access.state).running;

/**
 * "End at…" for the row's access while it runs: beside the access, and on a line of its own
 * when the row is narrow.
 */
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

  return (
    <span className="row-access">
      <span className="row-access-text">
        {access.label !== null && <span className="row-student">{access.label}</span>}
        <span className="row-access-state" role="status" title={shown.label}>
          {shown.label}
        </span>
      </span>
      {shown.endable && (
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
      {shown.ended && <AddAccess remoteId={remoteId} name={name} />}
    </span>
  );
}
