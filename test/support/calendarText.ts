/** Small iCalendar texts for the tests: lessons at instants relative to a test's clock. */
export interface LessonSpec {
  uid: string;
  start: number;
  end: number;
  summary: string;
  location?: string;
}

/** 20261124T100500Z */
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace(/\.\d{3}/, '');

export function calendarText(lessons: readonly LessonSpec[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClassTray tests//EN',
    ...lessons.flatMap((lesson) => [
      'BEGIN:VEVENT',
      `UID:${lesson.uid}`,
      `DTSTAMP:${utc(lesson.start)}`,
      `DTSTART:${utc(lesson.start)}`,
      `DTEND:${utc(lesson.end)}`,
      `SUMMARY:${lesson.summary}`,
      ...(lesson.location === undefined ? [] : [`LOCATION:${lesson.location}`]),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
