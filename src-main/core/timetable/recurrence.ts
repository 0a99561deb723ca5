/**
 * Recurrence rules (RFC 5545 §3.3.10, RRULE): read strictly, and stepped in wall seconds
 * (wallClock.ts) over the span asked for only, with work bounded by construction.
 *
 * Without COUNT, stepping starts at the period holding the span's start, found arithmetically,
 * so a daily series from 2010 costs the same as one from last week, and a FREQ=SECONDLY rule with
 * no end reaches today in one step. With COUNT, the occurrences before the span must be counted:
 * a rule whose periods all hold the same number (no BYMONTH, BYDAY… limits) is counted by
 * arithmetic (so are those limited by weekday alone, a week's cycle at a time), others period by
 * period within MAX_WORK. Periods a limit rules out are jumped
 * over (to the next allowed day, hour, minute or second), and at most MAX_OCCURRENCES are made in
 * the span: past either bound the rule throws RecurrenceLimit, never runs on.
 */
import type { TimeValue } from './icsValues';
import { OutOfRange, ValueError, readTimeOfAnyType } from './icsValues';
import { DAY_SECONDS, dateOf, dayNumber, daysInMonth, isLeapYear, weekdayOf } from './wallClock';

const FREQUENCIES = [
  'SECONDLY',
  'MINUTELY',
  'HOURLY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count: number | null;
  until: TimeValue | null;
  bySecond: number[] | null;
  byMinute: number[] | null;
  byHour: number[] | null;
  /** nth 0: every such weekday of the period. Weekday 0 is Monday. */
  byDay: { weekday: number; nth: number }[] | null;
  byMonthDay: number[] | null;
  byYearDay: number[] | null;
  byWeekNo: number[] | null;
  byMonth: number[] | null;
  bySetPos: number[] | null;
  wkst: number;
}

/** Occurrences in one span at most: a series past it is refused, not cut. */
export const MAX_OCCURRENCES = 5_000;
/** Periods and days looked at for one rule at most, counting COUNT's occurrences before the span. */
export const MAX_WORK = 20_000;

/** A rule that repeats too often in the span, or costs too much to count up to it. */
export class RecurrenceLimit extends Error {
  override readonly name = 'RecurrenceLimit';
  constructor(readonly reason: 'tooOften' | 'tooComplex') {
    super(reason);
  }
}

const integer = (text: string, min: number, max: number, zero = true): number => {
  if (!/^[+-]?\d{1,9}$/.test(text)) {
    // A number of ten digits or more: no series reaches its end before the year 9999.
    if (/^\+?\d+$/.test(text)) throw new OutOfRange('a number past what a date can hold');
    throw new ValueError('not an integer');
  }
  const value = Number(text);
  if (value < min || value > max || (!zero && value === 0)) throw new ValueError('out of range');
  return value;
};

const list = (text: string, min: number, max: number, zero = true): number[] =>
  [...new Set(text.split(',').map((item) => integer(item, min, max, zero)))].sort((a, b) => a - b);

const weekday = (text: string): number => {
  const index = WEEKDAYS.indexOf(text.toUpperCase());
  if (index < 0) throw new ValueError('not a weekday');
  return index;
};

/**
 * An RRULE's value. Any part that is misspelt (`UNTL=`), repeated, out of range or empty, or a
 * rule without FREQ, throws ValueError: the event is refused rather than repeated for ever.
 * One exception: a COUNT or UNTIL that cannot be read beside one of the other that can (an
 * export writing `COUNT=-1;UNTIL=…`) is left out, the rule bounded by the other, and
 * `onRepair` told.
 */
