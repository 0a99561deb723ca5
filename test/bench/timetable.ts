/**
 * npm run bench -- timetable: what reading a calendar costs the main thread, now that it is read
 * in a thread of its own (src-main/core/timetable/calendarReader.ts), for issue 25's cases; and
 * first, for issues 34 and 44: a valid 8 MiB feed of 70,000 events in the reader's thread as the
 * tray app builds it, the first reading in a new thread and warm ones, alone and with a process
 * keeping one core busy beside it (the budget counts the reading's own work, so a busy machine
 * reads it later, never refuses it); and the timetable command's start, expanding a real week,
 * against `node -e 0`. The engine against its peers is `npm run bench -- peers` (peers.ts).
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
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
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
import { bundled } from './bundle';
import { median } from './median';

const DAY = 86_400_000;
const ROUNDS = 10;
const GOAL_P99_MS = 20;
const GOAL_SCHOOL_MS = 50;
const GOAL_PEAK_MB = 256;
/** The 70,000-event feed's readings, cold and warm, with a busy core beside them. */
const GOAL_BUSY_MS = 1_000;
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

/**
 * The reader's thread as the tray app runs it: calendarWorker.ts built by esbuild (electron-vite
 * builds it for the app), so no tsx in the thread. Removed with its folder by `done`.
 */
async function builtWorker(): Promise<{ startWorker: StartWorker; done: () => Promise<void> }> {
  const { url, done } = await bundled(
    path.join(import.meta.dirname, '../../src-main/core/timetable/calendarWorker.ts'),
  );
  return { startWorker: (options) => new Worker(url, options), done };
}

/** A process keeping one core busy (a loop that never ends), stopped by `stop`. */
function busyCore(): { stop: () => void } {
  const loop = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const stop = () => {
    if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
  };
  process.once('exit', stop);
  return {
    stop: () => {
      stop();
      process.off('exit', stop);
    },
  };
}

interface LargeFeedReadings {
  mib: number;
  /** The first reading, in a new thread; then the median of the warm ones. */
  first: Timed;
  warm: Timed;
  stopped: number;
  load: string;
}

/** A reading's real time in its thread, the work its budget counted, and the main side's wait. */
interface Timed {
  ms: number;
  workMs: number;
  waitedMs: number;
}

/**
 * A 70,000-event feed of 8 MiB read in the reader's thread (built), with the app's budget and
 * cap: the first reading in a new thread, then ROUNDS in the warm one; with `busy`, while a
 * process keeps one of the machine's cores busy. A reading stopped past the budget counts as
 * infinitely long.
 */
async function largeFeedInThread(now: number, busy: boolean): Promise<LargeFeedReadings> {
  const text = roomFeed(now, 70_000);
  const span = { from: now - DAY, to: now + 8 * DAY, machineZone: MACHINE_ZONE };
  const { startWorker, done } = await builtWorker();
  const reader = new CalendarReader({ startWorker });
  const times: Timed[] = [];
  const loadBefore = load();
  const loop = busy ? busyCore() : undefined;
  try {
    for (let round = 0; round <= ROUNDS; round += 1) {
      collectGarbage();
      const asked = performance.now();
      const outcome = await reader.read(text, span);
      const waitedMs = performance.now() - asked;
      if (outcome.kind === 'read' && outcome.reading.eventsRead !== 70_700) {
        throw new Error(`70,000 events: ${said(outcome)}`);
      }
      times.push(
        outcome.kind === 'read'
          ? { ms: outcome.ms, workMs: outcome.workMs ?? Number.NaN, waitedMs }
          : {
              ms: Infinity,
              workMs: outcome.kind === 'stopped' ? (outcome.workMs ?? Infinity) : Infinity,
              waitedMs,
            },
      );
    }
  } finally {
    loop?.stop();
    await reader.stop();
    await done();
  }
  const [first = { ms: Infinity, workMs: Infinity, waitedMs: Infinity }, ...warm] = times;
  return {
    mib: mb(Buffer.byteLength(text)),
    first,
    warm: {
      ms: median(warm.map((timed) => timed.ms)),
      workMs: median(warm.map((timed) => timed.workMs)),
      waitedMs: median(warm.map((timed) => timed.waitedMs)),
    },
    stopped: times.filter((timed) => timed.ms === Infinity).length,
    load: `${loadBefore} → ${load()}`,
  };
}

