import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { CloseIcon } from '../icons';
import { useAction } from '../forms/useAction';

/** Demo data whose notice the teacher has not closed (settings, when open, take its place). */
export const demoNoticeShown = (data: ClassTrayData, settingsOpen: boolean): boolean =>
  data.account.mode === 'demo' && !data.preferences.demoNoticeDismissed && !settingsOpen;

/**
 * First run lands on demo data: say so, and offer the way to real data. Once closed it stays
 * closed (a preference): the header's "Demo data" badge still says where the devices come from.
 */
export function DemoNotice(props: { onConnect: () => void; onDismissed: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dismiss = useAction(() => api.updatePreferences({ demoNoticeDismissed: true }));
  const close = async () => {
    // The button goes with the notice: the focus goes where the window starts.
    if ((await dismiss.run()).ok) props.onDismissed();
  };
  return (
    <div className="demo-notice">
      <p>{t('header.demoNotice')}</p>
      <div className="demo-notice-actions">
        <button type="button" className="button primary small" onClick={props.onConnect}>
          {t('header.connectAccount')}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('header.dismissNotice')}
          title={t('header.dismissNotice')}
          onClick={() => void close()}
        >
          <CloseIcon />
        </button>
      </div>
      <ActionError error={dismiss.error} />
    </div>
  );
}
