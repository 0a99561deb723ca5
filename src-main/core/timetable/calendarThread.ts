/**
 * What the calendar reader's thread (calendarWorker.ts) and the main side (calendarReader.ts)
 * share: the messages they exchange, and the progress board, a SharedArrayBuffer the thread
 * writes as it goes (how many events the file holds, the zone or series it is working on and
 * since when). The main side reads the board after it ended a thread that ran away, when no
 * message can come any more, to say which part of the calendar was too much.
 */
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
  | { type: 'read'; reading: CalendarReading; ms: number }
  /** More occurrences in the span than MAX_OCCURRENCES. */
  | { type: 'tooMany'; eventsRead: number; ms: number }
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
/** Int32 cells: [0] current slot (0 or 1), [1] events in the file (-1: not counted yet),
 * [2] [3] each slot's length in bytes. Then two Float64 cells: each slot's start (epoch ms). */
const HEADER_BYTES = 32;

export const newProgressBoard = (): SharedArrayBuffer =>
  new SharedArrayBuffer(HEADER_BYTES + 2 * SLOT_BYTES);

/** The thread's side: written before each part, so it costs microseconds, not a message. */
export class ProgressWriter {
  readonly #cells: Int32Array;
  readonly #starts: Float64Array;
  readonly #bytes: Uint8Array;
  readonly #encoder = new TextEncoder();

  constructor(board: SharedArrayBuffer) {
    this.#cells = new Int32Array(board, 0, 4);
    this.#starts = new Float64Array(board, 16, 2);
    this.#bytes = new Uint8Array(board, HEADER_BYTES);
  }

  events(count: number): void {
    Atomics.store(this.#cells, 1, count);
  }

  /** Written into the slot not in use, then made current: a thread ended mid-write leaves the
   * previous part whole. */
  part(part: CalendarPart): void {
    const slot = 1 - Atomics.load(this.#cells, 0);
    const name = (part.kind === 'zone' ? `z${part.tzid}` : `s${part.uid}`).slice(0, NAME_MAX + 1);
    const target = this.#bytes.subarray(slot * SLOT_BYTES, (slot + 1) * SLOT_BYTES);
    const { written } = this.#encoder.encodeInto(name, target);
    Atomics.store(this.#cells, 2 + slot, written);
    this.#starts[slot] = Date.now();
    Atomics.store(this.#cells, 0, slot);
  }
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
    this.#cells = new Int32Array(board, 0, 4);
    this.#starts = new Float64Array(board, 16, 2);
    this.#bytes = new Uint8Array(board, HEADER_BYTES);
  }

  /** Before each feed: nothing counted, no part. */
  clear(): void {
    Atomics.store(this.#cells, 1, -1);
    Atomics.store(this.#cells, 2, 0);
    Atomics.store(this.#cells, 3, 0);
    Atomics.store(this.#cells, 0, 0);
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
