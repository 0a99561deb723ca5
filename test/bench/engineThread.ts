/**
 * The timetable engine as a peer of `npm run bench -- peers` (peers.ts), in a thread of its own
 * like ical.js (icalJsThread.mjs): each message { text, from, to, machineZone } is read with
 * readCalendar and answered { ms, occurrences }, each occurrence [uid, start, end] in epoch ms,
 * ms its time in this thread (reading and listing the occurrences), gcMs the garbage collection
 * pausing this thread meanwhile (its PerformanceObserver's 'gc' entries). Bundled by the bench
 * first.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { readCalendar } from '../../src-main/core/timetable/calendar';

export interface PeerRequest {
  text: string;
  from: number;
  to: number;
  machineZone: string;
}

export type Occurrence = [uid: string, start: number, end: number];

export type PeerAnswer =
  { ms: number; occurrences: Occurrence[]; gcMs?: number } | { error: string };

/** Garbage collection's pauses of this thread: start time and duration, in ms. */
const pauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.duration]);
}).observe({ entryTypes: ['gc'] });

async function answer({ text, from, to, machineZone }: PeerRequest): Promise<void> {
  let reply: PeerAnswer;
  pauses.length = 0;
  try {
    const started = performance.now();
    const { events } = readCalendar(text, { from, to, machineZone });
    // The key is the UID, then @ and the occurrence's original start (which holds no @).
    const occurrences = events.map(({ key, start, end }): Occurrence => [
      key.slice(0, key.lastIndexOf('@')),
      start,
      end,
    ]);
    const ended = performance.now();
    // The entries of the last collections are delivered a little later (not on the next turn).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const gcMs = pauses
      .filter(([start]) => start >= started && start < ended)
      .reduce((sum, [, duration]) => sum + duration, 0);
    reply = { ms: ended - started, occurrences, gcMs };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
}

parentPort?.on('message', (request: PeerRequest) => void answer(request));
