/** Small iCalendar texts for the tests: lessons at instants relative to a test's clock. */
export interface LessonSpec {
  uid: string;
  start: number;
  end: number;
  summary: string;
  location?: string;
}

/** 20261124T100500Z: an instant as iCalendar writes it in UTC. */
export const icsUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace(/\.\d{3}/, '');

/** A whole calendar around its body lines, with the line ends iCalendar asks for. */
export const icsCalendar = (lines: readonly string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClassTray tests//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export function calendarText(lessons: readonly LessonSpec[]): string {
  return icsCalendar(
    lessons.flatMap((lesson) => [
      'BEGIN:VEVENT',
      `UID:${lesson.uid}`,
      `DTSTAMP:${icsUtc(lesson.start)}`,
      `DTSTART:${icsUtc(lesson.start)}`,
      `DTEND:${icsUtc(lesson.end)}`,
      `SUMMARY:${lesson.summary}`,
      ...(lesson.location === undefined ? [] : [`LOCATION:${lesson.location}`]),
      'END:VEVENT',
    ]),
  );
}
