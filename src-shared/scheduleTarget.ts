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

/** A scheduled end's target as the teacher knows it, for the tray and the window to word. */
export type TargetNames =
  { classroom: string } | { student: string | null; device: string | null; token: string };

/**
 * The classroom by its nickname (else its id); the access by its student and device (alias, else
 * remote id) as far as the tracked list knows them.
 */
export function targetNames(
  target: ScheduleTargetShape,
  state: {
    classroom: {
      id: string | null;
      nickname: string | null;
      recent: readonly { id: string; nickname?: string | undefined }[];
    };
    temporalAccesses: readonly {
      token: string;
      label: string | null;
      deviceAlias: string | null;
      remoteId: string | null;
    }[];
  },
): TargetNames {
  const { classroom, temporalAccesses } = state;
  if ('classroomId' in target) {
    const { classroomId } = target;
    const nickname =
      classroomId === classroom.id
        ? classroom.nickname
        : classroom.recent.find(({ id }) => id === classroomId)?.nickname;
    return { classroom: nickname ?? classroomId };
  }
  const token = target.token.toLowerCase();
  const access = temporalAccesses.find((candidate) => candidate.token.toLowerCase() === token);
  return {
    student: access?.label ?? null,
    device: access?.deviceAlias ?? access?.remoteId ?? null,
    token: target.token,
  };
}
