import { useEffect, useState } from 'react';

/**
 * Each language's clock format, made once (`toLocaleTimeString` makes one per call). It reads
 * UTC, shifted by the zone's offset at that instant: a format keeps the time zone it was made
 * in, and the computer's may change while the window is open (a trip, a setting).
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A local clock time with seconds, 24-hour, as in "10:42:30". */
export function formatClock(iso: string, locale: string): string {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    clockFormats.set(locale, format);
  }
  const instant = new Date(iso);
  return format.format(instant.getTime() - instant.getTimezoneOffset() * 60_000);
}

/** A local clock time to the minute, 24-hour, as in "10:50": the time a teacher picks an end for. */
export function formatMinute(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/**
 * A time of day typed the way the window writes it ("10:50", "9:05", "10.50", "1050"), as
 * [hours, minutes]; null for anything else.
 */
export function parseClockTime(text: string): [number, number] | null {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

const FIVE_MINUTES_MS = 5 * 60_000;

/** The first 5-minute mark of the clock after `now` (10:47:12 gives 10:50), as an instant. */
export function nextFiveMinuteMark(now: number): number {
  const start = new Date(now);
  start.setSeconds(0, 0);
  const minuteStart = start.getTime();
  const past = start.getMinutes() % 5;
  return minuteStart + FIVE_MINUTES_MS - past * 60_000;
}

/** Whole seconds from `now` until `iso`, never below zero. */
export const secondsUntil = (iso: string, now: number): number =>
  Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));

/** The time now, read again every `everyMs`: for what a view shows relative to now. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Checked four times a second, so the countdown is never more than a quarter second late. */
const TICK_MS = 250;

/** A live countdown to `iso` in whole seconds; it stops at zero. */
export function useSecondsUntil(iso: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso, Date.now()));
  useEffect(() => {
    setSeconds(secondsUntil(iso, Date.now()));
    const timer = setInterval(() => {
      const left = secondsUntil(iso, Date.now());
      // React skips the render when the value is the same.
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}
