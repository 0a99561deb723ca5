/**
 * The window's local time in end-to-end tests that type a time of day ("End at…"): the window
 * never rolls a time over to tomorrow, so the browser runs in a zone where it is about noon.
 */
import type { Page } from 'playwright-core';

/** A fixed-offset zone in which it is about noon now (Etc/GMT-N is N hours east of UTC). */
export function noonZone(now: Date = new Date()): string {
  const east = 12 - now.getUTCHours();
  return east >= 0 ? `Etc/GMT-${east}` : `Etc/GMT+${-east}`;
}

/** "HH:MM" in the page's zone, `minutes` from now: what a teacher types into a time field. */
export const timeAhead = (page: Page, minutes: number): Promise<string> =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 60_000);
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  }, minutes);
