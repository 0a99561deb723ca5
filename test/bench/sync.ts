/**
 * npm run bench -- sync: what keeping one classroom live costs in a large account.
 *
 * A 5,000-device account (100 account pages) with one 30-device classroom whose devices sit on
 * three account pages, served by the local service in its own process (as the real service
 * would be), and the core's live status in this process:
 *
 * 1. Account-list requests per refresh, counted by the service (GET /_local/stats), over two
 *    runs of 100 refreshes after the cold one: steady (every classroom device where it was last
 *    seen: the remembered pages plus one in turn), and the same with a device moved to another
 *    page before refresh 50 (that refresh searches every page, reported apart); and the naive
 *    way (every account page on every refresh).
 * 2. A cold full refresh (classroom list plus every account page) with the client's bounded
 *    concurrency (4) against a sequential walk (1), alternating in the same run, median of
 *    several repetitions after a discarded warm-up of each.
 * 3. The core's heap with 5,000 devices, in a child `node --expose-gc` that runs this file with
 *    `memory`: heapUsed after forced GCs with the objects held minus the same once they are
 *    dropped, for (a) all 100 parsed account pages, which a search holds at its peak, and (b) a
 *    live status after a cold search and steady refreshes, which is what stays between refreshes
 *    (20 kept at once and the figure divided by 20: one alone is below the heap's jitter).
 *
 * BENCH_REPEATS sets the timed repetitions per concurrency (default 9).
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_AUTH_HEADER, PAGE_SIZE, serviceRoutes } from '../../src-main/contract/wire';
import { createServiceClient } from '../../src-main/core/service/client';
import { deviceListsOf } from '../../src-main/core/classroom/deviceLists';
import { ClassroomLiveStatus } from '../../src-main/core/classroom/liveStatus';
import { device, spreadClassroomFixture } from '../support/fixtures';
import { localServiceCommand, withBenchProcesses } from './benchProcesses';
import { median } from './median';

const DEVICE_COUNT = 5_000;
/** Ten classroom devices at the start of each of these account pages: 30 in all. */
const CLASSROOM_PAGES = [7, 42, 88];
const CLASSROOM_INDICES = CLASSROOM_PAGES.flatMap((page) =>
  Array.from({ length: 10 }, (_, i) => (page - 1) * PAGE_SIZE + i * 5),
);
const CLASSROOM = 'room-a';
const TOKEN = 'bench-token';
/** Refreshes in each counted run, after the cold one. */
const RUN_REFRESHES = 100;
/** In the moved run, before this refresh (0-based) a device leaves page 81 and one is added at
 * the end: the classroom's device at the start of page 88 moves to page 87, the total stays. */
const MOVE_BEFORE = 50;
const LEAVES = 4_000;
const ADDED = 9_000;
/** Steady refreshes the warm-up and each kept live status of the memory child run. */
const STEADY_REFRESHES = 20;
/** Live statuses kept at once for the memory figure, each after a cold search and steady refreshes. */
const LIVE_INSTANCES = 20;
const STEADY_PER_INSTANCE = 5;
const NAIVE_REFRESHES = 3;
/** The goals for a steady refresh: at most this many account pages on average, and never more than that. */
const GOAL_STEADY_MEAN = 4;
const GOAL_STEADY_MAX = 6;
/** A round trip to a real service: each request waits this long before the proxy forwards it. */
const LATENCY_MS = 20;

const THIS_FILE = fileURLToPath(import.meta.url);

const clientFor = (url: string) => createServiceClient({ baseUrl: url, token: TOKEN });

export async function benchSync(): Promise<void> {
  const repeats = repeatCount();
  await withBenchProcesses('sync', async ({ dir, startServer, run }) => {
    const fixtureFile = join(dir, 'fixture.json');
    await writeFile(
      fixtureFile,
      JSON.stringify(spreadClassroomFixture(DEVICE_COUNT, CLASSROOM_INDICES)),
    );
    const service = await startServer('local service', ...localServiceCommand(fixtureFile, TOKEN));
    await checkAccount(service);

    console.error('sync bench: counting requests…');
    const requests = await countRequests(service);
    console.error(`sync bench: timing cold refreshes (${repeats} per concurrency)…`);
    const timing = await timeColdRefreshes(service, repeats);
    const proxy = await startLatencyProxy(service, LATENCY_MS);
    console.error(`sync bench: the same with ${LATENCY_MS} ms added per request…`);
    const distant = await timeColdRefreshes(proxy.url, repeats).finally(proxy.close);
    console.error('sync bench: measuring memory in a --expose-gc child…');
    const output = await run('memory child', process.execPath, [
      '--expose-gc',
      '--import',
      'tsx',
      THIS_FILE,
      'memory',
      service,
    ]);
    const memory = JSON.parse(output.trim().split('\n').at(-1) ?? '') as Memory;
    report(requests, { loopback: timing, distant }, memory, repeats);
  });
}

