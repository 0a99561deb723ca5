/**
 * The calendar reader's thread (a worker_threads Worker, started by calendarReader.ts): reads one
 * feed at a time with the engine (calendar.ts). A calendar too large or endless costs this
 * thread only, which the main side ends past its time or memory budget.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { CalendarFormatError, readCalendar } from './calendar';
import type { ReadRequest, ThreadMessage } from './calendarThread';
import { MAX_OCCURRENCES, ProgressWriter } from './calendarThread';

const port = parentPort;
if (port !== null) {
  const progress = new ProgressWriter((workerData as { board: SharedArrayBuffer }).board);
  const answer = (message: ThreadMessage) => port.postMessage(message);
  let pieces: string[] = [];
  port.on('message', (request: ReadRequest) => {
    pieces.push(request.piece);
    if (!('options' in request)) return;
    const text = pieces.join('');
    pieces = [];
    const { options } = request;
    const started = performance.now();
    try {
      progress.events((text.match(/^BEGIN:VEVENT\r?$/gim) ?? []).length);
      const reading = readCalendar(text, { ...options, onPart: (part) => progress.part(part) });
      const ms = performance.now() - started;
      if (reading.events.length > MAX_OCCURRENCES) {
        answer({ type: 'tooMany', eventsRead: reading.eventsRead, ms });
      } else {
        answer({ type: 'read', reading, ms });
      }
    } catch (error) {
      if (error instanceof CalendarFormatError) {
        answer({ type: 'notCalendar', message: error.message });
      } else {
        answer({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }
  });
  answer({ type: 'ready' });
}
