/**
 * npm run bench -- peers: the timetable engine against its peers on the same generated feeds and
 * spans, in one run: ical.js (the JavaScript library ClassTray used before issue 25, its series
 * built as ical.js intends, overrides matched by UID: icalJsThread.mjs) and, where Debian's
 * python3-recurring-ical-events is installed, recurring-ical-events with icalendar
 * (recurringIcalEvents.py, run by /usr/bin/python3).
 *
 * Feeds: a real-shaped school year read over the whole year (30 weekly lessons in Europe/Berlin
 * with its VTIMEZONE, holidays as EXDATEs, a moved lesson every fourth week), one lesson every
 * day since 2010 read over one week (Europe/Madrid with its VTIMEZONE), and a school's room
 * calendar of 50,000 and of 70,000 events (the latter just under the feed's 8 MiB cap) read over
 * the app's span (yesterday to 8 days ahead).
 *
 * Each implementation runs in its own thread (the engine bundled as the tray app builds it;
 * ical.js with a 2 GiB heap) or process (Python), kept for the whole run, and times itself:
 * parsing, expanding and listing the occurrences, not the start of its thread or the copy of the
 * text. Per feed, one untimed run of each first: every implementation must return the same
 * occurrences (UID, start and end, in UTC) as the engine, or it is not timed on that feed and the
 * difference is printed. Then RUNS runs, each going over every feed in turn (so a run meets the
 * load of its moment, as a separate invocation would), each with ROUNDS readings per
 * implementation in turns (the order rotating): a run's figure is its median, a peer's ratio in
 * a run its median over the engine's (2.0x: the engine took half the time), and the figures
 * printed are the medians of the runs, with their spread (the lowest and highest run). A peer
 * past PEER_LIMIT_MS on one reading is stopped and not run again on that feed. The engine's
 * thread reports the garbage collection pausing it during each reading: its share is printed.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { roomFeed } from '../core/timetable/largeFeeds';
import { centralEuropeanZone, schoolYear } from '../support/hostileCalendars';
import { bundled } from './bundle';
import type { Occurrence, PeerAnswer } from './engineThread';
import { median } from './median';

const DAY = 86_400_000;
const MACHINE_ZONE = 'Europe/Madrid';
/** Debian's Python, not a pyenv or venv one earlier on the PATH: its package is the peer. */
const PYTHON = '/usr/bin/python3';
/** ical.js's heap in its thread. */
const ICAL_JS_HEAP_MB = 2048;
/** One reading past this is stopped (ical.js or Python on a feed they cannot manage). */
const PEER_LIMIT_MS = 180_000;
/** Readings per run and feed: the small feeds take milliseconds, the large ones seconds for the peers. */
const ROUNDS_SMALL = 15;
const ROUNDS_LARGE = 5;
/** Runs over every feed; the figures are their medians, with their spread. */
const RUNS = 3;

interface Feed {
  name: string;
  text: string;
  from: number;
  to: number;
  rounds: number;
}

type Reading = { ms: number; occurrences: Occurrence[]; gcMs?: number } | { failed: string };

interface Peer {
  name: string;
  version: string;
  read(feed: Feed): Promise<Reading>;
  stop(): Promise<void>;
}

