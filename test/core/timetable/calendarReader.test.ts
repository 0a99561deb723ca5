/**
 * The calendar reader (calendarReader.ts): feeds read in a thread of their own, one at a time,
 * within a budget of work and a memory cap, with the runaway part named. The budget's behaviour
 * is tested with a stand-in thread that runs away exactly as told (its work counted in real
 * time, as it spins on the real clock), with one whose work clock says how much of a core it
 * got, and with the real engine on a budget or a cap made small; issue 25's hostile calendars go
 * through the real thread within the app's limits while the main event loop is watched: it must
 * keep turning.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarReading } from '../../../src-main/core/timetable/calendar';
import type {
  CalendarReaderOptions,
  StartWorker,
} from '../../../src-main/core/timetable/calendarReader';
import {
  CalendarReader,
  sourceCalendarWorker,
} from '../../../src-main/core/timetable/calendarReader';
import {
  MAX_OCCURRENCES,
  ProgressReader,
  ProgressWriter,
  newProgressBoard,
  workSpent,
} from '../../../src-main/core/timetable/calendarThread';
import { newPlaces } from '../../../src-main/core/timetable/lessons';
import { calendarText } from '../../support/calendarText';
import {
  crowdedSeries,
  ENDLESS_ZONE,
  endlessZone,
  manyEvents,
  manyLocations,
  secondlySeries,
} from '../../support/hostileCalendars';
import { endlessZone as flickeringZone } from './hostile';
import { crowdedEvents } from './largeFeeds';

const DAY = 86_400_000;
// A fixed instant on a whole minute (the calendars keep whole seconds), not the wall clock's.
const NOW = Date.parse('2026-01-07T09:00:00Z');
const SPAN = { from: NOW - DAY, to: NOW + 8 * DAY, machineZone: 'Europe/Madrid' };

const readers: CalendarReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.stop()));
});

/** A reader whose threads are counted, each with a promise of its end. */
function reader(
  options: { start?: StartWorker } & Omit<CalendarReaderOptions, 'startWorker'> = {},
) {
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

/** The stand-in of a busy machine (slowCalendarThread.ts): `wallMs` of real time, `share` of it work. */
const slow =
  (wallMs: number, share: number): StartWorker =>
  (options) =>
    new Worker(new URL('./slowCalendarThread.mjs', import.meta.url), {
      ...options,
      workerData: { ...(options.workerData as object), wallMs, share },
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

describe('the budget counts the reading’s own work, not the machine’s', () => {
  it('counts the work clock to the last checkpoint, then the real time since, whole', () => {
    // Nothing said yet: the real time since the feed was handed over.
    expect(workSpent(undefined, 1_000, 1_600)).toBe(600);
    // A thread given a quarter of a core: 500 ms of work in its first 2 s, said 10 ms ago.
    expect(workSpent({ startWork: 100, work: 600, at: 3_000 }, 1_000, 3_010)).toBe(510);
    // A part that runs away says nothing more: 200 ms of work, then 1.5 s of silence.
    expect(workSpent({ startWork: 0, work: 200, at: 2_000 }, 1_000, 3_500)).toBe(1_700);
  });

  it('is written by the thread on its board, a checkpoint at the reading’s start', () => {
    const board = newProgressBoard();
    const progress = new ProgressReader(board);
    progress.clear();
    expect(progress.checkpoint()).toBeUndefined();
    new ProgressWriter(board, () => 40).events(12);
    expect(progress.checkpoint()).toMatchObject({ startWork: 40, work: 40 });
    expect(progress.read().events).toBe(12);
    progress.clear();
    expect(progress.checkpoint()).toBeUndefined();
  });

  it('reads a feed whose thread gets a tenth of a core, past the budget in real time', async () => {
    const { reader: calendars } = reader({ start: slow(1_500, 0.1), budgetMs: 1_000 });
    expect(await calendars.read('slow', SPAN)).toMatchObject({ kind: 'read' });
  });

  it('stops the same feed at the budget when its thread gets the whole core', async () => {
    const { reader: calendars, ended } = reader({ start: slow(1_500, 1), budgetMs: 1_000 });
    expect(await calendars.read('slow', SPAN)).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time' },
    });
    await ended[0];
  });
});

describe('a thread that runs away (a stand-in for the engine)', () => {
  const budgetMs = 1_000;
  // The stand-in spins on the real clock: its work is real time.
  const workClock = 'wall';

  it('is ended past its time budget, naming the zone it was on; the next feed gets a new thread', async () => {
    const { reader: calendars, ended } = reader({ start: runaway(budgetMs), budgetMs, workClock });
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
    const { reader: calendars, ended } = reader({ start: runaway(budgetMs), budgetMs, workClock });
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
      workClock,
    });
    expect(await calendars.read('hog', SPAN)).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'memory', part: { kind: 'events', count: 7 } },
    });
    await ended[0];
    expect(await calendars.read('quick', SPAN)).toMatchObject({ kind: 'read' });
  });

  it('is ended when the reader stops, the reading under way cancelled', async () => {
    const { reader: calendars, ended } = reader({
      start: runaway(60_000),
      budgetMs: 60_000,
      workClock,
    });
    const reading = calendars.read('zone', SPAN);
    const waiting = calendars.read('quick', SPAN);
    await calendars.stop();
    expect(await reading).toEqual({ kind: 'cancelled' });
    expect(await waiting).toEqual({ kind: 'cancelled' });
    await Promise.all(ended);
  });
});

