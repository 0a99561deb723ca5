/**
 * A stand-in for the calendar reader's thread (calendarWorker.ts) on a busy machine: it works
 * for `wallMs` of real time, from part to part, while its work clock (its CPU time, in the real
 * thread) says `share` of that, as a thread given that share of a core would; then it answers
 * with an empty reading. The reader's budget of work is tested with it without depending on how
 * busy the test machine is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadMessage } from '../../../src-main/core/timetable/calendarThread';
import { ProgressWriter } from '../../../src-main/core/timetable/calendarThread';

const { board, wallMs, share } = workerData as {
  board: SharedArrayBuffer;
  wallMs: number;
  share: number;
};
const began = Date.now();
const progress = new ProgressWriter(board, () => (Date.now() - began) * share);

parentPort?.on('message', () => {
  progress.events(1);
  const started = Date.now();
  let part = 0;
  while (Date.now() - started < wallMs) {
    // A part every millisecond or so, as the engine goes from series to series.
    progress.part({ kind: 'series', uid: `series-${(part += 1)}` });
    const until = Date.now() + 1;
    while (Date.now() < until) {
      // Busy.
    }
  }
  const answer: ThreadMessage = {
    type: 'read',
    reading: { events: [], eventsRead: 1, skipped: {} },
    ms: Date.now() - started,
  };
  parentPort?.postMessage(answer);
});
const ready: ThreadMessage = { type: 'ready' };
parentPort?.postMessage(ready);