interface FeedResult {
  feed: Feed;
  occurrences: number;
  /** The median of the runs' median ms per implementation, or why it was not timed. */
  times: Map<string, number | string>;
  /** Per peer, its ratio to the engine in each run. */
  ratios: Map<string, number[]>;
  /** The engine's garbage collection over its time, per reading. */
  gcShares: number[];
  /** The load average (1 min) at the start and end of each run on this feed. */
  loads: number[];
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
const ROOT = path.join(import.meta.dirname, '..', '..');
const packageVersion = (name: string): string =>
  (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** One lesson every day at 08:00 in Madrid since 4 January 2010, with the zone's VTIMEZONE. */
function dailySince2010(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClassTray bench//EN',
    ...centralEuropeanZone('Europe/Madrid'),
    'BEGIN:VEVENT',
    'UID:daily-since-2010',
    'DTSTAMP:20100101T000000Z',
    'DTSTART;TZID=Europe/Madrid:20100104T080000',
    'DURATION:PT50M',
    'RRULE:FREQ=DAILY',
    'SUMMARY:Daily',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A peer in a worker thread that answers each feed with a PeerAnswer; restarted after a stop. */
function threadPeer(
  name: string,
  version: string,
  url: URL,
  options: { heapMb?: number } = {},
): Peer {
  let worker: Worker | undefined;
  const start = () =>
    new Worker(url, {
      ...(options.heapMb === undefined
        ? {}
        : { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } }),
    });
  return {
    name,
    version,
    read(feed) {
      const thread = (worker ??= start());
      return new Promise<Reading>((resolve) => {
        const finish = (reading: Reading, end: boolean) => {
          clearTimeout(limit);
          thread.off('message', answered);
          thread.off('error', failed);
          if (end) {
            worker = undefined;
            void thread.terminate();
          }
          resolve(reading);
        };
        const limit = setTimeout(
          () => finish({ failed: `stopped after ${PEER_LIMIT_MS / 1000} s` }, true),
          PEER_LIMIT_MS,
        );
        const answered = (answer: PeerAnswer) =>
          finish('error' in answer ? { failed: answer.error } : answer, false);
        const failed = (error: Error & { code?: string }) =>
          finish(
            {
              failed:
                error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                  ? `stopped past a ${options.heapMb} MiB heap`
                  : `failed: ${error.message}`,
            },
            true,
          );
        thread.on('message', answered);
        thread.once('error', failed);
        thread.postMessage({
          text: feed.text,
          from: feed.from,
          to: feed.to,
          machineZone: MACHINE_ZONE,
        });
      });
    },
    async stop() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}

/**
 * recurring-ical-events in Debian's Python, one process kept for the run (restarted after a
 * stop), each feed handed over as a file. Undefined, with the reason, where it is not installed.
 */
async function pythonPeer(dir: string): Promise<Peer | string> {
  if (!existsSync(PYTHON)) return `${PYTHON} is not there`;
  const script = path.join(import.meta.dirname, 'recurringIcalEvents.py');
  let running: ChildProcessWithoutNullStreams | undefined;
  let lines: AsyncIterator<string> | undefined;
  let stderr = '';
  const start = async () => {
    const child = spawn(PYTHON, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const reader = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await reader.next();
    if (first.done === true) {
      throw new Error(stderr.trim().split('\n').at(-1) ?? 'exited at once');
    }
    running = child;
    lines = reader;
    return JSON.parse(first.value) as Record<string, string>;
  };
  let versions: Record<string, string>;
  try {
    versions = await start();
  } catch (error) {
    return `not installed here (${(error as Error).message}): apt-get install python3-recurring-ical-events`;
  }
  const files = new Map<Feed, string>();
  const kill = () => {
    running?.kill('SIGKILL');
    running = undefined;
    lines = undefined;
  };
  return {
    name: 'recurring-ical-events',
    version:
      `${versions['recurring-ical-events']} with icalendar ${versions['icalendar']} ` +
      `(Debian's Python ${versions['python']})`,
    async read(feed) {
      let file = files.get(feed);
      if (file === undefined) {
        file = path.join(dir, `feed-${files.size}.ics`);
        await writeFile(file, feed.text);
        files.set(feed, file);
      }
      if (running === undefined) await start();
      const child = running;
      const reader = lines;
      if (child === undefined || reader === undefined) return { failed: 'not started' };
      child.stdin.write(`${JSON.stringify({ file, from: feed.from, to: feed.to })}\n`);
      let timer: NodeJS.Timeout | undefined;
      const stopped = new Promise<Reading>((resolve) => {
        timer = setTimeout(() => {
          kill();
          resolve({ failed: `stopped after ${PEER_LIMIT_MS / 1000} s` });
        }, PEER_LIMIT_MS);
      });
      const answered = reader.next().then((line): Reading => {
        if (line.done === true) {
          kill();
          return { failed: `exited: ${stderr.trim().split('\n').at(-1) ?? ''}` };
        }
        const answer = JSON.parse(line.value) as PeerAnswer;
        return 'error' in answer ? { failed: answer.error } : answer;
      });
      try {
        return await Promise.race([answered, stopped]);
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      running?.stdin.end();
      kill();
      await Promise.resolve();
    },
  };
}

const canonical = (occurrences: Occurrence[]) =>
  occurrences.map(([uid, start, end]) => `${uid} ${start} ${end}`).sort();

/** Undefined when both list the same occurrences; else what differs, in a few words. */
function difference(expected: string[], found: string[]): string | undefined {
  const mine = new Set(expected);
  const theirs = new Set(found);
  const missing = expected.filter((entry) => !theirs.has(entry));
  const extra = found.filter((entry) => !mine.has(entry));
  if (missing.length === 0 && extra.length === 0 && expected.length === found.length) {
    return undefined;
  }
  const show = (entries: string[]) =>
    entries
      .slice(0, 3)
      .map((entry) => {
        const [uid, start, end] = entry.split(' ');
        return `${uid} ${new Date(Number(start)).toISOString()}–${new Date(Number(end)).toISOString()}`;
      })
      .join('; ');
  return (
    `${found.length} occurrences where the engine lists ${expected.length}` +
    (missing.length > 0 ? `; missing ${missing.length} (${show(missing)})` : '') +
    (extra.length > 0 ? `; not the engine's ${extra.length} (${show(extra)})` : '')
  );
}

export async function benchPeers(): Promise<void> {
  const now = Date.now() - (Date.now() % 60_000);
  const week = { from: now - DAY, to: now + 8 * DAY };
  const year = { from: now - 182 * DAY, to: now + 183 * DAY };
  const feeds: Feed[] = [
    {
      name: 'school year, over the whole year',
      text: schoolYear(now),
      ...year,
      rounds: ROUNDS_SMALL,
    },
    {
      name: 'daily series since 2010, over one week',
      text: dailySince2010(),
      ...week,
      rounds: ROUNDS_SMALL,
    },
    {
      name: '50,000 events, over the app’s span',
      text: roomFeed(now, 50_000),
      ...week,
      rounds: ROUNDS_LARGE,
    },
    {
      name: '70,000 events, over the app’s span',
      text: roomFeed(now, 70_000),
      ...week,
      rounds: ROUNDS_LARGE,
    },
  ];
  const loadBefore = load();
  const dir = await mkdtemp(path.join(tmpdir(), 'classtray-bench-peers-'));
  const engineBundle = await bundled(path.join(import.meta.dirname, 'engineThread.ts'));
  const engine = threadPeer('engine', commit(), engineBundle.url);
  const icalJs = threadPeer(
    'ical.js',
    packageVersion('ical.js'),
    new URL('./icalJsThread.mjs', import.meta.url),
    {
      heapMb: ICAL_JS_HEAP_MB,
    },
  );
  const python = await pythonPeer(dir);
  const peers = typeof python === 'string' ? [icalJs] : [icalJs, python];
  const results: FeedResult[] = feeds.map((feed) => ({
    feed,
    occurrences: 0,
    times: new Map(),
    ratios: new Map(),
    gcShares: [],
    loads: [],
  }));
  /** Per feed, the implementations timed on it (those listing the engine's occurrences). */
  const timedOn = new Map<Feed, Peer[]>();
  /** Per feed and implementation, each run's median ms. */
  const runMedians = new Map<Feed, Map<string, number[]>>();
  try {
    for (const result of results) {
      const { feed, times } = result;
      console.error(`peers bench: ${feed.name} (${size(feed.text)}): checking the occurrences…`);
      const expected = await engine.read(feed);
      if ('failed' in expected)
        throw new Error(`The engine failed on ${feed.name}: ${expected.failed}`);
      const listed = canonical(expected.occurrences);
      result.occurrences = listed.length;
      const timed: Peer[] = [engine];
      for (const peer of peers) {
        const reading = await peer.read(feed);
        const differs =
          'failed' in reading ? reading.failed : difference(listed, canonical(reading.occurrences));
        if (differs === undefined) timed.push(peer);
        else {
          times.set(peer.name, `not timed: ${differs}`);
          console.error(`  ${peer.name}: ${differs}`);
        }
      }
      console.error(
        `  the same ${listed.length} occurrences from ${timed.map((peer) => peer.name).join(', ')}`,
      );
      timedOn.set(feed, timed);
      runMedians.set(feed, new Map(timed.map((peer) => [peer.name, []])));
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const result of results) {
        const { feed, times } = result;
        const timed = timedOn.get(feed) ?? [];
        console.error(
          `peers bench: run ${run + 1} of ${RUNS}, ${feed.name}: ${feed.rounds} rounds in turns…`,
        );
        result.loads.push(loadavg()[0] ?? 0);
        const ms = new Map<string, number[]>(timed.map((peer) => [peer.name, []]));
        for (let round = 0; round < feed.rounds; round += 1) {
          for (let turn = 0; turn < timed.length; turn += 1) {
            const peer = timed[(round + turn) % timed.length];
            if (peer === undefined || typeof times.get(peer.name) === 'string') continue;
            const reading = await peer.read(feed);
            if ('failed' in reading) times.set(peer.name, reading.failed);
            else {
              ms.get(peer.name)?.push(reading.ms);
              if (peer === engine && reading.gcMs !== undefined) {
                result.gcShares.push(reading.gcMs / reading.ms);
              }
            }
          }
        }
        result.loads.push(loadavg()[0] ?? 0);
        const engineMs = median(ms.get('engine') ?? []);
        for (const [name, values] of ms) {
          if (typeof times.get(name) === 'string' || values.length === 0) continue;
          const thisRun = median(values);
          runMedians.get(feed)?.get(name)?.push(thisRun);
          if (name !== 'engine') {
            result.ratios.set(name, [...(result.ratios.get(name) ?? []), thisRun / engineMs]);
          }
        }
      }
    }
    for (const result of results) {
      for (const [name, values] of runMedians.get(result.feed) ?? []) {
        if (!result.times.has(name)) result.times.set(name, median(values));
      }
      console.error(`  ${line(result, peers)}`);
    }
  } finally {
    await Promise.all([engine.stop(), ...peers.map((peer) => peer.stop())]);
    await engineBundle.done();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    `\nThe timetable engine (ClassTray ${engine.version}, Node ${process.versions.node}) against ` +
      `ical.js ${icalJs.version} (series built with their own overrides, matched by UID)` +
      (typeof python === 'string'
        ? `; recurring-ical-events: ${python}`
        : ` and recurring-ical-events ${python.version}`) +
      `. Same feeds and spans, the same occurrences checked first; medians of ${RUNS} runs (each the ` +
      `median of its readings in turns), with the lowest and highest run's ratio, ` +
      `each implementation timing itself in its own thread or process. Load average (1, 5, 15 min) ` +
      `before: ${loadBefore}; after: ${load()}.`,
  );
  for (const result of results) console.log(`- ${line(result, peers)}`);
}

function line(
  { feed, occurrences, times, ratios, gcShares, loads }: FeedResult,
  peers: Peer[],
): string {
  const inWords = (name: string) => {
    const value = times.get(name);
    if (typeof value !== 'number') return `${name} ${value ?? 'not run'}`;
    if (name === 'engine') {
      const gc = gcShares.length === 0 ? '' : `, ${percent(median(gcShares))} of it in GC`;
      return `${name} ${round(value)} ms${gc}`;
    }
    const perRun = ratios.get(name) ?? [];
    return (
      `${name} ${round(value)} ms` +
      (perRun.length === 0
        ? ''
        : ` (${round(median(perRun))}x; runs ${round(Math.min(...perRun))}x to ${round(Math.max(...perRun))}x)`)
    );
  };
  return (
    `${feed.name} (${size(feed.text)}, ${occurrences} occurrences): ` +
    [inWords('engine'), ...peers.map((peer) => inWords(peer.name))].join(', ') +
    ` [load ${loads.length === 0 ? '?' : `${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`}]`
  );
}

const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
const round = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en') : value.toPrecision(value >= 10 ? 3 : 2);
/** A feed's size: in KB under a MiB, else in MiB. */
const size = (text: string) => {
  const bytes = Buffer.byteLength(text);
  return bytes < 1024 * 1024
    ? `${Math.round(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
};

/** The commit measured, marked when the working tree holds changes to it. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src-main/core/timetable'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty === '' ? `at ${head}` : `at ${head} with changes`;
  } catch {
    return 'at an unknown commit';
  }
}
