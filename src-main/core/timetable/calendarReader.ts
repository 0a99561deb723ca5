/**
 * Reads calendars off the main thread: each feed goes to a worker_threads Worker
 * (calendarWorker.ts), one at a time, within a budget of work and a memory cap. Past either the
 * thread is ended, and the outcome says which part of the calendar was too much (the count of
 * its events, or the zone or series the engine was on for most of the time), so the tray, the
 * window and the end schedule never wait for a calendar, however large or endless.
 *
 * The budget counts the reading's own work, not the machine's: the thread's CPU time, as it
 * writes it on the progress board at the reading's start and as it goes from part to part
 * (calendarThread.ts), and the real time since its last word, whole (a part that runs away
 * writes nothing more, so it is held to real time). A feed a quiet machine reads is read on a
 * busy one too, only later: the 70,000-event feed of the bench takes 100 to 160 ms of CPU, and
 * from about that to several times it in real time as the machine's load grows; counted in real
 * time, it was refused on a loaded machine before issue 44. It runs on the real clock whatever
 * clock the core was given: it bounds real work.
 */
import type { WorkerOptions } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type { CalendarPart, CalendarReading, ExpandOptions } from './calendar';
import type { ReadRequest, ThreadMessage, WorkClock } from './calendarThread';
import {
  PIECE_CHARS,
  ProgressReader,
  countEvents,
  newProgressBoard,
  workSpent,
} from './calendarThread';

/** Starts the reader's thread: the tray app passes electron-vite's built worker. */
export type StartWorker = (options: WorkerOptions) => Worker;

/** Work a feed may take in the thread (its CPU time, in ms), from when it is handed over. */
export const READ_BUDGET_MS = 2_000;
/** Past the budget's first look, the work is looked at again no sooner than this. */
const LOOK_AGAIN_MS = 20;
/**
 * The thread's heap, in MB: past it V8 ends the thread, never the app. With the feed's text and
 * the thread's own code this keeps the memory a reading adds under 256 MB.
 */
export const READ_MEMORY_MB = 160;
/** A thread that has not loaded by then is given up on (a machine under very heavy load). */
const START_LIMIT_MS = 30_000;
/** An idle thread is ended after this: its memory goes back, and a burst of reads shares one. */
const IDLE_MS = 10_000;

/** What the reading was stopped at: the size of the file, or the zone or series that ran away. */
export type RunawayPart = { kind: 'events'; count: number } | CalendarPart;

export interface StoppedReading {
  /** Its time, its memory, or more occurrences in the span than any teacher's weeks hold. */
  limit: 'time' | 'memory' | 'occurrences';
  part: RunawayPart;
}

/**
 * `ms`: real time, in the thread for a reading (from when it got the feed whole), from the
 * hand-over for a stop; `workMs`: the work the budget counted (CPU time where the thread has a
 * CPU clock).
 */
export type ReadOutcome =
  | { kind: 'read'; reading: CalendarReading; ms: number; workMs?: number }
  | { kind: 'stopped'; stopped: StoppedReading; ms: number; workMs?: number }
  /** Not an iCalendar file, in the engine's sentence for the teacher. */
  | { kind: 'notCalendar'; message: string }
  /** The thread failed (a bug): `error` is for the log, never for a sentence. */
  | { kind: 'failed'; error: string }
  /** The reader was stopped (ClassTray is quitting). */
  | { kind: 'cancelled' };

export interface CalendarReaderOptions {
  startWorker?: StartWorker;
  budgetMs?: number;
  memoryMb?: number;
  /** How the thread measures its work: its CPU time (default), or real time ('wall'). */
  workClock?: WorkClock;
}

interface Pending {
  text: string;
  options: ExpandOptions;
  finish: (outcome: ReadOutcome) => void;
  /** Date.now() when the thread got the feed. */
  handedAt?: number;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  ready: boolean;
}

/** The reader's thread from its TypeScript source, through tsx (calendarWorkerFromSource.mjs). */
export const sourceCalendarWorker: StartWorker = (options) =>
  new Worker(new URL('./calendarWorkerFromSource.mjs', import.meta.url), options);

