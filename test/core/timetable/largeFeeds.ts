/**
 * Large valid feeds of issue 34, made on demand: a school's shared room calendar of about
 * 70,000 events (just under the feed's 8 MiB cap) over the school years around a given instant,
 * as the reader's tests and `npm run bench -- timetable` read it.
 */

import { icsUtc } from '../../support/calendarText';

const DAY = 86_400_000;
const FEED_CAP = 8 * 1024 * 1024;

/**
 * `count` bookings of 40 rooms, six lessons a day on weekdays, from about two years before
 * `now` on (70,000 bookings: about four school years), each a single event in UTC with its
 * room and class; every 50th a weekly series of four, every 100th moved by an override. Padded
 * to stay under the 8 MiB cap whatever `count`.
 */
export function roomFeed(now: number, count = 70_000): string {
  const midnight = now - (now % DAY);
  const rooms = 40;
  const lessonsPerDay = 6;
  const perDay = rooms * lessonsPerDay;
  // Weekdays only: five of every seven days.
  const days = Math.ceil(count / perDay);
  const firstDay = midnight - Math.floor((days * 7) / 5 / 2) * DAY;
  const lines: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//ClassTray tests//EN'];
  let day = firstDay;
  let made = 0;
  while (made < count) {
    const weekday = (new Date(day).getUTCDay() + 6) % 7;
    if (weekday < 5) {
      for (let slot = 0; slot < perDay && made < count; slot += 1, made += 1) {
        const room = slot % rooms;
        const period = Math.floor(slot / rooms);
        const start = day + (7 * 60 + period * 55) * 60_000;
        const uid = `b${made}`;
        lines.push(
          'BEGIN:VEVENT',
          `UID:${uid}`,
          `DTSTART:${icsUtc(start)}`,
          `DTEND:${icsUtc(start + 50 * 60_000)}`,
          `SUMMARY:${'ABCDEF'[period]}${room}`,
          `LOCATION:R${room}`,
        );
        if (made % 50 === 0) lines.push('RRULE:FREQ=WEEKLY;COUNT=4');
        lines.push('END:VEVENT');
        if (made % 100 === 0) {
          lines.push(
            'BEGIN:VEVENT',
            `UID:${uid}`,
            `RECURRENCE-ID:${icsUtc(start + 7 * DAY)}`,
            `DTSTART:${icsUtc(start + 7 * DAY + 3_600_000)}`,
            `DTEND:${icsUtc(start + 7 * DAY + 3_600_000 + 50 * 60_000)}`,
            `SUMMARY:${'ABCDEF'[period]}${room}`,
            'LOCATION:Hall',
            'END:VEVENT',
          );
        }
      }
    }
    day += DAY;
  }
  lines.push('END:VCALENDAR', '');
  const text = lines.join('\r\n');
  if (Buffer.byteLength(text) > FEED_CAP) throw new Error('the room feed is over the 8 MiB cap');
  return text;
}

/**
 * `count` single events all in the week after `now`, a few seconds apart (100,000: 7.7 MiB): each
 * must be read whole and kept, so this is the feed the thread's memory cap stops.
 */
export function crowdedEvents(now: number, count = 100_000): string {
  const step = Math.floor((7 * DAY) / count);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//ClassTray tests//EN'];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:c${index}`,
      `DTSTART:${icsUtc(now + 60_000 + index * step)}`,
      'DURATION:PT50M',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
