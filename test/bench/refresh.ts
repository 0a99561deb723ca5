/**
 * npm run bench -- refresh: what one refresh costs the main thread with a large classroom, and
 * what a hostile service costs the preview in memory.
 *
 * 1. Core: a 5,000-device classroom (the whole account: 100 classroom and 100 account pages)
 *    served by the local service in its own process. Before each measured refresh a third of
 *    the devices flip online (PATCH /_local/devices/:id, not measured). Main-thread time is the
 *    event loop's busy time during `classTray.refresh()` (nodePerformance.eventLoopUtilization):
 *    requests, JSON parsing, validation, the diff, and a subscriber serializing each change as
 *    the preview's event stream does. The process's CPU time is given too: on a shared machine
 *    busy time also counts moments the thread was ready but not scheduled.
 *    The floor, in the same rounds and in turns with the refresh (the order alternating): the
 *    same 200 pages simply fetched and parsed (`await (await fetch(url)).json()`, 4 at a time as
 *    the core asks them) with the same HTTP client, Node's fetch, which the core is given in the
 *    preview; its busy time the same way. The ratio is the median of each round's refresh over
 *    its floor (goal: at most 1.2), so that both meet the same load. The availability history's
 *    share: the time in `Availability.saw` over the refresh's main-thread CPU time.
 *    Twice: with a third of the devices going online or offline (the lesson's usual refresh:
 *    the classroom list carries no online status, so its 100 pages come back unchanged and the
 *    client does not parse them again, see answerMemory.ts), and with the same third changing
 *    their two-factor setting too, so that every one of the 200 pages changed. The goal is the
 *    first's; the second is the refresh that can reuse nothing.
 * 2. Store: the batch the core sent for that refresh, parsed from its JSON and applied to a
 *    window store holding the 5,000 devices: one store update, timed.
 * 3. Peak RSS: the preview (runPreview, in a child process) pointed at a service whose list
 *    answers never end, asked to refresh REFRESHES times; the child reads its own VmHWM.
 *    Bounded: the child gives up after CHILD_SECONDS, and the service stops each body at 1 GiB.
 *
 * BENCH_CPU_PROFILE=<folder> writes CPU profiles of the measured rounds alone into that folder:
 * refresh.cpuprofile and floor.cpuprofile for the usual refresh, every-page-refresh.cpuprofile and
 * every-page-floor.cpuprofile for the other (the inspector's, as `node --cpu-prof` writes them;
 * open them in Chrome's DevTools).
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { PerformanceObserver, performance as nodePerformance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_AUTH_HEADER, PAGE_SIZE, servicePaths } from '../../src-main/contract/wire';
import type { ClassTrayChange } from '../../src-main/core/api/classTrayApi';
import { createClassTray } from '../../src-main/core/classTray';
import { silentLogger } from '../../src-main/core/logger';
import { Availability } from '../../src-main/core/readiness/availability';
import { AnswerMemory } from '../../src-main/core/service/answerMemory';
import { startDemoSchool } from '../../src-main/hosts/demoSchool';
import { runPreview } from '../../src-main/preview/runPreview';
import { createStore } from 'zustand/vanilla';
import type { ClassTrayData } from '../../src-renderer/store/classTrayStore';
import { applyChanges, fromSnapshot } from '../../src-renderer/store/classTrayStore';
import { accountFixture } from '../support/fixtures';
import { fault, startMisbehavingService } from '../support/misbehavingService';
import { signIn } from '../preview/session';
import { localServiceCommand, TSX, withBenchProcesses } from './benchProcesses';
import { median } from './median';

const DEVICES = 5_000;
const ROUNDS = 21;
const TOKEN = 'bench-token';
const CLASSROOM = 'room-a';
const GOAL_MS = 100;
/** The refresh's main-thread time over the floor's (fetching and parsing the same pages). */
const GOAL_RATIO = 1.2;
/** Pages in flight at once, as the core's page walk asks them. */
const CONCURRENCY = 4;
/** Refreshes the preview is asked for against the endless body. */
const REFRESHES = 10;
const CHILD_SECONDS = 60;
const THIS_FILE = fileURLToPath(import.meta.url);

interface RssReport {
  baselineMb: number;
  peakMb: number;
  refreshes: number;
  seconds: number;
  problem: string | null;
}