/**
 * Issue 25's hostile calendars through the real thread with the app's memory cap: the engine
 * reads each (an outcome of "read": past a limit it would be "stopped"), gives the lessons that
 * can be known, counts what it left out, and the main loop keeps turning meanwhile. The time
 * budget is real time, which a busy test machine stretches: here it is only a hang guard, and
 * each calendar's time against the app's budget is what `npm run bench -- timetable` measures
 * (docs/benchmarks.md).
 */
const HANG_GUARD_MS = 20_000;

describe.each<
  [string, () => { text: string; span?: typeof SPAN }, (reading: CalendarReading) => void]
>([
  [
    `a VTIMEZONE "${ENDLESS_ZONE}" changing every minute since 1601 to the offset it has`,
    () => ({ text: endlessZone(NOW) }),
    (reading) => {
      // +01:00 however often its rule repeats: the lesson written at 09:00 is at 08:00Z.
      expect(reading.events).toMatchObject([
        { title: 'Maths 3B', start: NOW + DAY - 3_600_000, end: NOW + DAY - 600_000 },
      ]);
      expect(reading.skipped).toEqual({});
    },
  ],
  [
    'a VTIMEZONE flipping between two offsets every 30 seconds since 1601',
    () => {
      const from = Date.parse('2026-03-01T00:00:00Z');
      return { text: flickeringZone('MINUTELY'), span: { ...SPAN, from, to: from + 9 * DAY } };
    },
    (reading) => {
      // Its lesson cannot be placed and is counted; the one in UTC is kept.
      expect(reading.events.map((event) => event.title)).toEqual(['In UTC']);
      expect(reading.skipped).toEqual({ badZone: 1 });
    },
  ],
  [
    '100 series repeating every second without end',
    () => ({ text: secondlySeries(NOW) }),
    // Hundreds of thousands of occurrences each in the span: each series refused, none handed over.
    (reading) => {
      expect(reading).toEqual({ events: [], eventsRead: 100, skipped: { tooOften: 100 } });
    },
  ],
  [
    '100,000 VEVENTs',
    () => ({ text: manyEvents(NOW) }),
    (reading) => {
      expect(reading.eventsRead).toBe(100_000);
      expect(reading.skipped).toEqual({});
      // Event i starts at NOW - 182 days + i steps (in whole seconds, as written) and lasts 50
      // minutes: those overlapping the span.
      const step = Math.floor((365 * DAY) / 100_000);
      const overlapping = Array.from(
        { length: 100_000 },
        (_, index) => Math.floor((NOW - 182 * DAY + index * step) / 1000) * 1000,
      ).filter((start) => start < SPAN.to && start + 3_000_000 > SPAN.from);
      expect(reading.events.map((event) => event.start)).toEqual(overlapping);
    },
  ],
  [
    '10,000 lessons each in a place of its own',
    () => ({ text: manyLocations(NOW) }),
    (reading) => {
      expect(reading.events).toHaveLength(10_000);
      // Settings asks about the next five places, not ten thousand.
      expect(newPlaces(reading.events, [], { now: NOW, max: 5 })).toEqual([
        'Room 0',
        'Room 1',
        'Room 2',
        'Room 3',
        'Room 4',
      ]);
    },
  ],
])('a hostile calendar: %s', (name, make, check) => {
  it('is read within the cap in its thread, while the main loop keeps turning', async () => {
    const { text, span = SPAN } = make();
    const { reader: calendars } = reader({ budgetMs: HANG_GUARD_MS });
    const { result, turns } = await watchingTheLoop(name, () => calendars.read(text, span));
    expect(result.kind).toBe('read');
    if (result.kind === 'read') check(result.reading);
    expect(turns).toBeGreaterThan(0);
  });
});

/**
 * The real engine still stopped, by each of the reader's limits: a budget or a cap made small
 * for the test (a feed the app's own take would need to be too large for a test to make), and
 * more occurrences in the span than a reading may hand over. The thread is ended, the part named.
 */
describe('a calendar the real thread cannot read within its limits', () => {
  it('is stopped by the time budget, named by its count of events, and the next feed is read', async () => {
    const { reader: calendars, ended } = reader({ budgetMs: 50 });
    const { result, turns } = await watchingTheLoop('time', () =>
      calendars.read(manyEvents(NOW), SPAN),
    );
    expect(result).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'time', part: { kind: 'events', count: 100_000 } },
    });
    expect(turns).toBeGreaterThan(0);
    await ended[0];
    expect(await calendars.read(endlessZone(NOW), SPAN)).toMatchObject({ kind: 'read' });
  });

  it('is stopped by the memory cap, named by its count of events, and the next feed is read', async () => {
    const { reader: calendars, ended } = reader({ budgetMs: 60_000, memoryMb: 32 });
    // Events outside the span are set aside unread: 100,000 inside it are what a cap stops.
    expect(await calendars.read(crowdedEvents(NOW), SPAN)).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'memory', part: { kind: 'events', count: 100_000 } },
    });
    await ended[0];
    expect(await calendars.read(endlessZone(NOW), SPAN)).toMatchObject({ kind: 'read' });
  });

  it(`is stopped when more than ${MAX_OCCURRENCES} occurrences fall in the span`, async () => {
    const { reader: calendars } = reader();
    // Three series of 4,000: each under the engine's 5,000 per series, 12,000 in all.
    const outcome = await calendars.read(crowdedSeries(NOW), SPAN);
    expect(outcome).toMatchObject({
      kind: 'stopped',
      stopped: { limit: 'occurrences', part: { kind: 'events', count: 3 } },
    });
  });
});
