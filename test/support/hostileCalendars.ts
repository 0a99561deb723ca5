/**
 * Calendars for the reader's tests and `npm run bench -- timetable`: the hostile ones issue 25
 * found (an endless zone, endless series, a huge file, thousands of places) and a real-shaped
 * school feed (a teacher's school year: weekly lessons in a zone of its own, holidays, moved
 * lessons), each placed around a given instant.
 */
import { icsCalendar, icsUtc } from './calendarText';

const DAY = 86_400_000;

/** 20261124T100000, the wall time of a UTC instant read as if it were local. */
const wall = (ms: number) => icsUtc(ms).replace('Z', '');

const lesson = (uid: string, start: number, minutes: number, extra: readonly string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTAMP:${icsUtc(start)}`,
  `DTSTART:${icsUtc(start)}`,
  `DTEND:${icsUtc(start + minutes * 60_000)}`,
  ...extra,
  'END:VEVENT',
];

/** The zone whose rules never end: a TZID neither IANA nor Windows, changing every minute since 1601. */
export const ENDLESS_ZONE = 'Custom School Time';

export function endlessZone(now: number): string {
  return icsCalendar([
    'BEGIN:VTIMEZONE',
    `TZID:${ENDLESS_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'RRULE:FREQ=MINUTELY',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:zoned-lesson',
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART;TZID=${ENDLESS_ZONE}:${wall(now + DAY)}`,
    `DTEND;TZID=${ENDLESS_ZONE}:${wall(now + DAY + 3_000_000)}`,
    'SUMMARY:Maths 3B',
    'LOCATION:R12',
    'END:VEVENT',
  ]);
}

/** `count` series repeating every second without end, from a year ago. */
export function secondlySeries(now: number, count = 100): string {
  return icsCalendar(
    Array.from({ length: count }, (_, index) =>
      lesson(`secondly-${index}`, now - 365 * DAY, 1, ['RRULE:FREQ=SECONDLY', 'SUMMARY:Tick']),
    ).flat(),
  );
}

/**
 * `count` single events a few minutes apart over the year around now, as short as a VEVENT gets
 * (100,000: 7.7 MiB, just under the feed's 8 MiB cap).
 */
export function manyEvents(now: number, count = 100_000): string {
  const step = Math.floor((365 * DAY) / count);
  return icsCalendar(
    Array.from({ length: count }, (_, index) => [
      'BEGIN:VEVENT',
      `UID:e${index}`,
      `DTSTART:${icsUtc(now - 182 * DAY + index * step)}`,
      'DURATION:PT50M',
      'END:VEVENT',
    ]).flat(),
  );
}

/** `count` lessons over the next week, each in a place of its own. */
export function manyLocations(now: number, count = 10_000): string {
  const step = Math.floor((7 * DAY) / count);
  return icsCalendar(
    Array.from({ length: count }, (_, index) =>
      lesson(`place-${index}`, now + 60_000 + index * step, 50, [
        'SUMMARY:Lesson',
        `LOCATION:Room ${index}`,
      ]),
    ).flat(),
  );
}

/**
 * A teacher's school year as WebUntis or Exchange publish it: 30 weekly lessons (6 a day) over
 * the 52 weeks around now in Europe/Berlin with its VTIMEZONE, two weeks of holidays as EXDATEs,
 * and a moved lesson now and then: 1,500 occurrences.
 */
export function schoolYear(now: number): string {
  const monday = now - ((new Date(now).getUTCDay() + 6) % 7) * DAY;
  const firstMonday =
    Date.UTC(
      new Date(monday).getUTCFullYear(),
      new Date(monday).getUTCMonth(),
      new Date(monday).getUTCDate(),
    ) -
    26 * 7 * DAY;
  const weeks = 52;
  const lines: string[] = [...centralEuropeanZone('Europe/Berlin')];
  const berlin = (ms: number) => `TZID=Europe/Berlin:${wall(ms)}`;
  const subjects = ['Maths', 'Physics', 'Chemistry', 'Biology', 'Computing', 'Tutor group'];
  for (let weekday = 0; weekday < 5; weekday += 1) {
    for (let period = 0; period < 6; period += 1) {
      const start = firstMonday + weekday * DAY + (8 * 60 + period * 55) * 60_000;
      const uid = `lesson-${weekday}-${period}@school.example`;
      // The holidays: weeks 10 and 40 of the year.
      const holidays = [10, 40].map((week) => wall(start + week * 7 * DAY));
      lines.push(
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTAMP:${icsUtc(now)}`,
        `DTSTART;${berlin(start)}`,
        `DTEND;${berlin(start + 50 * 60_000)}`,
        `RRULE:FREQ=WEEKLY;COUNT=${weeks}`,
        `EXDATE;TZID=Europe/Berlin:${holidays.join(',')}`,
        `SUMMARY:${subjects[period]} ${weekday + 1}${'ABCDEF'[period]}`,
        `LOCATION:R${10 + period}`,
        'END:VEVENT',
      );
      // Every fourth week, the first lesson of the day moves to another room and ten minutes on.
      if (period === 0) {
        for (let week = 3; week < weeks; week += 4) {
          if (week === 10 || week === 40) continue;
          const original = start + week * 7 * DAY;
          lines.push(
            'BEGIN:VEVENT',
            `UID:${uid}`,
            `DTSTAMP:${icsUtc(now)}`,
            `RECURRENCE-ID;${berlin(original)}`,
            `DTSTART;${berlin(original + 600_000)}`,
            `DTEND;${berlin(original + 600_000 + 50 * 60_000)}`,
            'SEQUENCE:1',
            `SUMMARY:${subjects[period]} ${weekday + 1}A`,
            'LOCATION:Library',
            'END:VEVENT',
          );
        }
      }
    }
  }
  return icsCalendar(lines);
}

/**
 * `series` series of `count` occurrences a minute apart from `now` (each under the engine's 5,000
 * per series, together more than a reading hands over): a small file, quickly read, that is still
 * too much.
 */
export function crowdedSeries(now: number, series = 3, count = 4_000): string {
  return icsCalendar(
    Array.from({ length: series }, (_, index) =>
      lesson(`crowded-${index}`, now, 1, [`RRULE:FREQ=MINUTELY;COUNT=${count}`, 'SUMMARY:Crowded']),
    ).flat(),
  );
}

/** A VTIMEZONE for a zone on Central European time (CET, CEST from the last Sunday of March). */
export const centralEuropeanZone = (tzid: string): string[] => [
  'BEGIN:VTIMEZONE',
  `TZID:${tzid}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
