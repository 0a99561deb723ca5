/**
 * An iCalendar file's text as components and properties (RFC 5545 §3.1): lines unfolded, each
 * split into its name, parameters and raw value. Lenient line by line: a line that is not a
 * content line is left out and the rest is read, so one bad line never loses the feed (ical.js's
 * parser throws for the whole file on `BADLINE` or `RRULE:COUNT=x`). Values are read where they
 * are used (icsValues.ts), so a bad value costs only its event.
 */

import { digits } from './icsValues';
import { daysInMonth, wallSeconds } from './wallClock';

export interface Property {
  /** Upper case. */
  name: string;
  /** Names upper case; values without their quotes (a list stays comma-separated). */
  params: ReadonlyMap<string, string>;
  /** As written, escapes and all. */
  value: string;
}

export interface Component {
  /** Upper case: VCALENDAR, VEVENT, VTIMEZONE, STANDARD… */
  name: string;
  properties: Property[];
  components: Component[];
  /** A VEVENT of the calendar read with `inPart`: where its BEGIN line is in the text. */
  at?: number;
  /**
   * The calendar read with `inPart`: its single events left unread, as pairs of offsets in the
   * text (each from its BEGIN line to past its END line), in the order of the file.
   */
  unread?: number[];
}

/** The first property of that name, or undefined. */
export const propertyOf = (component: Component, name: string): Property | undefined =>
  component.properties.find((property) => property.name === name);

export const propertiesOf = (component: Component, name: string): Property[] =>
  component.properties.filter((property) => property.name === name);

/** A TEXT value with its escapes (\n \, \; \\) undone. */
export const textOf = (value: string): string =>
  value.replace(/\\([nN,;\\])/g, (_, escaped: string) =>
    escaped === 'n' || escaped === 'N' ? '\n' : escaped,
  );

const NAME = /^[A-Za-z0-9-]+$/;
const NO_PARAMS: ReadonlyMap<string, string> = new Map();
/** Components inside components at most (VCALENDAR > VEVENT > VALARM is 3): deeper ones are not kept. */
const MAX_DEPTH = 8;

/** One content line, or undefined when it is not one. */
function readLine(line: string): Property | undefined {
  let index = 0;
  let nameEnd = 0;
  let lowerCase = false;
  // A name is letters, digits and dashes (charCodes: faster than a pattern on a large file).
  for (; nameEnd < line.length; nameEnd += 1) {
    const code = line.charCodeAt(nameEnd);
    const lower = code >= 97 && code <= 122;
    const nameCharacter =
      lower || code === 45 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
    if (!nameCharacter) break;
    lowerCase ||= lower;
  }
  const stop = line.charCodeAt(nameEnd);
  // 58: colon, 59: semicolon.
  if (nameEnd < 1 || (stop !== 58 && stop !== 59)) return undefined;
  const written = line.slice(0, nameEnd);
  const name = lowerCase ? written.toUpperCase() : written;
  index = nameEnd;
  if (stop === 58) return { name, params: NO_PARAMS, value: line.slice(index + 1) };
  const params = new Map<string, string>();
  while (line[index] === ';') {
    const equals = line.indexOf('=', index);
    if (equals < 0) return undefined;
    const paramName = line.slice(index + 1, equals).toUpperCase();
    let cursor = equals + 1;
    let value = '';
    // A parameter's value is a comma-separated list of plain or quoted values.
    for (;;) {
      if (line[cursor] === '"') {
        const close = line.indexOf('"', cursor + 1);
        if (close < 0) return undefined;
        value += line.slice(cursor + 1, close);
        cursor = close + 1;
      } else {
        const stop = line.slice(cursor).search(/[,;:]/);
        if (stop < 0) return undefined;
        value += line.slice(cursor, cursor + stop);
        cursor += stop;
      }
      if (line[cursor] !== ',') break;
      value += ',';
      cursor += 1;
    }
    if (!NAME.test(paramName)) return undefined;
    params.set(paramName, value);
    index = cursor;
  }
  if (line[index] !== ':') return undefined;
  return { name, params, value: line.slice(index + 1) };
}