export async function benchRefresh(): Promise<void> {
  await withBenchProcesses('refresh', async ({ dir, startServer, run }) => {
    const fixtureFile = join(dir, 'fixture.json');
    await writeFile(fixtureFile, JSON.stringify(accountFixture(DEVICES, 1)));
    const service = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    console.error(`refresh bench: ${ROUNDS} refreshes of ${DEVICES} devices, a third flipping…`);
    const usual = await measureRefreshes(service, join(dir, 'data'), 'online');
    console.error('refresh bench: again, the third changing their two-factor setting too…');
    const everyPage = await measureRefreshes(service, join(dir, 'data-2fa'), 'online and 2fa');

    console.error('refresh bench: the preview against an endless body, in a child…');
    // Saving the account and opening the classroom each ask once and are answered (an empty page):
    // a service failing those is never saved, and the preview would be left on the demo school.
    const endless = await startMisbehavingService(({ index }) =>
      index < 2 ? fault.page([]) : fault.endless(1024 * 1024 * 1024),
    );
    let rss: RssReport;
    try {
      const output = await run('preview child', TSX, [THIS_FILE, 'rss-child', endless.url]);
      rss = JSON.parse(output.trim().split('\n').at(-1) ?? '') as RssReport;
      rss = { ...rss, problem: rss.problem ?? null };
      console.error(
        `refresh bench: the service handed ${mb(endless.endlessBytesSent())} MB to the sockets`,
      );
    } finally {
      await endless.close();
    }
    report(
      [
        { what: 'a third going online or offline (the classroom pages unchanged)', costs: usual },
        {
          what: 'a third changing their two-factor setting too (every page changed)',
          costs: everyPage,
        },
      ],
      rss,
    );
  });
}

/** What one stretch cost, in ms. */
interface Cost {
  /** The event loop's busy time (it counts the moments the thread waited for a core too). */
  busy: number;
  /** The main thread's own CPU time (Linux: /proc/thread-self/schedstat, in ns), NaN elsewhere. */
  thread: number;
  /** The process's CPU time, all its threads (GC helpers and libuv's pool included). */
  process: number;
  /** Garbage collection's pauses of the main thread (PerformanceObserver's 'gc' entries). */
  gc: number;
  /** The time in the availability history taking in the looks (`saw`). */
  history: number;
  /** Pages whose text had not changed, given again by the client without parsing (answerMemory). */
  reused: number;
}

/**
 * The time spent in `Availability.saw` so far, in ms: the history's part of a refresh (its file is
 * written apart, at most every 10 s, after the refresh that changed it). Real time, not the
 * thread's CPU time: /proc's figure moves in scheduler ticks, longer than one call (a 5,000-device
 * look takes a fraction of a millisecond); `saw` is synchronous, so only a preemption inflates it.
 */
const inHistory = { ms: 0 };
const saw = Availability.prototype.saw;
Availability.prototype.saw = function timedSaw(this: Availability, ...args) {
  const started = performance.now();
  try {
    saw.apply(this, args);
  } finally {
    inHistory.ms += performance.now() - started;
  }
};

/** Pages the client gave again unchanged so far (AnswerMemory.recall answering). */
const reusedPages = { count: 0 };
const recall = AnswerMemory.prototype.recall;
AnswerMemory.prototype.recall = function countedRecall(this: AnswerMemory<unknown>, ...args) {
  const recalled = recall.apply(this, args);
  if (recalled !== undefined) reusedPages.count++;
  return recalled;
};

interface RefreshCosts {
  core: Cost[];
  /** The floor: the same pages fetched and parsed, in the same rounds. */
  floor: Cost[];
  /** The machine's load average (1 minute) before the first round and after the last. */
  load: [number, number];
  storeMs: number[];
  changes: number[];
  batchKb: number[];
}

/** What changes before each refresh: a third of the devices go online or offline, or that and their 2FA. */
type Flip = 'online' | 'online and 2fa';

