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

/**
 * The demo school's classrooms, by id, under the names it seeds them with (its service's, in
 * English); the sentences' `header.demoClassrooms` name them in each language.
 */
export const DEMO_CLASSROOMS = {
  'lab-1': 'Computer Lab 1',
  'room-12': 'Room 12',
  library: 'Library',
  music: 'Music Room',
} as const;

/** The demo's classrooms in the language shown: `header.demoClassrooms` of its sentences. */
export type DemoClassroomNames = { readonly [id in keyof typeof DEMO_CLASSROOMS]: string };

/**
 * A classroom as the teacher knows it: its nickname, else its id. `demoNames`, given only while
 * the demo school is in use, says a demo classroom still under the demo's own English name in
 * the language shown; a nickname the teacher gave is shown as typed.
 */
export function classroomName(
  classroom: { id: string; nickname?: string | null | undefined },
  demoNames?: DemoClassroomNames | null,
): string {
  const { id, nickname } = classroom;
  if (demoNames && Object.hasOwn(DEMO_CLASSROOMS, id)) {
    const demoId = id as keyof typeof DEMO_CLASSROOMS;
    if (nickname === DEMO_CLASSROOMS[demoId]) return demoNames[demoId];
  }
  return nickname ?? id;
}

/** A scheduled end's target as the teacher knows it, for the tray and the window to word. */
export type TargetNames =
  { classroom: string } | { student: string | null; device: string | null; token: string };

/**
 * The classroom by its nickname (else its id; in the demo, `demoNames` as classroomName says);
 * the access by its student and device (alias, else remote id) as far as the tracked list knows
 * them.
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
      studentName: string | null;
      deviceAlias: string | null;
      remoteId: string | null;
    }[];
  },
  demoNames?: DemoClassroomNames | null,
): TargetNames {
  const { classroom, temporalAccesses } = state;
  if ('classroomId' in target) {
    const { classroomId } = target;
    const nickname =
      classroomId === classroom.id
        ? classroom.nickname
        : classroom.recent.find(({ id }) => id === classroomId)?.nickname;
    return { classroom: classroomName({ id: classroomId, nickname }, demoNames) };
  }
  const token = target.token.toLowerCase();
  const access = temporalAccesses.find((candidate) => candidate.token.toLowerCase() === token);
  return {
    student: access?.studentName ?? null,
    device: access?.deviceAlias ?? access?.remoteId ?? null,
    token: target.token,
  };
}