/**
 * The text's components; undefined when it holds no VCALENDAR. Several VCALENDARs in one file
 * (some servers concatenate them) are read as one. END lines that close nothing are left out; a
 * component left open at the end of the file is kept as read so far.
 *
 * `inPart`: a VEVENT of the calendar that is a single event (no RRULE, RDATE or RECURRENCE-ID)
 * with a UID is left unread, only its place in the text kept (Component.unread): most events of
 * a large feed are far from the span asked about, and their start and end (readInPart) are all
 * it takes to set them aside. Nothing is made for them, so nothing of them outlives the scan
 * (70,000 events kept as objects until read cost more in garbage collection than the reading).
 */
export function readCalendarText(
  text: string,
  { inPart = false }: { inPart?: boolean } = {},
): Component | undefined {
  const root: Component = { name: 'VCALENDAR', properties: [], components: [] };
  const open: Component[] = [];
  let calendars = 0;
  // Line by line without splitting the file first: a feed of 100,000 events is 700,000 lines, and
  // an array of them all (and an unfolded copy of the text) cost more in garbage collection than
  // reading them (measured).
  for (let at = 0; at < text.length;) {
    const lineStart = at;
    const { line, next } = contentLine(text, at);
    at = next;
    const property = readLine(line);
    if (property === undefined) continue;
    if (property.name !== 'BEGIN' && property.name !== 'END') {
      open[open.length - 1]?.properties.push(property);
      continue;
    }
    const value = property.value.trim().toUpperCase();
    if (property.name === 'BEGIN') {
      if (inPart && open.length === 1 && value === 'VEVENT') {
        const end = singleEventEnd(text, next);
        if (end >= 0) {
          (root.unread ??= []).push(lineStart, end);
          at = end;
          continue;
        }
      }
      if (open.length === 0) {
        if (value !== 'VCALENDAR') continue;
        calendars += 1;
        open.push(root);
      } else if (open.length < MAX_DEPTH) {
        const component: Component = { name: value, properties: [], components: [] };
        if (inPart && open.length === 1) component.at = lineStart;
        open[open.length - 1]?.components.push(component);
        open.push(component);
      }
    } else {
      const at = open.findLastIndex((component) => component.name === value);
      if (at >= 0) open.length = at;
    }
  }
  return calendars > 0 ? root : undefined;
}

/**
 * The content line starting at `from`, unfolded (a line break followed by one space or tab
 * continues the line), without its line break; and where the next one starts.
 */
function contentLine(text: string, from: number): { line: string; next: number } {
  let line = '';
  let start = from;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const piece = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    line = line === '' ? piece : line + piece;
    if (newline < 0) return { line, next: text.length };
    const following = text.charCodeAt(newline + 1);
    // 32: space, 9: tab.
    if (following !== 32 && following !== 9) return { line, next: newline + 1 };
    start = newline + 2;
  }
}

const startsWithAt = (text: string, at: number, prefix: string): boolean =>
  text.startsWith(prefix, at);

/**
 * Where the VEVENT whose body starts at `body` ends (past its END:VEVENT line), when it can be
 * left unread: a single event (no RRULE, RDATE or RECURRENCE-ID line anywhere in it) whose
 * first UID line has a value, all in upper case, with no VEVENT or VCALENDAR inside it; else -1
 * and it is read whole. Looks at the first characters of each line only: no line is made.
 */
function singleEventEnd(text: string, body: number): number {
  let uid = false;
  let uidSeen = false;
  /** Components open inside the event, as readCalendarText keeps them. */
  const inside: string[] = [];
  for (let at = body; at < text.length;) {
    const newline = text.indexOf('\n', at);
    const next = newline < 0 ? text.length : newline + 1;
    const code = text.charCodeAt(at);
    // 97-122: a-z (a name in lower case: read whole, rare).
    if (code >= 97 && code <= 122) return -1;
    // 82 R: a series or an override.
    if (
      code === 82 &&
      (startsWithAt(text, at, 'RRULE') ||
        startsWithAt(text, at, 'RDATE') ||
        startsWithAt(text, at, 'RECURRENCE-ID'))
    ) {
      return -1;
    }
    // 85 U: its UID, written plainly (`UID:` and a value on the line).
    if (code === 85 && !uidSeen && startsWithAt(text, at, 'UID')) {
      const after = text.charCodeAt(at + 3);
      if (after === 58 || after === 59) {
        uidSeen = true;
        const first = text.charCodeAt(at + 4);
        // 9 tab, 10 and 13 line breaks, 32 space: no value on the line.
        uid = after === 58 && first !== 9 && first !== 10 && first !== 13 && first !== 32;
      }
    }
    // 66 B, 69 E: components inside (an alarm) and the end.
    if (
      (code === 66 && startsWithAt(text, at, 'BEGIN')) ||
      (code === 69 && startsWithAt(text, at, 'END'))
    ) {
      const { line, next: after } = contentLine(text, at);
      const property = readLine(line);
      const value = property?.value.trim().toUpperCase() ?? '';
      if (value === 'VCALENDAR') return -1;
      if (property?.name === 'BEGIN') {
        if (value === 'VEVENT') return -1;
        if (inside.length + 2 < MAX_DEPTH) inside.push(value);
      } else if (property?.name === 'END') {
        if (value === 'VEVENT') return uid ? after : -1;
        const open = inside.lastIndexOf(value);
        if (open >= 0) inside.length = open;
      }
      at = after;
      continue;
    }
    at = next;
  }
  return -1;
}

