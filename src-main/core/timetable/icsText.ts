/**
 * An iCalendar file's text as components and properties (RFC 5545 §3.1): lines unfolded, each
 * split into its name, parameters and raw value. Lenient line by line: a line that is not a
 * content line is left out and the rest is read, so one bad line never loses the feed (ical.js's
 * parser throws for the whole file on `BADLINE` or `RRULE:COUNT=x`). Values are read where they
 * are used (icsValues.ts), so a bad value costs only its event.
 */

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
 */
export function readCalendarText(text: string): Component | undefined {
  const root: Component = { name: 'VCALENDAR', properties: [], components: [] };
  const open: Component[] = [];
  let calendars = 0;
  // Line by line without splitting the file first: a feed of 100,000 events is 700,000 lines, and
  // an array of them all (and an unfolded copy of the text) cost more in garbage collection than
  // reading them (measured).
  for (let at = 0; at < text.length;) {
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
      if (open.length === 0) {
        if (value !== 'VCALENDAR') continue;
        calendars += 1;
        open.push(root);
      } else if (open.length < MAX_DEPTH) {
        const component: Component = { name: value, properties: [], components: [] };
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
