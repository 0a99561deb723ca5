/**
 * The timetable engine as a peer of `npm run bench -- peers` (peers.ts), in a thread of its own
 * like ical.js (icalJsThread.mjs): each message { text, from, to, machineZone } is read with
 * readCalendar and answered { ms, occurrences }, each occurrence [uid, start, end] in epoch ms,
 * ms its time in this thread (reading and listing the occurrences). Bundled by the bench first.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { readCalendar } from '../../src-main/core/timetable/calendar';

export interface PeerRequest {
  text: string;
  from: number;
  to: number;
  machineZone: string;
}

export type Occurrence = [uid: string, start: number, end: number];

export type PeerAnswer = { ms: number; occurrences: Occurrence[] } | { error: string };

parentPort?.on('message', ({ text, from, to, machineZone }: PeerRequest) => {
  let answer: PeerAnswer;
  try {
    const started = performance.now();
    const { events } = readCalendar(text, { from, to, machineZone });
    // The key is the UID, then @ and the occurrence's original start (which holds no @).
    const occurrences = events.map(({ key, start, end }): Occurrence => [
      key.slice(0, key.lastIndexOf('@')),
      start,
      end,
    ]);
    answer = { ms: performance.now() - started, occurrences };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
