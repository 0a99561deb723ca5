/** The timetable's rows of the action table (classTrayApi.ts): the lessons' source, places, bell. */
import { z } from 'zod';
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';
import { weeklyLessonSchema } from '../timetable/timetableSettings';
import { action, classroomId, noInput, noResult } from './actionSpec';

const place = z.string().trim().min(1).max(PLACE_MAX_LENGTH);

export const timetableActions = {
  /**
   * Where the lessons come from: a subscription (fetched first, kept only if it answers with a
   * calendar; its address goes to the keychain), an .ics file's text, the weekly table, or none.
   */
  setTimetableSource: action(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('subscription'), url: z.string().trim().min(1).max(4_000) }),
      z.strictObject({
        kind: z.literal('file'),
        text: z
          .string()
          .min(1)
          .max(8 * 1024 * 1024),
      }),
      z.strictObject({ kind: z.literal('weekly'), lessons: z.array(weeklyLessonSchema).max(70) }),
      z.strictObject({ kind: z.literal('none') }),
    ]),
    noResult,
  ),
  refreshTimetable: action(noInput, noResult),
  /** A timetable place is this classroom; null: not a ClassTray room. */
  mapTimetablePlace: action(
    z.strictObject({ place, classroomId: classroomId.nullable() }),
    noResult,
  ),
  forgetTimetablePlace: action(z.strictObject({ place }), noResult),
  /** "End the accesses in this room when a lesson there ends": one room's answer, never another's. */
  setEndAtBell: action(z.strictObject({ classroomId, on: z.boolean() }), noResult),
  /** "Keep accesses after this lesson": its end leaves the schedule. */
  keepAccessesAfterLesson: action(z.strictObject({ key: z.string().min(1).max(600) }), noResult),
} as const;
