/**
 * Time zones of a calendar: what its TZIDs mean, and wall times in them as instants. ical.js
 * carries no zone data of its own, so an IANA name ("Europe/Madrid") is converted with the zone
 * data Node and Electron already hold (Intl, full ICU), a Windows name as Exchange writes it
 * ("W. Europe Standard Time") through the CLDR table of `windows-iana`, and only a name that is
 * neither falls back to the rules of the feed's own VTIMEZONE.
 */
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';

/** A wall-clock time, as a timetable writes it: month 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type Zone =
  | { kind: 'iana'; name: string }
  /** The feed's VTIMEZONE rules, for a TZID that is neither IANA nor Windows. */
  | { kind: 'rules'; timezone: ICAL.Timezone };

const ianaNames = new Map<string, boolean>();

export function isIanaZone(name: string): boolean {
  let known = ianaNames.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      // Intl also takes offsets such as "+01:00", which name no place.
      known = /^[A-Za-z]/.test(name) && name.includes('/');
    } catch {
      known = false;
    }
    ianaNames.set(name, known);
  }
  return known;
}

/**
 * The zone a TZID names: an IANA name (also inside a prefix such as "/mozilla.org/…/Europe/Madrid",
 * or the VTIMEZONE's X-LIC-LOCATION), a Windows name, else the VTIMEZONE's rules; undefined when
 * none of these, and the time is read as the machine's.
 */
export function resolveZone(
  tzid: string,
  vtimezones: ReadonlyMap<string, ICAL.Component>,
): Zone | undefined {
  const vtimezone = vtimezones.get(tzid);
  const location = vtimezone?.getFirstPropertyValue('x-lic-location');
  const candidates = [
    typeof location === 'string' ? location : undefined,
    tzid,
    tzid.replace(/^.*?([A-Za-z_]+\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?)$/, '$1'),
    findIana(tzid)[0],
  ];
  const iana = candidates.find((name) => name !== undefined && isIanaZone(name));
  if (iana !== undefined) return { kind: 'iana', name: iana };
  if (vtimezone !== undefined) return { kind: 'rules', timezone: new ICAL.Timezone(vtimezone) };
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

const asUtc = (wall: WallTime): number =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at this instant, in milliseconds. */
const offsetAt = (zone: string, instant: number): number =>
  asUtc(wallTimeIn(zone, instant)) - Math.floor(instant / 1000) * 1000;

/**
 * The instant of a wall time in a zone. A time skipped by a daylight-saving change (02:30 on
 * the spring night) is read with the offset before it, as RFC 5545 says (so 03:30 summer time);
 * a time that happens twice (autumn) is its first occurrence.
 */
export function instantOf(wall: WallTime, zone: Zone): number {
  const local = asUtc(wall);
  if (zone.kind === 'rules') {
    const time = new ICAL.Time({ ...wall, isDate: false }, ICAL.Timezone.localTimezone);
    return local - zone.timezone.utcOffset(time) * 1000;
  }
  const before = offsetAt(zone.name, local - 86_400_000);
  const after = offsetAt(zone.name, local + 86_400_000);
  // The offset before a change first: the first of two occurrences wins.
  for (const offset of [before, after]) {
    const instant = local - offset;
    if (asUtc(wallTimeIn(zone.name, instant)) === local) return instant;
  }
  // Skipped: the offset before the change.
  return local - before;
}

/** The wall time of an instant in a zone. */
export function wallTimeAt(instant: number, zone: Zone): WallTime {
  if (zone.kind === 'iana') return wallTimeIn(zone.name, instant);
  const utc = ICAL.Time.fromJSDate(new Date(instant), true);
  const local = utc.convertToZone(zone.timezone);
  return {
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
    second: local.second,
  };
}