/** Read in part from an event left unread: its UID, DTSTART, DTEND and DURATION, if any. */
export function readInPart(text: string, from: number, to: number): Component {
  const properties: Property[] = [];
  const inside: string[] = [];
  for (let at = text.indexOf('\n', from) + 1; at > 0 && at < to;) {
    const code = text.charCodeAt(at);
    // 66 B, 68 D, 69 E, 85 U.
    if (code === 66 || code === 68 || code === 69 || code === 85) {
      const { line, next } = contentLine(text, at);
      at = next;
      const property = readLine(line);
      if (property === undefined) continue;
      const value = property.value.trim().toUpperCase();
      if (property.name === 'BEGIN') {
        if (inside.length + 2 < MAX_DEPTH) inside.push(value);
      } else if (property.name === 'END') {
        const open = inside.lastIndexOf(value);
        if (open >= 0) inside.length = open;
      } else if (inside.length === 0 && IN_PART.has(property.name)) {
        properties.push(property);
      }
      continue;
    }
    const newline = text.indexOf('\n', at);
    at = newline < 0 ? to : newline + 1;
  }
  return { name: 'VEVENT', properties, components: [], at: from };
}

/** What an event read in part keeps: enough to tell when it happens. */
const IN_PART = new Set(['UID', 'DTSTART', 'DTEND', 'DURATION']);

/** The whole of an event left unread. */
export function readWhole(text: string, from: number, to: number): Component {
  const calendar = readCalendarText(`BEGIN:VCALENDAR\r\n${text.slice(from, to)}\r\nEND:VCALENDAR`);
  const event = calendar?.components[0] ?? { name: 'VEVENT', properties: [], components: [] };
  event.at = from;
  return event;
}

/** How a time is written: in UTC, floating, a date, or in its TZID. */
export type PlainKind = 'utc' | 'floating' | 'date' | 'tzid';

/** A DTSTART or DTEND written plainly: its wall seconds, how it is written, and its TZID (or ''). */
export interface PlainTime {
  wall: number;
  kind: PlainKind;
  zone: string;
}

/**
 * The start and end of an event left unread as written, when written plainly (plainTimes). One
 * holder (newPlainTimes) is filled again for every event of a feed: the few objects plainTimes
 * made per event were a third of what reading a 70,000-event feed allocated (42 of 122 MB,
 * measured), all for the garbage collector.
 */
export interface PlainTimes {
  start: PlainTime;
  /** DTEND as DTSTART is, when hasEnd. */
  end: PlainTime;
  hasEnd: boolean;
  /** DURATION's text, if any (the length only without DTEND). */
  duration: string | undefined;
  /** A 32-bit FNV-1a hash of the UID (written without spaces around it). */
  uidHash: number;
}

export const newPlainTimes = (): PlainTimes => ({
  start: { wall: 0, kind: 'utc', zone: '' },
  end: { wall: 0, kind: 'utc', zone: '' },
  hasEnd: false,
  duration: undefined,
  uidHash: 0,
});

/** Whether `at` is the end of a line that no folded line continues. */
function lineEndsAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  const newline = code === 13 ? at + 1 : at;
  if (newline >= text.length) return true;
  if (text.charCodeAt(newline) !== 10) return false;
  const next = text.charCodeAt(newline + 1);
  return next !== 32 && next !== 9;
}

/**
 * A DATE (8 digits) or DATE-TIME (15, and Z) at `at`, ending its line: wall seconds, or NaN.
 * Whether it is in UTC (its Z) is plainTimeAt's to read: no object made to say it.
 */
