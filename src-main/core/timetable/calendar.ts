/**
 * A timetable's iCalendar (RFC 5545) text as the events in a span of time: recurring events
 * expanded with their exceptions, each in its own time zone across daylight-saving changes.
 *
 * Strict per feed, lenient per event: only a text that is not iCalendar at all is refused; an
 * event that cannot be read (no start, a bad date, a rule that cannot be read or followed, a zone
 * that cannot be read) is left out and counted by reason, and the rest is used. Bounded by
 * construction: every series is stepped over the span only (recurrence.ts), every VTIMEZONE over
 * the years asked about (vtimezone.ts), each zone built once per read.
 *
 * What is read: DTSTART, DTEND (in its own zone and type) or DURATION; RRULE (several are
 * joined), RDATE as DATE, DATE-TIME or PERIOD, EXDATE in every form; RECURRENCE-ID overrides,
 * matched to their occurrence across value types, with RANGE=THISANDFUTURE moving every later one;
 * SEQUENCE (then DTSTAMP, then the later in the file) choosing between two masters or two
 * overrides of one occurrence, and an override the master EXDATEs is shown only when it is as
 * new as the master; STATUS:CANCELLED dropping an event, a series or an occurrence. Times without
 * a zone ("floating") are the calendar's X-WR-TIMEZONE when it names a zone (Google's and Apple's
 * exports), else the machine's; all-day events are the machine's days.
 */
import { PLACE_MAX_LENGTH } from '../../../src-shared/limits';
import { TeacherFacingError } from '../api/teacherFacing';
import type { Component, PlainTime, Property } from './icsText';
import {
  newPlainTimes,
  propertiesOf,
  plainTimes,
  propertyOf,
  readCalendarText,
  readInPart,
  readWhole,
  textOf,
} from './icsText';
import type { Duration, TimeValue } from './icsValues';
import { OutOfRange, ValueError, readDuration, readPeriod, readTime } from './icsValues';
import type { Recurrence } from './recurrence';
import { RecurrenceLimit, occurrencesBetween, readRule } from './recurrence';
import { DAY_SECONDS } from './wallClock';
import type { Zone } from './zones';
import { ianaNameOf, inRange, instantAt, resolveZone, wallAt } from './zones';

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
export const SKIP_REASONS = [
  'noStart',
  'badTime',
  'badRule',
  'badZone',
  'tooOften',
  'tooComplex',
  'outOfRange',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Each reason in a few English words, to follow "2 events could not be read: ". */
export const SKIP_REASON_NAMES: Readonly<Record<SkipReason, string>> = {
  noStart: 'no start time',
  badTime: 'a date, time or length that could not be read',
  badRule: 'a recurrence rule that could not be read',
  badZone: 'a time zone that could not be read',
  tooOften: `a series repeating more than ${5_000} times in the span`,
  tooComplex: 'a recurrence rule too costly to follow to today',
  outOfRange: 'a date, length or count beyond what a date can hold',
};

/**
 * What was wrong in an event but left the rest of it meaning something: that part is left out or
 * read as its author plainly meant, the event kept, and the repair counted by kind.
 */
export const REPAIRS = [
  'emptyRule',
  'badBound',
  'badRdate',
  'emptyExdate',
  'dateUntil',
  'zoneDateStart',
] as const;
export type Repair = (typeof REPAIRS)[number];

/** Each repair in a few English words, for the CLI's summary. */
export const REPAIR_NAMES: Readonly<Record<Repair, string>> = {
  emptyRule: 'an empty RRULE read as no repeat',
  badBound: 'a COUNT or UNTIL that cannot be read left out beside one that can',
  badRdate: 'an RDATE that cannot be read (empty, or a period of dates) left out',
  emptyExdate: 'an empty EXDATE left out',
  dateUntil: "an all-day series' UNTIL in UTC read as the date written",
  zoneDateStart: "a time zone's start written as a date read from its midnight",
};

/** What part of a feed the engine is working on, so a runaway one can be named. */
export type CalendarPart = { kind: 'zone'; tzid: string } | { kind: 'series'; uid: string };

/** A feed as read: the occurrences in the span, and what was left out and why. */
export interface CalendarReading {
  events: CalendarEvent[];
  /** VEVENT components in the file. */
  eventsRead: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** Parts of events repaired, by kind (absent: none). */
  repaired?: Partial<Record<Repair, number>>;
}

export interface ReadOptions extends ExpandOptions {
  /** Told before each zone or series is worked on (the worker reports the last on a timeout). */
  onPart?: (part: CalendarPart) => void;
}

/** Reads a feed; throws CalendarFormatError only when the text is not iCalendar at all. */
export function readCalendar(text: string, options: ReadOptions): CalendarReading {
  const calendar = readCalendarText(text, { inPart: true });
  if (calendar === undefined) {
    throw new CalendarFormatError('The timetable is not an iCalendar (.ics) file.');
  }
  return new FeedReader(text, calendar, options).read();
}

const UTC: Zone = { kind: 'iana', name: 'UTC' };

/** An event left out for a reason. */
class Skip extends Error {
  constructor(readonly reason: SkipReason) {
    super(reason);
  }
}

/** Runs `read`, turning what the reading helpers throw into a Skip for `reason`. */
function orSkip<T>(reason: SkipReason, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof OutOfRange) throw new Skip('outOfRange');
    if (error instanceof ValueError) throw new Skip(reason);
    if (error instanceof RecurrenceLimit) throw new Skip(error.reason);
    throw error;
  }
}

