/**
 * settings/: the settings panel: the account (accountSettings.tsx), the timetable (timetable/),
 * the preferences (generalSettings.tsx), student data (studentDataSettings.tsx), what the school set, this installation, support.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { AccountSettings } from './accountSettings';
import { GeneralSettings } from './generalSettings';
import { InstallationNotes } from './installationNotes';
import { SchoolPolicyPage } from './schoolPolicyPage';
import { StudentDataSettings } from './studentDataSettings';
import { SupportSettings } from './supportSettings';
import { TimetablePanel } from './timetable/timetablePanel';

export function SettingsPanel(props: {
  onClose: () => void;
  /** Shown: where the focus goes (the window's heading or an asked question) is the window's. */
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { onShown } = props;
  useEffect(onShown, [onShown]);
  return (
    <section id="settings" className="settings" aria-labelledby={headingId}>
      <div className="settings-head">
        <h2 id={headingId} tabIndex={-1} data-autofocus>
          {t('settings.heading')}
        </h2>
        <button type="button" className="button" aria-controls="settings" onClick={props.onClose}>
          <CloseIcon />
          {t('settings.close')}
        </button>
      </div>
      <div className="settings-body">
        <AccountSettings />
        <TimetablePanel />
        <GeneralSettings />
        <StudentDataSettings />
        <SchoolPolicyPage />
        <InstallationNotes />
        <SupportSettings />
      </div>
    </section>
  );
}
