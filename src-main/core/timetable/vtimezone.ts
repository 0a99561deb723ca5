/**
 * A feed's own VTIMEZONE (RFC 5545 §3.6.5), for a TZID that is neither IANA nor Windows: its
 * STANDARD and DAYLIGHT observances, each starting at its DTSTART, RDATEs and RRULE, evaluated
 * only around the years asked about (two years at a time, kept per year), with the bounded
 * stepping of recurrence.ts. A rule that repeats more than MAX_ONSETS times in those two years
 * (FREQ=MINUTELY from 1601) makes the zone unreadable, once: its events are skipped and counted;
 * unless every observance changes to one offset, which is then the zone's, with no stepping.
 */
import type { Component } from './icsText';
import { propertiesOf, propertyOf } from './icsText';
import { ValueError, readTime, readUtcOffset } from './icsValues';
import type { Recurrence } from './recurrence';
import { RecurrenceLimit, MAX_WORK, occurrencesBetween, readRule } from './recurrence';
import { dayNumber, DAY_SECONDS, dateOf } from './wallClock';

/** Changes of offset one observance may make in two years; real zones make two at most. */
const MAX_ONSETS = 100;

interface Observance {
  offsetFrom: number;
  offsetTo: number;
  /** DTSTART and RDATEs, wall seconds in the offset before the change. */
  dates: number[];
  recurrence: Recurrence | null;
}

interface Change {
  /** Seconds since the epoch (UTC). */
  at: number;
  offset: number;
}

/** Read from an observance: `dateStart` when its DTSTART was a DATE, read from its midnight. */
function readObservance(component: Component): Observance & { dateStart: boolean } {
  const value = (name: string) => {
    const property = propertyOf(component, name);
    if (property === undefined) throw new ValueError(`observance without ${name}`);
    return property.value;
  };
  const offsetFrom = readUtcOffset(value('TZOFFSETFROM'));
  const offsetTo = readUtcOffset(value('TZOFFSETTO'));
  // RFC 5545 wants a DATE-TIME; a DATE (`DTSTART;VALUE=DATE:19700101`, seen in exports) still
  // says plainly when the offset begins: at that day's start.
  const dtstart = value('DTSTART');
  const dateStart = /^\s*\d{8}\s*$/.test(dtstart);
  const start = readTime(dtstart, dateStart ? 'date' : 'date-time').seconds;
  const dates = [start];
  for (const rdate of propertiesOf(component, 'RDATE')) {
    for (const item of rdate.value.split(',')) dates.push(readTime(item, 'date-time').seconds);
  }
  const rrules = propertiesOf(component, 'RRULE');
  if (rrules.length > 1) throw new ValueError('observance with two rules');
  let recurrence: Recurrence | null = null;
  if (rrules[0] !== undefined) {
    const rule = readRule(rrules[0].value);
    const until =
      rule.until === null
        ? null
        : rule.until.utc
          ? rule.until.seconds + offsetFrom
          : rule.until.seconds + (rule.until.isDate ? DAY_SECONDS - 1 : 0);
    recurrence = { rule, start, isDate: false, until };
  }
  return { offsetFrom, offsetTo, dates, recurrence, dateStart };
}

export class ZoneRules {
  readonly #observances: Observance[];
  /** Changes per year asked about: that year's, the year before's and the last one before. */
  readonly #years = new Map<number, Change[]>();
  /** The offset before every observance's first change: the earliest one's TZOFFSETFROM. */
  readonly #initial: number;
  /**
   * When every observance changes to one offset, that offset from the first change on, however
   * often the rules repeat (a zone "changing" every minute to the offset it already has).
   */
  readonly #only: { offset: number; from: number } | undefined;
  #unreadable: Error | undefined;
  /** An observance's DTSTART was a DATE, read from its midnight (a repair, counted once per zone). */
  readonly dateStart: boolean;

  /** Throws ValueError when the VTIMEZONE has no observance or one that cannot be read. */
  constructor(vtimezone: Component) {
    const observances = vtimezone.components
      .filter((component) => component.name === 'STANDARD' || component.name === 'DAYLIGHT')
      .map(readObservance);
    this.dateStart = observances.some((observance) => observance.dateStart);
    this.#observances = observances;
    if (this.#observances.length === 0) throw new ValueError('a zone without observances');
    const firstOf = (observance: Observance) =>
      observance.dates.reduce((first, date) => Math.min(first, date), Infinity);
    const earliest = this.#observances.reduce((a, b) => (firstOf(b) < firstOf(a) ? b : a));
    this.#initial = earliest.offsetFrom;
    const offsets = new Set(this.#observances.map((observance) => observance.offsetTo));
    if (offsets.size === 1) {
      const from = Math.min(
        ...this.#observances.map((observance) => firstOf(observance) - observance.offsetFrom),
      );
      this.#only = { offset: earliest.offsetTo, from };
    }
  }

  /**
   * The offset (seconds) at an instant (seconds since the epoch); throws ValueError or
   * RecurrenceLimit when an observance's rule cannot be followed (then at every call).
   */
  offsetAt(at: number): number {
    if (this.#only !== undefined) return at < this.#only.from ? this.#initial : this.#only.offset;
    if (this.#unreadable !== undefined) throw this.#unreadable;
    const { year } = dateOf(Math.floor(at / DAY_SECONDS));
    let changes = this.#years.get(year);
    if (changes === undefined) {
      try {
        changes = this.#changesAround(year);
      } catch (error) {
        if (!(error instanceof ValueError || error instanceof RecurrenceLimit)) throw error;
        this.#unreadable = error;
        throw error;
      }
      this.#years.set(year, changes);
    }
    let offset = this.#initial;
    for (const change of changes) {
      if (change.at > at) break;
      offset = change.offset;
    }
    return offset;
  }

  /** Every change from the start of the year before to the end of this one, and the one before. */
  #changesAround(year: number): Change[] {
    const from = dayNumber(year - 1, 1, 1) * DAY_SECONDS;
    const to = dayNumber(year + 1, 1, 1) * DAY_SECONDS + DAY_SECONDS;
    const changes: Change[] = [];
    const limits = { occurrences: MAX_ONSETS, work: MAX_WORK };
    const lookBack = { occurrences: MAX_ONSETS * 10, work: MAX_WORK };
    for (const observance of this.#observances) {
      const onsets = observance.dates.filter((date) => date >= from && date < to);
      let last = observance.dates.reduce(
        (latest, date) => (date < from && date > latest ? date : latest),
        -Infinity,
      );
      if (observance.recurrence !== null) {
        onsets.push(...occurrencesBetween(observance.recurrence, from, to, limits));
        // The last change before: looked for over 2, 20, 200… years back, each bounded.
        for (let years = 2; years <= 20_000 && last === -Infinity; years *= 10) {
          const back = Math.max(observance.recurrence.start, from - years * 366 * DAY_SECONDS);
          const earlier = occurrencesBetween(observance.recurrence, back, from, lookBack);
          last = Math.max(last, earlier[earlier.length - 1] ?? -Infinity);
          if (back === observance.recurrence.start) break;
        }
      }
      if (last !== -Infinity) onsets.push(last);
      for (const onset of onsets) {
        changes.push({ at: onset - observance.offsetFrom, offset: observance.offsetTo });
      }
    }
    return changes.sort((a, b) => a.at - b.at);
  }
}
