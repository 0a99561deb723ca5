import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DeviceView, PasswordCopy } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { countRowRender } from '../benchCounter';
import { DeviceAccess, RowEndAt } from './deviceAccess';
import { ActivityNote } from './deviceActivity';
import { CopyIcon, KeyIcon } from '../icons';
import { useFlash } from '../forms/useFlash';

export const ROW_HEIGHT = 52;

type Presence = 'online' | 'offline' | 'unknown';

export const presenceOf = (device: DeviceView): Presence =>
  device.online === null ? 'unknown' : device.online ? 'online' : 'offline';

interface CopyNote {
  kind: 'copied' | 'notAvailable' | 'copyFailed';
  text: string;
}

/** "Copied: cleared in 30 s": when the host takes a copied password off the clipboard again. */
function passwordCopiedNote(
  cleared: Extract<PasswordCopy, { copied: true }>['cleared'],
  t: TFunction,
): string {
  if (cleared === 'on-quit') return t('devices.copiedClearedOnQuit');
  if (cleared === 'never') return t('devices.copiedNotCleared');
  return t('devices.copiedClearedIn', { seconds: String(cleared.afterSeconds) });
}

/**
 * One device. It selects its own device by id, so a change to another device never renders it,
 * and it is memoized, so the list re-ordering around it does not either.
 */
export const DeviceRow = memo(function DeviceRow({ remoteId }: { remoteId: string }) {
  if (import.meta.env.MODE === 'bench') countRowRender();
  const { t } = useTranslation();
  const api = useApi();
  const device = useClassTray((data) => data.devices.get(remoteId));
  const [note, flash] = useFlash<CopyNote>();
  if (!device) return null;
  const presence = presenceOf(device);
  const name = device.alias ?? device.remoteId;

  const copyId = () => {
    navigator.clipboard.writeText(remoteId).then(
      () => flash({ kind: 'copied', text: t('devices.copied') }),
      () => flash({ kind: 'copyFailed', text: t('devices.copyFailed') }),
    );
  };
  // The password goes to the clipboard through the host and is never shown.
  const copyPassword = () => {
    api.copyDevicePassword({ remoteId }).then(
      (copy) =>
        flash(
          copy.copied
            ? { kind: 'copied', text: passwordCopiedNote(copy.cleared, t) }
            : { kind: 'notAvailable', text: t('devices.notAvailable') },
        ),
      () => flash({ kind: 'copyFailed', text: t('devices.copyFailed') }),
    );
  };

  const copyIdButton = (
    <button
      type="button"
      className="icon-button small"
      // Reached with the arrow keys from the focused row: the list is one Tab stop.
      tabIndex={-1}
      aria-label={t('devices.copyId', { id: remoteId })}
      title={t('devices.copyId', { id: remoteId })}
      onClick={copyId}
    >
      <CopyIcon />
    </button>
  );
  const badges = [
    !device.has2fa && (
      <span key="2fa" className="badge caution">
        {t('devices.no2fa')}
      </span>
    ),
    device.status === 'disabled' && (
      <span key="disabled" className="badge muted">
        {t('devices.disabled')}
      </span>
    ),
  ].filter(Boolean);

  return (
    <div className={`device-row ${presence}`}>
      <span className="status-dot" aria-hidden="true" />
      <div className="device-text">
        <span className="device-line">
          <span className={device.alias === null ? 'device-name device-id' : 'device-name'}>
            {name}
          </span>
          {/* Without an alias the id is the name, and its copy button goes with it. */}
          {device.alias === null && copyIdButton}
        </span>
        {(device.alias !== null || badges.length > 0) && (
          <span className="device-line meta">
            {device.alias !== null && (
              <>
                <span className="device-id">{remoteId}</span>
                {copyIdButton}
              </>
            )}
            {badges}
          </span>
        )}
        <ActivityNote remoteId={remoteId} />
      </div>
      <span className={`copy-note ${note?.kind ?? ''}`} role="status">
        {note?.text}
      </span>
      <span className={`presence ${presence}`}>{t(`devices.${presence}`)}</span>
      <button
        type="button"
        className="icon-button"
        tabIndex={-1}
        aria-label={t('devices.copyPasswordFor', { name })}
        title={t('devices.copyPassword')}
        onClick={copyPassword}
      >
        <KeyIcon />
      </button>
      <DeviceAccess remoteId={remoteId} name={name} />
      <RowEndAt remoteId={remoteId} name={name} />
    </div>
  );
});
