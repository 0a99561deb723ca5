/**
 * A stand-in for the calendar reader's thread (calendarWorker.ts) that runs away exactly as a
 * test tells it (the feed's text is the instruction), so the reader's budget, memory cap and
 * naming of the runaway part are tested without depending on how fast the engine is:
 * - `zone`: counts 7 events, starts the zone "Custom Zone" and never finishes it;
 * - `late-part`: works 60% of the budget before its first part, then never finishes that one;
 * - `hog`: takes memory until the cap ends the thread;
 * - `quick`: answers at once with an empty reading.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ReadRequest, ThreadMessage } from '../../src-main/core/timetable/calendarThread';
import { ProgressWriter } from '../../src-main/core/timetable/calendarThread';

const { board, budgetMs } = workerData as { board: SharedArrayBuffer; budgetMs: number };
const progress = new ProgressWriter(board);
const spin = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy, as a runaway rule is.
  }
};

// Its instructions are short: each comes whole, in one piece.
parentPort?.on('message', ({ piece: text }: ReadRequest) => {
  progress.events(7);
  if (text === 'zone') {
    progress.part({ kind: 'zone', tzid: 'Custom Zone' });
    spin(Number.POSITIVE_INFINITY);
  } else if (text === 'late-part') {
    spin(budgetMs * 0.6);
    progress.part({ kind: 'series', uid: 'late@school' });
    spin(Number.POSITIVE_INFINITY);
  } else if (text === 'hog') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => index + 0.5));
  } else {
    const answer: ThreadMessage = {
      type: 'read',
      reading: { events: [], eventsRead: 0, skipped: {} },
      ms: 0,
    };
    parentPort?.postMessage(answer);
  }
});
const ready: ThreadMessage = { type: 'ready' };
parentPort?.postMessage(ready);
