/**
 * What the tray app knows of this copy of ClassTray, said where a teacher or IT looks: who
 * installs its updates (ClassTray itself, or the school's IT, and why), and that the window runs
 * without Chromium's sandbox when Linux started it with --no-sandbox (the AppImage's launcher does
 * where the system refuses user namespaces). Nothing when there is nothing to say (the preview).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';

export function InstallationNotes() {
  const { t } = useTranslation();
  const installation = useClassTray((data) => data.installation);
  const headingId = useId();
  if (installation.updates === 'none' && !installation.sandboxOff) return null;
  return (
    <div className="settings-group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.installation.heading')}</h3>
      {installation.updates !== 'none' && (
        <p>{t(`settings.installation.updates.${installation.updates}`)}</p>
      )}
      {installation.sandboxOff && <p>{t('settings.installation.sandboxOff')}</p>}
    </div>
  );
}
