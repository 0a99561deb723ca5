/**
 * Before a lesson: its room was checked and devices there are offline. Said once, quietly, with
 * the way to that room's readiness; dismissed for this lesson (the window's own memory).
 */
import { useTranslation } from 'react-i18next';
import { useClassTray } from '../../store/context';
import { isolated } from '../bidi';
import { formatMinute } from '../clock';
import { Notice } from '../header/notice';
import { roomName } from '../roomName';

export function ReadinessNotice(props: {
  dismissed: string | null;
  onDismiss: (key: string) => void;
  onShow: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lesson = useClassTray((data) => data.readiness.lesson);
  const name = useClassTray((data) =>
    data.readiness.lesson === null ? '' : roomName(data, data.readiness.lesson.room.classroomId, t),
  );
  if (lesson === null || lesson.key === props.dismissed) return null;
  const locale = i18n.language;
  return (
    <Notice
      kind="readiness-notice"
      caution
      live
      text={t('readiness.notice', {
        room: isolated(name),
        time: isolated(formatMinute(lesson.start, locale)),
        offline: lesson.room.offline.toLocaleString(locale),
        total: lesson.room.total.toLocaleString(locale),
      })}
      action={{ words: t('readiness.noticeShow'), onClick: props.onShow }}
      dismiss={{ label: t('readiness.noticeDismiss'), onClick: () => props.onDismiss(lesson.key) }}
    />
  );
}