export function readRule(text: string, onRepair?: () => void): RecurrenceRule {
  const rule: RecurrenceRule = {
    freq: 'DAILY',
    interval: 1,
    count: null,
    until: null,
    bySecond: null,
    byMinute: null,
    byHour: null,
    byDay: null,
    byMonthDay: null,
    byYearDay: null,
    byWeekNo: null,
    byMonth: null,
    bySetPos: null,
    wkst: 0,
  };
  const seen = new Set<string>();
  let badBound: ValueError | undefined;
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    const name = part.slice(0, equals).trim().toUpperCase();
    const value = part.slice(equals + 1).trim();
    if (equals < 1 || value === '') throw new ValueError(`rule part without a value`);
    if (seen.has(name)) throw new ValueError(`rule part twice: ${name}`);
    seen.add(name);
    switch (name) {
      case 'FREQ': {
        const freq = FREQUENCIES.find((candidate) => candidate === value.toUpperCase());
        if (freq === undefined) throw new ValueError('unknown FREQ');
        rule.freq = freq;
        break;
      }
      case 'INTERVAL':
        rule.interval = integer(value, 1, 999_999_999);
        break;
      case 'COUNT':
      case 'UNTIL':
        try {
          if (name === 'COUNT') rule.count = integer(value, 1, 999_999_999);
          else rule.until = readTimeOfAnyType(value);
        } catch (error) {
          if (!(error instanceof ValueError) || badBound !== undefined) throw error;
          badBound = error;
        }
        break;
      case 'BYSECOND':
        rule.bySecond = list(value, 0, 59);
        break;
      case 'BYMINUTE':
        rule.byMinute = list(value, 0, 59);
        break;
      case 'BYHOUR':
        rule.byHour = list(value, 0, 23);
        break;
      case 'BYDAY':
        rule.byDay = value.split(',').map((item) => {
          const match = /^([+-]?\d{1,2})?([A-Za-z]{2})$/.exec(item.trim());
          if (match === null) throw new ValueError('not a BYDAY');
          const nth = match[1] === undefined ? 0 : integer(match[1], -53, 53, false);
          return { weekday: weekday(match[2] ?? ''), nth };
        });
        break;
      case 'BYMONTHDAY':
        rule.byMonthDay = list(value, -31, 31, false);
        break;
      case 'BYYEARDAY':
        rule.byYearDay = list(value, -366, 366, false);
        break;
      case 'BYWEEKNO':
        rule.byWeekNo = list(value, -53, 53, false);
        break;
      case 'BYMONTH':
        rule.byMonth = list(value, 1, 12);
        break;
      case 'BYSETPOS':
        rule.bySetPos = list(value, -366, 366, false);
        break;
      case 'WKST':
        rule.wkst = weekday(value);
        break;
      default:
        // RFC 7529's RSCALE and SKIP, or a misspelling: either way not the rule the feed meant.
        throw new ValueError(`unknown rule part: ${name}`);
    }
  }
  if (!seen.has('FREQ')) throw new ValueError('rule without FREQ');
  if (badBound !== undefined) {
    if (rule.count === null && rule.until === null) throw badBound;
    onRepair?.();
  }
  return rule;
}

/** A rule with its DTSTART: both in wall seconds of the event's zone. */
export interface Recurrence {
  rule: RecurrenceRule;
  start: number;
  isDate: boolean;
  /** UNTIL as wall seconds in the start's zone, included; null: none. */
  until: number | null;
  /**
   * Whether DTSTART is the rule's first occurrence whatever the rule says (RFC 5545; the
   * default). An event's second and later RRULEs (RFC 2445) count from their own first
   * occurrence, DTSTART only if the rule makes it, as dateutil's rruleset does.
   */
  startCounts?: boolean;
}

export interface RecurrenceLimits {
  occurrences: number;
  work: number;
}

/**
 * The starts (wall seconds) of a recurrence in [from, to), ascending: DTSTART first (it always
 * counts, RFC 5545 §3.8.5.3), then the rule's occurrences after it, up to COUNT and UNTIL.
 */
