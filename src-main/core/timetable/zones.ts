/**
 * Time zones of a calendar: what its TZIDs mean, and wall times in them as instants. An IANA name
 * ("Europe/Madrid") is converted with the zone data Node and Electron already hold (Intl, full
 * ICU), a Windows name as Exchange writes it ("W. Europe Standard Time") through the CLDR table
 * of `windows-iana`, and only a name that is neither by the rules of the feed's own VTIMEZONE
 * (vtimezone.ts).
 */
import { findIana } from 'windows-iana';
import type { Component } from './icsText';
import { propertyOf } from './icsText';
import { OutOfRange } from './icsValues';
import type { WallTime } from './wallClock';
import { DAY_SECONDS, dateOf, dayNumber, wallSeconds } from './wallClock';
import { ZoneRules } from './vtimezone';

export type { WallTime } from './wallClock';

export type Zone =
  | { kind: 'iana'; name: string }
  /** The feed's VTIMEZONE rules, for a TZID that is neither IANA nor Windows. */
  | { kind: 'rules'; rules: ZoneRules };

const ianaNames = new Map<string, boolean>();

export function isIanaZone(name: string): boolean {
  let known = ianaNames.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      // Intl also takes offsets such as "+01:00", which name no place.
      known = (/^[A-Za-z]/.test(name) && name.includes('/')) || name === 'UTC';
    } catch {
      known = false;
    }
    ianaNames.set(name, known);
  }
  return known;
}

/** The IANA name a TZID stands for: itself, inside a prefix ("/mozilla.org/…/Europe/Madrid"), or Windows'. */
export function ianaNameOf(tzid: string, location?: string): string | undefined {
  const candidates = [
    location,
    tzid,
    tzid.replace(/^.*?([A-Za-z_]+\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?)$/, '$1'),
    findIana(tzid)[0],
  ];
  return candidates.find((name) => name !== undefined && isIanaZone(name));
}

/**
 * The zone a TZID names: an IANA name (also the VTIMEZONE's X-LIC-LOCATION), a Windows name, else
 * the VTIMEZONE's rules; undefined when none of these (the time is read as the machine's).
 * Throws ValueError when the TZID needs its VTIMEZONE and that cannot be read.
 */
