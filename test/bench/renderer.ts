/**
 * npm run bench -- renderer: the classroom window in headless Chromium, over an in-page fake
 * RendererApi (`window.classTray`, as Electron's preload provides it).
 *
 * - first row: ms from navigation start until the first device row is in the DOM, for a
 *   2,000-device classroom, against the same for a bare page: a minimal React 19 page
 *   (test/bench/barePage) rendering the same state's 2,000 devices as plain rows. Each is loaded
 *   three times in a fresh Chromium profile: cold (empty caches), a second and a third time, each
 *   in a new tab once the last is closed, as the app loads its window at each start. The two
 *   take turns, RUNS profiles of each; each load's ratio is the window's median over the bare
 *   page's. Goals (issue 53): cold at most 1.3, second and third at most 1.0. Beside them: the
 *   main thread's own CPU time to the first row and the scripts V8 took from its code cache, for
 *   each load (TRACED_RUNS traced profiles of each); the window's main chunk, the scripts each page
 *   had loaded by its first row, the layouts forced before the first paint, when each page's entry
 *   scripts had been evaluated, and the machine's load average, before and after;
 * - rows rendered when one device changes: DeviceRow counts its renders in a `--mode bench`
 *   build (see src-renderer/views/benchCounter.ts); the goal is 1;
 * - JS heap after loading a 5,000-device classroom (after a forced GC), against an empty one.
 *
 * Both are built here, the window in bench mode, into a temporary folder, and served from
 * 127.0.0.1 with the headers a web server gives a Vite build (builtPage.ts: routed responses
 * would bypass the HTTP cache). The app's window comes from `app://`, which keeps V8's code cache
 * (`codeCache: true`, src-main/electron/security.ts) and writes it at the first load
 * (`v8CacheOptions: 'bypassHeatCheck'`, src-main/electron/window.ts); Chromium here keeps its heat
 * check, writing a script's code cache at its second load and using it from the third: the third
 * load is what the window gets at its second and later starts, the second one its HTTP cache
 * warm and its code compiled afresh. BENCH_TRACE=<folder> writes the traced pages' Chromium traces
 * there (open them in DevTools' Performance panel); BENCH_CPU_PROFILE=<folder> a CPU profile of
 * one more cold page of each, from navigation to its first row.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { fakeApiScript, serveBuild, type ServedBuild } from './builtPage';
import { BROWSER, CHROMIUM_SWITCHES } from '../support/chromium';
import { classTrayState, device } from '../support/classTrayState';
import { median } from './median';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BARE_PAGE = fileURLToPath(new URL('./barePage/', import.meta.url));
/** Fresh profiles of each, three loads in each, the window and the bare page taking turns. */
const RUNS = 11;
const FIRST_RENDER_DEVICES = 2_000;
const HEAP_DEVICES = 5_000;
/** A profile's loads of a page, in order: its caches empty, then warm. */
const LOADS = ['cold', 'second', 'third'] as const;
type Load = (typeof LOADS)[number];
/** The window's first row over the bare page's, at most (issue 53). */
const RATIO_GOALS: Record<Load, number> = { cold: 1.3, second: 1.0, third: 1.0 };
/** Traced profiles of each (apart from the timed ones: tracing slows a page). */
const TRACED_RUNS = 3;
type Which = 'window' | 'bare';

/** The browser test/support/chromium.ts launches for this bench, with its switches. */
const BROWSER_ARGS = [
  ...CHROMIUM_SWITCHES,
  // With it on, this Chromium (150) streamed and compiled afresh every module script that came
  // from its HTTP cache, never taking the code cache it had written for it (no consumedCacheSize
  // in any load's trace); off, each script's code comes from that cache from the third load.
  '--disable-features=BackgroundResourceFetch',
];

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
      // Told to the bench without it running anything in the page (see openPage).
      console.debug('bench-first-row');
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * `use` in a Chromium profile of its own on disk, closed and removed after: a context of
 * `browser.newContext()` is kept in memory, and Chromium writes no V8 code cache for those.
 */
async function inFreshProfile<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = await mkdtemp(join(tmpdir(), 'classtray-renderer-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: BROWSER,
      args: BROWSER_ARGS,
      viewport: { width: 400, height: 600 },
    });
    try {
      return await use(context);
    } finally {
      await context.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/** `measure` of each load, one after another, in LOADS' order. */
async function inTurn<T>(measure: (load: Load) => Promise<T>): Promise<Record<Load, T>> {
  return {
    cold: await measure('cold'),
    second: await measure('second'),
    third: await measure('third'),
  };
}

/**
 * A new tab of `context` loading the build served at `origin` over `devices` devices, ready once
 * it shows its first row (or the window's empty state).
 */
async function openPage(
  context: BrowserContext,
  origin: string,
  devices: number,
  watch: { trace?: true; profile?: (profile: unknown) => Promise<void> } = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: fakeApiScript(installFakeApi, benchState(devices)) });
  if (watch.trace) {
    await browserOf(context).startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'disabled-by-default-devtools.timeline.stack',
      ],
    });
  }
  const session = watch.profile && (await context.newCDPSession(page));
  if (session) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
  }
  // The page's note of its first row, listened for: polling for it (waitForFunction) had
  // Playwright compile its own script in the page as it loaded (7 to 10 ms), at times before the
  // window's first render, which waits for its language; never before the bare page's.
  const firstRow =
    devices === 0
      ? undefined
      : page.waitForEvent('console', (message) => message.text() === 'bench-first-row');
  await page.goto(`${origin}/`);
  if (firstRow === undefined) await page.getByText('This classroom has no devices.').waitFor();
  else await firstRow;
  if (session) await watch.profile?.((await session.send('Profiler.stop')).profile);
  return page;
}