export function occurrencesBetween(
  recurrence: Recurrence,
  from: number,
  to: number,
  limits: RecurrenceLimits = { occurrences: MAX_OCCURRENCES, work: MAX_WORK },
): number[] {
  const plan = new Plan(recurrence);
  const { start, rule } = recurrence;
  const until = recurrence.until ?? Infinity;
  const count = rule.count ?? Infinity;
  const found: number[] = [];
  const take = (value: number) => {
    if (value < from || value >= to) return;
    if (found.length >= limits.occurrences) throw new RecurrenceLimit('tooOften');
    found.push(value);
  };
  const startCounts = recurrence.startCounts ?? true;
  if (startCounts) take(start);
  // The rule's own occurrences are those at or after `lowest` (after DTSTART when it counted).
  const lowest = startCounts ? start + 1 : start;
  let counted = startCounts ? 1 : 0;
  let k = 0;
  if (rule.count === null) {
    k = Math.max(0, plan.periodAt(from));
  } else if (plan.cycle !== null && plan.periodAt(from) > 1) {
    // Counted by arithmetic: the first period, then whole cycles of periods, then the rest.
    const target = plan.periodAt(from);
    const first = plan.period(0).set;
    const sizes = plan.cycleSizes();
    counted += first.size - first.countBelow(lowest);
    counted += Math.floor((target - 1) / sizes.length) * sum(sizes);
    counted += sum(sizes.slice(0, (target - 1) % sizes.length));
    k = target;
  }
  if (plan.cycle !== null) {
    // Too many in the span is known before stepping through them.
    const sizes = plan.cycleSizes();
    const whole = plan.periodAt(Math.min(to, until)) - k - 1;
    const least = Math.min(Math.floor(whole / sizes.length) * sum(sizes), count - counted);
    if (least > limits.occurrences) throw new RecurrenceLimit('tooOften');
  }
  let work = 0;
  while (counted < count) {
    const period = plan.period(k);
    work += period.work;
    if (work > limits.work) throw new RecurrenceLimit('tooComplex');
    if (period.first >= to || period.first > until) break;
    const { set } = period;
    const after = set.countBelow(lowest);
    const last = Math.min(set.countBelow(until + 1), after + (count - counted));
    if (last > after) {
      const end = Math.min(last, set.countBelow(to));
      for (let j = Math.max(after, set.countBelow(from)); j < end; j += 1) take(set.valueAt(j));
      counted += last - after;
    }
    if (last < set.size && set.valueAt(last) > until) break;
    k = period.nextK;
  }
  return found;
}

/**
 * One period's occurrences (a year, month, week, day, hour, minute or second of the rule's
 * grid): its days times its times of day, in order, thinned by BYSETPOS. Read by index, so a
 * large set is counted without being made.
 */
class PeriodSet {
  readonly size: number;
  readonly #indices: number[] | null;

  constructor(
    readonly days: readonly number[],
    readonly base: number,
    readonly offsets: readonly number[],
    setPos: readonly number[] | null,
  ) {
    const all = days.length * offsets.length;
    this.#indices =
      setPos === null
        ? null
        : [
            ...new Set(
              setPos
                .map((position) => (position > 0 ? position - 1 : all + position))
                .filter((index) => index >= 0 && index < all),
            ),
          ].sort((a, b) => a - b);
    this.size = this.#indices === null ? all : this.#indices.length;
  }

  valueAt(position: number): number {
    const index = this.#indices === null ? position : (this.#indices[position] ?? 0);
    const times = this.offsets.length;
    const day = this.days[Math.floor(index / times)] ?? 0;
    return day * DAY_SECONDS + this.base + (this.offsets[index % times] ?? 0);
  }

  /** How many of the values are below x. */
  countBelow(x: number): number {
    if (x === Infinity) return this.size;
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.valueAt(middle) < x) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

interface Period {
  /** Wall seconds where the period begins: every value is at or after it. */
  first: number;
  set: PeriodSet;
  /** The next period that may hold a value. */
  nextK: number;
  /** Periods and days looked at. */
  work: number;
}

const EMPTY: readonly number[] = [];
const UNIT_SECONDS: Partial<Record<Frequency, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
};

const product = (...lists: (readonly number[])[]): number[] =>
  lists.reduce<number[]>(
    (acc, next) => acc.flatMap((value) => next.map((item) => value + item)),
    [0],
  );

/** The start of the next allowed value after `value` in `allowed`, in units of `size` from `base`; else `end`. */
function nextAllowed(
  allowed: readonly number[],
  value: number,
  base: number,
  size: number,
  end: number,
): number {
  for (const candidate of allowed) if (candidate > value) return base + candidate * size;
  return end;
}

const sum = (values: readonly number[]): number =>
  values.reduce((total, value) => total + value, 0);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const WEEK_SECONDS = 7 * DAY_SECONDS;
/** Periods in a cycle counted one by one at most (an hourly rule's week is 168). */
const MAX_CYCLE = 2_000;

const monthIndexOf = (days: number): number => {
  const { year, month } = dateOf(days);
  return year * 12 + month - 1;
};

