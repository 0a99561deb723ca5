/**
 * ical.js 2.2.1 doing the timetable engine's work on one text and span, in a thread of its own so
 * the bench can cap its heap and time (it took minutes and gigabytes on the 50,000 and
 * 70,000-event feeds on the main thread): parse, zones registered, overrides related to their
 * series, every series iterated from its start to the span's end, occurrences overlapping the
 * span counted (as ClassTray used it before issue 25). Posts { ms, occurrences }.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import ICAL from 'ical.js';

const { text, from, to } = workerData;
const started = performance.now();
const calendar = new ICAL.Component(ICAL.parse(text));
for (const zone of calendar.getAllSubcomponents('vtimezone')) {
  ICAL.TimezoneService.register(new ICAL.Timezone(zone));
}
const masters = new Map();
const overrides = [];
for (const vevent of calendar.getAllSubcomponents('vevent')) {
  const event = new ICAL.Event(vevent);
  if (event.isRecurrenceException()) overrides.push(event);
  else masters.set(event.uid, event);
}
for (const override of overrides) masters.get(override.uid)?.relateException(override);
let occurrences = 0;
const overlaps = (start, end) => end.toUnixTime() * 1000 > from && start.toUnixTime() * 1000 < to;
for (const event of masters.values()) {
  if (!event.isRecurring()) {
    if (overlaps(event.startDate, event.endDate)) occurrences += 1;
    continue;
  }
  const steps = event.iterator();
  for (let next = steps.next(); next; next = steps.next()) {
    if (next.toUnixTime() * 1000 >= to) break;
    const { startDate, endDate } = event.getOccurrenceDetails(next);
    if (overlaps(startDate, endDate)) occurrences += 1;
  }
}
parentPort.postMessage({ ms: performance.now() - started, occurrences });
