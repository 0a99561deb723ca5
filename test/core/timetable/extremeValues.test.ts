/**
 * Issue 34: no value in a calendar crashes a reading. Extreme values (the years 1 and 9999,
 * durations of 10^18 weeks, counts and intervals of many digits, offsets at a day) in every date,
 * duration, count and offset field, read by the engine, then by the app's lesson code (which
 * turns times into ISO strings) and the CLI's printing; and a few such calendars through the
 * CLI's command itself, with its reader's thread. An event may be skipped or repaired, never
 * throw.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCalendar } from '../../../src-main/core/timetable/calendar';
import { expandedLines, timetableCommand } from '../../../src-main/core/timetable/expandCommand';
import {
  bellsByClassroom,
  calendarLessons,
  newPlaces,
  nowAndNext,
} from '../../../src-main/core/timetable/lessons';
import { tempDir } from '../../support/tempDir';
import { calendar, vevent } from './corpusCases';

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** A DATE as written: the years at both ends, and any in between. */
const date = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(1, 2, 1969, 1970, 2026, 9998, 9999),
      fc.integer({ min: 1, max: 9999 }),
    ),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  )
  .map(([year, month, day]) => `${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}`);
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `T${pad(hour, 2)}${pad(minute, 2)}00`);
/** A date or time value with its parameters, as `;PARAMS:VALUE` after the name. */
const when = fc.oneof(
  date.map((value) => `;VALUE=DATE:${value}`),
  fc.tuple(date, time).map(([day, at]) => `:${day}${at}Z`),
  fc.tuple(date, time).map(([day, at]) => `:${day}${at}`),
  fc.tuple(date, time).map(([day, at]) => `;TZID=Pacific/Kiritimati:${day}${at}`),
  fc.tuple(date, time).map(([day, at]) => `;TZID=Far Zone:${day}${at}`),
);
/** A number as written: small, large, of many digits, negative, zero. */
const number = fc.oneof(
  fc.nat({ max: 60 }).map(String),
  fc.constantFrom('0', '-1', '999999999', '1000000000', '999999999999999999', '9'.repeat(40)),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
);
const duration = fc
  .tuple(fc.constantFrom('', '-', '+'), number, fc.constantFrom('W', 'D', 'H', 'M', 'S'))
  .map(([sign, value, unit]) =>
    unit === 'W' || unit === 'D' ? `${sign}P${value}${unit}` : `${sign}PT${value}${unit}`,
  );
const offset = fc
  .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 }), fc.constantFrom(0, 30, 59))
  .map(([sign, hours, minutes]) => `${sign}${pad(hours, 2)}${pad(minutes, 2)}`);
const rule = fc
  .tuple(
    fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    fc.option(number, { nil: undefined }),
    fc.option(number, { nil: undefined }),
    fc.option(fc.tuple(date, fc.option(time, { nil: '' })), { nil: undefined }),
  )
  .map(([freq, count, interval, until]) =>
    [
      `FREQ=${freq}`,
      count === undefined ? '' : `;COUNT=${count}`,
      interval === undefined ? '' : `;INTERVAL=${interval}`,
      until === undefined ? '' : `;UNTIL=${until[0]}${until[1] === '' ? '' : `${until[1]}Z`}`,
    ].join(''),
  );

/** One event: a start, maybe an end or a length, rules, dates added and taken out, an override. */
const event = fc
  .record({
    start: when,
    end: fc.option(
      fc.oneof(
        when.map((value) => `DTEND${value}`),
        duration.map((value) => `DURATION:${value}`),
      ),
      { nil: undefined },
    ),
    rules: fc.array(rule, { maxLength: 2 }),
    rdates: fc.array(
      fc.oneof(
        when,
        fc
          .tuple(date, time, duration)
          .map(([day, at, length]) => `;VALUE=PERIOD:${day}${at}Z/${length}`),
      ),
      { maxLength: 2 },
    ),
    exdates: fc.array(when, { maxLength: 1 }),
    recurrenceId: fc.option(when, { nil: undefined }),
  })
  .map((fields) => (uid: string) => [
    ...vevent(
      `UID:${uid}`,
      `DTSTART${fields.start}`,
      ...(fields.end === undefined ? [] : [fields.end]),
      ...fields.rules.map((value) => `RRULE:${value}`),
      ...fields.rdates.map((value) => `RDATE${value}`),
      ...fields.exdates.map((value) => `EXDATE${value}`),
      'SUMMARY:Extreme',
      'LOCATION:R1',
    ),
    ...(fields.recurrenceId === undefined
      ? []
      : vevent(
          `UID:${uid}`,
          `RECURRENCE-ID${fields.recurrenceId}`,
          `DTSTART${fields.start}`,
          'LOCATION:R1',
        )),
  ]);