export class CalendarReader {
  readonly #startWorker: StartWorker;
  readonly #budgetMs: number;
  readonly #memoryMb: number;
  readonly #board: SharedArrayBuffer;
  readonly #progress: ProgressReader;
  #thread: Thread | undefined;
  #pending: Pending | undefined;
  /** Reads wait their turn here: one thread, one feed at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  /** A thread being ended: the next one starts after it is gone. */
  #ending: Promise<unknown> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: CalendarReaderOptions = {}) {
    this.#startWorker = options.startWorker ?? sourceCalendarWorker;
    this.#budgetMs = options.budgetMs ?? READ_BUDGET_MS;
    this.#memoryMb = options.memoryMb ?? READ_MEMORY_MB;
    this.#board = newProgressBoard(options.workClock);
    this.#progress = new ProgressReader(this.#board);
  }

  /** Reads a feed in the thread; never rejects. */
  read(text: string, options: ExpandOptions): Promise<ReadOutcome> {
    const outcome = this.#queue.then(() => this.#readNow(text, options));
    this.#queue = outcome;
    return outcome;
  }

  /** Ends the thread; a read under way or waiting is cancelled. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#idle);
    this.#pending?.finish({ kind: 'cancelled' });
    this.#end();
    await this.#ending;
  }

  async #readNow(text: string, options: ExpandOptions): Promise<ReadOutcome> {
    await this.#ending;
    if (this.#stopped) return { kind: 'cancelled' };
    clearTimeout(this.#idle);
    let thread: Thread;
    try {
      thread = this.#thread ??= this.#start();
    } catch (error) {
      return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    thread.worker.ref();
    return new Promise<ReadOutcome>((resolve) => {
      const pending: Pending = {
        text,
        options,
        finish: (outcome) => {
          if (this.#pending !== pending) return;
          this.#pending = undefined;
          clearTimeout(pending.timer);
          resolve(outcome);
          this.#rest();
        },
        timer: setTimeout(() => {
          this.#end();
          pending.finish({ kind: 'failed', error: 'the reading thread did not start' });
        }, START_LIMIT_MS),
      };
      this.#pending = pending;
      if (thread.ready) this.#hand(pending, thread);
    });
  }

  #start(): Thread {
    const worker = this.#startWorker({
      workerData: { board: this.#board },
      resourceLimits: {
        maxOldGenerationSizeMb: this.#memoryMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
    const thread: Thread = { worker, ready: false };
    worker.on('message', (message: ThreadMessage) => this.#heard(thread, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (this.#thread !== thread) return;
      this.#thread = undefined;
      this.#ending = new Promise((resolve) => worker.once('exit', resolve));
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.#stopAt('memory');
      else this.#pending?.finish({ kind: 'failed', error: error.message });
    });
    worker.on('exit', () => {
      if (this.#thread !== thread) return;
      this.#thread = undefined;
      this.#pending?.finish({ kind: 'failed', error: 'the reading thread exited' });
    });
    return thread;
  }

  #hand(pending: Pending, thread: Thread): void {
    clearTimeout(pending.timer);
    this.#progress.clear();
    const handedAt = Date.now();
    pending.handedAt = handedAt;
    // The work cannot pass the budget sooner than the real time does: looked at then, and again
    // when what is left of the budget could be spent.
    const look = () => {
      if (this.#pending !== pending) return;
      const spent = workSpent(this.#progress.checkpoint(), handedAt, Date.now());
      if (spent >= this.#budgetMs) {
        this.#end();
        this.#stopAt('time', spent);
        return;
      }
      pending.timer = setTimeout(look, Math.max(LOOK_AGAIN_MS, this.#budgetMs - spent));
    };
    pending.timer = setTimeout(look, this.#budgetMs);
    this.#send(pending, thread, 0);
  }

  /** The feed's text a piece per turn of the loop, so no copy holds the main thread long. */
  #send(pending: Pending, thread: Thread, from: number): void {
    if (this.#pending !== pending || this.#thread !== thread) return;
    const { text, options } = pending;
    const to = from + PIECE_CHARS;
    const request: ReadRequest =
      to >= text.length ? { piece: text.slice(from), options } : { piece: text.slice(from, to) };
    thread.worker.postMessage(request);
    if ('options' in request) return;
    setImmediate(() => this.#send(pending, thread, to));
  }

  #heard(thread: Thread, message: ThreadMessage): void {
    if (this.#thread !== thread) return;
    const pending = this.#pending;
    switch (message.type) {
      case 'ready':
        thread.ready = true;
        if (pending !== undefined) this.#hand(pending, thread);
        return;
      case 'read':
        pending?.finish({
          kind: 'read',
          reading: message.reading,
          ms: message.ms,
          ...(message.workMs === undefined ? {} : { workMs: message.workMs }),
        });
        return;
      case 'tooMany':
        pending?.finish({
          kind: 'stopped',
          stopped: { limit: 'occurrences', part: { kind: 'events', count: message.eventsRead } },
          ms: message.ms,
          ...(message.workMs === undefined ? {} : { workMs: message.workMs }),
        });
        return;
      case 'notCalendar':
        pending?.finish({ kind: 'notCalendar', message: message.message });
        return;
      case 'failed':
        pending?.finish({ kind: 'failed', error: message.error });
    }
  }

  /**
   * The reading under way ran past a limit. The part named is the one the engine was on for at
   * least half the real time spent; else the feed as a whole was too much, named by its size.
   */
  #stopAt(limit: StoppedReading['limit'], workMs?: number): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    const now = Date.now();
    const spent = now - (pending.handedAt ?? now);
    const { events, part } = this.#progress.read();
    const ranAway = part !== undefined && now - part.since >= spent / 2;
    pending.finish({
      kind: 'stopped',
      stopped: {
        limit,
        part: ranAway ? part.part : { kind: 'events', count: events ?? countEvents(pending.text) },
      },
      ms: spent,
      ...(workMs === undefined ? {} : { workMs }),
    });
  }

  /** Between reads: the thread no longer holds the process open, and ends when left idle. */
  #rest(): void {
    const thread = this.#thread;
    if (thread === undefined || this.#stopped) return;
    thread.worker.unref();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#end(), IDLE_MS);
    this.#idle.unref();
  }

  #end(): void {
    const thread = this.#thread;
    this.#thread = undefined;
    if (thread !== undefined) this.#ending = thread.worker.terminate();
  }
}
