/**
 * The timetable's part of the settings (issue 18): where its lessons come from (the
 * subscription's address is in the keychain, its last copy in timetable.ics), which classroom
 * each place is, and, room by room, whether a lesson's end ends that room's accesses (a room not
 * listed: not asked yet; issue 43).
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
      /**
       * The teacher's answer for each room: a yes holds for that room only, never for a room
       * mapped later (each is asked the first time a lesson maps to it).
       */
      bell: z
        .array(z.strictObject({ classroomId: z.string().min(1), endsAccesses: z.boolean() }))
        .max(500)
        .refine(
          (answers) =>
            new Set(answers.map(({ classroomId }) => classroomId)).size === answers.length,
          'must not answer for a classroom twice',
        )
        .default([]),
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

/** The rooms the timetable's lessons are in: the weekly table's, or the places mapped. */
export function timetableRooms(
  timetable: Pick<TimetableSettings, 'source' | 'weekly' | 'places'>,
): string[] {
  const ids =
    timetable.source === 'weekly'
      ? timetable.weekly.map((lesson) => lesson.classroomId)
      : timetable.places.flatMap(({ classroomId }) => (classroomId === null ? [] : [classroomId]));
  return [...new Set(ids)];
}

/**
 * A settings file from before issue 43 kept one answer for every room (`endAtBell`), which then
 * held for rooms mapped after it was given. It is read without widening it: a no stands for the
 * rooms mapped now; a yes only when one room was mapped (the question named that room alone);
 * any other room is asked again. Undefined: nothing to upgrade.
 */
export function upgradeTimetable(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw !== 'object' || raw === null || !('endAtBell' in raw)) return undefined;
  const { endAtBell, ...rest } = raw as Record<string, unknown>;
  if ('bell' in rest || typeof endAtBell !== 'boolean') return rest;
  const mapped = timetableSettings.timetable.safeParse({ ...rest, bell: [] });
  if (!mapped.success) return rest;
  const rooms = timetableRooms(mapped.data);
  const answered = endAtBell ? (rooms.length === 1 ? rooms : []) : rooms;
  return {
    ...rest,
    bell: answered.map((classroomId) => ({ classroomId, endsAccesses: endAtBell })),
  };
}
