/**
 * npm run bench -- renderer: the classroom window in headless Chromium, over an in-page fake
 * RendererApi (`window.classTray`, as Electron's preload provides it).
 *
 * - first render: ms from navigation start until the first device row is in the DOM, for a
 *   2,000-device classroom (median of RUNS fresh pages), against the same for a bare page: a
 *   minimal React 19 page (test/bench/barePage) rendering the same state's 2,000 devices as plain
 *   rows. The two take turns, in the same browser, each page fresh; the ratio is the window's
 *   median over the bare page's (goal: at most 0.8). Beside it: the window's main chunk, the
 *   scripts each page had loaded by its first row, the layouts forced before the first paint and
 *   when each page's entry scripts had been evaluated (TRACED_RUNS traced pages of each), and the
 *   machine's load average, before and after;
 * - rows rendered when one device changes: DeviceRow counts its renders in a `--mode bench`
 *   build (see src-renderer/views/benchCounter.ts); the goal is 1;
 * - JS heap after loading a 5,000-device classroom (after a forced GC), against an empty one.
 *
 * Both are built here, the window in bench mode, into a temporary folder; pages load them from a
 * routed origin, so no server and no network are involved. BENCH_TRACE=<folder> writes the traced
 * pages' Chromium traces there (open them in DevTools' Performance panel); BENCH_CPU_PROFILE=<folder>
 * a CPU profile of one more page of each, from navigation to its first row.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { launchChromium } from '../support/chromium';
import { builtPage, ORIGIN } from './builtPage';
import { classTrayState, device } from '../support/classTrayState';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BARE_PAGE = fileURLToPath(new URL('./barePage/', import.meta.url));
/** Fresh pages of each, the window and the bare page taking turns. */
const RUNS = 11;
const FIRST_RENDER_DEVICES = 2_000;
const HEAP_DEVICES = 5_000;
const RATIO_GOAL = 0.8;
/** Traced pages of each (apart from the timed ones: tracing slows a page). */
const TRACED_RUNS = 3;

/** What the in-page fake exposes to the bench. */
interface BenchWindow {
  classTrayRowRenders?: number;
  benchFirstRowAt?: number;
  benchPush(change: ClassTrayChange): void;
}

/** The bench classroom: `count` devices, some without alias, offline, disabled or without 2FA. */
function benchState(count: number): ClassTrayState {
  const devices = Array.from({ length: count }, (_, i) =>
    device(i, {
      remoteId: String(100_000_000 + i * 7_919),
      alias: i % 8 === 0 ? null : `LAB-PC${String(i + 1).padStart(4, '0')}`,
      online: i % 3 !== 0,
      status: i % 16 === 0 ? 'disabled' : 'enabled',
      has2fa: i % 7 !== 0,
    }),
  );
  return classTrayState({
    devices,
    classroom: { id: 'bench', nickname: 'Bench', recent: [{ id: 'bench' }] },
    connection: { lastSuccessAt: new Date().toISOString() },
    // The service's order, so "index 1 and 2 are on screen" holds: Problems first would put the
    // 667 offline devices above them.
    preferences: { problemsFirst: false },
  });
}

/**
 * Runs in the page before any of its scripts: a fake `window.classTray` serving `state`, and an
 * observer that notes when the first device row appears.
 */
function installFakeApi(state: ClassTrayState): void {
  const listeners = new Set<(change: ClassTrayChange) => void>();
  const none = async () => undefined;
  const bench = window as unknown as BenchWindow & { classTray: unknown };
  bench.classTray = {
    getState: async () => state,
    subscribe(listener: (change: ClassTrayChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: none,
    selectClassroom: none,
    renameClassroom: none,
    forgetClassroom: none,
    addTemporalAccess: async () => ({ ok: false, problem: 'no-token' }),
    removeTemporalAccess: none,
    invalidateTemporalAccess: async () => ({ kind: 'already-ended', warnNo2fa: false }),
    connectService: none,
    forgetToken: none,
    setMode: none,
    updatePreferences: none,
    copyDevicePassword: async () => ({ copied: false }),
  };
  bench.benchPush = (change) => {
    for (const listener of listeners) listener(change);
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="listitem"]')) {
      bench.benchFirstRowAt = performance.now();
      // For the traced pages: where the first paint with rows begins.
      performance.mark('bench-first-row');
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * A fresh page of the build in `dir` over `devices` devices, ready once it shows its first row
 * (or the window's empty state).
 */
async function openPage(
  browser: Browser,
  dir: string,
  devices: number,
  watch: { trace?: true; profile?: (profile: unknown) => Promise<void> } = {},
): Promise<Page> {
  const page = await builtPage(browser, dir, installFakeApi, benchState(devices));
  if (watch.trace) {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'disabled-by-default-devtools.timeline.stack',
      ],
    });
  }
  const session = watch.profile && (await page.context().newCDPSession(page));
  if (session) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
  }
  await page.goto(`${ORIGIN}/`);
  if (devices === 0) await page.getByText('This classroom has no devices.').waitFor();
  else {
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).benchFirstRowAt !== undefined,
    );
  }
  if (session) await watch.profile?.((await session.send('Profiler.stop')).profile);
  return page;
}

