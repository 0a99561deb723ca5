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

/** Whole seconds from `now` until `iso`, never below zero. */
export const secondsUntil = (iso: string, now: number): number =>
  Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));

/**
 * The current time for a countdown to `until` (ms): it updates when the whole seconds left
 * change, and stops once the moment has passed.
 */
export function useNow(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (now >= until) return;
    const untilNextSecond = (until - now) % 1000 || 1000;
    const timer = setTimeout(() => setNow(Date.now()), untilNextSecond);
    return () => clearTimeout(timer);
  }, [now, until]);
  return now;
}
