/**
 * The seat plan at 200% zoom of the tray's 400×600 window (200×300 CSS px), in Arabic: arranged
 * by keyboard alone (Not placed is one Tab stop, Left goes on to the next device; the grid is not
 * mirrored, so Right goes to seat 2) and by clicks (the device, then its seat), axe finding
 * nothing in the light and the dark theme. Screenshots go to test-results/seat-plan-zoom/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { account, devicesIn } from '../support/fixtures';
import { axeViolations } from './axe';
import { chooseLanguage, resizeTo, screenshot } from './session';
import { windowOn } from './window';

const opened = windowOn({
  name: 'seat-plan-zoom',
  account: account(
    { lab: 'Lab' },
    devicesIn('lab', 8, 1, (i) => ({ is_online: i % 3 !== 0, remote_alias: `LAB-PC${i + 1}` })),
  ),
});
const SCREENSHOTS = opened.screenshots;
let page: Page;
beforeAll(() => {
  ({ page } = opened);
});

const seat = (row: number, column: number) =>
  page.locator(`.seat-grid [data-row="${row}"][data-column="${column}"]`);

it('is arranged by keyboard and by clicks at 200×300 in Arabic, never mirrored, axe finding nothing', async () => {
  await chooseLanguage(page, 'ar');
  await resizeTo(page, { width: 200, height: 300 });
  await page.locator('.device-toolbar [aria-pressed="false"]').click();
  await page.locator('.seat-bar button').first().click();
  await page.locator('.seat-grid').waitFor();

  // By keyboard: the strip's second device (Left, right to left), carried to seat 2 (Right).
  const strip = page.locator('.seat-waiting-device');
  expect(await page.locator('.seat-waiting-device[tabindex="0"]').count()).toBe(1);
  await strip.first().focus();
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('LAB-PC2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect.poll(() => seat(1, 2).getAttribute('data-remote-id')).toBe('100000002');

  // By clicks: the strip's first device, then seat 1 (scrolled to: the plan's area is small).
  await strip.first().click();
  await seat(1, 1).scrollIntoViewIfNeeded();
  await seat(1, 1).click();
  await expect.poll(() => seat(1, 1).getAttribute('data-remote-id')).toBe('100000001');
  const [first, second] = [await seat(1, 1).boundingBox(), await seat(1, 2).boundingBox()];
  expect(first && second && first.x < second.x).toBe(true);

  await screenshot(page, join(SCREENSHOTS, 'arranging-200x300-ar-light.png'));
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await screenshot(page, join(SCREENSHOTS, 'arranging-200x300-ar-dark.png'));
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
