/** The classrooms' part of the settings: the one open and the recent ones, with their nicknames. */
import { z } from 'zod';

export const MAX_RECENT_CLASSROOMS = 10;

const recentClassroomSchema = z.strictObject({
  id: z.string().min(1),
  nickname: z.string().min(1).optional(),
});

export const classroomSettings = {
  classrooms: z
    .strictObject({
      current: z.string().min(1).nullable().default(null),
      /** Most recent first. */
      recent: z
        .array(recentClassroomSchema)
        .max(MAX_RECENT_CLASSROOMS)
        .refine(
          (recent) => new Set(recent.map((classroom) => classroom.id)).size === recent.length,
          'must not list a classroom twice',
        )
        .default([]),
    })
    .prefault({}),
};

export type RecentClassroom = z.infer<typeof recentClassroomSchema>;
