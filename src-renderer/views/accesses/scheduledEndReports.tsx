/**
 * How each scheduled end ran, newest first, until the teacher dismisses it (the core keeps the
 * dismissal, so no reload or other window shows it again): what it ended, whether it ran late
 * because the computer slept or ClassTray was closed, and what is still being retried. Each names
 * its room: a class end by its classroom, an access's end by its own classroom when another is
 * open. One polite live region, so a new report is read out once.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduledEndRunView, ScheduleTarget } from '../../api/types';
import type { ClassTrayData } from '../../store/classTrayStore';
import { useApi, useClassTray } from '../../store/context';
import { formatMinute } from '../clock';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { roomName } from '../header/lessonLine';
import { scheduledEndKey, targetNames } from '../../../src-shared/scheduleTarget';
import { shortToken } from './temporalAccessItem';

/**
 * The classroom by its nickname or id; the access by its student and device, as far as known,
 * and by its classroom too when that is not the one open.
 */
function useTargetName(): (target: ScheduleTarget) => string {
  const { t } = useTranslation();
  const classroom = useClassTray((data: ClassTrayData) => data.classroom);
  const temporalAccesses = useClassTray((data) => data.temporalAccesses);
  const data = { classroom, temporalAccesses };
  return (target) => {
    const names = targetNames(target, data);
    if ('classroom' in names) return names.classroom;
    const { student, device } = names;
    const who =
      student !== null && device !== null
        ? t('schedule.accessOn', { student, device })
        : (student ?? device ?? t('accesses.token', { token: shortToken(names.token) }));
    const token = names.token.toLowerCase();
    const room = temporalAccesses.find(
      (access) => access.token.toLowerCase() === token,
    )?.classroomId;
    if (room === undefined || room === null || room === classroom.id) return who;
    return t('schedule.inRoom', { target: who, room: roomName(data, room, t) });
  };
}

export function ScheduledEndReports() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const ran = useClassTray((data) => data.schedule.ran);
  const nameOf = useTargetName();
  const dismiss = useAction((run: ScheduledEndRunView) =>
    api.dismissScheduledEndReport(run.scheduled),
  );
  const regionRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const shown = ran.filter((run) => run.dismissed !== true);

  // A dismissed report takes its button with it: the keyboard goes on to the next report's.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    regionRef.current?.querySelector<HTMLElement>('.schedule-report button')?.focus();
  }, [shown.length]);

  /** Counted by the access's state after the run, as the window reads any access's state. */
  const sentences = (run: ScheduledEndRunView, time: string, target: string): string[] => {
    const count = (kind: ScheduledEndRunView['ended'][number]['result']['kind']) =>
      run.ended.filter(({ result }) => result.kind === kind).length;
    const said: string[] = [
      run.ended.length === 0
        ? t('schedule.noneRunning', { time, target })
        : t('schedule.ended', { time, target, count: count('invalidated') }),
    ];
    if (count('already-ended') > 0) {
      said.push(t('accesses.alreadyEndedCount', { count: count('already-ended') }));
    }
    if (count('unknown') > 0) said.push(t('accesses.unknownCount', { count: count('unknown') }));
    if (run.lateMinutes > 0) said.push(t('schedule.late', { count: run.lateMinutes }));
    const failed = count('failed');
    if (failed > 0) {
      said.push(
        run.retrying
          ? t('schedule.retrying', { count: failed })
          : t('schedule.notEnded', { count: failed }),
      );
    }
    return said;
  };

  return (
    // Always in the page, so a report added to it is announced.
    <div className="schedule-reports" role="status" ref={regionRef}>
      {shown.map((run) => {
        const time = formatMinute(run.scheduled.at, i18n.language);
        const target = nameOf(run.scheduled.target);
        const key = `${scheduledEndKey(run.scheduled)} ${run.ranAt}`;
        return (
          <div key={key} className={run.retrying ? 'schedule-report retrying' : 'schedule-report'}>
            <p>{sentences(run, time, target).join(' ')}</p>
            <button
              type="button"
              className="button small quiet"
              aria-label={t('schedule.dismissFor', { time, target })}
              onClick={() => {
                refocus.current = true;
                void dismiss.run(run);
              }}
            >
              {t('schedule.dismiss')}
            </button>
          </div>
        );
      })}
      <ActionError error={dismiss.error} />
    </div>
  );
}
