import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DeviceView, PasswordCopy } from '../../api/types';
import { useApi, useClassTray } from '../../store/context';
import { countRowRender } from '../benchCounter';
import { accessOn, DeviceAccess, inUseOn, RowAccessNote, RowEndAt } from './deviceAccess';
import { ActivityNote } from './deviceActivity';
import { CopyIcon, KeyIcon } from '../icons';
import { useFlash } from '../forms/useFlash';

/** Every row's height, whatever it carries (as --row-height in src-renderer/base.css). */
export const ROW_HEIGHT = 50;

type Presence = 'online' | 'offline' | 'unknown';

export const presenceOf = (device: DeviceView): Presence =>
  device.online === null ? 'unknown' : device.online ? 'online' : 'offline';

/** A copy's outcome, worded when shown (a change of language rewords it). */
type CopyNote =
  | { kind: 'copied'; cleared?: Extract<PasswordCopy, { copied: true }>['cleared'] }
  | { kind: 'notAvailable' | 'copyFailed' };

/** "Copied: cleared in 30 s": when the host takes a copied password off the clipboard again. */
function copyNoteText(note: CopyNote, t: TFunction): string {
  if (note.kind !== 'copied') return t(`devices.${note.kind}`);
  const { cleared } = note;
  if (cleared === undefined) return t('devices.copied');
  if (cleared === 'on-quit') return t('devices.copiedClearedOnQuit');
  if (cleared === 'never') return t('devices.copiedNotCleared');
  return t('devices.copiedClearedIn', { seconds: String(cleared.afterSeconds) });
}

/** "2FA" struck through, the sentence its name for assistive technology and on hover. */
const No2fa = ({ text }: { text: string }) => (
  <span className="badge caution" title={text}>
    <s aria-hidden="true">2FA</s>
    <span className="visually-hidden">{text}</span>
  </span>
);

/**
 * One device, in two lines of one height whatever it carries, made to fit the longest language:
 * its name (never cut) and state, badges and buttons, then what is happening on it (a short
 * change mark, the student and the access's state, or its id) with End at…. A student's name
 * alone wraps, onto two lines of the second, and shortens under 360 px ("Valentina R."); a
 * failure's reason is one press away. It selects its own device by id, so a change to another
 * device never renders it, and it is memoized, so the list around it does not either.
 */
export const DeviceRow = memo(function DeviceRow({ remoteId }: { remoteId: string }) {
  if (import.meta.env.MODE === 'bench') countRowRender();
  const { t } = useTranslation();
  const api = useApi();
  const device = useClassTray((data) => data.devices.get(remoteId));
  const inUse = useClassTray((data) => inUseOn(data, remoteId));
  const tracked = useClassTray((data) => accessOn(data, remoteId) !== undefined);
  const [note, flash] = useFlash<CopyNote>();
  if (!device) return null;
  const presence = presenceOf(device);
  const name = device.alias ?? device.remoteId;

  const copyId = () => {
    navigator.clipboard.writeText(remoteId).then(
      () => flash({ kind: 'copied' }),
      () => flash({ kind: 'copyFailed' }),
    );
  };
  // The password goes to the clipboard through the host and is never shown.
  const copyPassword = () => {
    api.copyDevicePassword({ remoteId }).then(
      (copy) =>
        flash(copy.copied ? { kind: 'copied', cleared: copy.cleared } : { kind: 'notAvailable' }),
      () => flash({ kind: 'copyFailed' }),
    );
  };

  // One translation per text: a row is rendered fifteen times in the window's first paint.
  const copyIdName = t('devices.copyId', { id: remoteId });
  const copyIdButton = (
    <button
      type="button"
      className="icon-button small"
      // Reached with the arrow keys from the focused row: the list is one Tab stop.
      tabIndex={-1}
      aria-label={copyIdName}
      title={copyIdName}
      onClick={copyId}
    >
      <CopyIcon />
    </button>
  );
  const badges = [
    // "2FA" struck through: the same few letters in every language (the row's words are its
    // name and state); the sentence is its name for assistive technology and on hover.
    !device.has2fa && <No2fa key="2fa" text={t('devices.no2fa')} />,
    device.status === 'disabled' && (
      <span key="disabled" className="badge muted">
        {t('devices.disabled')}
      </span>
    ),
  ].filter(Boolean);

  return (
    <div className={`device-row ${presence}`}>
      <span className="status-dot" aria-hidden="true" />
      <span className="row-line">
        <span
          className={device.alias === null ? 'device-name device-id' : 'device-name'}
          title={name}
        >
          {name}
        </span>
        {copyIdButton}
        {badges}
        <span className={`presence ${presence}`}>{t(`devices.${presence}`)}</span>
        <button
          type="button"
          className="icon-button small"
          tabIndex={-1}
          aria-label={t('devices.copyPasswordFor', { name })}
          title={t('devices.copyPassword')}
          onClick={copyPassword}
        >
          <KeyIcon />
        </button>
        <DeviceAccess remoteId={remoteId} name={name} t={t} />
      </span>
      <span className="row-line detail">
        <span className="device-detail">
          <span className={`copy-note ${note?.kind ?? ''}`} role="status">
            {note === null ? null : copyNoteText(note, t)}
          </span>
          {/* A copy's note stands for the line while it shows. */}
          {note === null && (
            <>
              <ActivityNote remoteId={remoteId} inUse={inUse} />
              <RowAccessNote remoteId={remoteId} />
              {/* The id only on an idle line: a student's line has no room for it (it stays in
                  Copy id's name and the search). */}
              {device.alias !== null && !tracked && <span className="device-id">{remoteId}</span>}
            </>
          )}
        </span>
        <RowEndAt remoteId={remoteId} name={name} />
      </span>
    </div>
  );
});
