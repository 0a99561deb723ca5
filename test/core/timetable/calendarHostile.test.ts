/**
 * The hostile calendars of issue 25 read by the engine: each ends, with what it could not follow
 * skipped and counted and the rest used. (Their times are measured in the worker, not asserted.)
 */
import { describe, expect, it } from 'vitest';
import { readCalendar } from '../../../src-main/core/timetable/calendar';
import type { CalendarPart } from '../../../src-main/core/timetable/calendar';
import { endlessZone as steadyZone } from '../../support/hostileCalendars';
import { countedFromLongAgo, endlessSecondly, endlessZone, manyEvents } from './hostile';

// The span the tray app reads: a day behind, eight ahead.
const from = Date.parse('2026-03-01T00:00:00Z');
const to = from + 9 * 86_400_000;
const options = { from, to, machineZone: 'Europe/Madrid' };

describe('hostile calendars', () => {
  it('100 series repeating every second with no end are refused as repeating too often', () => {
    const parts: CalendarPart[] = [];
    const reading = readCalendar(endlessSecondly(), {
      ...options,
      onPart: (part) => parts.push(part),
    });
    expect(reading).toEqual({ events: [], eventsRead: 100, skipped: { tooOften: 100 } });
    expect(parts).toHaveLength(100);
    expect(parts[99]).toEqual({ kind: 'series', uid: 'second-99' });
  });

  it('100,000 events: all read, those in the span kept', () => {
    const reading = readCalendar(manyEvents(), options);
    // Event i starts 10 minutes after event i-1 from 1 July 2025 and lasts 50 minutes.
    const first = Date.UTC(2025, 6, 1);
    const overlapping = Array.from(
      { length: 100_000 },
      (_, index) => first + index * 600_000,
    ).filter((start) => start < to && start + 3_000_000 > from);
    expect(reading.eventsRead).toBe(100_000);
    expect(reading.skipped).toEqual({});
    expect(reading.events.map((event) => event.start)).toEqual(overlapping);
    // 16 MB made and read: generous for a loaded machine (times are measured, not asserted).
  }, 120_000);

  it.each(['SECONDLY', 'MINUTELY', 'HOURLY'] as const)(
    'a VTIMEZONE changing every %s from 1601 with no end makes its events skipped, the rest read',
    (freq) => {
      const parts: CalendarPart[] = [];
      const reading = readCalendar(endlessZone(freq), {
        ...options,
        onPart: (part) => parts.push(part),
      });
      expect(reading.events.map((event) => event.title)).toEqual(['In UTC']);
      expect(reading.skipped).toEqual({ badZone: 1 });
      // Built once for the read, however many times it is asked.
      expect(parts).toEqual([{ kind: 'zone', tzid: 'Our School Time' }]);
    },
  );

  it('a VTIMEZONE changing every minute from 1601 to the offset it already has is that offset, and its lessons are read', () => {
    const now = Date.parse('2026-03-02T09:00:00Z');
    const reading = readCalendar(steadyZone(now), options);
    // 09:00 written in a zone of +01:00 is 08:00Z.
    expect(reading.events).toMatchObject([
      { title: 'Maths 3B', start: now + 86_400_000 - 3_600_000, end: now + 86_400_000 - 600_000 },
    ]);
    expect(reading.skipped).toEqual({});
  });

  it('a COUNT that must be counted through a thousand years of Fridays the 13th is refused as too costly', () => {
    const reading = readCalendar(countedFromLongAgo(), options);
    expect(reading).toEqual({ events: [], eventsRead: 100, skipped: { tooComplex: 100 } });
  });
});