async function measureRefreshes(
  service: string,
  dataDir: string,
  flip: Flip,
): Promise<RefreshCosts> {
  const classTray = await createClassTray({
    dataDir,
    env: { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_SERVICE_URL: service },
    loadKeytar: () => Promise.reject(new Error('no keychain in the bench')),
    demoSchool: () => startDemoSchool(),
    log: silentLogger,
  });
  const costs: RefreshCosts = {
    core: [],
    floor: [],
    load: [loadavg()[0] ?? 0, 0],
    storeMs: [],
    changes: [],
    batchKb: [],
  };
  const fetchAndParse = roomFloor(service, CLASSROOM, DEVICES);
  const profile = await profiler(
    process.env['BENCH_CPU_PROFILE'],
    flip === 'online' ? '' : 'every-page-',
  );
  /** What `work` costs; in the CPU profile under `name`, but for the warm-up round. */
  const measured = async (
    name: string,
    round: number,
    work: () => Promise<unknown>,
  ): Promise<Cost> => {
    if (round > 0) await profile?.resume();
    let gc = 0;
    const pauses = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gc += entry.duration;
    });
    pauses.observe({ entryTypes: ['gc'] });
    const before = nodePerformance.eventLoopUtilization();
    const threadBefore = threadCpuMs();
    const cpuBefore = process.cpuUsage();
    const historyBefore = inHistory.ms;
    const reusedBefore = reusedPages.count;
    await work();
    const reused = reusedPages.count - reusedBefore;
    const history = inHistory.ms - historyBefore;
    const cpu = process.cpuUsage(cpuBefore);
    const thread = threadCpuMs() - threadBefore;
    const busy = nodePerformance.eventLoopUtilization(before).active;
    // The entries of the last collections are delivered on a later turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    pauses.disconnect();
    if (round > 0) await profile?.pause(name);
    return { busy, thread, process: (cpu.user + cpu.system) / 1000, gc, history, reused };
  };
  try {
    await classTray.connectService({ serviceUrl: service });
    await classTray.selectClassroom({ id: CLASSROOM });
    await classTray.refresh();
    const sent: string[] = [];
    // What a host does with each change: the preview serializes it for its event stream.
    classTray.subscribe((change) => sent.push(JSON.stringify(change)));
    // The window's store, fed by hand below so its work is not counted as the core's.
    const snapshot = fromSnapshot(await classTray.getState());
    const store = createStore<ClassTrayData>()(() => snapshot);
    let updates = 0;
    store.subscribe(() => updates++);
    let online = true;
    for (let round = 0; round < ROUNDS + 1; round++) {
      await flipAThird(service, online, DEVICES, flip === 'online and 2fa');
      online = !online;
      sent.length = 0;
      // In turns: the floor before the refresh on even rounds, after it on odd ones.
      const floorFirst =
        round % 2 === 0 ? await measured('floor', round, fetchAndParse) : undefined;
      const core = await measured('refresh', round, () => classTray.refresh());
      const floor = floorFirst ?? (await measured('floor', round, fetchAndParse));
      const batch = sent.find((text) => text.startsWith('{"type":"devices"'));
      if (batch === undefined) throw new Error('The refresh sent no batch of device changes.');
      // The window's side: the event parsed, then one store update, as connectStore makes it.
      const updatesBefore = updates;
      const started = performance.now();
      const change = JSON.parse(batch) as ClassTrayChange;
      store.setState(applyChanges(store.getState(), [change]), true);
      const storeMs = performance.now() - started;
      if (updates - updatesBefore !== 1) throw new Error('The batch took more than one update.');
      if (round === 0) continue; // warm-up
      costs.core.push(core);
      costs.floor.push(floor);
      costs.storeMs.push(storeMs);
      costs.changes.push(change.type === 'devices' ? change.changes.length : 0);
      costs.batchKb.push(batch.length / 1024);
    }
    await profile?.save();
  } finally {
    await classTray.close();
  }
  costs.load[1] = loadavg()[0] ?? 0;
  return costs;
}

