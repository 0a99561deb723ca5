/**
 * npm run bench -- timetable: what reading a calendar costs the main thread, now that it is read
 * in a thread of its own (src-main/core/timetable/calendarReader.ts), for issue 25's cases; and
 * for issue 34's, first: a valid 8 MiB feed of 70,000 events in the reader's thread as the tray
 * app builds it, and the engine against ical.js on the same inputs in one run (a school year, a
 * daily series since 2010 over a week, 50,000 and 70,000 events).
 *
 * 1. Main thread: for each calendar, the event loop's delay (perf_hooks monitorEventLoopDelay,
 *    1 ms resolution), busy time (eventLoopUtilization) and the main thread's own CPU time
 *    (Linux) from handing the feed over until the outcome is back; the thread is started and
 *    warmed with a one-event calendar first, not measured (its start is measured once on its
 *    own). The same loop measured idle for 2 s beforehand says what the machine alone costs: on a
 *    shared machine delays and busy time also count moments the main thread was ready but not
 *    scheduled, which its CPU time does not.
 * 2. Worker time for the real-shaped school year (1,500 occurrences): the reader's own figure
 *    (time in the thread), the first read in a new thread and the median of ROUNDS in a warm one,
 *    over the app's span (yesterday to 8 days ahead) and over the whole year.
 * 3. Memory: each hostile calendar (the endless zone took 3.2 GB after 2 minutes on the main
 *    thread before issue 25) read in a new thread with the app's budget and cap: the process's
 *    RSS sampled every 10 ms, its peak above the RSS before, and the RSS 2 s after the thread
 *    ended.
 *
 * Each calendar is made before its measurement, and the bench's own garbage collected (gc).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { readCalendar } from '../../src-main/core/timetable/calendar';
import type { ReadOutcome, StartWorker } from '../../src-main/core/timetable/calendarReader';
import { CalendarReader, READ_BUDGET_MS } from '../../src-main/core/timetable/calendarReader';
import { roomFeed } from '../core/timetable/largeFeeds';
import { calendarText } from '../support/calendarText';
import {
  endlessZone,
  manyEvents,
  manyLocations,
  schoolYear,
  secondlySeries,
} from '../support/hostileCalendars';

const DAY = 86_400_000;
const ROUNDS = 10;
const GOAL_P99_MS = 20;
const GOAL_SCHOOL_MS = 50;
const GOAL_PEAK_MB = 256;
const MACHINE_ZONE = 'Europe/Madrid';

interface LoopCost {
  p99Ms: number;
  maxMs: number;
  busyMs: number;
  /** CPU time of the main thread alone (Linux: its /proc stat, in 10 ms ticks); null elsewhere. */
  cpuMs: number | null;
  wallMs: number;
}

interface MemoryResult {
  name: string;
  outcome: string;
  peakAddedMb: number;
  afterMb: number;
}

interface CaseResult {
  name: string;
  mib: number;
  outcome: string;
  workerMs: number | null;
  loop: LoopCost;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const mb = (bytes: number) => bytes / 1024 / 1024;
const round = (value: number) => Math.round(value * 10) / 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The main thread's own CPU time so far, in ms: utime + stime of its /proc task (the main
 * thread's id is the process's), in clock ticks of 10 ms; the reader's thread is another task.
 */
async function mainThreadCpuMs(): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The main loop's delay, busy time and CPU time while `work` runs. */
async function measureLoop<T>(work: () => Promise<T>): Promise<{ result: T; loop: LoopCost }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const cpuBefore = await mainThreadCpuMs();
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  delay.enable();
  const result = await work();
  delay.disable();
  const used = performance.eventLoopUtilization(before);
  const wallMs = performance.now() - started;
  const cpuAfter = await mainThreadCpuMs();
  return {
    result,
    loop: {
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
      busyMs: used.active,
      cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      wallMs,
    },
  };
}

/** RSS sampled every 10 ms while `work` runs: the peak. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

const said = (outcome: ReadOutcome): string => {
  switch (outcome.kind) {
    case 'read':
      return `read: ${outcome.reading.events.length} occurrences of ${outcome.reading.eventsRead} events`;
    case 'stopped':
      return `stopped (${outcome.stopped.limit}) at ${JSON.stringify(outcome.stopped.part)}`;
    case 'notCalendar':
    case 'failed':
      return `${outcome.kind}: ${'message' in outcome ? outcome.message : outcome.error}`;
    case 'cancelled':
      return 'cancelled';
  }
};

/** The machine's load: 1, 5 and 15 minutes. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

/** ical.js's heap and time in its thread: past either, the bench says so and goes on. */
const ICAL_JS_HEAP_MB = 2048;
const ICAL_JS_LIMIT_MS = 180_000;

