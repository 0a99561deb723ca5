/**
 * The calendar reader's thread (a worker_threads Worker, started by calendarReader.ts): reads one
 * feed at a time with the engine (calendar.ts). A calendar too large or endless costs this
 * thread only, which the main side ends past its time or memory budget.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { CalendarFormatError, readCalendar } from './calendar';
import type { ReadRequest, ThreadMessage } from './calendarThread';
import { MAX_OCCURRENCES, ProgressWriter, countEvents } from './calendarThread';

const port = parentPort;
if (port !== null) {
  const progress = new ProgressWriter((workerData as { board: SharedArrayBuffer }).board);
  const answer = (message: ThreadMessage) => port.postMessage(message);
  let pieces: string[] = [];
  port.on('message', (request: ReadRequest) => {
    pieces.push(request.piece);
    if (!('options' in request)) return;
    const started = performance.now();
    const workStarted = progress.work();
    const text = pieces.join('');
    pieces = [];
    const { options } = request;
    try {
      progress.events(countEvents(text));
      const reading = readCalendar(text, { ...options, onPart: (part) => progress.part(part) });
      const ms = performance.now() - started;
      const workMs = progress.work() - workStarted;
      if (reading.events.length > MAX_OCCURRENCES) {
        answer({ type: 'tooMany', eventsRead: reading.eventsRead, ms, workMs });
      } else {
        answer({ type: 'read', reading, ms, workMs });
      }
    } catch (error) {
      if (error instanceof CalendarFormatError) {
        answer({ type: 'notCalendar', message: error.message });
      } else {
        answer({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }
  });
  warmUp();
  answer({ type: 'ready' });
}

/**
 * Before the thread says it is ready: one small reading, so that the first feed does not pay for
 * compiling the engine and loading the computer's zone (a new thread's first school year took
 * 240 ms, the next ones 7 ms, measured). It costs this thread only, while it starts.
 */
function warmUp(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = Date.now();
  const lines = [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    'UID:warm-up',
    `DTSTART;TZID=${zone}:20260105T080000`,
    'DURATION:PT50M',
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=200',
    `EXDATE;TZID=${zone}:20260107T080000`,
    'SUMMARY:Warm-up',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  try {
    readCalendar(lines.join('\r\n'), {
      from: now - 86_400_000,
      to: now + 8 * 86_400_000,
      machineZone: zone,
    });
  } catch {
    // Only a warm-up: the feeds say what is wrong with them.
  }
}