const firstRowAt = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as BenchWindow).benchFirstRowAt ?? Number.NaN);

/** The scripts a page had asked for by its first row, by file name, with their sizes. */
function scriptsBeforeFirstRow(page: Page): Promise<{ name: string; bytes: number }[]> {
  return page.evaluate(() => {
    const at = (window as unknown as BenchWindow).benchFirstRowAt ?? Infinity;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < at && entry.name.endsWith('.js'))
      .map((entry) => ({
        name: entry.name.slice(entry.name.lastIndexOf('/') + 1),
        bytes: entry.decodedBodySize,
      }));
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/** Trace events in which a page's script runs. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
]);

/**
 * Layouts a script forced before the page's first paint with rows, in a Chromium trace: the
 * layouts the browser does for a frame run outside any script; one that a script's read of
 * geometry forces (getBoundingClientRect, scrollTop, clientWidth…) runs inside it.
 */
function forcedLayoutsBeforePaint(trace: Buffer): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const firstRow = traceEvents.find((event) => event.name === 'bench-first-row')?.ts ?? Infinity;
  const paint = traceEvents
    .filter((event) => event.name === 'Paint' && event.ts > firstRow)
    .reduce((first, event) => Math.min(first, event.ts), Infinity);
  const complete = traceEvents.filter((event) => event.ph === 'X' && event.ts < paint);
  const scripts = complete.filter((event) => SCRIPT_EVENTS.has(event.name));
  return complete.filter(
    (layout) =>
      layout.name === 'Layout' &&
      scripts.some(
        (script) =>
          script.pid === layout.pid &&
          script.tid === layout.tid &&
          script.ts <= layout.ts &&
          layout.ts < script.ts + (script.dur ?? 0),
      ),
  ).length;
}

/**
 * The page's main thread's own CPU time from the start of the trace to its first row, in ms: the
 * work the page did, whatever else the machine's cores were doing meanwhile.
 */
function mainThreadCpuToFirstRow(trace: Buffer): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = traceEvents.find((event) => event.name === 'bench-first-row');
  if (!mark) return Number.NaN;
  const tasks = traceEvents
    .filter(
      (event) =>
        event.ph === 'X' && event.pid === mark.pid && event.tid === mark.tid && event.ts < mark.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let end = -Infinity;
  for (const task of tasks) {
    // Top-level tasks only: the events inside one are counted in its time.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    // The task the first row was noted in, up to the note.
    cpu += end > mark.ts ? mark.ts - task.ts : (task.tdur ?? task.dur ?? 0);
  }
  return cpu / 1000;
}

/**
 * When, in ms after the page's navigation, its entry scripts had been evaluated (the end of the
 * task that ran the first module: React's and the page's own code, before any render) and its
 * first row was in: the part of the first row no render can take back.
 */
function entryEvaluated(trace: Buffer): { evaluatedAt: number; firstRowAt: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const none = { evaluatedAt: Number.NaN, firstRowAt: Number.NaN };
  const mark = traceEvents.find((event) => event.name === 'bench-first-row');
  const navigation = traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.documentLoaderURL?.startsWith(ORIGIN) === true,
  );
  if (!mark || !navigation) return none;
  const onPage = traceEvents.filter(
    (event) => event.ph === 'X' && event.pid === mark.pid && event.tid === mark.tid,
  );
  const evaluation = onPage
    .filter((event) => event.name === 'v8.evaluateModule' && event.ts > navigation.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!evaluation) return none;
  const task = onPage
    .filter((event) => event.ts <= evaluation.ts && evaluation.ts < event.ts + (event.dur ?? 0))
    .sort((a, b) => a.ts - b.ts)[0];
  const end = task ? task.ts + (task.dur ?? 0) : evaluation.ts + (evaluation.dur ?? 0);
  return {
    evaluatedAt: (end - navigation.ts) / 1000,
    firstRowAt: (mark.ts - navigation.ts) / 1000,
  };
}

