/**
 * ical.js doing the timetable engine's work, as its documentation intends it, for
 * `npm run bench -- peers` (peers.ts), in a thread of its own so that the bench can cap its heap.
 * Each message { text, from, to } is answered { ms, occurrences } (each [uid, start, end] in
 * epoch ms) or { error }: the text parsed, its VTIMEZONEs registered, each series built with its
 * own overrides, matched by UID (`new ICAL.Event(master, { exceptions, strictExceptions: true })`),
 * every series iterated from its start to the span's end, and the occurrences overlapping the
 * span listed. ms covers all of it, in this thread.
 *
 * Before issue 44 the bench built every series with `new ICAL.Event(vevent)` alone: ical.js then
 * relates every RECURRENCE-ID of the file to each series, whatever its UID (wrong occurrences,
 * and quadratic: 15 s for 4,000 events, past a 2 GiB heap for 50,000).
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import ICAL from 'ical.js';

function occurrencesIn(text, from, to) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const masters = [];
  /** UID -> its overrides (VEVENTs with a RECURRENCE-ID). */
  const overrides = new Map();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    if (vevent.hasProperty('recurrence-id')) {
      const uid = vevent.getFirstPropertyValue('uid');
      const list = overrides.get(uid);
      if (list === undefined) overrides.set(uid, [vevent]);
      else list.push(vevent);
    } else {
      masters.push(vevent);
    }
  }
  const occurrences = [];
  const listIfOverlapping = (uid, start, end) => {
    const startMs = start.toUnixTime() * 1000;
    const endMs = end.toUnixTime() * 1000;
    if (endMs > from && startMs < to) occurrences.push([uid, startMs, endMs]);
  };
  for (const vevent of masters) {
    const exceptions = overrides.get(vevent.getFirstPropertyValue('uid')) ?? [];
    const event = new ICAL.Event(vevent, { exceptions, strictExceptions: true });
    if (!event.isRecurring()) {
      listIfOverlapping(event.uid, event.startDate, event.endDate);
      continue;
    }
    const steps = event.iterator();
    for (let next = steps.next(); next && next.toUnixTime() * 1000 < to; next = steps.next()) {
      const { startDate, endDate } = event.getOccurrenceDetails(next);
      listIfOverlapping(event.uid, startDate, endDate);
    }
  }
  return occurrences;
}

parentPort.on('message', ({ text, from, to }) => {
  let answer;
  try {
    const started = performance.now();
    const occurrences = occurrencesIn(text, from, to);
    answer = { ms: performance.now() - started, occurrences };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(answer);
});