const largeFeedLine = (label: string, readings: LargeFeedReadings) => {
  const inWords = ({ ms, workMs, waitedMs }: Timed) =>
    ms === Infinity
      ? 'stopped'
      : `${Math.round(ms)} ms (work counted ${Math.round(workMs)} ms, waited ${Math.round(waitedMs)} ms)`;
  return (
    `- ${label}: first read in a new thread ${inWords(readings.first)}; median of ${ROUNDS} warm ` +
    `${inWords(readings.warm)}; ${readings.stopped} of ${ROUNDS + 1} stopped past the ` +
    `${READ_BUDGET_MS} ms budget [load ${readings.load}]`
  );
};

/** Runs of each command in turns for the timetable command's start. */
const CLI_RUNS = 11;
/** Runs through npm (about half a second each, npm's own start). */
const NPM_RUNS = 5;
/** The command's goal: at most this many times `node -e 0`. */
const GOAL_CLI_RATIO = 2;

/**
 * `npm run timetable -- expand` as support runs it (without npm's own start): the built command
 * (builtCommand.mjs timetable) expanding the fixture week against `node -e 0`, in turns, wall time from spawn
 * to exit; medians. The first run of the command (which may build it) is not counted.
 */
async function commandStart(): Promise<{
  node: number;
  expand: number;
  npm: number;
  load: string;
  lines: number;
}> {
  const root = path.join(import.meta.dirname, '..', '..');
  const expand = [
    path.join(root, 'src-main/builtCommand.mjs'),
    'timetable',
    'expand',
    path.join(root, 'test/core/timetable/fixtures/cli-week.ics'),
    '--from',
    '2026-11-23',
    '--to',
    '2026-11-30',
    '--zone',
    'Europe/Madrid',
  ];
  const run = (args: string[], command = process.execPath) =>
    new Promise<{ ms: number; stdout: string; code: number | null }>((resolve, reject) => {
      const started = performance.now();
      const child = spawn(command, args, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.once('error', reject);
      child.once('close', (code) => resolve({ ms: performance.now() - started, stdout, code }));
    });
  const first = await run(expand);
  const lines = first.stdout.split('\n').filter((line) => line !== '').length;
  if (first.code !== 0 || lines === 0) {
    throw new Error(`The timetable command did not expand the fixture (exit ${first.code}).`);
  }
  const loadBefore = load();
  const node: number[] = [];
  const command: number[] = [];
  for (let round = 0; round < CLI_RUNS; round += 1) {
    const order = round % 2 === 0 ? [true, false] : [false, true];
    for (const isCommand of order) {
      const { ms, code } = await run(isCommand ? expand : ['-e', '0']);
      if (code !== 0) throw new Error(`A run exited with ${code}.`);
      (isCommand ? command : node).push(ms);
    }
  }
  // The same through npm, as support types it: npm's own start comes on top.
  const npm: number[] = [];
  for (let round = 0; round < NPM_RUNS; round += 1) {
    const { ms, code } = await run(
      ['run', '--silent', 'timetable', '--', ...expand.slice(2)],
      'npm',
    );
    if (code !== 0) throw new Error(`npm run timetable exited with ${code}.`);
    npm.push(ms);
  }
  return {
    node: median(node),
    expand: median(command),
    npm: median(npm),
    load: `${loadBefore} → ${load()}`,
    lines,
  };
}

export async function benchTimetable(): Promise<void> {
  const now = Date.now() - (Date.now() % 60_000);
  console.error('timetable bench: 70,000 events in the reader’s thread (built)…');
  const quiet = await largeFeedInThread(now, false);
  console.error('timetable bench: the same with a busy core beside it…');
  const busy = await largeFeedInThread(now, true);
  console.log(
    `\n70,000 events (${round(quiet.mib)} MiB) in the reader's thread (built, as the tray app), ` +
      `real time in the thread, the work its budget counted (its CPU time) and the main side's ` +
      `wait; goals: ≤ ${READ_BUDGET_MS / 4} ms warm, ≤ ${GOAL_BUSY_MS} ms with a busy core:`,
  );
  console.log(largeFeedLine('alone', quiet));
  console.log(largeFeedLine('with a busy core beside it', busy));

  console.error('timetable bench: the timetable command against `node -e 0`, in turns…');
  const cli = await commandStart();
  console.log(
    `\nThe timetable command, built, expanding a week of the fixture (${cli.lines} lines): ` +
      `${Math.round(cli.expand)} ms from spawn to exit against ${Math.round(cli.node)} ms for ` +
      `\`node -e 0\` (medians of ${CLI_RUNS} in turns): ${(cli.expand / cli.node).toFixed(2)}x ` +
      `(goal ≤ ${GOAL_CLI_RATIO}x); through \`npm run timetable\` ${Math.round(cli.npm)} ms ` +
      `(median of ${NPM_RUNS}) [load ${cli.load}]`,
  );

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