/** The browser of a profile's context (Playwright gives it for Chromium's). */
function browserOf(context: BrowserContext) {
  const browser = context.browser();
  if (!browser) throw new Error('This browser context has no browser to trace it.');
  return browser;
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
  args?: {
    data?: { documentLoaderURL?: string; url?: string; consumedCacheSize?: number };
  };
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
function entryEvaluated(
  trace: Buffer,
  origin: string,
): { evaluatedAt: number; firstRowAt: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const none = { evaluatedAt: Number.NaN, firstRowAt: Number.NaN };
  const mark = traceEvents.find((event) => event.name === 'bench-first-row');
  const navigation = traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.documentLoaderURL?.startsWith(origin) === true,
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
 * The page's scripts V8 compiled, and how many of them it took from its code cache (a compile
 * event that names the cache it consumed, in a Chromium trace).
 */
function scriptsFromCodeCache(trace: Buffer, origin: string): { cached: number; compiled: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const compiles = traceEvents.filter(
    (event) =>
      (event.name === 'v8.compileModule' || event.name === 'v8.compile') &&
      event.args?.data?.url?.startsWith(origin) === true,
  );
  return {
    cached: compiles.filter((event) => (event.args?.data?.consumedCacheSize ?? 0) > 0).length,
    compiled: compiles.length,
  };
}

/** What a traced load showed. */
interface Watched {
  forced: number;
  cpu: number;
  evaluatedAt: number;
  firstRowAt: number;
  cached: number;
  compiled: number;
}

/**
 * A fresh profile's three traced loads of the build served at `origin`, each kept as
 * `<name>-<load>.json` when asked; and, when asked, a CPU profile of one more cold page.
 */
async function watchedLoads(origin: string, name: string): Promise<Record<Load, Watched>> {
  const traces = process.env['BENCH_TRACE'];
  const watched = await inFreshProfile((context) =>
    inTurn(async (load) => {
      const page = await openPage(context, origin, FIRST_RENDER_DEVICES, { trace: true });
      // The first paint after the first row.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const trace = await browserOf(context).stopTracing();
      await page.close();
      if (traces) {
        await mkdir(traces, { recursive: true });
        await writeFile(join(traces, `${name}-${load}.json`), trace);
      }
      return {
        forced: forcedLayoutsBeforePaint(trace),
        cpu: mainThreadCpuToFirstRow(trace),
        ...entryEvaluated(trace, origin),
        ...scriptsFromCodeCache(trace, origin),
      };
    }),
  );
  const profiles = process.env['BENCH_CPU_PROFILE'];
  if (profiles) {
    await mkdir(profiles, { recursive: true });
    await inFreshProfile((context) =>
      openPage(context, origin, FIRST_RENDER_DEVICES, {
        profile: (profile) =>
          writeFile(join(profiles, `${name}.cpuprofile`), JSON.stringify(profile)),
      }),
    );
  }
  return watched;
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

/** Rows in the DOM of the window's page, and rows rendered by each change the bench pushes. */
async function rowsRendered(page: Page) {
  // Index 1 is online and on screen; 1,999 is far below the fold.
  return {
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

/**
 * A fresh profile's three loads of the build served at `origin`: each one's first row, in ms;
 * `onCold` is given the cold page before it closes.
 */
function firstRows(
  origin: string,
  onCold: (page: Page) => Promise<void>,
): Promise<Record<Load, number>> {
  return inFreshProfile((context) =>
    inTurn(async (load) => {
      const page = await openPage(context, origin, FIRST_RENDER_DEVICES);
      const time = await firstRowAt(page);
      if (load === 'cold') await onCold(page);
      await page.close();
      return time;
    }),
  );
}

export async function benchRenderer(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'classtray-renderer-bench-'));
  const appDir = join(outDir, 'window');
  const bareDir = join(outDir, 'bare');
  const servers: ServedBuild[] = [];
  const serve = async (dir: string): Promise<string> => {
    const server = await serveBuild(dir);
    servers.push(server);
    return server.origin;
  };
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
    const origins: Record<Which, string> = {
      window: await serve(appDir),
      bare: await serve(bareDir),
    };
    const chunk = await mainChunk(appDir);
    const loadBefore = loadAverage();

    const firstRow: Record<Which, Record<Load, number[]>> = {
      window: { cold: [], second: [], third: [] },
      bare: { cold: [], second: [], third: [] },
    };
    const scripts: Record<Which, { name: string; bytes: number }[]> = { window: [], bare: [] };
    let rows: Awaited<ReturnType<typeof rowsRendered>> | undefined;
    for (let run = 0; run < RUNS; run++) {
      // Taking turns, each first every other time.
      const order = run % 2 === 0 ? (['window', 'bare'] as const) : (['bare', 'window'] as const);
      for (const which of order) {
        const times = await firstRows(origins[which], async (page) => {
          if (run !== 0) return;
          scripts[which] = await scriptsBeforeFirstRow(page);
          if (which === 'window') rows = await rowsRendered(page);
        });
        for (const load of LOADS) firstRow[which][load].push(times[load]);
      }
    }
    const loadAfter = loadAverage();

    // Traced profiles, taking turns too: the CPU time's median, every script and layout counted.
    const traced: Record<Which, Record<Load, Watched>[]> = { window: [], bare: [] };
    for (let run = 0; run < TRACED_RUNS; run++) {
      traced.window.push(await watchedLoads(origins.window, `window-${run + 1}`));
      traced.bare.push(await watchedLoads(origins.bare, `bare-${run + 1}`));
    }
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    /** A load of each traced profile of `which`, summed up. */
    const watched = (which: Which, load: Load): Watched => {
      const loads = traced[which].map((profile) => profile[load]);
      return {
        forced: sum(loads.map((page) => page.forced)),
        cpu: median(loads.map((page) => page.cpu)),
        evaluatedAt: median(loads.map((page) => page.evaluatedAt)),
        firstRowAt: median(loads.map((page) => page.firstRowAt)),
        cached: sum(loads.map((page) => page.cached)),
        compiled: sum(loads.map((page) => page.compiled)),
      };
    };
    const heapOf = (devices: number) =>
      inFreshProfile(async (context) =>
        heapUsedMb(await openPage(context, origins.window, devices)),
      );
    const emptyHeap = await heapOf(0);
    const fullHeap = await heapOf(HEAP_DEVICES);

    const spread = (values: number[]) =>
      `median of ${RUNS}; min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;
    const loaded = (list: { name: string; bytes: number }[]) =>
      `${kB(list.reduce((total, script) => total + script.bytes, 0))} in ${list.length}`;
    const devices = FIRST_RENDER_DEVICES.toLocaleString('en');
    const loadRows = LOADS.flatMap((load): [string, string, string][] => {
      const window = firstRow.window[load];
      const bare = firstRow.bare[load];
      const ratio = median(window) / median(bare);
      const goal = RATIO_GOALS[load];
      const cpu = { window: watched('window', load).cpu, bare: watched('bare', load).cpu };
      const cached = (which: Which) =>
        `${watched(which, load).cached}/${watched(which, load).compiled}`;
      return [
        [
          `first row, ${load}: window (${devices} devices)`,
          `${median(window).toFixed(0)} ms`,
          spread(window),
        ],
        [
          `first row, ${load}: bare page (${devices} plain rows)`,
          `${median(bare).toFixed(0)} ms`,
          spread(bare),
        ],
        [
          `window / bare page, ${load}`,
          ratio.toFixed(2),
          `goal ≤ ${goal.toFixed(1)}: ${ratio <= goal ? 'met' : 'NOT met'}`,
        ],
        [
          `main thread CPU to the first row, ${load}: window`,
          `${cpu.window.toFixed(0)} ms`,
          `bare page ${cpu.bare.toFixed(0)} ms (${(cpu.window / cpu.bare).toFixed(2)}x); median of ${TRACED_RUNS} traced loads of each`,
        ],
        [
          `scripts from V8's code cache, ${load}: window`,
          cached('window'),
          `bare page ${cached('bare')}; in all ${TRACED_RUNS} traced loads of each`,
        ],
      ];
    });
    const cold = { window: watched('window', 'cold'), bare: watched('bare', 'cold') };
    const forced = (which: Which) => sum(LOADS.map((load) => watched(which, load).forced));
    printTable([
      ['measure', 'value', 'note'],
      ...loadRows,
      ['window: main chunk', kB(chunk.bytes), `${chunk.name}; goal < 250 kB`],
      [
        'scripts loaded by the first row, cold: window',
        loaded(scripts.window),
        scripts.window.map((script) => script.name).join(', '),
      ],
      [
        'scripts loaded by the first row, cold: bare page',
        loaded(scripts.bare),
        scripts.bare.map((script) => script.name).join(', '),
      ],
      [
        'entry scripts evaluated, cold, after navigation',
        `${cold.window.evaluatedAt.toFixed(0)} ms`,
        `bare page ${cold.bare.evaluatedAt.toFixed(0)} ms; first rows ${cold.window.firstRowAt.toFixed(0)} and ${cold.bare.firstRowAt.toFixed(0)} ms; traced`,
      ],
      [
        'layouts forced before the first paint',
        String(forced('window')),
        `bare page ${forced('bare')}; in all ${TRACED_RUNS * LOADS.length} traced loads of each`,
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
    await Promise.all(servers.map((server) => server.close()));
    await rm(outDir, { recursive: true, force: true });
  }
}
