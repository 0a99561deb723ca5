/**
 * The ends a teacher scheduled ("End at 10:50"), as the notebook keeps them: one per access or
 * classroom, soonest first. Pure: the core checks and writes them, and fires them when due.
 */
import { accessStanding } from '../../../src-shared/accessState';
import { SCHEDULE_AHEAD_HOURS } from '../../../src-shared/limits';
import { scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import { refused } from '../api/apiInput';
import type { NotebookContents } from '../settings/accountNotebook';
import type { ScheduledEnd, ScheduleTarget } from './scheduledEndSettings';

const sameTarget = (a: ScheduleTarget, b: ScheduleTarget): boolean =>
  scheduleTargetKey(a) === scheduleTargetKey(b);

/** The list with `end` in place of the target's earlier schedule, soonest first. */
export function withScheduledEnd(ends: readonly ScheduledEnd[], end: ScheduledEnd): ScheduledEnd[] {
  return [...withoutScheduledEnd(ends, end.target), end].sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at),
  );
}

export function withoutScheduledEnd(
  ends: readonly ScheduledEnd[],
  target: ScheduleTarget,
): ScheduledEnd[] {
  return ends.filter((end) => !sameTarget(end.target, target));
}

/**
 * Refuses, in words, an end the core could not keep: a time already past or further ahead than
 * SCHEDULE_AHEAD_HOURS, an access not tracked or already ended, a classroom not in the list.
 */
export function checkScheduledEnd(
  contents: NotebookContents,
  { at, target }: ScheduledEnd,
  now: number,
): void {
  const time = Date.parse(at);
  if (time <= now) {
    throw refused('endTimePassed', {});
  }
  if (time > now + SCHEDULE_AHEAD_HOURS * 3_600_000) {
    throw refused('endTooFarAhead', { hours: SCHEDULE_AHEAD_HOURS });
  }
  if ('token' in target) {
    const access = contents.accesses.find(
      (candidate) => candidate.token.toLowerCase() === target.token.toLowerCase(),
    );
    if (access === undefined) {
      throw refused('accessNotListed', {});
    }
    if (access.lastOutcome !== undefined && accessStanding(access.lastOutcome).ended) {
      throw refused('accessAlreadyEnded', {});
    }
  } else if (
    contents.current !== target.classroomId &&
    !contents.recent.some((classroom) => classroom.id === target.classroomId)
  ) {
    throw refused('classroomNotListed', {});
  }
}