/** The main thread's CPU time so far, in ms (Linux's schedstat, in ns); NaN elsewhere. */
function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU profiles of chosen moments only (the inspector's profiler, sampling every 100 µs), each
 * stretch filed under a name when paused, and written to `<dir>/<name>.cpuprofile` by `save`;
 * undefined without a folder. The stretches of one name are merged into one profile.
 */
async function profiler(dir: string | undefined, prefix: string) {
  if (dir === undefined || dir === '') return undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const parts = new Map<string, Profile[]>();
  return {
    resume: () => session.post('Profiler.start'),
    pause: async (name: string) => {
      const { profile } = await session.post('Profiler.stop');
      parts.set(name, [...(parts.get(name) ?? []), profile as Profile]);
    },
    save: async () => {
      session.disconnect();
      await mkdir(dir, { recursive: true });
      for (const [name, profiles] of parts) {
        await writeFile(
          join(dir, `${prefix}${name}.cpuprofile`),
          JSON.stringify(mergedProfile(profiles)),
        );
      }
      console.error(`refresh bench: CPU profiles of the rounds in ${dir}`);
    },
  };
}

interface Profile {
  nodes: { id: number; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Profiles laid end to end under one root: node ids renumbered apart, the gaps left out. */
function mergedProfile(parts: Profile[]): Profile {
  const root = {
    id: 1,
    callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 },
    hitCount: 0,
    children: [] as number[],
  };
  const merged: Profile = { nodes: [root], startTime: 0, endTime: 0, samples: [], timeDeltas: [] };
  let offset = 1;
  for (const part of parts) {
    const shift = (id: number) => id + offset;
    for (const node of part.nodes) {
      merged.nodes.push({
        ...node,
        id: shift(node.id),
        ...(node.children === undefined ? {} : { children: node.children.map(shift) }),
      });
    }
    const [first] = part.nodes;
    if (first !== undefined) root.children.push(shift(first.id));
    merged.samples.push(...part.samples.map(shift));
    merged.timeDeltas.push(...part.timeDeltas.map((delta, n) => (n === 0 ? 0 : delta)));
    merged.endTime += part.endTime - part.startTime;
    offset = Math.max(...merged.nodes.map((node) => node.id));
  }
  return merged;
}

/** Sets every third device of the classroom online or offline, 16 requests at a time. */
/**
 * The floor of a refresh (and of a show): the room's pages, its classroom pages and the account
 * pages that hold its devices (here all of them: the bench's room is the whole account), simply
 * fetched and their JSON parsed, CONCURRENCY at a time as the core asks them, with the same HTTP
 * client the core is given in the preview (Node's fetch).
 */
export function roomFloor(service: string, classroom: string, devices: number) {
  const pages = [
    ...Array.from(
      { length: devices / PAGE_SIZE },
      (_, n) => `${service}${servicePaths.classroomDevices(classroom)}?page=${n + 1}`,
    ),
    ...Array.from(
      { length: devices / PAGE_SIZE },
      (_, n) => `${service}${servicePaths.accountDevices}?page=${n + 1}`,
    ),
  ];
  return async (): Promise<void> => {
    let next = 0;
    const one = async (): Promise<void> => {
      const url = pages[next++];
      if (url === undefined) return;
      const response = await fetch(url, {
        headers: { [DEFAULT_AUTH_HEADER]: TOKEN, Accept: 'application/json' },
      });
      await response.json();
      return one();
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));
  };
}

export async function flipAThird(
  service: string,
  online: boolean,
  devices = DEVICES,
  twoFactorToo = false,
): Promise<void> {
  const ids = Array.from({ length: devices }, (_, n) => n)
    .filter((n) => n % 3 === 0)
    .map((n) => String(100_000_000 + n));
  for (let start = 0; start < ids.length; start += 16) {
    await Promise.all(
      ids.slice(start, start + 16).map(async (id) => {
        const response = await fetch(`${service}/_local/devices/${id}`, {
          method: 'PATCH',
          headers: { 'X-Token-SVC': TOKEN, 'Content-Type': 'application/json' },
          body: JSON.stringify(
            twoFactorToo ? { is_online: online, has_2fa: online } : { is_online: online },
          ),
        });
        if (!response.ok) throw new Error(`PATCH ${id}: HTTP ${response.status}`);
      }),
    );
  }
}

/** In the child: the preview against the endless service; prints its RSS figures as JSON. */
async function rssChild(serviceUrl: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'classtray-bench-rss-'));
  const rendererDir = await mkdtemp(join(tmpdir(), 'classtray-bench-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
  const started = performance.now();
  const deadline = setTimeout(() => {
    console.error(`The preview did not finish within ${CHILD_SECONDS} s.`);
    process.exit(1);
  }, CHILD_SECONDS * 1000);
  const baselineMb = (await procStatus('VmRSS')) / 1024;
  const preview = await runPreview(
    ['--service-url', serviceUrl, '--classroom', CLASSROOM, '--no-open', '--data-dir', dataDir],
    { CLASSTRAY_TOKEN: TOKEN },
    { rendererDir, print: () => undefined },
  );
  if (preview === null) throw new Error('The preview printed its help instead of starting.');
  let problem: string | null = null;
  try {
    const cookie = await signIn(preview);
    for (let n = 0; n < REFRESHES; n++) {
      await post(preview.url, cookie, '/api/actions/refresh');
    }
    const state = (await (
      await fetch(`${preview.url}/api/state`, { headers: { cookie } })
    ).json()) as { connection: { problem: { kind: string; detail: string } | null } };
    problem = state.connection.problem
      ? `${state.connection.problem.kind}: ${state.connection.problem.detail}`
      : null;
  } finally {
    await preview.close();
    clearTimeout(deadline);
    await rm(dataDir, { recursive: true, force: true });
    await rm(rendererDir, { recursive: true, force: true });
  }
  const report: RssReport = {
    baselineMb,
    peakMb: (await procStatus('VmHWM')) / 1024,
    refreshes: REFRESHES,
    seconds: (performance.now() - started) / 1000,
    problem,
  };
  console.log(JSON.stringify(report));
}

async function post(url: string, cookie: string, path: string): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: url },
    body: '{}',
  });
  // A refresh that met the endless body answers with its failure (502): that is the point.
  await response.arrayBuffer();
}