export function resolveZone(
  tzid: string,
  vtimezones: ReadonlyMap<string, Component>,
): Zone | undefined {
  const vtimezone = vtimezones.get(tzid);
  const location = vtimezone && propertyOf(vtimezone, 'X-LIC-LOCATION')?.value.trim();
  const iana = ianaNameOf(tzid, location);
  if (iana !== undefined) return { kind: 'iana', name: iana };
  if (vtimezone !== undefined) return { kind: 'rules', rules: new ZoneRules(vtimezone) };
  return undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall time at this instant in an IANA zone. */
export function wallTimeIn(zone: string, instant: number): WallTime {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatterOf(zone).formatToParts(instant)) {
    if (type !== 'literal') parts[type] = Number(value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

const DAY_MS = DAY_SECONDS * 1000;

/** A zone's offsets through one UTC year: the one it starts with, and each change after. */
interface YearOffsets {
  zone: string;
  /** The year's first and the next year's first instant (ms). */
  start: number;
  end: number;
  first: number;
  changes: { at: number; offset: number }[];
}

/**
 * IANA zones' offsets by year, each year found once (in this thread, for every feed after): a
 * year of hourly series asks the offset of thousands of instants, and Intl takes microseconds
 * for each (a school year's 1,500 lessons took 120 ms that way, measured).
 */
const yearOffsets = new Map<string, YearOffsets>();
/** The zone-year asked last: the next instant is most often in it. */
let lastOffsets: YearOffsets | undefined;
/** Zone-years kept at most (a few zones over the span's two years, or the CLI's window). */
const YEARS_KEPT = 2_000;

const exactOffset = (zone: string, instant: number): number =>
  wallSeconds(wallTimeIn(zone, instant)) * 1000 - Math.floor(instant / 1000) * 1000;

/**
 * The year's offsets: the offset at each day's start, and where it differs from the day
 * before, the change's instant found to the second by halving (no zone changes twice a day).
 */
function offsetsOf(zone: string, year: number): YearOffsets {
  const start = dayNumber(year, 1, 1) * DAY_MS;
  const end = dayNumber(year + 1, 1, 1) * DAY_MS;
  const first = exactOffset(zone, start);
  const changes: YearOffsets['changes'] = [];
  let offset = first;
  for (let day = start + DAY_MS; day <= end; day += DAY_MS) {
    const at = Math.min(day, end - 1000);
    const next = exactOffset(zone, at);
    if (next === offset) continue;
    let before = day - DAY_MS;
    let after = at;
    while (after - before > 1000) {
      const middle = before + Math.floor((after - before) / 2000) * 1000;
      if (exactOffset(zone, middle) === offset) before = middle;
      else after = middle;
    }
    changes.push({ at: after, offset: next });
    offset = next;
  }
  return { zone, start, end, first, changes };
}

/**
 * The instants a calendar's times can be (ms): the years 1 to 9999 a DATE can write, with two
 * days to spare for zones' offsets. Past them no zone is asked (Intl throws a RangeError past
 * ±8.64e15 ms), and an event's time is out of range.
 */
export const MIN_INSTANT = (dayNumber(1, 1, 1) - 2) * DAY_SECONDS * 1000;
export const MAX_INSTANT = (dayNumber(10_000, 1, 1) + 2) * DAY_SECONDS * 1000;

/** Whether an instant is one a calendar's time can be (a finite number in the years 1-9999). */
export const inRange = (instant: number): boolean =>
  instant >= MIN_INSTANT && instant <= MAX_INSTANT;

/** The zone's offset from UTC at this instant, in milliseconds; throws OutOfRange past the years 1-9999. */
export function offsetAt(zone: Zone, instant: number): number {
  if (!inRange(instant)) throw new OutOfRange('an instant past the years 1-9999');
  if (zone.kind === 'rules') return zone.rules.offsetAt(Math.floor(instant / 1000)) * 1000;
  if (zone.name === 'UTC') return 0;
  let offsets = lastOffsets;
  if (
    offsets === undefined ||
    offsets.zone !== zone.name ||
    instant < offsets.start ||
    instant >= offsets.end
  ) {
    const { year } = dateOf(Math.floor(instant / DAY_MS));
    const key = `${zone.name} ${year}`;
    offsets = yearOffsets.get(key);
    if (offsets === undefined) {
      if (yearOffsets.size >= YEARS_KEPT) yearOffsets.clear();
      offsets = offsetsOf(zone.name, year);
      yearOffsets.set(key, offsets);
    }
    lastOffsets = offsets;
  }
  let offset = offsets.first;
  for (const change of offsets.changes) {
    if (change.at > instant) break;
    offset = change.offset;
  }
  return offset;
}

/**
 * The instant (ms) of a wall time (wall seconds) in a zone. A time skipped by a daylight-saving
 * change (02:30 on the spring night) is read with the offset before it, as RFC 5545 says (so
 * 03:30 summer time); a time that happens twice (autumn) is its first occurrence.
 */
export function instantAt(wall: number, zone: Zone): number {
  const local = wall * 1000;
  const before = offsetAt(zone, local - DAY_SECONDS * 1000);
  const after = offsetAt(zone, local + DAY_SECONDS * 1000);
  // The offset before a change first: the first of two occurrences wins.
  if (offsetAt(zone, local - before) === before) return local - before;
  if (after !== before && offsetAt(zone, local - after) === after) return local - after;
  // Skipped: the offset before the change.
  return local - before;
}

/** The wall seconds of an instant (ms) in a zone. */
export const wallAt = (instant: number, zone: Zone): number =>
  Math.floor((instant + offsetAt(zone, instant)) / 1000);

/** The instant of a wall time in a zone (see instantAt). */
export const instantOf = (wall: WallTime, zone: Zone): number => instantAt(wallSeconds(wall), zone);
