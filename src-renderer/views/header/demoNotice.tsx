import { useTranslation } from 'react-i18next';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi } from '../../store/context';
import { useAction } from '../forms/useAction';
import { Notice } from './notice';

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
    <Notice
      kind="demo-notice"
      text={t('header.demoNotice')}
      action={{ words: t('header.connectAccount'), onClick: props.onConnect }}
      dismiss={{ label: t('header.dismissNotice'), onClick: () => void close() }}
      error={dismiss.error}
    />
  );
}
