/** header/: the window's top: classroom picker, Refresh, connection banner, lesson, demo notice. */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { ClassroomSwitcher } from './classroomSwitcher';
import { formatClock } from '../clock';
import { isolated } from '../bidi';
import { demoNoticeShown } from './demoNotice';
import { deviceCounts } from '../../store/deviceCounts';
import { LessonLine } from './lessonLine';
import { showsOldData } from '../oldData';
import { roomName } from '../roomName';
import { RefreshIcon, SettingsIcon } from '../icons';
import { useAction } from '../forms/useAction';

export function Header(props: {
  settingsOpen: boolean;
  settingsButton: RefObject<HTMLButtonElement | null>;
  onToggleSettings: () => void;
  /** How often the banner asked to fix the classroom id (see ClassroomSwitcher). */
  fixClassroomAsked: number;
  /** Settings opened at the question of this timetable place. */
  onAskPlace: (place: string) => void;
  readinessOpen: boolean;
  onToggleReadiness: () => void;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  // The demo notice says it while shown; the badge keeps saying it once the notice is closed.
  const demoBadge = useClassTray(
    (data) => data.account.mode === 'demo' && !demoNoticeShown(data, props.settingsOpen),
  );
  const online = useClassTray((data) => deviceCounts(data.devices).online);
  const total = useClassTray((data) => data.deviceIds.length);
  const hasClassroom = useClassTray((data) => data.classroom.id !== null);
  const lastSuccessAt = useClassTray((data) => data.connection.lastSuccessAt);
  const old = useClassTray((data) => showsOldData(data.connection));
  const refresh = useAction(() => api.refresh());
  const roomTitle = useClassTray((data) =>
    data.classroom.id === null ? '' : roomName(data, data.classroom.id, t),
  );

  return (
    <header className="header">
      <h1 className="visually-hidden">{t('header.title')}</h1>
      <div className="header-row top">
        <ClassroomSwitcher fixAsked={props.fixClassroomAsked} />
        <div className="header-tools">
          <BusyButton
            type="button"
            className="icon-button"
            aria-label={t('header.refresh')}
            title={t('header.refresh')}
            busy={refresh.pending}
            onClick={() => void refresh.run()}
          >
            <RefreshIcon />
          </BusyButton>
          <button
            ref={props.settingsButton}
            type="button"
            className="icon-button"
            aria-label={t('header.settings')}
            title={t('header.settings')}
            aria-expanded={props.settingsOpen}
            aria-controls="settings"
            onClick={props.onToggleSettings}
          >
            <SettingsIcon />
          </button>
        </div>
      </div>
      <div className="header-row summary">
        {demoBadge && <span className="badge demo">{t('header.demo')}</span>}
        {hasClassroom && (
          // Not live: a count of the last success, said so and muted rather than shown as now.
          // The count opens the room's readiness (which devices are not ready, since when).
          <button
            type="button"
            className={old ? 'online-count old readiness-button' : 'online-count readiness-button'}
            title={t('readiness.title', { room: roomTitle })}
            aria-expanded={props.readinessOpen}
            aria-controls="readiness"
            onClick={props.onToggleReadiness}
          >
            {t(old && lastSuccessAt !== null ? 'header.onlineCountAsOf' : 'header.onlineCount', {
              online: online.toLocaleString(i18n.language),
              total: total.toLocaleString(i18n.language),
              time:
                lastSuccessAt === null ? '' : isolated(formatClock(lastSuccessAt, i18n.language)),
            })}
          </button>
        )}
        {/* Old data says its time once, in the count. */}
        {!(old && hasClassroom && lastSuccessAt !== null) && (
          <span className="updated">
            {lastSuccessAt === null
              ? t('header.notUpdated')
              : t('header.updatedAt', {
                  time: isolated(formatClock(lastSuccessAt, i18n.language)),
                })}
          </span>
        )}
      </div>
      <LessonLine onAskPlace={props.onAskPlace} />
      <ActionError error={refresh.error} />
    </header>
  );
}
