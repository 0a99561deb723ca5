import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { formatMinute } from '../clock';
import { useAction } from '../forms/useAction';

/**
 * The lesson under way, under the header: "Maths 3B · until 10:50", and when its end ends the
 * room's accesses, the one way to keep them for this lesson.
 */
export function LessonLine() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const lesson = useClassTray((data) => data.timetable.now);
  const room = useClassTray((data) => {
    const id = data.timetable.now?.classroomId;
    if (id === undefined) return null;
    const nickname =
      id === data.classroom.id
        ? data.classroom.nickname
        : data.classroom.recent.find((classroom) => classroom.id === id)?.nickname;
    return nickname ?? id;
  });
  const keep = useAction((key: string) => api.keepAccessesAfterLesson({ key }));
  if (lesson === null) return null;
  const time = formatMinute(lesson.end, i18n.language);
  return (
    <div className="lesson-line">
      <span className="lesson-now">
        {lesson.title === ''
          ? t('timetable.lessonUntitled', { room: room ?? '', time })
          : t('timetable.lesson', { title: lesson.title, time })}
      </span>
      {lesson.endsAccesses && (
        <>
          <span className="lesson-bell">{t('timetable.endsAccesses', { time })}</span>
          <BusyButton
            type="button"
            className="button link"
            busy={keep.pending}
            onClick={() => void keep.run(lesson.key)}
          >
            {t('timetable.keepAccesses')}
          </BusyButton>
        </>
      )}
      <ActionError error={keep.error} />
    </div>
  );
}
