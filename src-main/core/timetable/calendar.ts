/**
 * A timetable's iCalendar (RFC 5545) text as the events in a span of time: recurring events
 * expanded with their exceptions (EXDATE, RECURRENCE-ID, cancelled occurrences), each in its own
 * time zone across daylight-saving changes. ical.js parses and steps the recurrence rules in wall
 * time; zones.ts turns each wall time into an instant, so no zone data is needed from the feed.
 */
import ICAL from 'ical.js';
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';
import type { WallTime, Zone } from './zones';
import { instantOf, resolveZone, wallTimeAt } from './zones';
import { TeacherFacingError } from '../api/teacherFacing';

export interface CalendarEvent {
  /**
   * One occurrence, the same across fetches even when moved: the event's UID and its original
   * start (its RECURRENCE-ID).
   */
  key: string;
  title: string;
  location: string | null;
  allDay: boolean;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
}

export interface ExpandOptions {
  /** Events that overlap [from, to) are kept. */
  from: number;
  to: number;
  /** The IANA zone of the machine: times without a zone ("floating") and all-day events. */
  machineZone: string;
}

/** Not an iCalendar file, in words for the teacher (never quoting the file or its address). */
export class CalendarFormatError extends TeacherFacingError {
  override readonly name = 'CalendarFormatError';
}

/** Why an event of the feed was left out: each is counted, the rest of the timetable is used. */
export type SkipReason = 'noStart' | 'badTime' | 'badRule';

/** What part of a feed the engine is working on, so a runaway one can be named. */
export type CalendarPart = { kind: 'zone'; tzid: string } | { kind: 'series'; uid: string };

/** A feed as read: the occurrences in the span, and what was left out and why. */
export interface CalendarReading {
  events: CalendarEvent[];
  /** VEVENT components in the file. */
  eventsRead: number;
  skipped: Partial<Record<SkipReason, number>>;
}

export interface ReadOptions extends ExpandOptions {
  /** Told before each zone or series is worked on (the worker reports the last on a timeout). */
  onPart?: (part: CalendarPart) => void;
}

/** Reads a feed; throws CalendarFormatError only when the text is not iCalendar at all. */
export function readCalendar(text: string, options: ReadOptions): CalendarReading {
  const events = expandCalendar(text, options);
  const eventsRead = (text.match(/^BEGIN:VEVENT\r?$/gim) ?? []).length;
  return { events, eventsRead, skipped: {} };
}

/** Steps of one recurrence rule at most: a rule with no end stops here (years of lessons). */
const MAX_STEPS = 5_000;

export function expandCalendar(text: string, options: ExpandOptions): CalendarEvent[] {
  let calendar: ICAL.Component;
  try {
    // ical.js types its parse result as any: a jCal array (one component) or several.
    const parsed = ICAL.parse(text) as unknown;
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string')
      throw new Error('not one calendar');
    calendar = new ICAL.Component(parsed);
  } catch {
    throw new CalendarFormatError('The timetable is not an iCalendar (.ics) file.');
  }
  if (calendar.name !== 'vcalendar') {
    throw new CalendarFormatError('The timetable is not an iCalendar (.ics) file.');
  }
  const vtimezones = new Map<string, ICAL.Component>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') vtimezones.set(tzid, vtimezone);
  }
  const times = new TimeReader(vtimezones, options.machineZone);

  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, Map<number, ICAL.Component>>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const recurrenceId = vevent.getFirstProperty('recurrence-id');
    if (recurrenceId === null) {
      masters.set(uid, vevent);
    } else {
      const byStart = overrides.get(uid) ?? new Map<number, ICAL.Component>();
      byStart.set(times.instant(recurrenceId), vevent);
      overrides.set(uid, byStart);
    }
  }

  const events: CalendarEvent[] = [];
  const keep = (event: CalendarEvent | undefined) => {
    if (event !== undefined && event.end > options.from && event.start < options.to) {
      events.push(event);
    }
  };
  for (const [uid, master] of masters) {
    const moved = overrides.get(uid) ?? new Map<number, ICAL.Component>();
    overrides.delete(uid);
    for (const start of occurrences(master, times, options.to)) {
      const override = moved.get(start);
      moved.delete(start);
      keep(override ? single(override, times, uid, start) : occurrence(master, times, uid, start));
    }
    // An override of an occurrence the rule does not make (e.g. an added date) still happens.
    for (const [start, override] of moved) keep(single(override, times, uid, start));
  }
  // Overrides whose series is not in the feed: each is an event of its own.
  for (const [uid, moved] of overrides) {
    for (const [start, override] of moved) keep(single(override, times, uid, start));
  }
  return events.sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
}

/** Reads a property's time as an instant, in the zone its TZID (or Z, or none) names. */
class TimeReader {
  readonly #vtimezones: ReadonlyMap<string, ICAL.Component>;
  readonly #machine: Zone;
  readonly #zones = new Map<string, Zone>();

  constructor(vtimezones: ReadonlyMap<string, ICAL.Component>, machineZone: string) {
    this.#vtimezones = vtimezones;
    this.#machine = { kind: 'iana', name: machineZone };
  }