/**
 * One traced page of the build in `dir`: its forced layouts; its trace, and a CPU profile of one
 * more page, kept when asked.
 */
interface Watched {
  forced: number;
  cpu: number;
  evaluatedAt: number;
  firstRowAt: number;
}

async function watchedPages(browser: Browser, dir: string, name: string): Promise<Watched> {
  const page = await openPage(browser, dir, FIRST_RENDER_DEVICES, { trace: true });
  // The first paint after the first row.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const trace = await browser.stopTracing();
  await page.context().close();
  const traces = process.env['BENCH_TRACE'];
  if (traces) {
    await mkdir(traces, { recursive: true });
    await writeFile(join(traces, `${name}.json`), trace);
  }
  const profiles = process.env['BENCH_CPU_PROFILE'];
  if (profiles) {
    await mkdir(profiles, { recursive: true });
    const profiled = await openPage(browser, dir, FIRST_RENDER_DEVICES, {
      profile: (profile) =>
        writeFile(join(profiles, `${name}.cpuprofile`), JSON.stringify(profile)),
    });
    await profiled.context().close();
  }
  return {
    forced: forcedLayoutsBeforePaint(trace),
    cpu: mainThreadCpuToFirstRow(trace),
    ...entryEvaluated(trace),
  };
}

/** Rows rendered by one pushed change, counted once the next two frames have been painted. */
async function rowsRenderedBy(page: Page, change: ClassTrayChange): Promise<number> {
  return page.evaluate(async (pushed) => {
    const bench = window as unknown as BenchWindow;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    bench.classTrayRowRenders = 0;
    bench.benchPush(pushed);
    await frame();
    await frame();
    return bench.classTrayRowRenders;
  }, change);
}

async function heapUsedMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The window's main chunk: the script its index.html loads, and its size. */
async function mainChunk(dir: string): Promise<{ name: string; bytes: number }> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const name = /<script type="module"[^>]* src="\.\/([^"]+\.js)"/.exec(html)?.[1];
  if (name === undefined) throw new Error(`${dir}/index.html loads no script.`);
  return { name, bytes: (await stat(join(dir, name))).size };
}

function printTable(rows: [string, string, string][]): void {
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: [string, string, string]) =>
    `| ${row[0].padEnd(widths[0] ?? 0)} | ${row[1].padStart(widths[1] ?? 0)} | ${row[2].padEnd(widths[2] ?? 0)} |`;
  const [head, ...body] = rows;
  if (!head) return;
  console.log(line(head));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of body) console.log(line(row));
}

const loadAverage = (): string =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