function plainWall(text: string, at: number, isDate: boolean): number {
  const year = digits(text, at, 4);
  const month = digits(text, at + 4, 2);
  const day = digits(text, at + 6, 2);
  let hour = 0;
  let minute = 0;
  let second = 0;
  let end = at + 8;
  if (!isDate) {
    // 84: T, 90: Z.
    if (text.charCodeAt(at + 8) !== 84) return Number.NaN;
    hour = digits(text, at + 9, 2);
    minute = digits(text, at + 11, 2);
    second = digits(text, at + 13, 2);
    end = at + 15;
    if (text.charCodeAt(end) === 90) end += 1;
  }
  const valid =
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    lineEndsAt(text, end);
  return valid ? wallSeconds({ year, month, day, hour, minute, second }) : Number.NaN;
}

/**
 * The time of the property whose name ends at `at` (DTSTART, DTEND) into `time`, when written
 * plainly and valid; else false.
 */
function plainTimeAt(text: string, at: number, to: number, time: PlainTime): boolean {
  if (text.startsWith(';VALUE=DATE:', at)) {
    time.wall = plainWall(text, at + 12, true);
    time.kind = 'date';
    time.zone = '';
    return !Number.isNaN(time.wall);
  }
  let wallAt = at + 1;
  let zone: string | undefined;
  // 58: colon.
  if (text.charCodeAt(at) !== 58) {
    if (!text.startsWith(';TZID=', at)) return false;
    const colon = text.indexOf(':', at);
    if (colon < 0 || colon > to) return false;
    zone = text.slice(at + 6, colon);
    if (/[;"\r\n]/.test(zone)) return false;
    wallAt = colon + 1;
  }
  time.wall = plainWall(text, wallAt, false);
  // 90: Z.
  const utc = text.charCodeAt(wallAt + 15) === 90;
  time.kind = utc ? 'utc' : zone === undefined ? 'floating' : 'tzid';
  time.zone = utc ? '' : (zone ?? '');
  return !Number.isNaN(time.wall);
}

/**
 * The times of an event left unread, read in place without making a line, when each is written
 * plainly (`DTSTART:20261124T080000Z`, `;VALUE=DATE:`, `;TZID=…:` with no other parameter, on
 * one line) and its UID too: into `times`, and true; false otherwise (then `times` holds nothing
 * to use, and it is read in part, as readInPart does).
 */
export function plainTimes(text: string, from: number, to: number, times: PlainTimes): boolean {
  let hasStart = false;
  let hasUid = false;
  times.hasEnd = false;
  times.duration = undefined;
  for (let at = text.indexOf('\n', from) + 1; at > 0 && at < to;) {
    const newline = text.indexOf('\n', at);
    const next = newline < 0 ? to : newline + 1;
    const code = text.charCodeAt(at);
    // 66 B: a component inside (an alarm): read in part instead.
    if (code === 66) return false;
    if (code === 68 && !hasStart && text.startsWith('DTSTART', at)) {
      if (!plainTimeAt(text, at + 7, to, times.start)) return false;
      hasStart = true;
    } else if (code === 68 && !times.hasEnd && text.startsWith('DTEND', at)) {
      if (!plainTimeAt(text, at + 5, to, times.end)) return false;
      times.hasEnd = true;
    } else if (code === 68 && times.duration === undefined && text.startsWith('DURATION:', at)) {
      const stop = text.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
      if (!lineEndsAt(text, stop)) return false;
      times.duration = text.slice(at + 9, stop);
    } else if (code === 85 && !hasUid && text.startsWith('UID:', at)) {
      const stop = text.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
      const first = text.charCodeAt(at + 4);
      const last = text.charCodeAt(stop - 1);
      if (stop <= at + 4 || first === 32 || first === 9 || last === 32 || last === 9) {
        return false;
      }
      if (!lineEndsAt(text, stop)) return false;
      let hash = 0x811c9dc5;
      for (let index = at + 4; index < stop; index += 1) {
        hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
      }
      times.uidHash = hash >>> 0;
      hasUid = true;
    } else if (code === 68 || code === 85) {
      // Another D or U name (DTSTAMP, DESCRIPTION…), or one written twice: never a time here.
      if (text.startsWith('DTSTART', at) || text.startsWith('DTEND', at)) return false;
    }
    at = next;
  }
  return hasStart && hasUid;
}