/** Runs `read`, which converts a time in a zone: a zone's rules that cannot be followed skip for badZone. */
function inZone<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof OutOfRange) throw new Skip('outOfRange');
    if (error instanceof ValueError || error instanceof RecurrenceLimit) throw new Skip('badZone');
    throw error;
  }
}

/** An event's start or end, checked against what a date can hold. */
function checked(instant: number): number {
  if (!inRange(instant)) throw new Skip('outOfRange');
  return instant;
}

/** A time as written, with the zone it is read in. */
interface At {
  value: TimeValue;
  zone: Zone;
  /** The zone's TZID as written, or Z, or floating: two times are in one zone when equal. */
  zoneName: string;
}

/** One VEVENT, its identity read. */
interface Entry {
  vevent: Component;
  index: number;
  uid: string;
  sequence: number;
  stamp: string;
  recurrenceId: At | null;
  thisAndFuture: boolean;
}

/** Of two versions of one thing, the one that wins: higher SEQUENCE, later DTSTAMP, later in the file. */
const newer = (a: Entry, b: Entry): Entry =>
  a.sequence !== b.sequence
    ? a.sequence > b.sequence
      ? a
      : b
    : a.stamp !== b.stamp
      ? a.stamp > b.stamp
        ? a
        : b
      : a.index > b.index
        ? a
        : b;

/** An occurrence of a series before overrides: its original start, wall and instant. */
interface Occurrence {
  wall: number;
  instant: number;
  /** RDATE;VALUE=PERIOD: its own end. */
  end?: number;
}

/** How an event's end follows from a start (wall seconds in its zone, and instant). */
type LengthOf = (wall: number, instant: number) => number;

class FeedReader {
  readonly #text: string;
  readonly #calendar: Component;
  readonly #options: ReadOptions;
  readonly #machine: Zone;
  readonly #floating: Zone;
  readonly #vtimezones = new Map<string, Component>();
  readonly #zones = new Map<string, Zone | Skip>();
  readonly #events: CalendarEvent[] = [];
  readonly #skipped: Partial<Record<SkipReason, number>> = {};
  readonly #repaired: Partial<Record<Repair, number>> = {};
  readonly #keys = new Set<string>();
  /** Filled by plainTimes for each event left unread in turn (#plainlyOutside). */
  readonly #plainTimes = newPlainTimes();

  constructor(text: string, calendar: Component, options: ReadOptions) {
    this.#text = text;
    this.#calendar = calendar;
    this.#options = options;
    this.#machine = { kind: 'iana', name: options.machineZone };
    const calendarZone = propertyOf(calendar, 'X-WR-TIMEZONE')?.value.trim();
    const floating = calendarZone === undefined ? undefined : ianaNameOf(calendarZone);
    this.#floating = floating === undefined ? this.#machine : { kind: 'iana', name: floating };
    for (const vtimezone of calendar.components) {
      const tzid = vtimezone.name === 'VTIMEZONE' && propertyOf(vtimezone, 'TZID')?.value.trim();
      if (tzid) this.#vtimezones.set(tzid, vtimezone);
    }
  }