function repeatCount(): number {
  const raw = process.env['BENCH_REPEATS'];
  if (raw === undefined) return 9;
  const repeats = Number(raw);
  if (!Number.isSafeInteger(repeats) || repeats < 1) {
    throw new Error(`BENCH_REPEATS must be a whole number, 1 or more (got "${raw}").`);
  }
  return repeats;
}

async function checkAccount(url: string): Promise<void> {
  const page = await clientFor(url).accountDevicesPage(1);
  const classroom = await clientFor(url).classroomDevicesPage(CLASSROOM, 1);
  if (page.meta.last_page !== DEVICE_COUNT / PAGE_SIZE || classroom.meta.total !== 30) {
    throw new Error(
      `The service serves ${page.meta.last_page} account pages and ${classroom.meta.total} classroom devices, not the fixture.`,
    );
  }
}

/** Requests the service answered on each list route so far. */
async function listRequests(url: string): Promise<{ account: number; classroom: number }> {
  const response = await fetch(`${url}/_local/stats`, {
    headers: { [DEFAULT_AUTH_HEADER]: TOKEN },
  });
  const stats = (await response.json()) as { requests: Record<string, number> };
  return {
    account: stats.requests[`GET ${serviceRoutes.accountDevices}`] ?? 0,
    classroom: stats.requests[`GET ${serviceRoutes.classroomDevices}`] ?? 0,
  };
}

/** Account pages per refresh over one run of RUN_REFRESHES. */
interface Run {
  mean: number;
  max: number;
}

interface RequestCounts {
  coldSweep: number;
  steady: Run;
  /** The pages each refresh read in turn, from the steady run. */
  inTurn: number[];
  /** The remembered pages of a steady refresh. */
  remembered: number[];
  moved: Run;
  /** The moved run's search (the refresh after the move) and the other refreshes apart. */
  search: number;
  movedOthers: Run;
  naiveMean: number;
  classroomPerRefresh: number;
}

async function countRequests(url: string): Promise<RequestCounts> {
  const live = new ClassroomLiveStatus(deviceListsOf(clientFor(url)), CLASSROOM);
  /** Account and classroom requests one refresh made, by the service's count. */
  const measured = async () => {
    const before = await listRequests(url);
    const result = await live.refresh();
    const after = await listRequests(url);
    return {
      result,
      account: after.account - before.account,
      classroom: after.classroom - before.classroom,
    };
  };
  const run = async (beforeEach: (i: number) => Promise<void> = async () => {}) => {
    const rows = [];
    for (let i = 0; i < RUN_REFRESHES; i++) {
      await beforeEach(i);
      rows.push(await measured());
    }
    return rows;
  };
  const accounts = (rows: { account: number }[]) => rows.map((row) => row.account);

  const cold = await measured();
  const steady = await run();
  if (steady.some((row) => row.result.searched)) {
    throw new Error('A steady refresh searched every page: the bench no longer measures steady.');
  }

  const naiveLists = deviceListsOf(clientFor(url));
  const naive: number[] = [];
  for (let i = 0; i < NAIVE_REFRESHES; i++) {
    const before = await listRequests(url);
    await naiveLists.classroomDevices(CLASSROOM);
    await naiveLists.allAccountPages();
    naive.push((await listRequests(url)).account - before.account);
  }

  const moved = await run(async (i) => {
    if (i !== MOVE_BEFORE) return;
    await control(url, 'DELETE', `/devices/${device(LEAVES).remote_id}`);
    await control(url, 'POST', '/devices', device(ADDED));
  });
  const searched = moved.flatMap((row, i) => (row.result.searched ? [i] : []));
  if (searched.join() !== String(MOVE_BEFORE)) {
    throw new Error(
      `The moved run searched at refreshes [${searched.join(', ')}], not once at the move.`,
    );
  }

  const movedPages = accounts(moved);
  return {
    coldSweep: cold.account,
    steady: runOf(accounts(steady)),
    inTurn: steady.map((row) => row.result.accountPagesRead.at(-1) ?? 0),
    remembered: steady[0]?.result.accountPagesRead.slice(0, -1) ?? [],
    moved: runOf(movedPages),
    search: movedPages[MOVE_BEFORE] ?? 0,
    movedOthers: runOf(movedPages.filter((_, i) => i !== MOVE_BEFORE)),
    naiveMean: mean(naive),
    classroomPerRefresh: mean([...steady, ...moved].map((row) => row.classroom)),
  };
}

