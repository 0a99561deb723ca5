import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../store/context';
import { accessOn, stillRunning } from './deviceAccess';
import { presenceOf } from './deviceRow';

/** The compact view's row pitch: a tile and the gap under it. */
export const TILE_PITCH = 20;
/** Tiles are at least this wide; the grid fits as many columns as the width allows. */
export const TILE_MIN_WIDTH = 64;

/**
 * One device in the compact grid: its name, its status by the dot's shape and colour, a mark for
 * no 2FA and one for a temporal access in use (the student's initial); disabled devices are
 * struck through. The whole sentence is its name for
 * screen readers and its tooltip, so a cut alias can always be read in full.
 */
export const DeviceTile = memo(function DeviceTile({ remoteId }: { remoteId: string }) {
  const { t } = useTranslation();
  const device = useClassTray((data) => data.devices.get(remoteId));
  const access = useClassTray((data) => accessOn(data, remoteId));
  if (!device) return null;
  const inUse = access !== undefined && stillRunning(access) ? access : undefined;
  const presence = presenceOf(device);
  const name = device.alias ?? device.remoteId;
  const disabled = device.status === 'disabled';
  const label = [
    name,
    t(`devices.${presence}`),
    ...(device.has2fa ? [] : [t('devices.no2fa')]),
    ...(disabled ? [t('devices.disabled')] : []),
    ...(inUse === undefined
      ? []
      : [
          inUse.label === null
            ? t('accesses.onTile')
            : t('accesses.onTileOf', { student: inUse.label }),
        ]),
  ].join(', ');
  return (
    <span className={`tile ${presence}${disabled ? ' disabled' : ''}`} title={label}>
      <span className="status-dot" aria-hidden="true" />
      <span className="tile-name" aria-hidden="true">
        {name}
      </span>
      {!device.has2fa && (
        <span className="tile-mark" aria-hidden="true">
          !
        </span>
      )}
      {inUse && (
        <span className="tile-access" aria-hidden="true">
          {inUse.label?.charAt(0).toLocaleUpperCase() ?? '•'}
        </span>
      )}
      <span className="visually-hidden">{label}</span>
    </span>
  );
});
