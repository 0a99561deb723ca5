/** "Offline since" times in the window: the time alone today, with its day otherwise. */
import { formatMinute } from '../clock';

export function sinceTime(iso: string, locale: string, now: number): string {
  const at = new Date(iso);
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) return formatMinute(iso, locale);
  return at.toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