function runOf(pages: number[]): Run {
  return { mean: mean(pages), max: Math.max(...pages) };
}

/** A change to the account through the local service's control routes. */
async function control(url: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${url}/_local${path}`, {
    method,
    headers: { [DEFAULT_AUTH_HEADER]: TOKEN, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /_local${path}: ${response.status}`);
}

interface Timing {
  bounded: number[];
  sequential: number[];
}

/** A new live status per run, so each refresh is a cold full search. */
async function timeColdRefreshes(url: string, repeats: number): Promise<Timing> {
  const run = async (concurrency: number) => {
    const live = new ClassroomLiveStatus(deviceListsOf(clientFor(url), concurrency), CLASSROOM);
    const start = performance.now();
    const result = await live.refresh();
    const elapsed = performance.now() - start;
    if (!result.searched || result.devices.length !== 30)
      throw new Error('Not a cold full refresh.');
    return elapsed;
  };
  // Warm-up (JIT, connections, the service's page cache), discarded.
  await run(4);
  await run(1);
  const timing: Timing = { bounded: [], sequential: [] };
  // Alternating, so a machine that speeds up or slows down biases both sides alike.
  for (let i = 0; i < repeats; i++) {
    timing.bounded.push(await run(4));
    timing.sequential.push(await run(1));
  }
  return timing;
}

interface Memory {
  /** Bytes of heap while all 100 parsed account pages are held (with their client). */
  pagesHeld: number;
  /** Bytes of heap the client keeps of them once they are dropped (its answer memory). */
  clientKeeps: number;
  /** Bytes of heap one live status keeps between refreshes (mean over LIVE_INSTANCES kept). */
  liveRetained: number;
  /** The same measurement with nothing held: the noise floor. */
  noise: number;
}

/** The child's side: this file run under `node --expose-gc --import tsx … memory URL`. */
async function memoryChild(url: string): Promise<void> {
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error('Run with node --expose-gc.');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const lists = deviceListsOf(clientFor(url));
  // Warm-up: modules, JIT, connections and zod's lazy state, so the figures are ours alone.
  await lists.allAccountPages();
  const warmUp = new ClassroomLiveStatus(lists, CLASSROOM);
  for (let i = 0; i <= STEADY_REFRESHES; i++) await warmUp.refresh();

  // Each figure is the heap with the objects held minus the heap once they are dropped, so
  // growth that doing the requests leaves behind (connection buffers, V8's own tables, about
  // 150 KB per 6 refreshes here, the same with or without a live status kept) is not charged to
  // them. The objects live in an array we can empty, and are awaited in a frame that has ended:
  // an awaited value can outlive its use in the frame of the async function that awaited it.
  const held: unknown[] = [];
  const freed = () => {
    const withThem = heap();
    held.length = 0;
    return withThem - heap();
  };

  const noise = freed();

  // A search's pages at their peak, and what the client keeps of them after it to spot a page
  // that has not changed (answerMemory.ts: each page's text and what it was read as): each with
  // a client of its own, dropped with them (the warm-up's client keeps its pages throughout).
  await (async () => {
    const client = deviceListsOf(clientFor(url));
    held.push(client, await client.allAccountPages());
  })();
  const pagesHeld = freed();
  await (async () => {
    const client = deviceListsOf(clientFor(url));
    await client.allAccountPages();
    held.push(client);
  })();
  const clientKeeps = freed();

  // One live status keeps a few KB, below the heap's jitter after network activity, so
  // LIVE_INSTANCES are kept at once and the figure divided among them.
  for (let n = 0; n < LIVE_INSTANCES; n++) {
    const live = new ClassroomLiveStatus(lists, CLASSROOM);
    for (let i = 0; i <= STEADY_PER_INSTANCE; i++) await live.refresh();
    held.push(live);
  }
  const liveRetained = freed() / LIVE_INSTANCES;

  const memory: Memory = { pagesHeld, clientKeeps, liveRetained, noise };
  console.log(JSON.stringify(memory));
}

/**
 * Forwards to the service after `latencyMs`, as if it were across a network. Loopback has no
 * latency to overlap, so only this shows what the concurrency bound buys a real school.
 */
async function startLatencyProxy(
  target: string,
  latencyMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    setTimeout(() => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.destroy());
      request.pipe(forward);
    }, latencyMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

