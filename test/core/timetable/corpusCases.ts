/**
 * The corpus: calendars shaped as schools' programs write them, and the RFC 5545 cases they
 * use, each with its known answer (worked out by hand from the text: see each case's note).
 * Read by calendarCorpus.test.ts for the engine, and by libraryCandidates.test.ts for what the
 * libraries that were candidates make of the same rules.
 */
import { readFileSync } from 'node:fs';

export const fixture = (name: string): string =>
  readFileSync(new URL(`corpus/${name}.ics`, import.meta.url), 'utf8');

/** A calendar of these lines, and a VEVENT of these. */
export const calendar = (...lines: string[]): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClassTray corpus//EN',
    ...lines,
    'END:VCALENDAR',
  ].join('\r\n');
export const vevent = (...lines: string[]): string[] => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];

/** A rule and its DTSTART (floating), with every start it makes, as computed by hand. */
export interface RuleCase {
  name: string;
  dtstart: string;
  rrule: string;
  starts: string[];
}

export const ruleCases: RuleCase[] = [
  {
    // The third Wednesday of Sep, Oct, Nov, Dec 2025 and Jan 2026 (1 Jan 2026 is a Thursday).
    name: 'COUNT across the year end, BYMONTH with an ordinal BYDAY',
    dtstart: '20250917T100000',
    rrule: 'FREQ=MONTHLY;COUNT=5;BYDAY=+3WE;BYMONTH=1,2,9,10,11,12',
    starts: [
      '2025-09-17T10:00',
      '2025-10-15T10:00',
      '2025-11-19T10:00',
      '2025-12-17T10:00',
      '2026-01-21T10:00',
    ],
  },
  {
    // The Mondays of ISO week 1: 29 Dec 1997, 4 Jan 1999, 3 Jan 2000 (RFC 5545's example shape).
    name: 'BYWEEKNO=1 reaching into the year before',
    dtstart: '19971229T090000',
    rrule: 'FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=3',
    starts: ['1997-12-29T09:00', '1999-01-04T09:00', '2000-01-03T09:00'],
  },
  {
    // Week -52 is week 1 in a year of 52 ISO weeks (2025, 2027) and week 2 in one of 53 (2026):
    // the Mondays 30 Dec 2024, 5 Jan 2026, 4 Jan 2027.
    name: 'BYWEEKNO=-52 reaching into the year before',
    dtstart: '20241230T090000',
    rrule: 'FREQ=YEARLY;BYWEEKNO=-52;BYDAY=MO;COUNT=3',
    starts: ['2024-12-30T09:00', '2026-01-05T09:00', '2027-01-04T09:00'],
  },
  {
    // BYHOUR expands a YEARLY rule: both hours on each Sunday of January, every other year.
    name: 'BYHOUR and BYMINUTE expanding a YEARLY rule (RFC 5545 §3.8.5.3)',
    dtstart: '19970105T083000',
    rrule: 'FREQ=YEARLY;INTERVAL=2;BYMONTH=1;BYDAY=SU;BYHOUR=8,9;BYMINUTE=30;COUNT=6',
    starts: [
      '1997-01-05T08:30',
      '1997-01-05T09:30',
      '1997-01-12T08:30',
      '1997-01-12T09:30',
      '1997-01-19T08:30',
      '1997-01-19T09:30',
    ],
  },
  {
    // The 20th Monday of the year: 18 May 1998, 17 May 1999 (RFC 5545's example).
    name: 'an ordinal BYDAY in a YEARLY rule',
    dtstart: '19980518T090000',
    rrule: 'FREQ=YEARLY;BYDAY=20MO;COUNT=2',
    starts: ['1998-05-18T09:00', '1999-05-17T09:00'],
  },
  {
    // Each week's set is one Friday at 15:15 and 15:45: the last of them is 15:45.
    name: 'BYSETPOS=-1 among times written out of order',
    dtstart: '20260306T154500',
    rrule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=15;BYMINUTE=45,15;BYSETPOS=-1;COUNT=2',
    starts: ['2026-03-06T15:45', '2026-03-13T15:45'],
  },
  {
    // Each year's set is one day (1 January): its fourth from last does not exist.
    name: 'BYSETPOS past the size of the set',
    dtstart: '20260101T080000',
    rrule: 'FREQ=YEARLY;BYSETPOS=-4;COUNT=3',
    starts: ['2026-01-01T08:00'],
  },
  {
    // Monthly on the 31st: months without one are skipped, not moved (RFC 5545 §3.3.10).
    name: 'BYMONTHDAY=31 skipping short months',
    dtstart: '20260131T080000',
    rrule: 'FREQ=MONTHLY;COUNT=4',
    starts: ['2026-01-31T08:00', '2026-03-31T08:00', '2026-05-31T08:00', '2026-07-31T08:00'],
  },
];
