/**
 * The iCalendar value types a timetable's times use (RFC 5545 §3.3): DATE, DATE-TIME, DURATION,
 * PERIOD and UTC-OFFSET, read strictly. A value that does not fit throws ValueError, which the
 * reader turns into a counted skip of its event, never into a sentence.
 */
import { DAY_SECONDS, daysInMonth, wallSeconds } from './wallClock';

/** A value that is not what its type says; its message is for logs and tests only. */
export class ValueError extends Error {
  override readonly name: string = 'ValueError';
}

/**
 * A value that reads, but past what a date can hold (a DURATION of 10^18 weeks, a COUNT of ten
 * digits, a time beyond the year 9999 once a length is added): its event is skipped and counted
 * as out of range, never handed to Date, which would throw.
 */
export class OutOfRange extends ValueError {
  override readonly name = 'OutOfRange';
}

/** Days a length may span at most: ten thousand years, the whole of what a DATE can write. */
export const MAX_SPAN_DAYS = 3_652_425;

/** A DATE or DATE-TIME as written: wall seconds (wallClock.ts), and whether a date or in UTC. */
export interface TimeValue {
  seconds: number;
  isDate: boolean;
  /** Written with a trailing Z. */
  utc: boolean;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;

/** The number written in `length` digits from `at`, or NaN. */
export function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let index = at; index < at + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A DATE (`VALUE=DATE`) or a DATE-TIME: `20190101` alone is not a DATE-TIME, so it throws. Read
 * digit by digit: a feed holds hundreds of thousands of them.
 */
export function readTime(text: string, type: 'date' | 'date-time'): TimeValue {
  const value = text.trim();
  const utc = type === 'date-time' && value.length === 16 && value.charCodeAt(15) === 90;
  const shaped =
    type === 'date'
      ? value.length === 8
      : (value.length === 15 || utc) && value.charCodeAt(8) === 84;
  if (!shaped) throw new ValueError(`not a ${type}`);
  const year = digits(value, 0, 4);
  const month = digits(value, 4, 2);
  const day = digits(value, 6, 2);
  const timed = type === 'date-time';
  const hour = timed ? digits(value, 9, 2) : 0;
  const minute = timed ? digits(value, 11, 2) : 0;
  const second = timed ? digits(value, 13, 2) : 0;
  // A part that is not all digits is NaN, and so is the sum.
  if (Number.isNaN(year + month + day + hour + minute + second)) {
    throw new ValueError(`not a ${type}`);
  }
  if (
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 60
  ) {
    throw new ValueError(`${type} out of range`);
  }
  return {
    seconds: wallSeconds({ year, month, day, hour, minute, second }),
    isDate: type === 'date',
    utc,
  };
}

/** A DATE or DATE-TIME told apart by its shape (UNTIL in a rule has no VALUE parameter). */
export const readTimeOfAnyType = (text: string): TimeValue =>
  readTime(text, DATE.test(text.trim()) ? 'date' : 'date-time');

/**
 * A DURATION: nominal days (a day is a calendar day, 23 or 25 hours across a change) and exact
 * seconds, both signed.
 */
export interface Duration {
  days: number;
  seconds: number;
}

const DURATION = /^([+-])?P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?)$/;

export function readDuration(text: string): Duration {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  // "P" and "PT" alone match the pattern but name no length.
  if (match === null || /[PT]$/.test(trimmed)) throw new ValueError('not a duration');
  const [, sign, weeks, days, hours, minutes, seconds] = match;
  const factor = sign === '-' ? -1 : 1;
  const number = (part: string | undefined) => (part === undefined ? 0 : Number(part));
  const dayCount = number(weeks) * 7 + number(days);
  const secondCount = number(hours) * 3600 + number(minutes) * 60 + number(seconds);
  // Past ten thousand years no end is a date (and 10^18 weeks would reach Date as Infinity).
  if (!(dayCount <= MAX_SPAN_DAYS && secondCount <= MAX_SPAN_DAYS * DAY_SECONDS)) {
    throw new OutOfRange('duration out of range');
  }
  return { days: factor * dayCount, seconds: factor * secondCount };
}

/** A PERIOD: a DATE-TIME start, and an end that is a DATE-TIME or a DURATION. */
export function readPeriod(text: string): { start: TimeValue; end: TimeValue | Duration } {
  const [start, end, ...rest] = text.split('/');
  if (start === undefined || end === undefined || rest.length > 0) {
    throw new ValueError('not a period');
  }
  return {
    start: readTime(start, 'date-time'),
    end: /^[+-]?P/.test(end.trim()) ? readDuration(end) : readTime(end, 'date-time'),
  };
}

/** A UTC-OFFSET (`+0100`, `-053000`) in seconds. */
export function readUtcOffset(text: string): number {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(text.trim());
  if (match === null) throw new ValueError('not a UTC offset');
  const [, sign, hours, minutes, seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  if (total >= DAY_SECONDS) throw new ValueError('UTC offset out of range');
  return sign === '-' ? -total : total;
}
