/**
 * A timetable's place and ClassTray's classrooms compared as a teacher reads them: "LIBRARY",
 * "Library." and "library" are one place, and "Room 12" is the classroom room-12.
 */

/** The letters and digits of a name, in lower case: case, spaces and punctuation ignored. */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The one classroom whose id or nickname is the place; undefined when none is, or when several
 * are (then the teacher chooses).
 */
export function roomNamed(
  place: string,
  classrooms: readonly { id: string; nickname?: string | undefined }[],
): string | undefined {
  const wanted = nameKey(place);
  if (wanted === '') return undefined;
  const named = classrooms.filter(
    (classroom) =>
      nameKey(classroom.id) === wanted ||
      (classroom.nickname !== undefined && nameKey(classroom.nickname) === wanted),
  );
  return named.length === 1 ? named[0]?.id : undefined;
}
