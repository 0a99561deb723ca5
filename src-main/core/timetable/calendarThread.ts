/**
 * What the calendar reader's thread (calendarWorker.ts) and the main side (calendarReader.ts)
 * share: the messages they exchange, and the progress board, a SharedArrayBuffer the thread
 * writes as it goes (how many events the file holds, the zone or series it is working on and
 * since when, and the work it has done so far: its own CPU time). The main side reads the board
 * to hold a reading to its budget of work, and after it ended a thread that ran away, when no
 * message can come any more, to say which part of the calendar was too much.
 */
import { readFileSync } from 'node:fs';
import type { CalendarPart, CalendarReading, ExpandOptions } from './calendar';

/** The occurrences a reading may hand back: a teacher's weeks hold far fewer, and more would
 * take the main thread too long to receive (about 5 ms per 10,000, measured). */
export const MAX_OCCURRENCES = 10_000;

/**
 * A feed goes to the thread in pieces of this many characters, one per turn of the main loop:
 * a message copies its text into fresh memory, and on a busy machine one copy of a whole 8 MiB
 * feed held the main thread 140 to 400 ms (measured; the same copy into memory already touched
 * took under 1 ms).
 */
export const PIECE_CHARS = 64 * 1024;

/** One piece of a feed's text; the last carries the span to read, and starts the reading. */
export type ReadRequest = { piece: string } | { piece: string; options: ExpandOptions };

export type ThreadMessage =
  /** Loaded, waiting for a feed. */
  | { type: 'ready' }
  /** `ms`: real time in the thread; `workMs`: its work clock's (CPU time where it has one). */
  | { type: 'read'; reading: CalendarReading; ms: number; workMs?: number }
  /** More occurrences in the span than MAX_OCCURRENCES. */
  | { type: 'tooMany'; eventsRead: number; ms: number; workMs?: number }
  /** Not an iCalendar file: the engine's sentence for the teacher. */
  | { type: 'notCalendar'; message: string }
  /** The engine failed in a way it did not foresee: for the log only, never for a sentence. */
  | { type: 'failed'; error: string };

/** VEVENTs in a feed's text, as its size in a sentence (a scan, no array of matches). */
export function countEvents(text: string): number {
  let count = 0;
  for (let at = text.indexOf('BEGIN:VEVENT'); at >= 0; at = text.indexOf('BEGIN:VEVENT', at + 1)) {
    count += 1;
  }
  return count;
}

/** A part's name is kept this long at most: enough to recognise a TZID or a UID. */
const NAME_MAX = 200;
/** UTF-8 takes at most 3 bytes per UTF-16 unit; one more unit says the kind of part. */
const SLOT_BYTES = (NAME_MAX + 1) * 3;
/**
 * Int32 cells: [0] current slot (0 or 1), [1] events in the file (-1: not counted yet), [2] [3]
 * each slot's length in bytes, [4] the work clock (WORK_CLOCKS), [5] the checkpoint's version
 * (odd while it is written). Then Float64 cells: [0] [1] each slot's start (epoch ms); the
 * checkpoint: [2] the work clock when the reading began, [3] at the last checkpoint, [4] when
 * that was (epoch ms).
 */
const INT_CELLS = 8;
const FLOAT_CELLS = 5;
const HEADER_BYTES = INT_CELLS * 4 + FLOAT_CELLS * 8;

/**
 * How the thread measures its work: 'cpu', its own CPU time (process.threadCpuUsage on Node 24
 * and in Electron; /proc/thread-self/stat on Linux with Node 20; real time where neither is
 * there), or 'wall', real time (a stand-in thread whose work is real time, for the tests).
 */
export type WorkClock = 'cpu' | 'wall';
const WORK_CLOCKS: readonly WorkClock[] = ['cpu', 'wall'];

/** The thread does not read its CPU clock more often than this (a part can take microseconds). */
export const CHECKPOINT_MS = 10;

export function newProgressBoard(clock: WorkClock = 'cpu'): SharedArrayBuffer {
  const board = new SharedArrayBuffer(HEADER_BYTES + 2 * SLOT_BYTES);
  Atomics.store(new Int32Array(board, 0, INT_CELLS), 4, WORK_CLOCKS.indexOf(clock));
  return board;
}

/**
 * This thread's CPU time in ms, from the best clock the runtime has: process.threadCpuUsage
 * (Node 23.9 and later: Node 24, Electron 45), else Linux's /proc/thread-self/stat (utime and
 * stime, in ticks of 10 ms), else none (real time stands in, as before issue 44).
 */
export function threadCpuClock(): (() => number) | undefined {
  const { threadCpuUsage } = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  if (typeof threadCpuUsage === 'function') {
    return () => {
      const { user, system } = threadCpuUsage.call(process);
      return (user + system) / 1000;
    };
  }
  if (process.platform !== 'linux') return undefined;
  const ticks = () => {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const used = (Number(fields[11]) + Number(fields[12])) * 10;
    if (!Number.isFinite(used)) throw new Error('no CPU time in /proc/thread-self/stat');
    return used;
  };
  try {
    ticks();
    return ticks;
  } catch {
    return undefined;
  }
}

/** The thread's side: written before each part, so it costs microseconds, not a message. */
export class ProgressWriter {
  readonly #cells: Int32Array;
  readonly #floats: Float64Array;
  readonly #bytes: Uint8Array;
  readonly #encoder = new TextEncoder();
  readonly #work: () => number;
  #checkedAt = 0;

