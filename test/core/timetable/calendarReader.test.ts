/**
 * The calendar reader (calendarReader.ts): feeds read in a thread of their own, one at a time,
 * within a time budget and a memory cap, with the runaway part named. The budget's behaviour is
 * tested with a stand-in thread that runs away exactly as told; issue 25's hostile calendars go
 * through the real thread while the main event loop is watched: it must keep turning.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadOutcome, StartWorker } from '../../../src-main/core/timetable/calendarReader';
import {
  CalendarReader,
  sourceCalendarWorker,
} from '../../../src-main/core/timetable/calendarReader';
import { MAX_OCCURRENCES } from '../../../src-main/core/timetable/calendarThread';
import { newPlaces } from '../../../src-main/core/timetable/lessons';
import { calendarText } from '../../support/calendarText';
import {
  ENDLESS_ZONE,
  endlessZone,
  manyEvents,
  manyLocations,
  secondlySeries,
} from '../../support/hostileCalendars';

const DAY = 86_400_000;
// On a whole minute: the calendars keep whole seconds.
const NOW = Date.now() - (Date.now() % 60_000);
const SPAN = { from: NOW - DAY, to: NOW + 8 * DAY, machineZone: 'Europe/Madrid' };

const readers: CalendarReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.stop()));
});

/** A reader whose threads are counted, each with a promise of its end. */
function reader(options: { start?: StartWorker; budgetMs?: number; memoryMb?: number } = {}) {
  const ended: Promise<unknown>[] = [];
  const start = options.start ?? sourceCalendarWorker;
  const made = new CalendarReader({
    ...options,
    startWorker: (workerOptions) => {
      const worker = start(workerOptions);
      ended.push(new Promise((resolve) => worker.once('exit', resolve)));
      return worker;
    },
  });
  readers.push(made);
  return { reader: made, ended };
}

/** The stand-in thread (test/support/runawayCalendarThread.ts), told the budget it runs against. */
const runaway =
  (budgetMs: number): StartWorker =>
  (options) =>
    new Worker(new URL('../../support/runawayCalendarThread.mjs', import.meta.url), {
      ...options,
      workerData: { ...(options.workerData as object), budgetMs },
    });

/**
 * Runs `work` while the main thread's event loop is watched: how many times a 10 ms interval
 * got its turn, and the worst delay (printed, not asserted: the machine may be busy).
 */