function report(
  requests: RequestCounts,
  timings: { loopback: Timing; distant: Timing },
  memory: Memory,
  repeats: number,
): void {
  const cpu = cpus();
  const fixed = (value: number, digits = 2) => value.toFixed(digits);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const row = (label: string, value: string, note = '') =>
    console.log(`${label.padEnd(66)}${value.padStart(12)}  ${note}`);

  console.log(
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  console.log(
    `Account: ${DEVICE_COUNT.toLocaleString('en-US')} devices (${DEVICE_COUNT / PAGE_SIZE} account pages); classroom "${CLASSROOM}": 30 devices on account pages ${CLASSROOM_PAGES.join(', ')}; local service in its own process`,
  );

  console.log('\nAccount-list requests per refresh (counted by the service, GET /_local/stats)');
  const steadyMet =
    requests.steady.mean <= GOAL_STEADY_MEAN && requests.steady.max <= GOAL_STEADY_MAX;
  const cycle = cycleLength(requests.inTurn);
  row('live status, cold refresh (full search)', fixed(requests.coldSweep, 0));
  row(
    `live status, steady: mean over ${RUN_REFRESHES} refreshes (max ${requests.steady.max})`,
    fixed(requests.steady.mean),
    `pages ${requests.remembered.join(', ')} + one in turn; goal mean ≤ ${GOAL_STEADY_MEAN}, max ≤ ${GOAL_STEADY_MAX}: ${steadyMet ? 'met' : 'NOT MET'}`,
  );
  row(
    'rolling sweep: refreshes until the page in turn comes round again',
    cycle === undefined ? `> ${RUN_REFRESHES}` : String(cycle),
  );
  row(
    `moved device: mean over ${RUN_REFRESHES} refreshes (max ${requests.moved.max})`,
    fixed(requests.moved.mean),
    `device ${CLASSROOM_INDICES.at(-10)} moved from page 88 to 87 before refresh ${MOVE_BEFORE + 1}`,
  );
  row('moved device: the search at once (refresh after the move)', fixed(requests.search, 0));
  row(
    `moved device: the other ${RUN_REFRESHES - 1} refreshes (max ${requests.movedOthers.max})`,
    fixed(requests.movedOthers.mean),
  );
  row(
    `naive: every account page each refresh (mean of ${NAIVE_REFRESHES})`,
    fixed(requests.naiveMean),
  );
  row('naive / live status steady', `${fixed(requests.naiveMean / requests.steady.mean, 1)}×`);
  row('classroom-list requests per refresh (both runs)', fixed(requests.classroomPerRefresh));

  console.log(
    `\nCold full refresh: classroom list + ${DEVICE_COUNT / PAGE_SIZE} account pages, ${repeats} runs each, alternating, after a discarded warm-up`,
  );
  const stats = (runs: number[]) =>
    `median ${fixed(median(runs), 1)} ms (min ${fixed(Math.min(...runs), 1)}, max ${fixed(Math.max(...runs), 1)})`;
  for (const [where, timing] of [
    ['loopback', timings.loopback],
    [`+${LATENCY_MS} ms per request`, timings.distant],
  ] as const) {
    row(`${where}: concurrency 4 (bounded, the default)`, '', stats(timing.bounded));
    row(`${where}: concurrency 1 (sequential walk)`, '', stats(timing.sequential));
    row(
      `${where}: sequential / bounded (medians)`,
      `${fixed(median(timing.sequential) / median(timing.bounded))}×`,
    );
  }

  console.log('\nCore heap with 5,000 devices (child node --expose-gc, heapUsed after forced GC)');
  row('all 100 parsed account pages held (a search at its peak)', mb(memory.pagesHeld));
  row('kept by the client after it, to spot unchanged pages', mb(memory.clientKeeps));
  row(
    `one live status between refreshes (mean of ${LIVE_INSTANCES} kept at once)`,
    kb(memory.liveRetained),
  );
  row(
    `noise floor (nothing held; ÷ ${LIVE_INSTANCES} in the live status figure)`,
    kb(memory.noise),
  );
}

/** How many refreshes until the first page in turn is read in turn again. */
function cycleLength(inTurn: readonly number[]): number | undefined {
  const again = inTurn.indexOf(inTurn[0] ?? 0, 1);
  return again === -1 ? undefined : again;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

const [, entry, mode, memoryUrl] = process.argv;
if (entry !== undefined && pathToFileURL(entry).href === import.meta.url && mode === 'memory') {
  if (memoryUrl === undefined) throw new Error('memory needs the service URL');
  await memoryChild(memoryUrl);
}
