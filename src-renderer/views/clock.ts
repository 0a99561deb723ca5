import { useEffect, useState } from 'react';

/** A local clock time with seconds, 24-hour, as in "10:42:30". */
export function formatClock(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

/** A local clock time to the minute, 24-hour, as in "10:50": the time a teacher picks an end for. */
export function formatMinute(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
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
