import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackedAccessView } from '../../api/types';
import { useClassTray } from '../../store/context';
import { useAccessEnding, useFocusBackOnEnd } from '../accesses/accessEnding';
import { BusyButton } from '../forms/busyButton';
import { useSecondsUntil } from '../clock';
import { accessOn, stillRunning } from './deviceAccess';
import { changedRecently } from '../../store/deviceOrder';
import { presenceOf } from './deviceRow';
import { tileName } from './tileGrid';

/** The compact view's row pitch: a tile and the gap under it. */
export const TILE_PITCH = 20;
/** Tiles are at least this wide; the grid fits as many columns as the width allows. */
export const TILE_MIN_WIDTH = 64;
/** A tile's name's font without its family, and its letter spacing (as .tile in tileGrid.css). */
export const TILE_FONT = '500 11px';
export const TILE_LETTER_SPACING = '-0.11px';
/** A tile's width besides its name: the cell's and the tile's padding, the dot and its gap. */
export const TILE_CHROME = 18;
/** The no-2FA mark and its gap, where a device of the room has it. */
export const TILE_MARK = 6;
/** A student's initial and its gap, where a device of the room has an access. */
export const TILE_INITIAL = 17;

/**
 * One device in the compact grid: its name, its status by the dot's shape and colour, a mark for
 * no 2FA and, for a temporal access in use, the student's initial as its End access button;
 * disabled devices are struck through; a device whose status changed in the last minutes is
 * marked where it stands (the plan never moves it). It shows its name without the part the whole
 * room shares (`prefix`); the whole sentence, with the full name, is its name for screen readers
 * and its tooltip.
 */
export const DeviceTile = memo(function DeviceTile({
  remoteId,
  prefix,
  now,
}: {
  remoteId: string;
  prefix: string;
  /** The activity clock, for the recent-change mark. */
  now: number;
}) {
  const { t } = useTranslation();
  const device = useClassTray((data) => data.devices.get(remoteId));
  const access = useClassTray((data) => accessOn(data, remoteId));
  const changed = useClassTray((data) => changedRecently(data.activity.get(remoteId), now));
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
    ...(changed ? [t('devices.changedRecently')] : []),
    ...(inUse === undefined
      ? []
      : [
          inUse.studentName === null
            ? t('accesses.onTile')
            : t('accesses.onTileOf', { student: inUse.studentName }),
        ]),
  ].join(', ');
  return (
    <span
      className={`tile ${presence}${disabled ? ' disabled' : ''}${changed ? ' changed' : ''}`}
      title={label}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="tile-name" aria-hidden="true">
        {tileName(name, prefix)}
      </span>
      {!device.has2fa && (
        <span className="tile-mark" aria-hidden="true">
          !
        </span>
      )}
      <span className="visually-hidden">{label}</span>
      {access && <TileAccess access={access} name={name} />}
    </span>
  );
});

/**
 * A tile's access, ended as the row's is, in one click on the student's initial: the state is
 * said in the same words (a status for screen readers, as the tile has no room to show them), the
 * initial stays, muted, until an ended access's last 30 seconds are up, and End stays offered
 * after a failure. Once the button is gone the focus goes back to the tile, not to the page.
 * Reached from the focused tile with Enter (the arrows move between tiles).
 */
function TileAccess({ access, name }: { access: TrackedAccessView; name: string }) {
  const { t } = useTranslation();
  const ending = useAccessEnding(access);
  const { shown } = ending;
  const focusBack = useFocusBackOnEnd(shown.endable);

  const initial = access.studentName?.charAt(0).toLocaleUpperCase() ?? '•';
  const endName =
    access.studentName === null
      ? t('accesses.endFor', { name })
      : t('accesses.endOnTileOf', { student: access.studentName, name });
  const end = () => {
    focusBack.beforeEnd();
    void ending.run();
  };

  return (
    <>
      {shown.endable ? (
        <BusyButton
          ref={focusBack.button}
          type="button"
          className="tile-access tile-end"
          // Reached with Enter from the focused tile: the list is one Tab stop.
          tabIndex={-1}
          aria-label={endName}
          title={ending.error === null ? endName : `${endName}: ${ending.error}`}
          busy={ending.pending}
          onClick={end}
        >
          {initial}
        </BusyButton>
      ) : (
        access.state.kind === 'invalidated' && (
          <EndingMark initial={initial} sessionExpiresAt={access.state.sessionExpiresAt} />
        )
      )}
      <span className="visually-hidden" role="status">
        {shown.label}
      </span>
    </>
  );
}

/** An ended access's initial, muted, while the service still lets its session run. */
function EndingMark({ initial, sessionExpiresAt }: { initial: string; sessionExpiresAt: string }) {
  const seconds = useSecondsUntil(sessionExpiresAt);
  if (seconds <= 0) return null;
  return (
    <span className="tile-access ending" aria-hidden="true">
      {initial}
    </span>
  );
}
