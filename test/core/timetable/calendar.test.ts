import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent, ExpandOptions } from '../../../src-main/core/timetable/calendar';
import { api } from '../../../src-main/core/api/classTrayApi';
import { CalendarFormatError, readCalendar } from '../../../src-main/core/timetable/calendar';
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';

const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/${name}.ics`, import.meta.url), 'utf8');
const year2026 = {
  from: Date.parse('2026-01-01T00:00:00Z'),
  to: Date.parse('2026-12-31T00:00:00Z'),
};
const iso = (ms: number) => new Date(ms).toISOString();
const expandCalendar = (text: string, options: ExpandOptions) => readCalendar(text, options).events;
const brief = (event: CalendarEvent) => ({
  title: event.title,
  location: event.location,
  start: iso(event.start),
  end: iso(event.end),
});

describe.each(['Europe/Madrid', 'Australia/Adelaide', 'UTC'])(
  'expanding timetables with the machine in %s',
  (machineZone) => {
    const expand = (name: string, span = year2026) =>
      expandCalendar(fixture(name), { ...span, machineZone });

    it('WebUntis: single events in an IANA zone without a VTIMEZONE, on both sides of the spring change', () => {
      const events = expand('webuntis').map(brief);
      expect(events).toEqual([
        {
          title: 'Maths 3B',
          location: 'R12',
          start: '2026-03-27T07:00:00.000Z',
          end: '2026-03-27T07:50:00.000Z',
        },
        {
          title: 'Maths 3B',
          location: 'R12',
          start: '2026-03-30T06:00:00.000Z',
          end: '2026-03-30T06:50:00.000Z',
        },
        {
          title: 'Maths 3B',
          location: 'R12',
          start: '2026-11-24T07:00:00.000Z',
          end: '2026-11-24T07:50:00.000Z',
        },
        {
          title: 'Physics 4A',
          location: 'Lab 1',
          start: '2026-11-24T08:05:00.000Z',
          end: '2026-11-24T08:55:00.000Z',
        },
        {
          title: 'Staff meeting',
          location: null,
          start: '2026-11-24T09:00:00.000Z',
          end: '2026-11-24T09:50:00.000Z',
        },
      ]);
    });

    it('Outlook: Windows zone names, a weekly series across both changes, EXDATE with TZID, a moved occurrence, UNTIL in UTC', () => {
      const events = expand('outlook');
      const maths = events.filter((event) => event.title === 'Maths 3B');
      // 34 Mondays from 16 March to 2 November, less the two EXDATEs.
      expect(maths).toHaveLength(32);
      expect(maths.map(brief).slice(0, 3)).toEqual([
        {
          title: 'Maths 3B',
          location: 'Room 12',
          start: '2026-03-16T07:00:00.000Z',
          end: '2026-03-16T07:50:00.000Z',
        },
        // Moved to 11:05 in Lab 1 (RECURRENCE-ID 23 March 08:00).
        {
          title: 'Maths 3B',
          location: 'Lab 1',
          start: '2026-03-23T10:05:00.000Z',
          end: '2026-03-23T10:55:00.000Z',
        },
        // Summer time: 08:00 in Berlin is 06:00 UTC.
        {
          title: 'Maths 3B',
          location: 'Room 12',
          start: '2026-03-30T06:00:00.000Z',
          end: '2026-03-30T06:50:00.000Z',
        },
      ]);
      expect(maths[1]?.key).toBe(
        '040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5@2026-03-23T07:00:00.000Z',
      );
      const starts = maths.map((event) => iso(event.start));
      expect(starts).not.toContain('2026-04-06T06:00:00.000Z');
      expect(starts).not.toContain('2026-10-19T06:00:00.000Z');
      expect(starts).toContain('2026-10-12T06:00:00.000Z');
      // Winter time again after 25 October; the last Monday is the UNTIL itself.
      expect(starts.slice(-2)).toEqual(['2026-10-26T07:00:00.000Z', '2026-11-02T07:00:00.000Z']);

      const history = events.find((event) => event.title === 'History 2C');
      expect(history && brief(history)).toEqual({
        title: 'History 2C',
        location: 'Aula 3',
        start: '2026-10-27T08:30:00.000Z',
        end: '2026-10-27T09:20:00.000Z',
      });
      // "AUS Central Standard Time" is Darwin: +09:30 all year, no summer time.
      const call = events.find((event) => event.title === 'Exchange visit call');
      expect(call && iso(call.start)).toBe('2026-11-02T23:30:00.000Z');
      const holiday = events.find((event) => event.title === 'School holiday');
      expect(holiday?.allDay).toBe(true);
      expect(holiday?.location).toBeNull();
    });

    it('Google: VTIMEZONE, an open-ended series with an EXDATE and a cancelled occurrence, Adelaide across its April change', () => {
      const span = {
        from: Date.parse('2026-01-01T00:00:00Z'),
        to: Date.parse('2026-12-01T00:00:00Z'),
      };
      const events = expand('google', span).map(brief);
      expect(
        events.filter((event) => event.title === 'Coding club').map((event) => event.start),
      ).toEqual([
        '2026-10-21T10:00:00.000Z',
        '2026-10-28T11:00:00.000Z',
        '2026-11-18T11:00:00.000Z',
        '2026-11-25T11:00:00.000Z',
      ]);
      expect(
        events.filter((event) => event.title === 'Partner lesson').map((event) => event.start),
      ).toEqual([
        // 09:00 in Adelaide: +10:30 until 5 April, +09:30 after.
        '2026-03-29T22:30:00.000Z',
        '2026-04-05T23:30:00.000Z',
        '2026-04-12T23:30:00.000Z',
      ]);
    });

    it('keeps only the events that overlap the span asked for', () => {
      const span = {
        from: Date.parse('2026-11-24T07:30:00Z'),
        to: Date.parse('2026-11-24T08:10:00Z'),
      };
      expect(expand('webuntis', span).map((event) => event.title)).toEqual([
        'Maths 3B',
        'Physics 4A',
      ]);
    });
  },
);

describe('times without a zone', () => {
  const floating = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'UID:floating-1',
    'DTSTART:20260330T080000',
    'DTEND:20260330T085000',
    'SUMMARY:Maths',
    'LOCATION:R12',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

  it.each([
    ['Europe/Madrid', '2026-03-30T06:00:00.000Z'],
    ['Australia/Adelaide', '2026-03-29T21:30:00.000Z'],
  ])('are read in the machine zone (%s)', (machineZone, start) => {
    const [event] = expandCalendar(floating, { ...year2026, machineZone });
    expect(event && iso(event.start)).toBe(start);
  });

  it('an unknown TZID without a VTIMEZONE is read in the machine zone too', () => {
    const text = floating.replace('DTSTART:', 'DTSTART;TZID=Somewhere Else:');
    const [event] = expandCalendar(text, { ...year2026, machineZone: 'Europe/Madrid' });
    expect(event && iso(event.start)).toBe('2026-03-30T06:00:00.000Z');
  });
});

describe('a very long LOCATION', () => {
  it('is cut where the place can still be mapped', () => {
    const long = `Building A, ${'second floor, '.repeat(20)}room 12`;
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:long-1',
      'DTSTART:20260330T080000Z',
      'DTEND:20260330T085000Z',
      'SUMMARY:Maths',
      `LOCATION:${long}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const [event] = expandCalendar(text, { ...year2026, machineZone: 'UTC' });
    expect(long.length).toBeGreaterThan(PLACE_MAX_LENGTH);
    expect(event?.location).toBe(long.slice(0, PLACE_MAX_LENGTH).trimEnd());
    const input = { place: event?.location, classroomId: 'room-12' };
    expect(() => api.mapTimetablePlace.input.parse(input)).not.toThrow();
  });
});

describe('a TZID that is neither IANA nor Windows', () => {
  it("is read by the feed's own VTIMEZONE rules", () => {
    const custom = fixture('outlook').replaceAll('W. Europe Standard Time', 'Our School Time');
    const starts = (text: string) =>
      expandCalendar(text, { ...year2026, machineZone: 'Australia/Adelaide' })
        .filter((event) => event.title === 'Maths 3B')
        .map((event) => iso(event.start));
    expect(starts(custom)).toEqual(starts(fixture('outlook')));
    expect(starts(custom)).toContain('2026-03-30T06:00:00.000Z');
  });
});

describe('text that is not a calendar', () => {
  it.each(['<html>Sign in</html>', '{"events":[]}', 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD'])(
    'is refused in words: %s',
    (text) => {
      expect(() => expandCalendar(text, { ...year2026, machineZone: 'UTC' })).toThrow(
        CalendarFormatError,
      );
    },
  );
});