/** A feed of such events, with a zone of the feed's own whose offsets and start are extreme too. */
const feed = fc
  .tuple(fc.array(event, { minLength: 1, maxLength: 8 }), offset, offset, when)
  .map(([events, from, to, zoneStart]) =>
    calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Far Zone',
      'BEGIN:STANDARD',
      `DTSTART${zoneStart.replace(/;TZID=[^:]*/, '')}`,
      `TZOFFSETFROM:${from}`,
      `TZOFFSETTO:${to}`,
      'RRULE:FREQ=YEARLY',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...events.flatMap((make, index) => make(`e${index}`)),
    ),
  );

/** Spans asked about: the app's around 2026, and the last days a date can write. */
const spans = [
  { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-10T00:00:00Z') },
  { from: Date.parse('9999-12-20T00:00:00Z'), to: Date.parse('9999-12-31T00:00:00Z') },
  { from: Date.parse('0001-01-01T00:00:00Z'), to: Date.parse('0001-01-10T00:00:00Z') },
];

describe('extreme values in every date, duration, count and offset field', () => {
  it('are read (kept, skipped or repaired), never thrown, and the lesson code and the CLI’s printing take what comes out', () => {
    fc.assert(
      fc.property(
        feed,
        fc.constantFrom(...spans),
        fc.constantFrom('UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'),
        (text, span, machineZone) => {
          const reading = readCalendar(text, { ...span, machineZone });
          for (const { start, end } of reading.events) {
            expect(new Date(start).toISOString()).toBeTypeOf('string');
            expect(new Date(end).toISOString()).toBeTypeOf('string');
          }
          // The app's lesson code, as timetable.ts uses it: lessons, places, now and next, bells.
          const lessons = calendarLessons(reading.events, [{ place: 'R1', classroomId: 'room-a' }]);
          const now = span.from + 86_400_000;
          newPlaces(reading.events, [], { now, max: 5 });
          const { now: current, next } = nowAndNext(lessons, now);
          for (const lesson of [
            current,
            next,
            ...bellsByClassroom(lessons, now, { kept: [], aheadMs: 86_400_000 }).values(),
          ]) {
            if (lesson === undefined) continue;
            expect(new Date(lesson.start).toISOString()).toBeTypeOf('string');
            expect(new Date(lesson.end).toISOString()).toBeTypeOf('string');
          }
          const { lines } = expandedLines(reading, span);
          for (const line of lines) expect(JSON.parse(line)).toHaveProperty('uid');
        },
      ),
      { numRuns: 100, seed: 34 },
    );
    // Each run may follow rules to their bounds (MAX_WORK): a minute on a loaded machine.
  }, 300_000);

  it('the issue’s DURATION:P999999999999999999W through the CLI: status 0, the event skipped as out of range', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'huge.ics');
    await writeFile(
      file,
      calendar(
        ...vevent(
          'UID:huge',
          'DTSTART:20261124T080000Z',
          'DURATION:P999999999999999999W',
          'SUMMARY:Huge',
        ),
        ...vevent('UID:fine', 'DTSTART:20261124T090000Z', 'DURATION:PT50M', 'SUMMARY:Fine'),
        ...vevent('UID:holiday', 'DTSTART;VALUE=DATE:20261125', 'RRULE:', 'SUMMARY:Holiday'),
      ),
    );
    const out: string[] = [];
    const err: string[] = [];
    const status = await timetableCommand(
      ['expand', file, '--from', '2026-11-24', '--to', '2026-11-26', '--zone', 'UTC'],
      {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        fetch,
        machineZone: 'UTC',
        env: {},
        stdin: async () => '',
      },
    );
    expect(status).toBe(0);
    expect(out.map((line) => (JSON.parse(line) as { title: string }).title)).toEqual([
      'Fine',
      'Holiday',
    ]);
    expect(err).toEqual([
      expect.stringMatching(
        /^timetable: read 3 events in \d+ ms; 2 occurrences start in the window; 1 skipped \(a date, length or repeat count out of range: 1\); 1 repaired \(an empty RRULE read as no repeat: 1\)\.$/,
      ),
    ]);
  });

  it('a few calendars of extreme values through the CLI’s command and its reader’s thread: status 0 or 1, never a throw', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'extreme.ics');
    await fc.assert(
      fc.asyncProperty(feed, async (text) => {
        await writeFile(file, text);
        const out: string[] = [];
        const status = await timetableCommand(
          ['expand', file, '--from', '2026-03-01', '--to', '2026-03-10', '--zone', 'UTC'],
          {
            out: (line) => out.push(line),
            err: () => undefined,
            fetch,
            machineZone: 'UTC',
            env: {},
            stdin: async () => '',
          },
        );
        expect([0, 1]).toContain(status);
        for (const line of out) expect(JSON.parse(line)).toHaveProperty('start');
      }),
      { numRuns: 4, seed: 34 },
    );
  }, 120_000);
});