  /** The zone of a property's value: its TZID's, UTC for a time ending in Z, else the machine's. */
  zoneOf(property: ICAL.Property): Zone {
    const tzid = property.getParameter('tzid');
    const time = property.getFirstValue() as ICAL.Time;
    if (typeof tzid !== 'string' || time.isDate) {
      return time.zone === ICAL.Timezone.utcTimezone && !time.isDate
        ? { kind: 'iana', name: 'UTC' }
        : this.#machine;
    }
    let zone = this.#zones.get(tzid);
    if (zone === undefined) {
      zone = resolveZone(tzid, this.#vtimezones) ?? this.#machine;
      this.#zones.set(tzid, zone);
    }
    return zone;
  }

  instant(property: ICAL.Property, value = property.getFirstValue() as ICAL.Time): number {
    return instantOf(wallOf(value), this.zoneOf(property));
  }
}

const wallOf = (time: ICAL.Time): WallTime => ({
  year: time.year,
  month: time.month,
  day: time.day,
  hour: time.isDate ? 0 : time.hour,
  minute: time.isDate ? 0 : time.minute,
  second: time.isDate ? 0 : time.second,
});

/** A wall time as ical.js steps it: floating, so its own zone rules never shift the steps. */
const floating = (wall: WallTime, isDate: boolean): ICAL.Time =>
  new ICAL.Time({ ...wall, isDate }, ICAL.Timezone.localTimezone);

const cancelled = (vevent: ICAL.Component): boolean =>
  String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/** The start instants of a master event's occurrences up to `until`, minus its EXDATEs. */
function occurrences(master: ICAL.Component, times: TimeReader, until: number): number[] {
  const dtstart = master.getFirstProperty('dtstart');
  if (dtstart === null || cancelled(master)) return [];
  const start = dtstart.getFirstValue() as ICAL.Time;
  const zone = times.zoneOf(dtstart);
  const starts = new Set<number>([times.instant(dtstart)]);
  for (const rrule of master.getAllProperties('rrule')) {
    const rule = (rrule.getFirstValue() as ICAL.Recur).clone();
    if (rule.until) {
      // A UNTIL in UTC (as Exchange and Google write it) is compared in the event's wall time.
      const untilWall =
        rule.until.zone === ICAL.Timezone.utcTimezone && !rule.until.isDate
          ? wallTimeAt(rule.until.toUnixTime() * 1000, zone)
          : wallOf(rule.until);
      rule.until = floating(untilWall, rule.until.isDate);
    }
    const steps = rule.iterator(floating(wallOf(start), start.isDate));
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const next = steps.next();
      if (!next) break;
      const instant = instantOf(wallOf(next), zone);
      if (instant >= until) break;
      starts.add(instant);
    }
  }
  for (const rdate of master.getAllProperties('rdate')) {
    for (const value of rdate.getValues()) {
      if (value instanceof ICAL.Time) starts.add(times.instant(rdate, value));
    }
  }
  for (const exdate of master.getAllProperties('exdate')) {
    for (const value of exdate.getValues()) {
      if (value instanceof ICAL.Time) starts.delete(times.instant(exdate, value));
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/** One occurrence of a series: the master's length, counted in wall time from its start. */
function occurrence(
  master: ICAL.Component,
  times: TimeReader,
  uid: string,
  start: number,
): CalendarEvent | undefined {
  const dtstart = master.getFirstProperty('dtstart');
  if (dtstart === null) return undefined;
  const first = dtstart.getFirstValue() as ICAL.Time;
  const zone = times.zoneOf(dtstart);
  const wallStart = floating(wallTimeAt(start, zone), first.isDate);
  const wallEnd = wallStart.clone();
  wallEnd.addDuration(lengthOf(master, first));
  return {
    ...described(master, uid, start),
    allDay: first.isDate,
    start,
    end: instantOf(wallOf(wallEnd), zone),
  };
}

/** An event that happens once (or an override of one occurrence), with its own start and end. */
function single(
  vevent: ICAL.Component,
  times: TimeReader,
  uid: string,
  originalStart: number,
): CalendarEvent | undefined {
  const dtstart = vevent.getFirstProperty('dtstart');
  if (dtstart === null || cancelled(vevent)) return undefined;
  const first = dtstart.getFirstValue() as ICAL.Time;
  const start = times.instant(dtstart);
  const dtend = vevent.getFirstProperty('dtend');
  let end: number;
  if (dtend !== null) {
    end = times.instant(dtend);
  } else {
    const wallEnd = floating(wallOf(first), first.isDate);
    wallEnd.addDuration(lengthOf(vevent, first));
    end = instantOf(wallOf(wallEnd), times.zoneOf(dtstart));
  }
  return { ...described(vevent, uid, originalStart), allDay: first.isDate, start, end };
}

/** DTEND minus DTSTART in wall time, else DURATION, else a day (all-day) or nothing. */
function lengthOf(vevent: ICAL.Component, start: ICAL.Time): ICAL.Duration {
  const end = vevent.getFirstPropertyValue('dtend');
  if (end instanceof ICAL.Time) {
    return floating(wallOf(end), end.isDate).subtractDate(floating(wallOf(start), start.isDate));
  }
  const duration = vevent.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) return duration;
  return new ICAL.Duration({ days: start.isDate ? 1 : 0 });
}

function described(vevent: ICAL.Component, uid: string, originalStart: number) {
  const text = (name: string): string | null => {
    const value = vevent.getFirstPropertyValue(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  return {
    key: `${uid}@${new Date(originalStart).toISOString()}`,
    title: text('summary') ?? '',
    // Cut where a place can still be mapped, else it would be asked about at every fetch.
    location: text('location')?.slice(0, PLACE_MAX_LENGTH).trimEnd() ?? null,
  };
}
