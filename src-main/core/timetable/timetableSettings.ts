/**
 * The timetable's part of the settings (issue 18): where its lessons come from (the
 * subscription's address is in the keychain, its last copy in timetable.ics), which classroom
 * each place is, and whether a lesson's end ends its room's accesses (null: not asked yet).
 */
import { z } from 'zod';
import { MAX_SCHEDULED_ENDS } from '../../../src-shared/limits';

/** "08:05": a time of day on the 24-hour clock. */
const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 08:05');

/** A lesson typed in the weekly table: ISO weekday (1 Monday … 7 Sunday), start, end, classroom. */
export const weeklyLessonSchema = z
  .strictObject({
    weekday: z.number().int().min(1).max(7),
    start: clockTimeSchema,
    end: clockTimeSchema,
    classroomId: z.string().min(1),
  })
  .refine((lesson) => lesson.start < lesson.end, 'must end after it starts');

export const timetableSettings = {
  timetable: z
    .strictObject({
      source: z.enum(['none', 'subscription', 'file', 'weekly']).default('none'),
      weekly: z.array(weeklyLessonSchema).max(70).default([]),
      /** A place (LOCATION, else SUMMARY) and its classroom; null: not a ClassTray room. */
      places: z
        .array(
          z.strictObject({
            place: z.string().min(1).max(200),
            classroomId: z.string().min(1).nullable(),
          }),
        )
        .max(500)
        .default([]),
      endAtBell: z.boolean().nullable().default(null),
      /** Lessons after which the teacher keeps the accesses, by lesson key. */
      kept: z.array(z.string().min(1).max(600)).max(100).default([]),
      /** The scheduled ends the timetable set (scheduledEndKey): never a teacher's own. */
      bellEnds: z.array(z.string().min(1).max(400)).max(MAX_SCHEDULED_ENDS).default([]),
    })
    .prefault({}),
};

export type TimetableSettings = z.output<typeof timetableSettings.timetable>;
export type TimetableSource = TimetableSettings['source'];
export type WeeklyLesson = z.infer<typeof weeklyLessonSchema>;
