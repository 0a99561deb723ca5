/**
 * What a scheduled end ends: one access (by its token) or every access of a classroom. Plain
 * values: the core, the tray and the window compare targets the same way.
 */
export type ScheduleTargetShape = { token: string } | { classroomId: string };

/** One key per target: an access's token (any case) or a classroom's id. */
export function scheduleTargetKey(target: ScheduleTargetShape): string {
  return 'token' in target
    ? `access:${target.token.toLowerCase()}`
    : `classroom:${target.classroomId}`;
}

/** One key per scheduled end: its target and its time (the same instant however written). */
export const scheduledEndKey = ({ target, at }: { target: ScheduleTargetShape; at: string }) =>
  `${scheduleTargetKey(target)}@${Date.parse(at)}`;