  /** `work`: the work clock, in ms; by default the board's (its CPU time, or real time). */
  constructor(board: SharedArrayBuffer, work?: () => number) {
    this.#cells = new Int32Array(board, 0, INT_CELLS);
    this.#floats = new Float64Array(board, INT_CELLS * 4, FLOAT_CELLS);
    this.#bytes = new Uint8Array(board, HEADER_BYTES);
    const clock = WORK_CLOCKS[Atomics.load(this.#cells, 4)] ?? 'cpu';
    this.#work = work ?? (clock === 'cpu' ? threadCpuClock() : undefined) ?? (() => Date.now());
  }

  /** The work clock now (ms): what `read` counts for a reading's `workMs`. */
  work(): number {
    return this.#work();
  }

  /** A reading begins: the events in its file, and its first checkpoint. */
  events(count: number): void {
    Atomics.store(this.#cells, 1, count);
    const now = Date.now();
    const work = this.#work();
    this.#checkpoint(work, work, now);
  }

  /** Written into the slot not in use, then made current: a thread ended mid-write leaves the
   * previous part whole. With it, a checkpoint of the work done, at most every CHECKPOINT_MS. */
  part(part: CalendarPart): void {
    const slot = 1 - Atomics.load(this.#cells, 0);
    const name = (part.kind === 'zone' ? `z${part.tzid}` : `s${part.uid}`).slice(0, NAME_MAX + 1);
    const target = this.#bytes.subarray(slot * SLOT_BYTES, (slot + 1) * SLOT_BYTES);
    const { written } = this.#encoder.encodeInto(name, target);
    Atomics.store(this.#cells, 2 + slot, written);
    const now = Date.now();
    this.#floats[slot] = now;
    Atomics.store(this.#cells, 0, slot);
    if (now - this.#checkedAt >= CHECKPOINT_MS) {
      this.#checkpoint(this.#floats[2] ?? 0, this.#work(), now);
    }
  }

  /** Versioned as a seqlock: the main side never reads half a checkpoint. */
  #checkpoint(start: number, work: number, at: number): void {
    Atomics.add(this.#cells, 5, 1);
    this.#floats[2] = start;
    this.#floats[3] = work;
    this.#floats[4] = at;
    Atomics.add(this.#cells, 5, 1);
    this.#checkedAt = at;
  }
}

/** The work of a reading so far, as its thread last said it. */
export interface Checkpoint {
  /** The work clock when the reading began and at the checkpoint, in ms. */
  startWork: number;
  work: number;
  /** When the checkpoint was written (epoch ms). */
  at: number;
}

/**
 * The work a reading has done by `now`, for its budget: its thread's work clock from the
 * reading's start to its last checkpoint, then the real time since, whole (a thread that has
 * not said otherwise is taken to have worked all along: a part that runs away writes no more
 * checkpoints, so it is held to real time). Before the thread's first checkpoint, the real time
 * since the feed was handed over.
 */
export function workSpent(checkpoint: Checkpoint | undefined, handedAt: number, now: number) {
  if (checkpoint === undefined) return Math.max(0, now - handedAt);
  return Math.max(0, checkpoint.work - checkpoint.startWork) + Math.max(0, now - checkpoint.at);
}

export interface Progress {
  /** VEVENTs in the file; undefined when the thread stopped before counting them. */
  events: number | undefined;
  /** The part worked on last, and when it began (epoch ms). */
  part: { part: CalendarPart; since: number } | undefined;
}

/** The main side's view of the board. */
export class ProgressReader {
  readonly #cells: Int32Array;
  readonly #starts: Float64Array;
  readonly #bytes: Uint8Array;

  constructor(board: SharedArrayBuffer) {
    this.#cells = new Int32Array(board, 0, INT_CELLS);
    this.#starts = new Float64Array(board, INT_CELLS * 4, FLOAT_CELLS);
    this.#bytes = new Uint8Array(board, HEADER_BYTES);
  }

  /** Before each feed: nothing counted, no part, no checkpoint. */
  clear(): void {
    Atomics.store(this.#cells, 1, -1);
    Atomics.store(this.#cells, 2, 0);
    Atomics.store(this.#cells, 3, 0);
    Atomics.store(this.#cells, 0, 0);
    Atomics.add(this.#cells, 5, 1);
    this.#starts[4] = Number.NaN;
    Atomics.add(this.#cells, 5, 1);
  }

  /** The reading's last checkpoint; undefined before its thread wrote one. */
  checkpoint(): Checkpoint | undefined {
    for (let tries = 0; tries < 100; tries += 1) {
      const version = Atomics.load(this.#cells, 5);
      if (version % 2 === 1) continue;
      const startWork = this.#starts[2] ?? Number.NaN;
      const work = this.#starts[3] ?? Number.NaN;
      const at = this.#starts[4] ?? Number.NaN;
      if (Atomics.load(this.#cells, 5) !== version) continue;
      return Number.isNaN(at) ? undefined : { startWork, work, at };
    }
    // A thread writing all along (it writes a few per 10 ms): the real time stands in.
    return undefined;
  }

  read(): Progress {
    const events = Atomics.load(this.#cells, 1);
    const slot = Atomics.load(this.#cells, 0);
    const length = Atomics.load(this.#cells, 2 + slot);
    let part: Progress['part'];
    if (length > 0) {
      // TextDecoder takes no view of shared memory: a copy first.
      const start = slot * SLOT_BYTES;
      const text = new TextDecoder().decode(this.#bytes.slice(start, start + length));
      const name = text.slice(1);
      part = {
        part: text.startsWith('z') ? { kind: 'zone', tzid: name } : { kind: 'series', uid: name },
        since: this.#starts[slot] ?? 0,
      };
    }
    return { events: events < 0 ? undefined : events, part };
  }
}