/** The rule made ready to step: its defaults from DTSTART (as dateutil does), filters and grid. */
class Plan {
  readonly #freq: Frequency;
  readonly #interval: number;
  readonly #startDay: number;
  readonly #wkst: number;
  readonly #byMonth: Set<number> | null;
  readonly #byWeekNo: Set<number> | null;
  readonly #byYearDay: Set<number> | null;
  readonly #byMonthDay: Set<number> | null;
  readonly #byWeekday: Set<number> | null;
  readonly #byNthWeekday: { weekday: number; nth: number }[];
  readonly #nthScope: 'month' | 'year' | null;
  readonly #dayFilter: boolean;
  readonly #hourFilter: readonly number[] | null;
  readonly #minuteFilter: readonly number[] | null;
  readonly #secondFilter: readonly number[] | null;
  readonly #offsets: readonly number[];
  readonly #setPos: readonly number[] | null;
  /** Sub-daily rules: the grid's first point and step, in seconds. */
  readonly #gridStart: number;
  readonly #step: number;
  /** Coarse rules: the first period's number (day, week's first day, month or year). */
  readonly #firstPeriod: number;
  /**
   * From the second period on, the periods' sizes repeat every `cycle` periods (1: all the same),
   * so COUNT is arithmetic; null when they follow months or years.
   */
  readonly cycle: number | null;
  #cycleSizes: number[] | undefined;