/** What ical.js took on a text and span (icalJsThread.mjs), or why it was stopped. */
type IcalJsRun = { ms: number; occurrences: number } | { stopped: string };

function icalJsOccurrences(text: string, from: number, to: number): Promise<IcalJsRun> {
  const thread = new Worker(new URL('./icalJsThread.mjs', import.meta.url), {
    workerData: { text, from, to },
    resourceLimits: { maxOldGenerationSizeMb: ICAL_JS_HEAP_MB },
  });
  return new Promise((resolve) => {
    const limit = setTimeout(() => {
      resolve({ stopped: `stopped after ${ICAL_JS_LIMIT_MS / 1000} s` });
      void thread.terminate();
    }, ICAL_JS_LIMIT_MS);
    thread.once('message', (run: { ms: number; occurrences: number }) => {
      clearTimeout(limit);
      resolve(run);
      void thread.terminate();
    });
    thread.once('error', (error: Error & { code?: string }) => {
      clearTimeout(limit);
      resolve({
        stopped:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `stopped past a ${ICAL_JS_HEAP_MB} MiB heap`
            : `failed: ${error.message}`,
      });
    });
  });
}

interface Comparison {
  name: string;
  mib: number;
  engine: { ms: number; occurrences: number };
  icalJs: IcalJsRun;
}

const comparisonLine = ({ name, mib, engine, icalJs }: Comparison) =>
  `${name} (${round(mib)} MiB): engine ${round(engine.ms)} ms (${engine.occurrences} occurrences), ` +
  ('stopped' in icalJs
    ? `ical.js ${icalJs.stopped}`
    : `ical.js ${round(icalJs.ms)} ms (${icalJs.occurrences}): ${round(icalJs.ms / engine.ms)}x`);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The engine (readCalendar, in this thread) and ical.js (in its capped thread) on the same texts
 * and spans, in turns (engine, ical.js, engine…) so that both meet the same load: the median of
 * each; ical.js stopped once is not run again on that text.
 */
async function compareWithIcalJs(now: number): Promise<Comparison[]> {
  const week = { from: now - DAY, to: now + 8 * DAY };
  const year = { from: now - 182 * DAY, to: now + 183 * DAY };
  const madrid = (ms: number) =>
    `TZID=Europe/Madrid:${new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')}T080000`;
  const daily = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClassTray bench//EN',
    'BEGIN:VEVENT',
    'UID:daily-since-2010',
    `DTSTART;${madrid(Date.UTC(2010, 0, 4))}`,
    'DURATION:PT50M',
    'RRULE:FREQ=DAILY',
    'SUMMARY:Daily',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const cases: [string, string, { from: number; to: number }, number][] = [
    ['school year, whole year (1,500 occurrences)', schoolYear(now), year, 15],
    ['daily series since 2010, one week', daily, week, 15],
    ['50,000 events, the app span', roomFeed(now, 50_000), week, 1],
    ['70,000 events (8 MiB cap), the app span', roomFeed(now, 70_000), week, 1],
  ];
  const results: Comparison[] = [];
  for (const [name, text, span, rounds] of cases) {
    console.error(`timetable bench: ${name}, engine and ical.js in turns…`);
    const engineMs: number[] = [];
    const icalRuns: IcalJsRun[] = [];
    let engineCount = 0;
    for (let round = 0; round < rounds; round += 1) {
      collectGarbage();
      const started = performance.now();
      engineCount = readCalendar(text, { ...span, machineZone: MACHINE_ZONE }).events.length;
      engineMs.push(performance.now() - started);
      if (icalRuns.some((run) => 'stopped' in run)) continue;
      collectGarbage();
      icalRuns.push(await icalJsOccurrences(text, span.from, span.to));
    }
    const stopped = icalRuns.find((run) => 'stopped' in run);
    const timed = icalRuns.filter((run): run is { ms: number; occurrences: number } => 'ms' in run);
    const result: Comparison = {
      name,
      mib: mb(Buffer.byteLength(text)),
      engine: { ms: median(engineMs), occurrences: engineCount },
      icalJs: stopped ?? {
        ms: median(timed.map((run) => run.ms)),
        occurrences: timed[0]?.occurrences ?? 0,
      },
    };
    // Said as it comes too: ical.js on the large feeds takes minutes and gigabytes.
    console.error(`  ${comparisonLine(result)}`);
    results.push(result);
  }
  return results;
}

