/**
 * The scheduled ends' part of the settings: each end the teacher (or the timetable) scheduled,
 * one per access or classroom, soonest first, kept until it ran.
 */
import { z } from 'zod';
import { MAX_SCHEDULED_ENDS } from '../../../src-shared/limits';
import { scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import { temporalAccessTokenSchema } from '../../contract/wire';

/**
 * An end the teacher scheduled ("End at 10:50"): of one tracked access, or of every access of a
 * classroom still running then (also those added after it was scheduled). Kept until it ran.
 */
const scheduledEndSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  target: z.union([
    z.strictObject({ token: temporalAccessTokenSchema }),
    z.strictObject({ classroomId: z.string().min(1) }),
  ]),
});

export type ScheduledEnd = z.infer<typeof scheduledEndSchema>;
export type ScheduleTarget = ScheduledEnd['target'];

export const scheduledEndSettings = {
  /** Soonest first; one per access or classroom. */
  scheduledEnds: z
    .array(scheduledEndSchema)
    .max(MAX_SCHEDULED_ENDS)
    .refine(
      (ends) => new Set(ends.map(({ target }) => scheduleTargetKey(target))).size === ends.length,
      'must not schedule the end of an access or classroom twice',
    )
    .default([]),
};

/**
 * On load, each scheduled end costs only itself; the rest are kept soonest first, at most
 * MAX_SCHEDULED_ENDS of them (the soonest).
 */
export const scheduledEndRepairs = {
  scheduledEnds: {
    item: scheduledEndSchema,
    keyOf: (end: ScheduledEnd) => scheduleTargetKey(end.target),
    twice: 'schedules the end of the same target twice',
    order: (a: ScheduledEnd, b: ScheduledEnd) => Date.parse(a.at) - Date.parse(b.at),
    max: { count: MAX_SCHEDULED_ENDS, items: 'ends' },
  },
};