  read(): CalendarReading {
    const vevents = this.#calendar.components.filter((component) => component.name === 'VEVENT');
    const eventsRead = vevents.length + (this.#calendar.unread?.length ?? 0) / 2;
    const entries: Entry[] = [];
    const add = (vevent: Component, index: number) => {
      try {
        entries.push(this.#entry(vevent, index));
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        this.#skip(error.reason);
      }
    };
    vevents.forEach((vevent, index) => add(vevent, vevent.at ?? index));
    // The single events left unread: those whose whole time is outside the span are set aside,
    // only their place and their UID's hash kept; the others are read whole.
    const unread = this.#calendar.unread ?? [];
    const setAside: number[] = [];
    for (let pair = 0; pair < unread.length; pair += 2) {
      const from = unread[pair] ?? 0;
      const to = unread[pair + 1] ?? 0;
      const plainly = this.#plainlyOutside(from, to);
      if (plainly !== undefined) {
        setAside.push(from, to, plainly);
        continue;
      }
      const inPart = readInPart(this.#text, from, to);
      if (this.#outside(inPart)) setAside.push(from, to, hashOf(uidOf(inPart)));
      else add(readWhole(this.#text, from, to), from);
    }
    // One set aside that shares its UID with an event read may be the newer of the two: read too.
    const hashes = new Set(entries.map((entry) => hashOf(entry.uid)));
    const uids = new Set(entries.map((entry) => entry.uid));
    for (let at = 0; at < setAside.length; at += 3) {
      if (!hashes.has(setAside[at + 2] ?? 0)) continue;
      const from = setAside[at] ?? 0;
      const to = setAside[at + 1] ?? 0;
      if (uids.has(uidOf(readInPart(this.#text, from, to)))) {
        add(readWhole(this.#text, from, to), from);
      }
    }
    entries.sort((a, b) => a.index - b.index);
    const series = new Map<string, { masters: Entry[]; overrides: Entry[] }>();
    for (const entry of entries) {
      let group = series.get(entry.uid);
      if (group === undefined) {
        group = { masters: [], overrides: [] };
        series.set(entry.uid, group);
      }
      (entry.recurrenceId === null ? group.masters : group.overrides).push(entry);
    }
    for (const [uid, { masters, overrides }] of series) {
      const master = masters.reduce<Entry | undefined>((a, b) => (a ? newer(a, b) : b), undefined);
      try {
        this.#series(uid, master, overrides);
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        this.#skip(error.reason, (master ? 1 : 0) + overrides.length);
      }
    }
    const events = this.#events.sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
    return {
      events,
      eventsRead,
      skipped: this.#skipped,
      ...(Object.keys(this.#repaired).length > 0 ? { repaired: this.#repaired } : {}),
    };
  }

  #skip(reason: SkipReason, count = 1): void {
    this.#skipped[reason] = (this.#skipped[reason] ?? 0) + count;
  }

  #repair(repair: Repair): void {
    this.#repaired[repair] = (this.#repaired[repair] ?? 0) + 1;
  }

  /**
   * The UID's hash of a single event left unread whose times, written plainly, put it outside
   * the span, read exactly as #timing and #single read them (and so one they would not skip);
   * else undefined, and #outside looks at it. Most events of a large feed are set aside here, in
   * place, with nothing made for them.
   */
  #plainlyOutside(from: number, to: number): number | undefined {
    const times = this.#plainTimes;
    if (!plainTimes(this.#text, from, to, times)) return undefined;
    const { start, end, duration } = times;
    try {
      const zone = this.#plainZone(start);
      const first = instantAt(start.wall, zone);
      let last: number;
      if (times.hasEnd) {
        // In the same zone only (as #timing reads it: the wall length from each start).
        if (end.kind !== start.kind || end.zone !== start.zone) return undefined;
        last = instantAt(end.wall, zone);
      } else if (duration !== undefined) {
        last = nominal(readDuration(duration), zone)(start.wall, first);
      } else {
        last = start.kind === 'date' ? instantAt(start.wall + DAY_SECONDS, zone) : first;
      }
      if (last < first || !inRange(first) || !inRange(last)) return undefined;
      return this.#overlaps(first, last) ? undefined : times.uidHash;
    } catch (error) {
      // A zone, a length or a time that cannot be read: #timing says which, when read whole.
      if (
        error instanceof Skip ||
        error instanceof ValueError ||
        error instanceof RecurrenceLimit
      ) {
        return undefined;
      }
      throw error;
    }
  }

  /** The zone a time written plainly is read in. */
  #plainZone(time: PlainTime): Zone {
    return time.kind === 'utc'
      ? UTC
      : time.kind === 'date'
        ? this.#machine
        : time.kind === 'floating'
          ? this.#floating
          : this.#zone(time.zone);
  }

  /**
   * Whether a single event read in part is wholly outside the span (so it need not be read
   * whole), by the same reading of its times as #single's; one whose times cannot be read is
   * read whole, and skipped and counted there.
   */
  #outside(vevent: Component): boolean {
    try {
      const { start, lengthOf } = this.#timing(vevent);
      const startInstant = this.#instant(start);
      const end = inZone(() => lengthOf(start.value.seconds, startInstant));
      return inRange(startInstant) && inRange(end) && !this.#overlaps(startInstant, end);
    } catch (error) {
      if (error instanceof Skip) return false;
      throw error;
    }
  }

  #entry(vevent: Component, index: number): Entry {
    const uid = propertyOf(vevent, 'UID')?.value.trim();
    const recurrence = propertyOf(vevent, 'RECURRENCE-ID');
    const integer = (name: string) => {
      const value = Number.parseInt(propertyOf(vevent, name)?.value ?? '', 10);
      return Number.isFinite(value) ? value : 0;
    };
    return {
      vevent,
      index,
      // Events without a UID are each their own: keyed by what they say, so the key holds across fetches.
      uid: uid || this.#uidOf(vevent),
      sequence: integer('SEQUENCE'),
      // Only breaks ties between versions: UTC times as written sort as text.
      stamp: propertyOf(vevent, 'DTSTAMP')?.value.trim() ?? '',
      recurrenceId: recurrence ? this.#at(recurrence) : null,
      thisAndFuture: recurrence?.params.get('RANGE')?.toUpperCase() === 'THISANDFUTURE',
    };
  }

  #uidOf(vevent: Component): string {
    const said = ['DTSTART', 'SUMMARY', 'LOCATION', 'RRULE']
      .map((name) => propertyOf(vevent, name)?.value ?? '')
      .join('\n');
    const base = `no-uid-${hashOf(said).toString(16).padStart(8, '0')}`;
    let uid = base;
    for (let copy = 2; this.#keys.has(uid); copy += 1) uid = `${base}-${copy}`;
    this.#keys.add(uid);
    return uid;
  }

  #zone(tzid: string): Zone {
    let zone = this.#zones.get(tzid);
    if (zone === undefined) {
      this.#options.onPart?.({ kind: 'zone', tzid });
      try {
        zone = resolveZone(tzid, this.#vtimezones) ?? this.#floating;
        if (zone.kind === 'rules' && zone.rules.dateStart) this.#repair('zoneDateStart');
      } catch (error) {
        if (!(error instanceof ValueError)) throw error;
        zone = new Skip('badZone');
      }
      this.#zones.set(tzid, zone);
    }
    if (zone instanceof Skip) throw zone;
    return zone;
  }

  /** A DATE or DATE-TIME property's value (or one of its list) with its zone. */
  #at(property: Property, text = property.value): At {
    const type = property.params.get('VALUE')?.toUpperCase() === 'DATE' ? 'date' : 'date-time';
    const value = orSkip('badTime', () => readTime(text, type));
    const tzid = property.params.get('TZID')?.trim();
    if (value.isDate) return { value, zone: this.#machine, zoneName: 'date' };
    if (value.utc) return { value, zone: UTC, zoneName: 'Z' };
    if (tzid) return { value, zone: this.#zone(tzid), zoneName: `tzid:${tzid}` };
    return { value, zone: this.#floating, zoneName: 'floating' };
  }

  #instant(at: At): number {
    return inZone(() => instantAt(at.value.seconds, at.zone));
  }

  #wall(instant: number, zone: Zone): number {
    return inZone(() => wallAt(instant, zone));
  }

  /**
   * Every value of the properties of that name (EXDATE, RDATE): lists and repeated lines alike.
   * An empty one (`RDATE:`, `EXDATE:a,,b`) names no date: left out, and counted as `repair`.
   */
  #ats(vevent: Component, name: string, repair: Repair): { property: Property; text: string }[] {
    return propertiesOf(vevent, name).flatMap((property) =>
      property.value.split(',').flatMap((text) => {
        if (text.trim() !== '') return [{ property, text }];
        this.#repair(repair);
        return [];
      }),
    );
  }

  /** The event's start and how its end follows; throws Skip. */
  #timing(vevent: Component, inherit?: LengthOf): { start: At; lengthOf: LengthOf } {
    const dtstart = propertyOf(vevent, 'DTSTART');
    if (dtstart === undefined || dtstart.value.trim() === '') throw new Skip('noStart');
    const start = this.#at(dtstart);
    const dtend = propertyOf(vevent, 'DTEND');
    const durationText = propertyOf(vevent, 'DURATION')?.value;
    let lengthOf: LengthOf;
    if (dtend !== undefined) {
      const end = this.#at(dtend);
      if (end.zoneName === start.zoneName) {
        const wallLength = end.value.seconds - start.value.seconds;
        lengthOf = (wall) => instantAt(wall + wallLength, start.zone);
      } else {
        // In another zone or type: the first occurrence's exact length (RFC 5545 §3.8.5.3).
        const exact = this.#instant(end) - this.#instant(start);
        lengthOf = (_, instant) => instant + exact;
      }
    } else if (durationText !== undefined) {
      const duration = orSkip('badTime', () => readDuration(durationText));
      lengthOf = nominal(duration, start.zone);
    } else if (inherit !== undefined) {
      lengthOf = inherit;
    } else {
      lengthOf = nominal({ days: start.value.isDate ? 1 : 0, seconds: 0 }, start.zone);
    }
    const first = this.#instant(start);
    if (inZone(() => lengthOf(start.value.seconds, first)) < first) throw new Skip('badTime');
    return { start, lengthOf };
  }

  #series(uid: string, masterEntry: Entry | undefined, overrides: Entry[]): void {
    // Most events of a large feed are single ones: no maps or lists made for them.
    if (
      masterEntry !== undefined &&
      overrides.length === 0 &&
      !masterEntry.vevent.properties.some(({ name }) => name === 'RRULE' || name === 'RDATE')
    ) {
      this.#single(uid, masterEntry, undefined);
      return;
    }
    const byOccurrence = new Map<string, Entry>();
    for (const override of overrides) {
      const key = override.recurrenceId ? String(this.#instant(override.recurrenceId)) : '';
      const known = byOccurrence.get(key);
      byOccurrence.set(key, known ? newer(known, override) : override);
    }
    const chosen = [...byOccurrence.values()];
    if (masterEntry === undefined) {
      // Overrides whose series is not in the feed: each is an event of its own.
      for (const override of chosen) this.#single(uid, override, undefined);
      return;
    }
    const master = masterEntry.vevent;
    if (cancelled(master)) return;
    // An empty RRULE (a holiday generator writes one on every event) repeats nothing.
    const rrules = propertiesOf(master, 'RRULE').filter((rrule) => {
      if (rrule.value.trim() !== '') return true;
      this.#repair('emptyRule');
      return false;
    });
    const rdates = this.#ats(master, 'RDATE', 'badRdate');
    if (rrules.length === 0 && rdates.length === 0 && chosen.length === 0) {
      this.#single(uid, masterEntry, undefined);
      return;
    }
    this.#options.onPart?.({ kind: 'series', uid });
    const { start, lengthOf } = this.#timing(master);
    const { zone } = start;

    // The span in the master's wall time, widened by a day for offsets and by the event's length.
    const firstInstant = this.#instant(start);
    const length = Math.max(0, lengthOf(start.value.seconds, firstInstant) - firstInstant) / 1000;
    const spanFrom = this.#wall(this.#options.from, zone) - DAY_SECONDS;
    const spanTo = this.#wall(this.#options.to, zone) + DAY_SECONDS;

    // Several RRULEs (RFC 2445) are united; DTSTART is the first occurrence of the first only.
    const recurrences = rrules.map((rrule, index): Recurrence => {
      const rule = orSkip('badRule', () => readRule(rrule.value, () => this.#repair('badBound')));
      return {
        rule,
        start: start.value.seconds,
        isDate: start.value.isDate,
        until: this.#until(rule.until, start),
        startCounts: index === 0,
      };
    });
    const exdates = this.#ats(master, 'EXDATE', 'emptyExdate').map(({ property, text }) =>
      this.#at(property, text),
    );
    // An EXDATE of another type than DTSTART takes out the occurrence of its day.
    const excludedInstants = new Set<number>();
    const excludedDays = new Set<number>();
    for (const at of exdates) {
      if (at.value.isDate || start.value.isDate) excludedDays.add(dayOf(at.value.seconds));
      else excludedInstants.add(this.#instant(at));
    }
    const excluded = (occurrence: Occurrence) =>
      excludedInstants.has(occurrence.instant) || excludedDays.has(dayOf(occurrence.wall));
    // An RDATE that cannot be read (a period written with dates) costs that date only.
    const periods = rdates.flatMap(({ property, text }) => {
      try {
        return [this.#rdate(property, text, start)];
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        this.#repair('badRdate');
        return [];
      }
    });

    /** The original occurrences whose wall start is in [from, to), EXDATEs taken out. */
    const occurrencesIn = (from: number, to: number): Occurrence[] => {
      const walls = new Set<number>();
      if (recurrences.length === 0 && start.value.seconds >= from && start.value.seconds < to) {
        walls.add(start.value.seconds);
      }
      for (const recurrence of recurrences) {
        for (const wall of orSkip('badRule', () => occurrencesBetween(recurrence, from, to)))
          walls.add(wall);
      }
      const found = new Map<number, Occurrence>();
      for (const wall of walls) {
        const instant = inZone(() => instantAt(wall, zone));
        found.set(instant, { wall, instant });
      }
      for (const period of periods) {
        if (period.wall >= from && period.wall < to) found.set(period.instant, period);
      }
      return [...found.values()].filter((occurrence) => !excluded(occurrence));
    };

    // Individual overrides by their occurrence: by instant, and by day where the types differ.
    const byInstant = new Map<number, Entry>();
    const byDay = new Map<number, Entry>();
    for (const override of chosen) {
      const at = override.recurrenceId;
      if (at === null) continue;
      if (at.value.isDate || start.value.isDate) byDay.set(dayOf(at.value.seconds), override);
      else byInstant.set(this.#instant(at), override);
    }
    const used = new Set<Entry>();
    const overrideOf = (occurrence: Occurrence): Entry | undefined =>
      start.value.isDate
        ? byDay.get(dayOf(occurrence.wall))
        : (byInstant.get(occurrence.instant) ?? byDay.get(dayOf(occurrence.wall)));

    // Segments: the master's, then each RANGE=THISANDFUTURE override's from its occurrence on.
    const futures = chosen
      .filter((entry) => entry.thisAndFuture && entry.recurrenceId !== null)
      .map((entry) => ({ entry, from: this.#wall(this.#instant(entry.recurrenceId as At), zone) }))
      .sort((a, b) => a.from - b.from);
    const segments = [{ entry: masterEntry, from: -Infinity, shift: 0, lengthOf, length }];
    for (const { entry, from } of futures) {
      const timing = this.#timing(entry.vevent, lengthOf);
      const movedTo = this.#wall(this.#instant(timing.start), zone);
      const movedInstant = this.#instant(timing.start);
      const movedLength =
        Math.max(0, timing.lengthOf(timing.start.value.seconds, movedInstant) - movedInstant) /
        1000;
      segments.push({
        entry,
        from,
        shift: movedTo - from,
        lengthOf: timing.lengthOf,
        length: movedLength,
      });
    }
    segments.forEach((segment, index) => {
      const until = segments[index + 1]?.from ?? Infinity;
      const from = Math.max(segment.from, spanFrom - segment.length - segment.shift);
      const to = Math.min(until, spanTo - segment.shift);
      if (from >= to) return;
      const describedBy = segment.entry.vevent;
      const words = wordsOf(describedBy);
      const dropped = cancelled(describedBy);
      for (const occurrence of occurrencesIn(from, to)) {
        const override = overrideOf(occurrence);
        if (override !== undefined) {
          used.add(override);
          this.#single(uid, override, occurrence.instant);
          continue;
        }
        if (dropped) continue;
        const wall = occurrence.wall + segment.shift;
        const startInstant =
          segment.shift === 0 ? occurrence.instant : inZone(() => instantAt(wall, zone));
        const end =
          occurrence.end !== undefined
            ? occurrence.end + (startInstant - occurrence.instant)
            : inZone(() => segment.lengthOf(wall, startInstant));
        if (!this.#overlaps(startInstant, end)) continue;
        this.#events.push({
          key: keyOf(uid, occurrence.instant),
          ...words,
          allDay: start.value.isDate,
          start: checked(startInstant),
          end: checked(end),
        });
      }
    });

    // Overrides not met above (their occurrence is outside the span, or the rule never made it):
    // each happens at its own time, unless the master EXDATEs it and is newer (SEQUENCE).
    for (const override of chosen) {
      if (used.has(override) || override.recurrenceId === null) continue;
      const original = this.#instant(override.recurrenceId);
      const wall = this.#wall(original, zone);
      if (excluded({ wall, instant: original }) && override.sequence < masterEntry.sequence)
        continue;
      this.#single(uid, override, original, lengthOf);
    }
  }

  /** An override (or an event on its own) at its own start and end. */
  #single(uid: string, entry: Entry, original: number | undefined, inherit?: LengthOf): void {
    if (cancelled(entry.vevent)) return;
    const { start, lengthOf } = this.#timing(entry.vevent, inherit);
    const startInstant = this.#instant(start);
    const end = inZone(() => lengthOf(start.value.seconds, startInstant));
    if (!this.#overlaps(startInstant, end)) return;
    this.#events.push({
      key: keyOf(uid, checked(original ?? startInstant)),
      ...wordsOf(entry.vevent),
      allDay: start.value.isDate,
      start: checked(startInstant),
      end: checked(end),
    });
  }

  #overlaps(start: number, end: number): boolean {
    return end > this.#options.from && start < this.#options.to;
  }

  /**
   * UNTIL as wall seconds in the start's zone, included. In UTC (as Exchange and Google write
   * it) it is converted; a DATE with a timed start takes in that whole day. An all-day series'
   * UTC UNTIL is the date written (its days are the same in every zone).
   */
  #until(until: TimeValue | null, start: At): number | null {
    if (until === null) return null;
    if (until.utc && start.value.isDate) {
      this.#repair('dateUntil');
      return dayOf(until.seconds) * DAY_SECONDS;
    }
    if (until.utc) return this.#wall(until.seconds * 1000, start.zone);
    return until.isDate && !start.value.isDate ? until.seconds + DAY_SECONDS - 1 : until.seconds;
  }

  /** One RDATE value: a DATE, a DATE-TIME or a PERIOD (with its own end). */
  #rdate(property: Property, text: string, start: At): Occurrence {
    if (property.params.get('VALUE')?.toUpperCase() !== 'PERIOD') {
      const at = this.#at(property, text);
      const instant = this.#instant(at);
      return {
        wall: at.value.isDate ? at.value.seconds : this.#wall(instant, start.zone),
        instant,
      };
    }
    const period = orSkip('badTime', () => readPeriod(text));
    const at = this.#at(property, text.split('/')[0] ?? '');
    const instant = this.#instant(at);
    const end =
      'isDate' in period.end
        ? this.#instant({ ...at, value: period.end })
        : inZone(() => nominal(period.end as Duration, at.zone)(at.value.seconds, instant));
    if (end < instant) throw new Skip('badTime');
    return { wall: this.#wall(instant, start.zone), instant, end };
  }
}

const uidOf = (vevent: Component): string => propertyOf(vevent, 'UID')?.value.trim() ?? '';

/** A 32-bit FNV-1a hash of a text. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** DURATION: its days in wall time (a day across a change is 23 or 25 hours), the rest exact. */
const nominal =
  (duration: Duration, zone: Zone): LengthOf =>
  (wall, instant) =>
    (duration.days === 0 ? instant : instantAt(wall + duration.days * DAY_SECONDS, zone)) +
    duration.seconds * 1000;

const dayOf = (wall: number): number => Math.floor(wall / DAY_SECONDS);

const cancelled = (vevent: Component): boolean =>
  propertyOf(vevent, 'STATUS')?.value.trim().toUpperCase() === 'CANCELLED';

/** One occurrence, the same across fetches even when moved: its UID and original start. */
const keyOf = (uid: string, originalStart: number): string =>
  `${uid}@${new Date(originalStart).toISOString()}`;

/** An event's title and place, read once for all its occurrences. */
function wordsOf(vevent: Component): { title: string; location: string | null } {
  const text = (name: string): string | null => {
    const value = textOf(propertyOf(vevent, name)?.value ?? '').trim();
    return value === '' ? null : value;
  };
  return {
    title: text('SUMMARY') ?? '',
    // Cut where a place can still be mapped, else it would be asked about at every fetch.
    location: text('LOCATION')?.slice(0, PLACE_MAX_LENGTH).trimEnd() ?? null,
  };
}