/** A field of /proc/self/status, in kB (Linux). */
async function procStatus(field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kb === undefined) throw new Error(`/proc/self/status has no ${field}.`);
  return Number(kb);
}

function report(cases: { what: string; costs: RefreshCosts }[], rss: RssReport): void {
  const row = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);
  const spread = (values: number[]) =>
    `${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;
  const of = (costs: Cost[], key: keyof Cost) => costs.map((cost) => cost[key]);
  for (const { what, costs } of cases) {
    /** Each round's refresh over its floor, by one measure: the median and the spread. */
    const ratio = (key: keyof Cost) => {
      const ratios = costs.core.map((core, n) => core[key] / (costs.floor[n]?.[key] ?? Number.NaN));
      return `${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})`;
    };
    console.log(`\nOne refresh of a ${DEVICES}-device classroom, ${what} (median of ${ROUNDS})`);
    row('device changes in the refresh', String(median(costs.changes)));
    row('events sent for them', '1');
    row('batch event size', `${median(costs.batchKb).toFixed(0)} KB`);
    row(
      'pages unchanged since the last refresh, not parsed again',
      `${median(of(costs.core, 'reused'))} of ${(2 * DEVICES) / PAGE_SIZE}`,
    );
    row(
      'refresh: main-thread CPU time',
      `${spread(of(costs.core, 'thread'))}; goal ≤ ${GOAL_MS} quiet`,
    );
    row(
      'floor (the same 200 pages fetched and parsed): main-thread CPU',
      spread(of(costs.floor, 'thread')),
    );
    row(
      'refresh / floor, main-thread CPU time (median of rounds)',
      `${ratio('thread')}; goal ≤ ${GOAL_RATIO}`,
    );
    const shares = costs.core.map((core) => core.history / core.thread);
    row(
      "the availability history's share of the refresh's CPU time",
      `${(median(shares) * 100).toFixed(1)}% (${median(of(costs.core, 'history')).toFixed(2)} ms; min ${(Math.min(...shares) * 100).toFixed(1)}%, max ${(Math.max(...shares) * 100).toFixed(1)}%)`,
    );
    row(
      'refresh: main-thread busy time',
      `${spread(of(costs.core, 'busy'))}; goal ≤ ${GOAL_MS} quiet`,
    );
    row('floor: main-thread busy time', spread(of(costs.floor, 'busy')));
    row('refresh / floor, busy time (median of rounds)', ratio('busy'));
    row(
      'garbage collection pausing the main thread: refresh / floor',
      `${median(of(costs.core, 'gc')).toFixed(1)} / ${median(of(costs.floor, 'gc')).toFixed(1)} ms`,
    );
    row(
      'CPU time of the process (all threads): refresh / floor',
      `${median(of(costs.core, 'process')).toFixed(1)} / ${median(of(costs.floor, 'process')).toFixed(1)} ms`,
    );
    row(
      'load average (1 min) before / after the rounds',
      costs.load.map((value) => value.toFixed(1)).join(' / '),
    );
    row(
      'store: parse the event and apply it (one store update)',
      `${median(costs.storeMs).toFixed(1)} ms (min ${Math.min(...costs.storeMs).toFixed(1)}, max ${Math.max(...costs.storeMs).toFixed(1)})`,
    );
  }
  console.log(`\nThe preview against an endless list body (${rss.refreshes} refreshes)`);
  row('RSS after start-up, before the preview started', `${rss.baselineMb.toFixed(0)} MB`);
  row('peak RSS (VmHWM)', `${rss.peakMb.toFixed(0)} MB`);
  row('run time', `${rss.seconds.toFixed(1)} s`);
  row('what the window was told', rss.problem ?? '(no problem)');
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(0);

const [, entry, mode, url] = process.argv;
if (entry !== undefined && pathToFileURL(entry).href === import.meta.url && mode === 'rss-child') {
  if (url === undefined) throw new Error('rss-child needs the service URL');
  await rssChild(url);
}
