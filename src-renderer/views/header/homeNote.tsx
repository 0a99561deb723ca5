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
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { onMac } from '../keys';

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
    <section className="demo-notice home-note" aria-label={t('shortcut.homeHeading')}>
      <p>
        {t(`shortcut.home.${home}`)}
        {shortcut?.status === 'registered' && (
          <> {t('shortcut.homeKeys', { keys: shortcutLabel(shortcut.accelerator, onMac()) })}</>
        )}
      </p>
      <div className="demo-notice-actions">
        <button type="button" className="button primary small" onClick={() => void close.run()}>
          {t('shortcut.gotIt')}
        </button>
      </div>
      <ActionError error={close.error} />
    </section>
  );
}