  constructor({ rule, start, isDate }: Recurrence) {
    const unit = UNIT_SECONDS[rule.freq];
    if (isDate && unit !== undefined) throw new ValueError('a sub-daily rule on a date');
    this.#freq = rule.freq;
    this.#interval = rule.interval;
    this.#startDay = Math.floor(start / DAY_SECONDS);
    this.#wkst = rule.wkst;
    const startSecond = start - this.#startDay * DAY_SECONDS;
    const startDate = dateOf(this.#startDay);
    const noDayParts =
      rule.byWeekNo === null &&
      rule.byYearDay === null &&
      rule.byMonthDay === null &&
      rule.byDay === null;
    let byMonth = rule.byMonth;
    let byMonthDay = rule.byMonthDay;
    let byDay = rule.byDay;
    if (noDayParts && rule.freq === 'YEARLY') {
      byMonth ??= [startDate.month];
      byMonthDay = [startDate.day];
    } else if (noDayParts && rule.freq === 'MONTHLY') {
      byMonthDay = [startDate.day];
    } else if (noDayParts && rule.freq === 'WEEKLY') {
      byDay = [{ weekday: weekdayOf(this.#startDay), nth: 0 }];
    }
    const toSet = (values: readonly number[] | null) => (values === null ? null : new Set(values));
    this.#byMonth = toSet(byMonth);
    this.#byWeekNo = toSet(rule.byWeekNo);
    this.#byYearDay = toSet(rule.byYearDay);
    this.#byMonthDay = toSet(byMonthDay);
    this.#nthScope =
      rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && byMonth !== null)
        ? 'month'
        : rule.freq === 'YEARLY' && rule.byWeekNo === null
          ? 'year'
          : null;
    const plain = byDay?.filter((day) => day.nth === 0 || this.#nthScope === null);
    this.#byWeekday = byDay === null ? null : new Set(plain?.map((day) => day.weekday));
    this.#byNthWeekday = byDay?.filter((day) => day.nth !== 0 && this.#nthScope !== null) ?? [];
    this.#dayFilter =
      byMonth !== null ||
      rule.byWeekNo !== null ||
      rule.byYearDay !== null ||
      byMonthDay !== null ||
      byDay !== null;

    const startHour = Math.floor(startSecond / 3600);
    const startMinute = Math.floor((startSecond % 3600) / 60);
    const hours = (rule.byHour ?? [startHour]).map((hour) => hour * 3600);
    const minutes = (rule.byMinute ?? [startMinute]).map((minute) => minute * 60);
    const seconds = rule.bySecond ?? [startSecond % 60];
    this.#hourFilter = null;
    this.#minuteFilter = null;
    this.#secondFilter = null;
    if (isDate) {
      this.#offsets = [0];
    } else if (rule.freq === 'HOURLY') {
      this.#hourFilter = rule.byHour;
      this.#offsets = product(minutes, seconds);
    } else if (rule.freq === 'MINUTELY') {
      this.#hourFilter = rule.byHour;
      this.#minuteFilter = rule.byMinute;
      this.#offsets = seconds;
    } else if (rule.freq === 'SECONDLY') {
      this.#hourFilter = rule.byHour;
      this.#minuteFilter = rule.byMinute;
      this.#secondFilter = rule.bySecond;
      this.#offsets = [0];
    } else {
      this.#offsets = product(hours, minutes, seconds);
    }
    this.#setPos = rule.bySetPos;

    this.#step = (unit ?? 0) * rule.interval;
    this.#gridStart = unit === undefined ? 0 : Math.floor(start / unit) * unit;
    this.#firstPeriod = this.#periodNumber(this.#startDay);
    const timeFilter =
      this.#hourFilter !== null || this.#minuteFilter !== null || this.#secondFilter !== null;
    const weekdaysOnly =
      byMonth === null &&
      rule.byWeekNo === null &&
      rule.byYearDay === null &&
      byMonthDay === null &&
      this.#byNthWeekday.length === 0;
    let cycle: number | null = null;
    if (!this.#dayFilter && !timeFilter && (unit !== undefined || rule.freq === 'DAILY')) {
      cycle = 1;
    } else if (weekdaysOnly && unit !== undefined) {
      cycle = WEEK_SECONDS / gcd(WEEK_SECONDS, this.#step);
    } else if (weekdaysOnly && rule.freq === 'DAILY') {
      cycle = 7 / gcd(7, rule.interval);
    } else if (weekdaysOnly && rule.freq === 'WEEKLY') {
      cycle = 1;
    }
    this.cycle = cycle !== null && cycle <= MAX_CYCLE ? cycle : null;
  }

  /** The sizes of the periods 1 … cycle, which repeat after them. */
  cycleSizes(): number[] {
    this.#cycleSizes ??= Array.from(
      { length: this.cycle ?? 0 },
      (_, index) => this.period(index + 1).set.size,
    );
    return this.#cycleSizes;
  }

  /** A coarse rule's period number of a day, before INTERVAL. */
  #periodNumber(day: number): number {
    switch (this.#freq) {
      case 'WEEKLY':
        return day - ((weekdayOf(day) - this.#wkst + 7) % 7);
      case 'MONTHLY':
        return monthIndexOf(day);
      case 'YEARLY':
        return dateOf(day).year;
      default:
        return day;
    }
  }

  /** The number k of the period holding this wall time (negative: before the first). */
  periodAt(seconds: number): number {
    if (this.#step > 0) return Math.floor((seconds - this.#gridStart) / this.#step);
    const day = Math.floor(seconds / DAY_SECONDS);
    const size = this.#freq === 'WEEKLY' ? 7 * this.#interval : this.#interval;
    return Math.floor((this.#periodNumber(day) - this.#firstPeriod) / size);
  }

  period(k: number): Period {
    return this.#step > 0 ? this.#subDaily(k) : this.#coarse(k);
  }

  #coarse(k: number): Period {
    const number = this.#firstPeriod + k * this.#interval * (this.#freq === 'WEEKLY' ? 7 : 1);
    let days: number[] = [];
    let first: number;
    let work = 1;
    let nextK = k + 1;
    switch (this.#freq) {
      case 'DAILY': {
        first = number;
        if (this.#matches(number)) {
          days = [number];
        } else if (this.#byMonth !== null && !this.#byMonth.has(dateOf(number).month)) {
          const { year, month } = dateOf(number);
          const nextMonth = dayNumber(year + (month === 12 ? 1 : 0), (month % 12) + 1, 1);
          nextK = Math.max(k + 1, Math.ceil((nextMonth - this.#startDay) / this.#interval));
        }
        break;
      }
      case 'WEEKLY':
        first = number;
        work += this.#keep(days, number, number + 7);
        break;
      case 'MONTHLY': {
        const year = Math.floor(number / 12);
        const month = number - year * 12 + 1;
        first = dayNumber(year, month, 1);
        if (this.#byMonth === null || this.#byMonth.has(month)) {
          work += this.#keep(days, first, first + daysInMonth(year, month));
        }
        break;
      }
      default: {
        first = dayNumber(number, 1, 1);
        if (this.#byMonth !== null && this.#byWeekNo === null && this.#byYearDay === null) {
          for (const month of this.#byMonth) {
            const day = dayNumber(number, month, 1);
            work += this.#keep(days, day, day + daysInMonth(number, month));
          }
        } else {
          work += this.#keep(days, first, first + (isLeapYear(number) ? 366 : 365));
        }
      }
    }
    return {
      first: first * DAY_SECONDS,
      set: new PeriodSet(days, 0, this.#offsets, this.#setPos),
      nextK,
      work,
    };
  }

  /** Adds the days of [from, to) that pass the day parts; gives the work done. */
  #keep(days: number[], from: number, to: number): number {
    for (let day = from; day < to; day += 1) if (this.#matches(day)) days.push(day);
    return to - from;
  }

  #subDaily(k: number): Period {
    const first = this.#gridStart + k * this.#step;
    const day = Math.floor(first / DAY_SECONDS);
    const second = first - day * DAY_SECONDS;
    const hour = Math.floor(second / 3600);
    const minute = Math.floor((second % 3600) / 60);
    const dayStart = day * DAY_SECONDS;
    const hourStart = dayStart + hour * 3600;
    const minuteStart = hourStart + minute * 60;
    let target: number | undefined;
    if (this.#dayFilter && !this.#matches(day)) {
      const { year, month } = dateOf(day);
      target =
        this.#byMonth !== null && !this.#byMonth.has(month)
          ? dayNumber(year + (month === 12 ? 1 : 0), (month % 12) + 1, 1) * DAY_SECONDS
          : dayStart + DAY_SECONDS;
    } else if (this.#hourFilter !== null && !this.#hourFilter.includes(hour)) {
      target = nextAllowed(this.#hourFilter, hour, dayStart, 3600, dayStart + DAY_SECONDS);
    } else if (this.#minuteFilter !== null && !this.#minuteFilter.includes(minute)) {
      target = nextAllowed(this.#minuteFilter, minute, hourStart, 60, hourStart + 3600);
    } else if (this.#secondFilter !== null && !this.#secondFilter.includes(second % 60)) {
      target = nextAllowed(this.#secondFilter, second % 60, minuteStart, 1, minuteStart + 60);
    }
    if (target !== undefined) {
      return {
        first,
        set: new PeriodSet(EMPTY, 0, this.#offsets, null),
        nextK: Math.max(k + 1, Math.ceil((target - this.#gridStart) / this.#step)),
        work: 1,
      };
    }
    const base =
      this.#freq === 'HOURLY'
        ? hour * 3600
        : this.#freq === 'MINUTELY'
          ? second - (second % 60)
          : second;
    return {
      first,
      set: new PeriodSet([day], base, this.#offsets, this.#setPos),
      nextK: k + 1,
      work: 1,
    };
  }

  /** Whether a day passes BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY and BYDAY. */
  #matches(day: number): boolean {
    if (!this.#dayFilter) return true;
    const { year, month, day: dayOfMonth } = dateOf(day);
    if (this.#byMonth !== null && !this.#byMonth.has(month)) return false;
    const monthLength = daysInMonth(year, month);
    if (
      this.#byMonthDay !== null &&
      !this.#byMonthDay.has(dayOfMonth) &&
      !this.#byMonthDay.has(dayOfMonth - monthLength - 1)
    ) {
      return false;
    }
    const yearLength = isLeapYear(year) ? 366 : 365;
    const dayOfYear = day - dayNumber(year, 1, 1) + 1;
    if (
      this.#byYearDay !== null &&
      !this.#byYearDay.has(dayOfYear) &&
      !this.#byYearDay.has(dayOfYear - yearLength - 1)
    ) {
      return false;
    }
    if (this.#byWeekNo !== null) {
      const [number, fromEnd] = this.#weekNumbers(day, year);
      if (!this.#byWeekNo.has(number) && !this.#byWeekNo.has(fromEnd)) return false;
    }
    if (this.#byWeekday === null) return true;
    const weekday = weekdayOf(day);
    if (this.#byWeekday.has(weekday)) return true;
    const [position, length] =
      this.#nthScope === 'month' ? [dayOfMonth, monthLength] : [dayOfYear, yearLength];
    const nth = Math.ceil(position / 7);
    const nthFromEnd = -Math.floor((length - position) / 7) - 1;
    return this.#byNthWeekday.some(
      (entry) => entry.weekday === weekday && (entry.nth === nth || entry.nth === nthFromEnd),
    );
  }

  /** The first day of week 1 of a year: the week (from WKST) holding 4 January. */
  #weekOne(year: number): number {
    const january4 = dayNumber(year, 1, 4);
    return january4 - ((weekdayOf(january4) - this.#wkst + 7) % 7);
  }

  /** The day's week number in its own week-numbering year (week 1 has 4 days of it), and from the end. */
  #weekNumbers(day: number, year: number): [number, number] {
    let weekYear = year;
    if (day >= this.#weekOne(year + 1)) weekYear = year + 1;
    else if (day < this.#weekOne(year)) weekYear = year - 1;
    const begins = this.#weekOne(weekYear);
    const weeks = (this.#weekOne(weekYear + 1) - begins) / 7;
    const number = Math.floor((day - begins) / 7) + 1;
    return [number, number - weeks - 1];
  }
}
