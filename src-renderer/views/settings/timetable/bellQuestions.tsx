/** Whether a lesson's end ends its room's accesses: asked room by room, then a switch each. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { BusyButton } from '../../forms/busyButton';
import { useAction } from '../../forms/useAction';
import { isolated } from '../../bidi';
import { roomName } from '../../roomName';

/**
 * The bell, room by room: each room a lesson maps to is asked about on its own, naming it, the
 * first time; then it keeps a switch of its own. A yes never covers another room. An answer
 * takes its question away: the focus goes on to the next question, or to the switch the answer
 * became, never to the page.
 */
export function BellQuestions({ focusRoom }: { focusRoom: string | null }) {
  const rooms = useClassTray((data) => data.timetable.bell);
  // The room just answered, until its answer is shown (its question gone) and focused.
  const [answeredRoom, setAnsweredRoom] = useState<string | null>(null);
  const asked = rooms.filter((room) => room.endsAccesses === null);
  const answered = rooms.filter((room) => room.endsAccesses !== null);
  const shown = answeredRoom !== null && !asked.some((room) => room.classroomId === answeredRoom);
  const nextQuestion = shown ? (asked[0]?.classroomId ?? null) : null;
  const focusSwitch = shown && nextQuestion === null ? answeredRoom : null;
  // After the child has taken the focus (its effect runs first): not taken again.
  useEffect(() => {
    if (shown) setAnsweredRoom(null);
  }, [shown]);
  if (rooms.length === 0) return null;
  return (
    <>
      {asked.map(({ classroomId }) => (
        <BellQuestion
          key={classroomId}
          classroomId={classroomId}
          focused={classroomId === focusRoom || classroomId === nextQuestion}
          onAnswered={() => setAnsweredRoom(classroomId)}
        />
      ))}
      {answered.length > 0 && (
        <ul className="timetable-bells">
          {answered.map(({ classroomId, endsAccesses }) => (
            <li key={classroomId}>
              <BellSwitch
                classroomId={classroomId}
                on={endsAccesses === true}
                focused={classroomId === focusSwitch}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "End the accesses in Room 12 when a lesson there ends?", asked once for that room. */
function BellQuestion({
  classroomId,
  focused,
  onAnswered,
}: {
  classroomId: string;
  focused: boolean;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const groupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focused) return;
    groupRef.current?.scrollIntoView({ block: 'nearest' });
    groupRef.current?.focus();
  }, [focused]);
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const set = useAction((on: boolean) => api.setEndAtBell({ classroomId, on }));
  const answer = (on: boolean) =>
    void set.run(on).then((outcome) => {
      if (outcome.ok) onAnswered();
    });
  const question = t('timetable.bellQuestion', { room: isolated(room) });
  return (
    <div
      className="field timetable-question"
      role="group"
      aria-label={t('timetable.bellQuestion', { room })}
      // Focused when a mapping brings it: the next thing to answer.
      ref={groupRef}
      tabIndex={-1}
    >
      <p>{question}</p>
      <div className="form-actions">
        <BusyButton
          type="button"
          className="button"
          busy={set.pending}
          onClick={() => answer(false)}
        >
          {t('timetable.bellNo')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button primary"
          busy={set.pending}
          onClick={() => answer(true)}
        >
          {t('timetable.bellYes')}
        </BusyButton>
      </div>
      <ActionError error={set.error} />
    </div>
  );
}

function BellSwitch({
  classroomId,
  on,
  focused,
}: {
  classroomId: string;
  on: boolean;
  /** The answer just given to its question: the focus goes on to it. */
  focused: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const switchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focused) switchRef.current?.focus();
  }, [focused]);
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const set = useAction((checked: boolean) => api.setEndAtBell({ classroomId, on: checked }));
  return (
    <>
      <label className="toggle">
        <input
          ref={switchRef}
          type="checkbox"
          checked={on}
          onChange={(event) => void set.run(event.target.checked)}
        />
        <span>{t('timetable.bell', { room: isolated(room) })}</span>
      </label>
      <ActionError error={set.error} />
    </>
  );
}
