/**
 * The engine on the corpus: Apple, Nextcloud and Moodle exports (WebUntis, Outlook and Google are
 * calendar.test.ts's), the rules every candidate library was tried on, and each RFC 5545 case of
 * issue 25 in a small calendar with its answer worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { CalendarEvent, ReadOptions } from '../../../src-main/core/timetable/calendar';
import { readCalendar } from '../../../src-main/core/timetable/calendar';
import { calendar, fixture, ruleCases, vevent } from './corpusCases';

const span = (from: string, to: string, machineZone = 'UTC'): ReadOptions => ({
  from: Date.parse(from),
  to: Date.parse(to),
  machineZone,
});
const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
const brief = (event: CalendarEvent) => `${iso(event.start)}–${iso(event.end)} ${event.title}`;
const read = (text: string, options: ReadOptions) => readCalendar(text, options);
const briefs = (text: string, options: ReadOptions) => read(text, options).events.map(brief);

describe('exports of school calendars', () => {
  it.each(['UTC', 'Australia/Adelaide'])(
    'Apple: floating times read in X-WR-TIMEZONE (machine in %s), a moved occurrence, UNTIL in UTC, an all-day event',
    (machineZone) => {
      const reading = read(
        fixture('apple'),
        span('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z', machineZone),
      );
      const maths = reading.events.filter((event) => event.title === 'Maths 3B');
      // Mondays at 09:00 in Madrid: +01:00 until 29 March, +02:00 on 30 March (the UNTIL's day).
      expect(maths.map((event) => `${iso(event.start)} ${event.location}`)).toEqual([
        '2026-03-02T08:00Z Room 12',
        '2026-03-09T10:00Z Lab 1',
        '2026-03-16T08:00Z Room 12',
        '2026-03-23T08:00Z Room 12',
        '2026-03-30T07:00Z Room 12',
      ]);
      expect(maths[1]?.key).toBe('7E0C5B0A-3C5D-4F4B-9C1B-6C2D1F0E9A11@2026-03-09T08:00:00.000Z');
      const sports = reading.events.find((event) => event.title === 'Sports day');
      expect(sports?.allDay).toBe(true);
      expect(sports && sports.end - sports.start).toBe(86_400_000);
      expect(reading).toMatchObject({ eventsRead: 3, skipped: {} });
    },
  );

  it('Nextcloud: EXDATE lists, an override older than its master kept, one the master EXDATEs dropped', () => {
    const reading = read(
      fixture('nextcloud'),
      span('2026-03-23T00:00:00Z', '2026-04-06T00:00:00Z'),
    );
    expect(reading.events.map(brief)).toEqual([
      '2026-03-23T06:55Z–2026-03-23T07:40Z Deutsch 7a',
      // Moved, SEQUENCE 1 under the master's 3 but not EXDATEd: still the teacher's lesson.
      '2026-03-26T08:45Z–2026-03-26T09:30Z Deutsch 7a (Vertretung)',
      // 30 March is EXDATEd by the master (SEQUENCE 3) and its override (SEQUENCE 0) is stale.
    ]);
    // Months after its DTSTART, across the Christmas EXDATEs.
    const january = briefs(
      fixture('nextcloud'),
      span('2025-12-20T00:00:00Z', '2026-01-09T00:00:00Z'),
    );
    expect(january).toEqual([
      '2026-01-05T06:55Z–2026-01-05T07:40Z Deutsch 7a',
      '2026-01-08T06:55Z–2026-01-08T07:40Z Deutsch 7a',
    ]);
  });

  it('Moodle: times in UTC, a deadline of no length, escaped text, an all-day event without DTEND', () => {
    const reading = read(fixture('moodle'), span('2026-03-16T00:00:00Z', '2026-03-19T00:00:00Z'));
    expect(reading.events.map((event) => [brief(event), event.location])).toEqual([
      ['2026-03-16T22:59Z–2026-03-16T22:59Z Essay due (English 10)', null],
      ['2026-03-17T08:00Z–2026-03-17T09:00Z Quiz opens (Biology; unit 3)', 'Lab 2, east wing'],
      ['2026-03-18T00:00Z–2026-03-19T00:00Z Course break', null],
    ]);
  });
});

describe('the rules every candidate was tried on', () => {
  it.each(ruleCases)('$name', ({ dtstart, rrule, starts }) => {
    const text = calendar(
      ...vevent('UID:rule', `DTSTART:${dtstart}`, `RRULE:${rrule}`, 'SUMMARY:Rule'),
    );
    const events = read(text, span('1990-01-01T00:00:00Z', '2040-01-01T00:00:00Z')).events;
    expect(events.map((event) => iso(event.start).slice(0, 16))).toEqual(starts);
  });
});

const madrid = (date: string) => `TZID=Europe/Madrid:${date}`;

describe('RFC 5545 as timetables use it', () => {
  it('RECURRENCE-ID;RANGE=THISANDFUTURE moves that lesson and every later one', () => {
    const text = calendar(
      ...vevent(
        'UID:maths',
        `DTSTART;${madrid('20260105T080000')}`,
        `DTEND;${madrid('20260105T085000')}`,
        'RRULE:FREQ=WEEKLY;COUNT=10',
        'SUMMARY:Maths',
      ),
      ...vevent(
        'UID:maths',
        `RECURRENCE-ID;RANGE=THISANDFUTURE;${madrid('20260202T080000')}`,
        `DTSTART;${madrid('20260202T090000')}`,
        `DTEND;${madrid('20260202T095500')}`,
        'SUMMARY:Maths (new time)',
      ),
    );
    expect(briefs(text, span('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'))).toEqual([
      '2026-01-05T07:00Z–2026-01-05T07:50Z Maths',
      '2026-01-12T07:00Z–2026-01-12T07:50Z Maths',
      '2026-01-19T07:00Z–2026-01-19T07:50Z Maths',
      '2026-01-26T07:00Z–2026-01-26T07:50Z Maths',
      '2026-02-02T08:00Z–2026-02-02T08:55Z Maths (new time)',
      '2026-02-09T08:00Z–2026-02-09T08:55Z Maths (new time)',
      '2026-02-16T08:00Z–2026-02-16T08:55Z Maths (new time)',
      '2026-02-23T08:00Z–2026-02-23T08:55Z Maths (new time)',
      '2026-03-02T08:00Z–2026-03-02T08:55Z Maths (new time)',
      '2026-03-09T08:00Z–2026-03-09T08:55Z Maths (new time)',
    ]);
  });

  it('RDATE as DATE-TIME lists, PERIOD with an end and with a duration, and DATE', () => {
    const timed = calendar(
      ...vevent(
        'UID:extra',
        `DTSTART;${madrid('20260105T080000')}`,
        `DTEND;${madrid('20260105T085000')}`,
        `RDATE;${madrid('20260107T100000,20260109T100000')}`,
        'RDATE;VALUE=PERIOD:20260112T070000Z/20260112T090000Z',
        'RDATE;VALUE=PERIOD:20260113T070000Z/PT30M',
        'SUMMARY:Extra',
      ),
    );
    expect(briefs(timed, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T07:00Z–2026-01-05T07:50Z Extra',
      '2026-01-07T09:00Z–2026-01-07T09:50Z Extra',
      '2026-01-09T09:00Z–2026-01-09T09:50Z Extra',
      '2026-01-12T07:00Z–2026-01-12T09:00Z Extra',
      '2026-01-13T07:00Z–2026-01-13T07:30Z Extra',
    ]);
    const days = calendar(
      ...vevent(
        'UID:trip',
        'DTSTART;VALUE=DATE:20260105',
        'RDATE;VALUE=DATE:20260110',
        'SUMMARY:Trip',
      ),
    );
    expect(briefs(days, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T00:00Z–2026-01-06T00:00Z Trip',
      '2026-01-10T00:00Z–2026-01-11T00:00Z Trip',
    ]);
  });

  it('DTEND in another zone than DTSTART is its own instant, in every occurrence', () => {
    // 10:00 in Berlin (+01:00) to 13:00 in New York (-04:00 from 8 March): 09:00Z to 17:00Z.
    const text = calendar(
      ...vevent(
        'UID:call',
        'DTSTART;TZID=Europe/Berlin:20260310T100000',
        'DTEND;TZID=America/New_York:20260310T130000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Call',
      ),
    );
    expect(briefs(text, span('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'))).toEqual([
      '2026-03-10T09:00Z–2026-03-10T17:00Z Call',
      '2026-03-17T09:00Z–2026-03-17T17:00Z Call',
      '2026-03-24T09:00Z–2026-03-24T17:00Z Call',
    ]);
  });

  it('a RECURRENCE-ID of another value type than DTSTART still replaces its occurrence', () => {
    const timedSeries = calendar(
      ...vevent(
        'UID:a',
        `DTSTART;${madrid('20260105T080000')}`,
        `DTEND;${madrid('20260105T085000')}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:A',
      ),
      ...vevent(
        'UID:a',
        'RECURRENCE-ID;VALUE=DATE:20260112',
        `DTSTART;${madrid('20260112T120000')}`,
        `DTEND;${madrid('20260112T125000')}`,
        'SUMMARY:A moved',
      ),
    );
    expect(briefs(timedSeries, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T07:00Z–2026-01-05T07:50Z A',
      '2026-01-12T11:00Z–2026-01-12T11:50Z A moved',
      '2026-01-19T07:00Z–2026-01-19T07:50Z A',
    ]);
    const daySeries = calendar(
      ...vevent('UID:b', 'DTSTART;VALUE=DATE:20260105', 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:B'),
      ...vevent(
        'UID:b',
        'RECURRENCE-ID:20260106T000000Z',
        'DTSTART;VALUE=DATE:20260108',
        'SUMMARY:B moved',
      ),
    );
    expect(briefs(daySeries, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T00:00Z–2026-01-06T00:00Z B',
      '2026-01-07T00:00Z–2026-01-08T00:00Z B',
      '2026-01-08T00:00Z–2026-01-09T00:00Z B moved',
    ]);
  });

  it('DURATION: days are calendar days across a change, hours are exact', () => {
    const text = (duration: string) =>
      calendar(
        ...vevent(
          'UID:d',
          `DTSTART;${madrid('20260328T090000')}`,
          `DURATION:${duration}`,
          'RRULE:FREQ=DAILY;COUNT=2',
          'SUMMARY:D',
        ),
      );
    const window = span('2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z');
    // 28 March 09:00 is +01:00, 29 March 09:00 is +02:00.
    expect(briefs(text('P1D'), window)).toEqual([
      '2026-03-28T08:00Z–2026-03-29T07:00Z D',
      '2026-03-29T07:00Z–2026-03-30T07:00Z D',
    ]);
    expect(briefs(text('PT24H'), window)).toEqual([
      '2026-03-28T08:00Z–2026-03-29T08:00Z D',
      '2026-03-29T07:00Z–2026-03-30T07:00Z D',
    ]);
  });

  it('SEQUENCE: the newest of two masters wins; an override the master EXDATEs shows only when as new', () => {
    const text = (overrideSequence: number) =>
      calendar(
        ...vevent(
          'UID:s',
          'SEQUENCE:3',
          `DTSTART;${madrid('20260105T100000')}`,
          'DURATION:PT50M',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          `EXDATE;${madrid('20260112T100000')}`,
          'SUMMARY:New',
        ),
        ...vevent(
          'UID:s',
          'SEQUENCE:1',
          `DTSTART;${madrid('20260105T080000')}`,
          'DURATION:PT50M',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'SUMMARY:Old',
        ),
        ...vevent(
          'UID:s',
          `SEQUENCE:${overrideSequence}`,
          `RECURRENCE-ID;${madrid('20260112T100000')}`,
          `DTSTART;${madrid('20260113T100000')}`,
          'DURATION:PT50M',
          'SUMMARY:Moved',
        ),
      );
    const window = span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
    expect(briefs(text(2), window)).toEqual([
      '2026-01-05T09:00Z–2026-01-05T09:50Z New',
      '2026-01-19T09:00Z–2026-01-19T09:50Z New',
    ]);
    expect(briefs(text(3), window)).toEqual([
      '2026-01-05T09:00Z–2026-01-05T09:50Z New',
      '2026-01-13T09:00Z–2026-01-13T09:50Z Moved',
      '2026-01-19T09:00Z–2026-01-19T09:50Z New',
    ]);
  });

  it('EXDATE in every form: TZID, UTC, a DATE on a timed series, a list, several lines', () => {
    const text = calendar(
      ...vevent(
        'UID:x',
        `DTSTART;${madrid('20260105T080000')}`,
        'DURATION:PT50M',
        'RRULE:FREQ=DAILY;COUNT=8',
        `EXDATE;${madrid('20260106T080000')}`,
        'EXDATE:20260107T070000Z',
        'EXDATE;VALUE=DATE:20260108',
        'EXDATE:20260109T070000Z,20260110T070000Z',
        'SUMMARY:X',
      ),
    );
    expect(briefs(text, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T07:00Z–2026-01-05T07:50Z X',
      '2026-01-11T07:00Z–2026-01-11T07:50Z X',
      '2026-01-12T07:00Z–2026-01-12T07:50Z X',
    ]);
  });

  it('STATUS:CANCELLED drops an event, a series, an occurrence, and every later one with THISANDFUTURE', () => {
    const text = calendar(
      ...vevent(
        'UID:gone',
        `DTSTART;${madrid('20260105T080000')}`,
        'STATUS:CANCELLED',
        'SUMMARY:Gone',
      ),
      ...vevent(
        'UID:s',
        `DTSTART;${madrid('20260105T100000')}`,
        'DURATION:PT50M',
        'RRULE:FREQ=DAILY;COUNT=6',
        'SUMMARY:S',
      ),
      ...vevent(
        'UID:s',
        `RECURRENCE-ID;${madrid('20260106T100000')}`,
        `DTSTART;${madrid('20260106T100000')}`,
        'STATUS:CANCELLED',
        'SUMMARY:S',
      ),
      ...vevent(
        'UID:s',
        `RECURRENCE-ID;RANGE=THISANDFUTURE;${madrid('20260108T100000')}`,
        `DTSTART;${madrid('20260108T100000')}`,
        'STATUS:CANCELLED',
        'SUMMARY:S',
      ),
      ...vevent(
        'UID:series-gone',
        `DTSTART;${madrid('20260105T120000')}`,
        'RRULE:FREQ=DAILY',
        'STATUS:CANCELLED',
        'SUMMARY:All gone',
      ),
    );
    expect(briefs(text, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([
      '2026-01-05T09:00Z–2026-01-05T09:50Z S',
      '2026-01-07T09:00Z–2026-01-07T09:50Z S',
    ]);
  });

  it('UNTIL is exact across the year end, in UTC and as a DATE', () => {
    const text = (until: string) =>
      calendar(
        ...vevent(
          'UID:u',
          `DTSTART;${madrid('20251222T080000')}`,
          'DURATION:PT50M',
          `RRULE:FREQ=WEEKLY;UNTIL=${until}`,
          'SUMMARY:U',
        ),
      );
    const window = span('2025-12-01T00:00:00Z', '2026-03-01T00:00:00Z');
    const mondays = [
      '2025-12-22T07:00Z',
      '2025-12-29T07:00Z',
      '2026-01-05T07:00Z',
      '2026-01-12T07:00Z',
    ];
    const starts = (until: string) =>
      read(text(until), window).events.map((event) => iso(event.start));
    expect(starts('20260112T070000Z')).toEqual(mondays);
    expect(starts('20260112T065959Z')).toEqual(mondays.slice(0, 3));
    // A DATE with a timed start takes in the whole day.
    expect(starts('20260112')).toEqual(mondays);
  });

  it.each([
    ['Europe/Madrid', undefined, '2026-03-10T07:00Z'],
    ['Australia/Adelaide', undefined, '2026-03-09T21:30Z'],
    ['Europe/Madrid', 'America/New_York', '2026-03-10T12:00Z'],
  ])(
    'a floating time is the machine zone’s (%s), or X-WR-TIMEZONE’s (%s)',
    (machineZone, calendarZone, start) => {
      const text = calendar(
        ...(calendarZone === undefined ? [] : [`X-WR-TIMEZONE:${calendarZone}`]),
        ...vevent('UID:f', 'DTSTART:20260310T080000', 'DTEND:20260310T085000', 'SUMMARY:F'),
      );
      const [event] = read(
        text,
        span('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', machineZone),
      ).events;
      expect(event && iso(event.start)).toBe(start);
    },
  );

  it('a daily series from 2010 shows today’s lesson, found without stepping through the years', () => {
    const text = calendar(
      ...vevent(
        'UID:old',
        `DTSTART;${madrid('20100104T080000')}`,
        'DURATION:PT50M',
        'RRULE:FREQ=DAILY',
        'SUMMARY:Old',
      ),
    );
    expect(briefs(text, span('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'))).toEqual([
      '2026-03-02T07:00Z–2026-03-02T07:50Z Old',
    ]);
    // With COUNT it is counted by arithmetic: 2 March 2026 is 5,901 days after 4 January 2010,
    // so its 5,902nd lesson.
    const counted = (count: number) =>
      briefs(
        text.replace('RRULE:FREQ=DAILY', `RRULE:FREQ=DAILY;COUNT=${count}`),
        span('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'),
      );
    expect(counted(5902)).toHaveLength(1);
    expect(counted(5901)).toHaveLength(0);
  });
});

describe('lenient per event, strict per feed', () => {
  const good = vevent(
    'UID:good',
    'DTSTART:20260302T080000Z',
    'DTEND:20260302T085000Z',
    'SUMMARY:Good',
  );
  const window = span('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');

  it.each([
    ['a date without VALUE=DATE', ['DTSTART:20190101'], 'badTime'],
    ['no DTSTART', ['SUMMARY:No start'], 'noStart'],
    [
      'a COUNT that cannot be read and no UNTIL',
      ['DTSTART:20260303T080000Z', 'RRULE:FREQ=DAILY;COUNT=-1'],
      'badRule',
    ],
    [
      'a misspelt rule part (UNTL=)',
      ['DTSTART:20260303T080000Z', 'RRULE:FREQ=DAILY;UNTL=20260310'],
      'badRule',
    ],
    [
      'a COUNT that is not a number',
      ['DTSTART:20260303T080000Z', 'RRULE:FREQ=DAILY;COUNT=x'],
      'badRule',
    ],
    ['an unknown FREQ', ['DTSTART:20260303T080000Z', 'RRULE:FREQ=FORTNIGHTLY'], 'badRule'],
    ['a bad EXDATE', ['DTSTART:20260303T080000Z', 'RRULE:FREQ=DAILY', 'EXDATE:garbage'], 'badTime'],
    ['a bad DURATION', ['DTSTART:20260303T080000Z', 'DURATION:PXX'], 'badTime'],
    ['an end before its start', ['DTSTART:20260303T080000Z', 'DTEND:20260303T070000Z'], 'badTime'],
    ['a sub-daily rule on a date', ['DTSTART;VALUE=DATE:20260303', 'RRULE:FREQ=HOURLY'], 'badRule'],
  ])('%s skips that event only, counted', (_, lines, reason) => {
    const text = calendar(...good, ...vevent('UID:bad', ...lines), 'BADLINE WITHOUT A COLON');
    const reading = read(text, window);
    expect(reading.events.map((event) => event.title)).toEqual(['Good']);
    expect(reading).toMatchObject({ eventsRead: 2, skipped: { [reason]: 1 } });
  });

  it('events without a UID are each their own, with keys that hold across fetches', () => {
    const text = calendar(
      ...vevent('DTSTART:20260302T080000Z', 'SUMMARY:One'),
      ...vevent('DTSTART:20260302T080000Z', 'SUMMARY:Two'),
      ...vevent('DTSTART:20260302T080000Z', 'SUMMARY:Two'),
    );
    const keys = read(text, window).events.map((event) => event.key);
    expect(new Set(keys).size).toBe(3);
    expect(read(text, window).events.map((event) => event.key)).toEqual(keys);
  });
});

describe('sloppy rules of real exports, read as their authors meant (issue 34)', () => {
  const window = span('2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');

  it('an empty RRULE (a holiday generator writes one on every event) repeats nothing: the event is kept, the repair counted', () => {
    const text = calendar(
      ...vevent('UID:easter', 'DTSTART;VALUE=DATE:20260406', 'RRULE:', 'SUMMARY:Easter Monday'),
      ...vevent('UID:may', 'DTSTART;VALUE=DATE:20260501', 'RRULE: ', 'SUMMARY:Labour Day'),
    );
    const reading = read(text, span('2026-04-01T00:00:00Z', '2026-05-05T00:00:00Z'));
    // Each its one day: 6 April, 1 May (machine in UTC).
    expect(reading.events.map(brief)).toEqual([
      '2026-04-06T00:00Z–2026-04-07T00:00Z Easter Monday',
      '2026-05-01T00:00Z–2026-05-02T00:00Z Labour Day',
    ]);
    expect(reading).toMatchObject({ skipped: {}, repaired: { emptyRule: 2 } });
  });

  it('a COUNT that cannot be read beside an UNTIL that can: the UNTIL bounds the rule', () => {
    const text = calendar(
      ...vevent(
        'UID:c',
        'DTSTART:20260105T080000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=-1;UNTIL=20260126T080000Z',
        'SUMMARY:C',
      ),
    );
    const reading = read(text, window);
    // Mondays from 5 January to the UNTIL, 26 January, included.
    expect(reading.events.map(brief)).toEqual([
      '2026-01-05T08:00Z–2026-01-05T09:00Z C',
      '2026-01-12T08:00Z–2026-01-12T09:00Z C',
      '2026-01-19T08:00Z–2026-01-19T09:00Z C',
      '2026-01-26T08:00Z–2026-01-26T09:00Z C',
    ]);
    expect(reading).toMatchObject({ skipped: {}, repaired: { badBound: 1 } });
  });

  it('an empty RDATE, and an RDATE period written with dates, cost that date only', () => {
    const text = calendar(
      ...vevent(
        'UID:r',
        'DTSTART:20260105T080000Z',
        'DURATION:PT1H',
        'RDATE:',
        'RDATE;VALUE=PERIOD:20260110/20260112',
        'RDATE:20260108T080000Z',
        'SUMMARY:R',
      ),
    );
    const reading = read(text, window);
    // DTSTART and the one RDATE that reads.
    expect(reading.events.map(brief)).toEqual([
      '2026-01-05T08:00Z–2026-01-05T09:00Z R',
      '2026-01-08T08:00Z–2026-01-08T09:00Z R',
    ]);
    expect(reading).toMatchObject({ skipped: {}, repaired: { badRdate: 2 } });
  });

  it('two RRULEs are united (RFC 2445): DTSTART counts in the first, the second counts its own', () => {
    const text = calendar(
      ...vevent(
        'UID:two',
        'DTSTART:20260105T080000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=2',
        'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=2',
        'SUMMARY:Two',
      ),
    );
    // Monday 5 January is DTSTART: the first rule's 5 and 12 January; the second's first two
    // Wednesdays after it, 7 and 14 January (as dateutil's rruleset and recurring-ical-events).
    expect(briefs(text, window)).toEqual([
      '2026-01-05T08:00Z–2026-01-05T09:00Z Two',
      '2026-01-07T08:00Z–2026-01-07T09:00Z Two',
      '2026-01-12T08:00Z–2026-01-12T09:00Z Two',
      '2026-01-14T08:00Z–2026-01-14T09:00Z Two',
    ]);
  });

  it.each([
    // Midnight of 5 to 9 January in each zone (UTC+1, UTC+9, UTC-5 in January).
    ['Europe/Berlin', '2026-01-04T23:00Z', '2026-01-08T23:00Z'],
    ['Asia/Tokyo', '2026-01-04T15:00Z', '2026-01-08T15:00Z'],
    ['America/New_York', '2026-01-05T05:00Z', '2026-01-09T05:00Z'],
  ])(
    "an all-day series' UNTIL in UTC is the date written: 5 to 9 January in %s",
    (machineZone, first, last) => {
      const text = calendar(
        ...vevent(
          'UID:week',
          'DTSTART;VALUE=DATE:20260105',
          'RRULE:FREQ=DAILY;UNTIL=20260109T235959Z',
          'SUMMARY:Project week',
        ),
      );
      const reading = read(text, span('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', machineZone));
      const starts = reading.events.map((event) => iso(event.start));
      expect(starts).toHaveLength(5);
      expect([starts[0], starts[4]]).toEqual([first, last]);
      expect(reading.repaired).toEqual({ dateUntil: 1 });
    },
  );

  it('a VTIMEZONE whose observance starts on a DATE is read at its fixed offset', () => {
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:School Time',
      'BEGIN:STANDARD',
      'DTSTART;VALUE=DATE:19700101',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...vevent(
        'UID:z',
        'DTSTART;TZID=School Time:20260105T090000',
        'DURATION:PT45M',
        'RRULE:FREQ=DAILY;COUNT=2',
        'SUMMARY:Z',
      ),
    );
    const reading = read(text, window);
    // 09:00 at +05:30 is 03:30Z.
    expect(reading.events.map(brief)).toEqual([
      '2026-01-05T03:30Z–2026-01-05T04:15Z Z',
      '2026-01-06T03:30Z–2026-01-06T04:15Z Z',
    ]);
    expect(reading).toMatchObject({ skipped: {}, repaired: { zoneDateStart: 1 } });
  });

  it('a DURATION on an all-day date: calendar days in the machine’s zone, across a change, and at the span’s edges', () => {
    // 28 March 2026 in Berlin is +01:00, 30 March +02:00: two days of 47 hours.
    const trip = calendar(
      ...vevent('UID:trip', 'DTSTART;VALUE=DATE:20260328', 'DURATION:P2D', 'SUMMARY:Trip'),
    );
    expect(
      briefs(trip, span('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 'Europe/Berlin')),
    ).toEqual(['2026-03-27T23:00Z–2026-03-29T22:00Z Trip']);
    // Weekly from Monday 5 January, two days each, in New York (-05:00): 12–14 January ends
    // inside the span, 19–21 January starts inside it, 5–7 January ends before it.
    const weekly = calendar(
      ...vevent(
        'UID:w',
        'DTSTART;VALUE=DATE:20260105',
        'DURATION:P2D',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:W',
      ),
    );
    expect(
      briefs(weekly, span('2026-01-13T00:00:00Z', '2026-01-20T00:00:00Z', 'America/New_York')),
    ).toEqual(['2026-01-12T05:00Z–2026-01-14T05:00Z W', '2026-01-19T05:00Z–2026-01-21T05:00Z W']);
  });

  it('RANGE=THISANDFUTURE in a series with RDATEs moves the later RDATEs too, not the earlier', () => {
    const text = calendar(
      ...vevent(
        'UID:t',
        'DTSTART:20260105T080000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'RDATE:20260107T080000Z,20260121T080000Z',
        'SUMMARY:T',
      ),
      ...vevent(
        'UID:t',
        'RECURRENCE-ID;RANGE=THISANDFUTURE:20260112T080000Z',
        'DTSTART:20260112T100000Z',
        'DURATION:PT1H',
        'SUMMARY:T later',
      ),
    );
    // Mondays 5, 12, 19, 26 January and the RDATEs 7 and 21: from 12 January on, two hours later.
    expect(briefs(text, window)).toEqual([
      '2026-01-05T08:00Z–2026-01-05T09:00Z T',
      '2026-01-07T08:00Z–2026-01-07T09:00Z T',
      '2026-01-12T10:00Z–2026-01-12T11:00Z T later',
      '2026-01-19T10:00Z–2026-01-19T11:00Z T later',
      '2026-01-21T10:00Z–2026-01-21T11:00Z T later',
      '2026-01-26T10:00Z–2026-01-26T11:00Z T later',
    ]);
  });

  it('a value past what a date can hold costs its event, counted as out of range', () => {
    const text = calendar(
      ...vevent('UID:good', 'DTSTART:20260105T080000Z', 'DURATION:PT1H', 'SUMMARY:Good'),
      ...vevent('UID:w', 'DTSTART:20260105T080000Z', 'DURATION:P999999999999999999W'),
      ...vevent('UID:s', 'DTSTART:20260105T080000Z', 'DURATION:PT999999999999999999S'),
      ...vevent('UID:end', 'DTSTART:99991231T230000Z', 'DURATION:P3650000D'),
      ...vevent('UID:count', 'DTSTART:20260105T080000Z', 'RRULE:FREQ=DAILY;COUNT=99999999999'),
      ...vevent(
        'UID:p',
        'DTSTART:20260105T080000Z',
        'RDATE;VALUE=PERIOD:20260106T080000Z/P99999999999W',
      ),
    );
    const reading = read(text, window);
    expect(reading.events.map((event) => event.title)).toEqual(['Good', '']);
    // The RDATE's period costs that date only (a repair); the others their event.
    expect(reading).toMatchObject({ skipped: { outOfRange: 4 }, repaired: { badRdate: 1 } });
  });
});