export async function benchRenderer(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'classtray-renderer-bench-'));
  const appDir = join(outDir, 'window');
  const bareDir = join(outDir, 'bare');
  const browser = await launchChromium('browser');
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'bench',
      logLevel: 'warn',
      build: { outDir: appDir, emptyOutDir: true },
    });
    await build({
      configFile: false,
      root: BARE_PAGE,
      base: './',
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir: bareDir, emptyOutDir: true },
    });
    const chunk = await mainChunk(appDir);
    const loadBefore = loadAverage();

    const firstRow = { window: [] as number[], bare: [] as number[] };
    const scripts: Record<'window' | 'bare', { name: string; bytes: number }[]> = {
      window: [],
      bare: [],
    };
    let rows: { inDom: number; visible: number; offscreen: number; renamed: number } | undefined;
    for (let run = 0; run < RUNS; run++) {
      // Taking turns, each first every other time.
      const order = run % 2 === 0 ? (['window', 'bare'] as const) : (['bare', 'window'] as const);
      for (const which of order) {
        const page = await openPage(
          browser,
          which === 'window' ? appDir : bareDir,
          FIRST_RENDER_DEVICES,
        );
        firstRow[which].push(await firstRowAt(page));
        if (run === 0) scripts[which] = await scriptsBeforeFirstRow(page);
        if (run === 0 && which === 'window') {
          // Index 1 is online and on screen; 1,999 is far below the fold.
          rows = {
            inDom: await page.evaluate(() => document.querySelectorAll('[role="listitem"]').length),
            visible: await rowsRenderedBy(page, {
              type: 'online-changed',
              remoteId: String(100_000_000 + 1 * 7_919),
              online: false,
            }),
            offscreen: await rowsRenderedBy(page, {
              type: 'online-changed',
              remoteId: String(100_000_000 + 1_999 * 7_919),
              online: true,
            }),
            renamed: await rowsRenderedBy(page, {
              type: 'device-changed',
              device: {
                remoteId: String(100_000_000 + 2 * 7_919),
                alias: 'Renamed',
                online: true,
                status: 'enabled',
                has2fa: true,
              },
            }),
          };
        }
        await page.context().close();
      }
    }
    const loadAfter = loadAverage();

    // Traced pages, taking turns too: the CPU time's median, every forced layout counted.
    const traced = { window: [] as Watched[], bare: [] as Watched[] };
    for (let run = 0; run < TRACED_RUNS; run++) {
      traced.window.push(await watchedPages(browser, appDir, 'window'));
      traced.bare.push(await watchedPages(browser, bareDir, 'bare'));
    }
    const summed = (pages: Watched[]): Watched => ({
      forced: pages.reduce((sum, page) => sum + page.forced, 0),
      cpu: median(pages.map((page) => page.cpu)),
      evaluatedAt: median(pages.map((page) => page.evaluatedAt)),
      firstRowAt: median(pages.map((page) => page.firstRowAt)),
    });
    const watched = { window: summed(traced.window), bare: summed(traced.bare) };
    const empty = await openPage(browser, appDir, 0);
    const emptyHeap = await heapUsedMb(empty);
    await empty.context().close();
    const full = await openPage(browser, appDir, HEAP_DEVICES);
    const fullHeap = await heapUsedMb(full);
    await full.context().close();

    const spread = (values: number[]) =>
      `median of ${RUNS}; min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;
    const loaded = (list: { name: string; bytes: number }[]) =>
      `${kB(list.reduce((sum, script) => sum + script.bytes, 0))} in ${list.length}`;
    const ratio = median(firstRow.window) / median(firstRow.bare);
    const devices = FIRST_RENDER_DEVICES.toLocaleString('en');
    printTable([
      ['measure', 'value', 'note'],
      [
        `first row, window (${devices} devices)`,
        `${median(firstRow.window).toFixed(0)} ms`,
        spread(firstRow.window),
      ],
      [
        `first row, bare page (${devices} plain rows)`,
        `${median(firstRow.bare).toFixed(0)} ms`,
        spread(firstRow.bare),
      ],
      [
        'window / bare page',
        ratio.toFixed(2),
        `goal ≤ ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'}`,
      ],
      ['window: main chunk', kB(chunk.bytes), `${chunk.name}; goal < 250 kB`],
      [
        'scripts loaded by the first row: window',
        loaded(scripts.window),
        scripts.window.map((script) => script.name).join(', '),
      ],
      [
        'scripts loaded by the first row: bare page',
        loaded(scripts.bare),
        scripts.bare.map((script) => script.name).join(', '),
      ],
      [
        'main thread CPU to the first row: window',
        `${watched.window.cpu.toFixed(0)} ms`,
        `bare page ${watched.bare.cpu.toFixed(0)} ms; median of ${TRACED_RUNS} traced pages of each`,
      ],
      [
        'entry scripts evaluated, after navigation',
        `${watched.window.evaluatedAt.toFixed(0)} ms`,
        `bare page ${watched.bare.evaluatedAt.toFixed(0)} ms; first rows ${watched.window.firstRowAt.toFixed(0)} and ${watched.bare.firstRowAt.toFixed(0)} ms (${RATIO_GOAL} of the bare page's: ${(RATIO_GOAL * watched.bare.firstRowAt).toFixed(0)}); traced`,
      ],
      [
        'layouts forced before the first paint',
        String(watched.window.forced),
        `bare page ${watched.bare.forced}; in all ${TRACED_RUNS} traced pages of each`,
      ],
      ['load average (1 / 5 / 15 min)', loadBefore, `after the first rows: ${loadAfter}`],
      ['rows in the DOM (virtualized)', String(rows?.inDom), '400x600 window, overscan 6'],
      ['rows rendered: visible device goes offline', String(rows?.visible), 'goal 1'],
      ['rows rendered: off-screen device comes online', String(rows?.offscreen), 'goal 0'],
      ['rows rendered: visible device renamed', String(rows?.renamed), 'goal 1'],
      [
        `JS heap, ${HEAP_DEVICES.toLocaleString('en')} devices`,
        `${fullHeap.toFixed(1)} MB`,
        `after GC; empty classroom ${emptyHeap.toFixed(1)} MB`,
      ],
    ]);
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
