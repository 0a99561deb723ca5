import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { BusyButton } from '../forms/busyButton';
import { formatMinute, useNow } from '../clock';
import { useFocusAfterRender } from '../forms/smallForm';
import { useAction } from '../forms/useAction';
import { isolated } from '../bidi';
import { roomName } from '../roomName';
import { CloseIcon } from '../icons';

/** Where the end goes in the lesson's sentence: a character no translation holds. */
const END = '\u0000';

/** The last minutes of a lesson whose bell ends the accesses: its end said as a countdown. */
const COUNTDOWN_MS = 5 * 60_000;
/** How often the countdown reads the clock again: its minute is never more than this late. */
const COUNTDOWN_CHECK_MS = 5_000;

/**
 * The lesson under way, under the header, in one line with its room and its end: "Maths 3B in
 * Library · until 10:50". In its room, when its end ends the room's accesses, the end says so
 * ("· accesses end at 10:50", in the last minutes "· accesses end in 4 min"), and Keep is an ×
 * beside it, one click; the class line below never says it again (endAllAccesses.tsx). While the
 * window shows another room, that said, and one click to open the lesson's.
 */
export function LessonLine({ onAskPlace }: { onAskPlace: (place: string) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const lesson = useClassTray((data) => data.timetable.now);
  const unmapped = useClassTray((data) => data.timetable.unmappedNow);
  const room = useClassTray((data) =>
    data.timetable.now === null ? '' : roomName(data, data.timetable.now.classroomId, t),
  );
  const shownId = useClassTray((data) => data.classroom.id);
  const shown = useClassTray((data) =>
    data.classroom.id === null ? null : roomName(data, data.classroom.id, t),
  );
  const keep = useAction((key: string) => api.keepAccessesAfterLesson({ key }));
  const open = useAction((id: string) => api.selectClassroom({ id }));
  const lineRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const now = useNow(COUNTDOWN_CHECK_MS);
  if (lesson === null) {
    return unmapped === null ? null : <UnmappedLesson lesson={unmapped} onAskPlace={onAskPlace} />;
  }
  const time = formatMinute(lesson.end, i18n.language);
  const here = lesson.classroomId === shownId;
  // Said only in the room whose accesses end, never as another room's end.
  const bell = here && lesson.endsAccesses;
  const left = Date.parse(lesson.end) - now;
  const end = !bell
    ? t('timetable.lessonUntil', { time })
    : left > 0 && left <= COUNTDOWN_MS
      ? t('timetable.endsAccessesIn', { count: Math.ceil(left / 60_000) })
      : t('timetable.endsAccesses', { time });
  // The end, in a span of its own within the sentence: said in the line's quieter weight.
  const [before = '', after = ''] = (
    lesson.title === ''
      ? t('timetable.lessonUntitled', { room, end: END })
      : t('timetable.lesson', { title: lesson.title, room, end: END })
  ).split(END);
  return (
    // Focusable by script: Open and Keep take themselves away, and the focus stays on the line.
    <div className="lesson-line" ref={lineRef} tabIndex={-1}>
      <span className="lesson-now">
        {before}
        <span className="lesson-end">{end}</span>
        {after}
      </span>
      {!here && (
        <>
          {shown !== null && (
            <span className="lesson-elsewhere">{t('timetable.lessonElsewhere', { shown })}</span>
          )}
          <BusyButton
            type="button"
            className="button small"
            busy={open.pending}
            onClick={() =>
              void open.run(lesson.classroomId).then((outcome) => {
                if (outcome.ok) focusAfterRender(lineRef);
              })
            }
          >
            {t('timetable.openRoom', { room })}
          </BusyButton>
        </>
      )}
      {bell && (
        // Keep cancels the bell's end: an × beside it, as a row's pending end has, so the line
        // stays one line at 320 px; its name and title say what it keeps.
        <BusyButton
          type="button"
          className="icon-button small lesson-keep"
          aria-label={t('timetable.keepAccesses')}
          title={t('timetable.keepAccesses')}
          busy={keep.pending}
          onClick={() =>
            void keep.run(lesson.key).then((outcome) => {
              if (outcome.ok) focusAfterRender(lineRef);
            })
          }
        >
          <CloseIcon />
        </BusyButton>
      )}
      <ActionError error={keep.error ?? open.error} />
    </div>
  );
}

/**
 * A lesson under way in a place no classroom is mapped to yet: said where the teacher looks
 * ("Mathe 7b now in B204: which classroom?"), its place question one click away in Settings.
 */
function UnmappedLesson({
  lesson,
  onAskPlace,
}: {
  lesson: { title: string; place: string };
  onAskPlace: (place: string) => void;
}) {
  const { t } = useTranslation();
  const place = isolated(lesson.place);
  return (
    <div className="lesson-line">
      <span className="lesson-now">
        {lesson.title === ''
          ? t('timetable.unmappedNowUntitled', { place })
          : t('timetable.unmappedNow', { title: isolated(lesson.title), place })}
      </span>
      <button type="button" className="button small" onClick={() => onAskPlace(lesson.place)}>
        {t('timetable.unmappedChoose')}
      </button>
    </div>
  );
}
