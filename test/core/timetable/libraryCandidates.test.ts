/**
 * What the candidate libraries make of the corpus's rules (docs/engineering.md, "The iCalendar engine, by
 * evidence"): ical.js 2.2.1 (the engine before issue 25) and rrule 2.8.1 (dateutil's port), each
 * stepped from DTSTART as its API does. Kept as a test so docs/engineering.md's account fails when either
 * changes; ClassTray's own stepper is calendarCorpus.test.ts's.
 */
import ICAL from 'ical.js';
import rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { calendar, ruleCases, vevent } from './corpusCases';

const { rrulestr } = rrulePackage;
const minute = (date: string) => date.slice(0, 16);

function icalStarts(dtstart: string, rrule: string): string[] {
  const start = ICAL.Time.fromDateTimeString(
    dtstart.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)/, '$1-$2-$3T$4:$5:$6'),
  );
  const steps = ICAL.Recur.fromString(rrule).iterator(start);
  const starts: string[] = [];
  for (let next = steps.next(); next && starts.length < 20; next = steps.next()) {
    starts.push(minute(next.toString()));
  }
  return starts;
}

const rruleStarts = (dtstart: string, rrule: string): string[] =>
  rrulestr(`DTSTART:${dtstart}Z\nRRULE:${rrule}`)
    .all((_, index) => index < 20)
    .map((date) => minute(date.toISOString()));

const right = (starts: (dtstart: string, rrule: string) => string[]) =>
  ruleCases
    .filter(
      (rule) => JSON.stringify(starts(rule.dtstart, rule.rrule)) === JSON.stringify(rule.starts),
    )
    .map((rule) => rule.name);

describe('the candidate libraries on the corpus rules', () => {
  it('ical.js 2.2.1 gets two of eight: it loses a COUNT across the year end, and BYWEEKNO (1 and -52), a yearly ordinal, BYHOUR in a yearly rule and BYSETPOS past the set', () => {
    expect(right(icalStarts)).toEqual([
      'BYSETPOS=-1 among times written out of order',
      'BYMONTHDAY=31 skipping short months',
    ]);
  });

  it('rrule 2.8.1 gets all but BYSETPOS among times out of order, BYSETPOS past the set, and week -52 reaching into the year before (it does so for week 1 only)', () => {
    expect(right(rruleStarts)).toEqual([
      'COUNT across the year end, BYMONTH with an ordinal BYDAY',
      'BYWEEKNO=1 reaching into the year before',
      'BYHOUR and BYMINUTE expanding a YEARLY rule (RFC 5545 §3.8.5.3)',
      'an ordinal BYDAY in a YEARLY rule',
      'BYMONTHDAY=31 skipping short months',
    ]);
  });

  it('ical.js refuses a whole file for one bad rule or line, and reads a misspelt UNTIL as no end', () => {
    const good = vevent('UID:good', 'DTSTART:20260302T080000Z', 'SUMMARY:Good');
    const parse =
      (...lines: string[]) =>
      () =>
        ICAL.parse(calendar(...good, ...vevent('UID:bad', ...lines)));
    expect(parse('DTSTART:20260302T080000Z', 'RRULE:FREQ=DAILY;COUNT=x')).toThrow();
    expect(parse('BADLINE')).toThrow();
    const misspelt = ICAL.Recur.fromString('FREQ=DAILY;UNTL=20260310');
    expect(misspelt.until).toBeNull();
    expect(misspelt.isFinite()).toBe(false);
  });
});
