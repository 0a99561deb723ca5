/**
 * Wall-clock times as plain numbers: a calendar day as its number since 1 January 1970, a wall
 * time as seconds since then as if it were UTC ("wall seconds"). Recurrence rules are stepped on
 * these, with no zone, so daylight-saving changes never move a step; zones.ts turns the result
 * into instants. Pure integer arithmetic, right for every year 1-9999 (Date.UTC reads 1-99 as
 * 1901-1999).
 */

/** A wall-clock time, as a timetable writes it: month 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const DAY_SECONDS = 86_400;

/** The day number of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of a day number (H. Hinnant's civil_from_days). */
export function dateOf(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 for Monday … 6 for Sunday (1 January 1970 was a Thursday). */
export const weekdayOf = (days: number): number => (((days + 3) % 7) + 7) % 7;

export const isLeapYear = (year: number): boolean =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

export const wallSeconds = (wall: WallTime): number =>
  dayNumber(wall.year, wall.month, wall.day) * DAY_SECONDS +
  wall.hour * 3600 +
  wall.minute * 60 +
  wall.second;