/**
 * The reader's thread as the tray app runs it: calendarWorker.ts built by esbuild (electron-vite
 * builds it for the app), so no tsx in the thread. Removed with its folder by `done`.
 */
async function builtWorker(): Promise<{ startWorker: StartWorker; done: () => Promise<void> }> {
  const { build } = await import('esbuild');
  const dir = await mkdtemp(path.join(tmpdir(), 'classtray-bench-worker-'));
  const file = path.join(dir, 'calendarWorker.mjs');
  await build({
    entryPoints: [
      path.join(import.meta.dirname, '../../src-main/core/timetable/calendarWorker.ts'),
    ],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return {
    startWorker: (options) => new Worker(pathToFileURL(file), options),
    done: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A 70,000-event feed of 8 MiB read in the reader's thread (built), with the app's budget and
 * cap, ROUNDS times in a warm one: the time of each reading (or "stopped" past the budget).
 */
async function largeFeedInThread(
  now: number,
): Promise<{ first: string; median: string; stopped: number; mib: number }> {
  const text = roomFeed(now, 70_000);
  const span = { from: now - DAY, to: now + 8 * DAY, machineZone: MACHINE_ZONE };
  const { startWorker, done } = await builtWorker();
  const reader = new CalendarReader({ startWorker });
  const times: number[] = [];
  try {
    for (let round = 0; round <= ROUNDS; round += 1) {
      collectGarbage();
      const outcome = await reader.read(text, span);
      if (outcome.kind === 'read' && outcome.reading.eventsRead !== 70_700) {
        throw new Error(`70,000 events: ${said(outcome)}`);
      }
      // A reading stopped past the budget counts as infinitely long.
      times.push(outcome.kind === 'read' ? outcome.ms : Infinity);
    }
  } finally {
    await reader.stop();
    await done();
  }
  const [first = Infinity, ...warm] = times;
  const inWords = (ms: number) => (ms === Infinity ? 'stopped' : `${Math.round(ms)} ms`);
  return {
    first: inWords(first),
    median: inWords(median(warm)),
    stopped: times.filter((ms) => ms === Infinity).length,
    mib: mb(Buffer.byteLength(text)),
  };
}

export async function benchTimetable(): Promise<void> {
  const now = Date.now() - (Date.now() % 60_000);
  const loadBefore = load();
  console.error('timetable bench: 70,000 events in the reader’s thread (built)…');
  const large = await largeFeedInThread(now);
  // Said at once, with the load it met: the comparisons after it take minutes.
  console.log(
    `\n70,000 events (${round(large.mib)} MiB) in the reader's thread (built, as the tray app): ` +
      `first read in a new thread ${large.first}, median of ${ROUNDS} in a warm one ` +
      `${large.median} (goal ≤ ${READ_BUDGET_MS / 4} ms); ${large.stopped} of ${ROUNDS + 1} ` +
      `stopped past the ${READ_BUDGET_MS} ms budget (load average ${load()})`,
  );
  const comparisons = await compareWithIcalJs(now);
  console.log(`\nLoad average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}`);
  console.log('\nThe engine against ical.js 2.2.1, same texts and spans, in turns (medians):');
  for (const comparison of comparisons) console.log(`- ${comparisonLine(comparison)}`);

  const span = { from: now - DAY, to: now + 8 * DAY, machineZone: MACHINE_ZONE };
  const tiny = calendarText([{ uid: 'warm', start: now, end: now + 60_000, summary: 'Warm' }]);
  const reader = new CalendarReader();
  try {
    console.error('timetable bench: the main loop idle for 2 s…');
    const { loop: idle } = await measureLoop(() => pause(2_000));

    console.error('timetable bench: starting the reader’s thread…');
    const { loop: start } = await measureLoop(() => reader.read(tiny, span));

    const cases: [string, () => string][] = [
      ['school year (1,500 occurrences)', () => schoolYear(now)],
      ['VTIMEZONE changing every minute since 1601', () => endlessZone(now)],
      ['100 series every second without end', () => secondlySeries(now)],
      ['100,000 VEVENTs', () => manyEvents(now)],
      ['10,000 places', () => manyLocations(now)],
    ];
    const results: CaseResult[] = [];
    for (const [name, make] of cases) {
      console.error(`timetable bench: ${name}…`);
      const text = make();
      await reader.read(tiny, span);
      // The garbage of making the text is the bench's, not the reading's.
      collectGarbage();
      const { result: outcome, loop } = await measureLoop(() => reader.read(text, span));
      results.push({
        name,
        mib: mb(Buffer.byteLength(text)),
        outcome: said(outcome),
        workerMs: outcome.kind === 'read' || outcome.kind === 'stopped' ? outcome.ms : null,
        loop,
      });
    }

    // Memory: each hostile calendar in a thread of its own, the process's RSS sampled while it is
    // read, then 2 s after its thread ended.
    const memory: MemoryResult[] = [];
    for (const [name, make] of cases.slice(1)) {
      console.error(`timetable bench: memory of ${name}…`);
      const text = make();
      // The garbage of making the text collected, and the RSS settled, before the reading.
      collectGarbage();
      await pause(1_000);
      collectGarbage();
      const before = process.memoryUsage.rss();
      const own = new CalendarReader();
      let outcome: ReadOutcome;
      let peak: number;
      try {
        ({ result: outcome, peak } = await peakRss(() => own.read(text, span)));
      } finally {
        await own.stop();
      }
      await pause(2_000);
      memory.push({
        name,
        outcome: said(outcome),
        peakAddedMb: mb(peak - before),
        afterMb: mb(process.memoryUsage.rss() - before),
      });
    }

    console.error('timetable bench: the school year, again and again…');
    const school = schoolYear(now);
    const year = { from: now - 182 * DAY, to: now + 183 * DAY, machineZone: MACHINE_ZONE };
    const workerTimes: Record<string, { first: number; median: number; occurrences: number }> = {};
    for (const [label, window] of [
      ['app span', span],
      ['whole year', year],
    ] as const) {
      const fresh = new CalendarReader();
      const times: number[] = [];
      let occurrences = 0;
      try {
        for (let round = 0; round <= ROUNDS; round += 1) {
          const outcome = await fresh.read(school, window);
          if (outcome.kind !== 'read') throw new Error(`school year: ${said(outcome)}`);
          times.push(outcome.ms);
          occurrences = outcome.reading.events.length;
        }
      } finally {
        await fresh.stop();
      }
      const [first = 0, ...warm] = times;
      warm.sort((a, b) => a - b);
      workerTimes[label] = { first, median: warm[Math.floor(warm.length / 2)] ?? 0, occurrences };
    }

    report(idle, start, results, memory, workerTimes);
  } finally {
    await reader.stop();
  }
}

function report(
  idle: LoopCost,
  start: LoopCost,
  results: CaseResult[],
  memory: MemoryResult[],
  workerTimes: Record<string, { first: number; median: number; occurrences: number }>,
): void {
  const loopLine = (loop: LoopCost) =>
    `p99 ${round(loop.p99Ms)} ms, max ${round(loop.maxMs)} ms, busy ${round(loop.busyMs)} ms, ` +
    `CPU ${loop.cpuMs ?? '?'} ms, of ${Math.round(loop.wallMs)} ms`;
  console.log(`\nMain thread idle (the machine alone): ${loopLine(idle)}`);
  console.log(`Starting the reader's thread: ${loopLine(start)}`);
  console.log(`\nBudget ${READ_BUDGET_MS} ms per feed. Main thread while each calendar is read:`);
  for (const result of results) {
    console.log(
      `- ${result.name} (${round(result.mib)} MiB): ${result.outcome}` +
        `${result.workerMs === null ? '' : ` after ${Math.round(result.workerMs)} ms in the thread`}\n` +
        `  main loop: ${loopLine(result.loop)} (goal p99 ≤ ${GOAL_P99_MS} ms)`,
    );
  }
  console.log(`\nMemory added while each hostile calendar is read in a thread of its own:`);
  for (const result of memory) {
    console.log(
      `- ${result.name}: ${result.outcome}; peak +${Math.round(result.peakAddedMb)} MB RSS ` +
        `(goal ≤ ${GOAL_PEAK_MB} MB), +${Math.round(result.afterMb)} MB 2 s after its thread ended`,
    );
  }
  console.log('\nWorker time for the school year (1,500 occurrences in the year):');
  for (const [label, times] of Object.entries(workerTimes)) {
    console.log(
      `- ${label} (${times.occurrences} occurrences): first read in a new thread ${round(times.first)} ms, ` +
        `median of ${ROUNDS} in a warm thread ${round(times.median)} ms (goal ≤ ${GOAL_SCHOOL_MS} ms)`,
    );
  }
}
