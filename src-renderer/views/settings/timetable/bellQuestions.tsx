/** Whether a lesson's end ends its room's accesses: asked room by room, then a switch each. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../../store/context';
import { ActionError } from '../../forms/actionError';
import { BusyButton } from '../../forms/busyButton';
import { useAction } from '../../forms/useAction';
import { isolated } from '../../bidi';
import { roomName } from '../../roomName';

/**
 * The bell, room by room: each room a lesson maps to is asked about on its own, naming it, the
 * first time; then it keeps a switch of its own. A yes never covers another room.
 */
export function BellQuestions({ focusRoom }: { focusRoom: string | null }) {
  const rooms = useClassTray((data) => data.timetable.bell);
  if (rooms.length === 0) return null;
  const answered = rooms.filter((room) => room.endsAccesses !== null);
  return (
    <>
      {rooms
        .filter((room) => room.endsAccesses === null)
        .map(({ classroomId }) => (
          <BellQuestion
            key={classroomId}
            classroomId={classroomId}
            focused={classroomId === focusRoom}
          />
        ))}
      {answered.length > 0 && (
        <ul className="timetable-bells">
          {answered.map(({ classroomId, endsAccesses }) => (
            <li key={classroomId}>
              <BellSwitch classroomId={classroomId} on={endsAccesses === true} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "End the accesses in Room 12 when a lesson there ends?", asked once for that room. */
function BellQuestion({ classroomId, focused }: { classroomId: string; focused: boolean }) {
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
          onClick={() => void set.run(false)}
        >
          {t('timetable.bellNo')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button primary"
          busy={set.pending}
          onClick={() => void set.run(true)}
        >
          {t('timetable.bellYes')}
        </BusyButton>
      </div>
      <ActionError error={set.error} />
    </div>
  );
}

function BellSwitch({ classroomId, on }: { classroomId: string; on: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const room = useClassTray((data) => roomName(data, classroomId, t));
  const set = useAction((checked: boolean) => api.setEndAtBell({ classroomId, on: checked }));
  return (
    <>
      <label className="toggle">
        <input
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
