/**
 * Hostile calendars of issue 25, made on demand (a few are megabytes): what froze the first
 * engine. calendarHostile.test.ts reads them with the engine; the worker's tests and benchmarks
 * may read them in the worker.
 */
import { calendar, vevent } from './corpusCases';

/** 100 series repeating every second from 2010 with no end (12 KB). */
export const endlessSecondly = (series = 100): string =>
  calendar(
    ...Array.from({ length: series }, (_, index) =>
      vevent(
        `UID:second-${index}`,
        'DTSTART:20100101T000000Z',
        'RRULE:FREQ=SECONDLY',
        `SUMMARY:Tick ${index}`,
      ),
    ).flat(),
  );

/** 100,000 single events over two years around the span, 10,000 distinct places (6.8 MiB). */
export function manyEvents(count = 100_000): string {
  const events = Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(2025, 6, 1) + index * 600_000);
    const stamp = at.toISOString().replace(/[-:]|\.\d{3}/g, '');
    return vevent(
      `UID:event-${index}@hostile`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp}`,
      'DURATION:PT50M',
      `SUMMARY:Lesson ${index}`,
      `LOCATION:Room ${index % 10_000}`,
    ).join('\r\n');
  });
  return calendar(events.join('\r\n'));
}

/**
 * A zone that is neither IANA nor Windows whose observances change with no end, every minute
 * (or second, or hour) from 1601, and a lesson in it.
 */
export const endlessZone = (freq: 'SECONDLY' | 'MINUTELY' | 'HOURLY' = 'MINUTELY'): string =>
  calendar(
    'BEGIN:VTIMEZONE',
    'TZID:Our School Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    `RRULE:FREQ=${freq}`,
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T000030',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    `RRULE:FREQ=${freq}`,
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    ...vevent(
      'UID:zoned',
      'DTSTART;TZID=Our School Time:20260302T080000',
      'DURATION:PT50M',
      'SUMMARY:Zoned',
    ),
    ...vevent('UID:utc', 'DTSTART:20260302T100000Z', 'DURATION:PT50M', 'SUMMARY:In UTC'),
  );

/** 100 series whose COUNT must be counted from the year 1000 through Fridays the 13th. */
export const countedFromLongAgo = (series = 100): string =>
  calendar(
    ...Array.from({ length: series }, (_, index) =>
      vevent(
        `UID:counted-${index}`,
        'DTSTART:10000101T080000Z',
        'RRULE:FREQ=DAILY;BYMONTHDAY=13;BYDAY=FR;COUNT=999999999',
        `SUMMARY:Counted ${index}`,
      ),
    ).flat(),
  );