async function watchingTheLoop<T>(name: string, work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let turns = 0;
  const ticker = setInterval(() => {
    turns += 1;
  }, 10);
  delay.enable();
  try {
    const result = await work();
    console.log(
      `${name}: the main loop turned ${turns} times, worst delay ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    return { result, turns };
  } finally {
    clearInterval(ticker);
    delay.disable();
  }
}

describe('the calendar reader', () => {
  it('reads a calendar in its thread, the next in the same thread, and says a file that is not one', async () => {
    const { reader: calendars, ended } = reader();
    const text = calendarText([
      {
        uid: 'maths',
        start: NOW + 3_600_000,
        end: NOW + 6_600_000,
        summary: 'Maths 3B',
        location: 'R12',
      },
    ]);
    const outcome = await calendars.read(text, SPAN);
    expect(outcome).toMatchObject({
      kind: 'read',
      reading: {
        events: [
          { title: 'Maths 3B', location: 'R12', start: NOW + 3_600_000, end: NOW + 6_600_000 },
        ],
        eventsRead: 1,
        skipped: {},
      },
    });
    expect(await calendars.read('<html>Sign in</html>', SPAN)).toEqual({
      kind: 'notCalendar',
      message: 'The timetable is not an iCalendar (.ics) file.',
    });
    expect(ended).toHaveLength(1);
    await calendars.stop();
    await Promise.all(ended);
    expect(await calendars.read(text, SPAN)).toEqual({ kind: 'cancelled' });
  });

  it('reads one feed at a time, in the order asked', async () => {
    const { reader: calendars, ended } = reader();
    const feeds = ['first', 'second', 'third'].map((uid) =>
      calendarText([{ uid, start: NOW, end: NOW + 60_000, summary: uid }]),
    );
    const outcomes = await Promise.all(feeds.map((text) => calendars.read(text, SPAN)));
    expect(
      outcomes.map((outcome) => outcome.kind === 'read' && outcome.reading.events[0]?.title),
    ).toEqual(['first', 'second', 'third']);
    expect(ended).toHaveLength(1);
  });
});

describe('a thread that runs away (a stand-in for the engine)', () => {
  const budgetMs = 1_000;

  it('is ended past its time budget, naming the zone it was on; the next feed gets a new thread', async () => {
    const { reader: calendars, ended } = reader({ start: runaway(budgetMs), budgetMs });
    const { result, turns } = await watchingTheLoop('zone', () => calendars.read('zone', SPAN));
    expect(result).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time', part: { kind: 'zone', tzid: 'Custom Zone' } },
    });
    expect(turns).toBeGreaterThan(0);
    await ended[0];
    expect(await calendars.read('quick', SPAN)).toMatchObject({ kind: 'read' });
    expect(ended).toHaveLength(2);
  });

  it('names the size of the calendar when no part took most of the time', async () => {
    const { reader: calendars, ended } = reader({ start: runaway(budgetMs), budgetMs });
    expect(await calendars.read('late-part', SPAN)).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time', part: { kind: 'events', count: 7 } },
    });
    await ended[0];
  });

  it('is ended past its memory cap, and the app lives on', async () => {
    const { reader: calendars, ended } = reader({
      start: runaway(60_000),
      budgetMs: 60_000,
      memoryMb: 32,
    });
    expect(await calendars.read('hog', SPAN)).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'memory', part: { kind: 'events', count: 7 } },
    });
    await ended[0];
    expect(await calendars.read('quick', SPAN)).toMatchObject({ kind: 'read' });
  });

  it('is ended when the reader stops, the reading under way cancelled', async () => {
    const { reader: calendars, ended } = reader({ start: runaway(60_000), budgetMs: 60_000 });
    const reading = calendars.read('zone', SPAN);
    const waiting = calendars.read('quick', SPAN);
    await calendars.stop();
    expect(await reading).toEqual({ kind: 'cancelled' });
    expect(await waiting).toEqual({ kind: 'cancelled' });
    await Promise.all(ended);
  });
});

/** What is left of a hostile calendar, whether the engine read it in time or was stopped. */
type Check = (outcome: ReadOutcome) => void;

describe.each<[string, () => string, Check]>([
  [
    `a VTIMEZONE "${ENDLESS_ZONE}" changing every minute since 1601`,
    () => endlessZone(NOW),
    (outcome) => {
      if (outcome.kind === 'read') {
        expect(outcome.reading.events.map((event) => event.title)).toEqual(['Maths 3B']);
      } else {
        expect(outcome).toMatchObject({ kind: 'stopped' });
        if (outcome.kind === 'stopped') {
          expect([
            { kind: 'zone', tzid: ENDLESS_ZONE },
            { kind: 'events', count: 1 },
          ]).toContainEqual(outcome.stopped.part);
        }
      }
    },
  ],
  [
    '100 series repeating every second without end',
    () => secondlySeries(NOW),
    // Millions of occurrences in the span: never handed to the main thread.
    (outcome) => expect(outcome.kind).toBe('stopped'),
  ],
  [
    '100,000 VEVENTs',
    () => manyEvents(NOW),
    (outcome) => {
      if (outcome.kind === 'read') {
        expect(outcome.reading.eventsRead).toBe(100_000);
        expect(outcome.reading.events.length).toBeLessThanOrEqual(MAX_OCCURRENCES);
      } else {
        expect(outcome).toMatchObject({ kind: 'stopped' });
      }
    },
  ],
  [
    '10,000 lessons each in a place of its own',
    () => manyLocations(NOW),
    (outcome) => {
      if (outcome.kind === 'read') {
        expect(outcome.reading.events).toHaveLength(10_000);
        // Settings asks about the next five places, not ten thousand.
        expect(newPlaces(outcome.reading.events, [], { now: NOW, max: 5 })).toEqual([
          'Room 0',
          'Room 1',
          'Room 2',
          'Room 3',
          'Room 4',
        ]);
      } else {
        expect(outcome).toMatchObject({
          kind: 'stopped',
          stopped: { part: { kind: 'events', count: 10_000 } },
        });
      }
    },
  ],
])('a hostile calendar: %s', (name, make, check) => {
  it('is read or stopped within the budget in its thread, while the main loop keeps turning', async () => {
    const { reader: calendars, ended } = reader();
    const text = make();
    const { result, turns } = await watchingTheLoop(name, () => calendars.read(text, SPAN));
    check(result);
    if (result.kind === 'stopped') {
      console.log(`${name}: stopped (${result.stopped.limit}) after ${Math.round(result.ms)} ms`);
      // The thread that ran away is gone.
      await ended[0];
    }
    expect(turns).toBeGreaterThan(0);
  });
});
