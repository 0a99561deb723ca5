/**
 * The first start's note: where ClassTray lives on this desktop (the notification area and how
 * to bring it out of Windows 11's overflow, the menu bar, a panel's tray, or, without a tray,
 * this window and how to get the tray back), and the shortcut that opens it. Closed once, it
 * stays closed until ClassTray lives somewhere else (the `homeNoteSeen` preference; main marks
 * it too when the window it opened for the note closes).
 */
import { useTranslation } from 'react-i18next';
import { shortcutLabel } from '../../../src-shared/openShortcut';
import { useApi, useClassTray } from '../../store/context';
import { useAction } from '../forms/useAction';
import { onMac } from '../keys';
import { Notice } from './notice';

export function HomeNote() {
  const { t } = useTranslation();
  const api = useApi();
  const home = useClassTray((data) => data.installation.home);
  const seen = useClassTray((data) => data.preferences.homeNoteSeen);
  const shortcut = useClassTray((data) => data.installation.openShortcut);
  const close = useAction(() =>
    home === undefined ? Promise.resolve() : api.updatePreferences({ homeNoteSeen: home }),
  );
  if (home === undefined || seen === home) return null;
  return (
    <Notice
      kind="home-note"
      label={t('shortcut.homeHeading')}
      text={
        <>
          {t(`shortcut.home.${home}`)}
          {shortcut?.status === 'registered' && (
            <> {t('shortcut.homeKeys', { keys: shortcutLabel(shortcut.accelerator, onMac()) })}</>
          )}
        </>
      }
      action={{ words: t('shortcut.gotIt'), onClick: () => void close.run() }}
      error={close.error}
    />
  );
}
