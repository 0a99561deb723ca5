/**
 * Nothing a teacher needs out of view, end to end: `npm run web` against a local service, in
 * Debian's Chromium, at 400x600 and 320x480. End at… opened on the last row in view shows its
 * Cancel and Schedule in the window, the focus in its time field; Save and connect to a dead
 * address shows its error in the window with the focus on it, and a connect that then works
 * clears it and says where it connected. Time is the session's; a closed port refuses at once.
 * Screenshots go to test-results/in-view-e2e/.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService } from '../../src-main/local-service/index';
import { SENTENCES } from '../../src-shared/i18n';
import { isolated } from '../../src-renderer/views/bidi';
import { account, devicesIn } from '../support/fixtures';
import { newAccessToken } from '../support/localServiceControl';
import { noonZone } from './localTime';
import type { E2eSession } from './session';
import { english } from './words';
import { windowOn } from './window';
import { auditedShot, chooseLanguage, LIVE_TIMEOUT, resizeTo, screenshot } from './session';

const SIZES = [
  { width: 400, height: 600 },
  { width: 320, height: 480 },
] as const;

/** Room A: twenty devices, all online, so the rows keep their order by name. */
const fixture = account({ 'room-a': 'Room A' }, devicesIn('room-a', 20, 10));

const opened = windowOn({
  name: 'in-view-e2e',
  account: fixture,
  size: SIZES[0],
  // End at… prefills the next 5-minute mark today: never past midnight.
  timezoneId: noonZone(),
});
const { token: TOKEN, screenshots: SCREENSHOTS } = opened;
let session: E2eSession | undefined;
let page: Page;
beforeAll(() => {
  ({ session, page } = opened);
});

/**
 * Whether the whole of `locator` is drawn in the window: inside the viewport, and what the page
 * shows just inside each of its edges is the element itself (not cut by a scroll box nor
 * covered). The middle of each edge, as rounded corners are not the element's to hit.
 */
const wholeInView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = ([x, y]: readonly [number, number]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    };
    const [middleX, middleY] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
    const edges = [
      [middleX, box.top + 2],
      [middleX, box.bottom - 2],
      [box.left + 2, middleY],
      [box.right - 2, middleY],
    ] as const;
    return {
      // For the failure's message.
      box: [box.left, box.top, box.right, box.bottom].map(Math.round).join(' '),
      // Within a pixel: a scroll box's offset may round a part of one away.
      inWindow:
        box.top > -1 &&
        box.left > -1 &&
        box.bottom < window.innerHeight + 1 &&
        box.right < window.innerWidth + 1,
      drawn: edges.every(inside),
    };
  });

const IN_VIEW = { inWindow: true, drawn: true };

const rows = () =>
  page.getByRole('list', { name: english('devices.heading'), exact: true }).getByRole('listitem');
const rowOf = (alias: string) => rows().filter({ hasText: alias });

/** Adds an access on the device through the preview's action route, as the window's form does. */
async function addAccess(remoteId: string, label: string): Promise<void> {
  if (!session) throw new Error('no session');
  const token = await newAccessToken(session.service, remoteId);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/actions/addTemporalAccess', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { linkOrToken: token, studentName: label, remoteId },
  );
  expect(status).toBe(200);
}

/**
 * Scrolls the box `element` scrolls in (the device list, the settings) so it is the last thing
 * whole in view, `below` pixels of the box showing under it (the top of the next row), as the
 * teacher may have left it; as far as the box scrolls. Returns the pixels under it.
 */
const scrollToBottomEdge = (element: Locator, below: number): Promise<number> =>
  element.evaluate((target, below) => {
    let box = target.parentElement;
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
    if (!box) throw new Error('not in a scroll box');
    const boxBottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
    box.scrollTop += target.getBoundingClientRect().bottom + below - boxBottom;
    return boxBottom - target.getBoundingClientRect().bottom;
  }, below);

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

describe('End at… on the last row in view', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    await addAccess('100000024', 'Valentina Rodríguez');
    await addAccess('100000029', 'Maximilian Schönberger-Wittgenstein');
    await page.getByText('2 running', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
  });

  // A test that failed with its form open leaves the next none.
  afterEach(async () => {
    const open = page.locator('.end-at-form');
    if ((await open.count()) > 0)
      await open.getByRole('button', { name: english('schedule.close'), exact: true }).click();
  });

  // The row's bottom at the list's, or a part of the next row showing below it: the field then
  // shows and focus() alone would leave the buttons under the edge (604 to 628 px at 400x600).
  it.each(SIZES.flatMap((size) => [0, 10, 25, 40].map((below) => ({ ...size, below }))))(
    'shows its Cancel and Schedule at $width x $height, $below px of the next row in view',
    async ({ width, height, below }) => {
      await resizeTo(page, { width, height });
      const under = await scrollToBottomEdge(rowOf('PC-24'), below);
      expect(Math.abs(under - below)).toBeLessThanOrEqual(1);
      await openedInView('PC-24', `end-at-last-row-${width}x${height}-${below}`);
    },
  );

  it.each(SIZES)("shows them on the list's last row at $width x $height", async (size) => {
    await resizeTo(page, size);
    // Virtualized, the row is rendered once the list is scrolled to its end.
    await page.locator('.device-scroll').evaluate((list) => (list.scrollTop = list.scrollHeight));
    expect(Math.abs(await scrollToBottomEdge(rowOf('PC-29'), 0))).toBeLessThanOrEqual(1);
    await openedInView('PC-29', `end-at-list-end-${size.width}x${size.height}`);
  });
});

const endAtOf = (alias: string) =>
  rowOf(alias).getByRole('button', {
    name: english('schedule.endAtFor', { name: alias }),
    exact: true,
  });

/**
 * Opens End at… on the row and finds its form, its field (with the focus) and its buttons whole
 * in the window; then a time already past, refused under the field, and the form grown by that
 * line still whole in the window. Esc closes it again.
 */
async function openedInView(alias: string, name: string): Promise<void> {
  await endAtOf(alias).click();
  const form = page.getByRole('form', { name: `Schedule the end for ${alias}` });
  const field = form.getByLabel('End at', { exact: true });
  const parts = [
    form.getByRole('button', { name: english('schedule.close'), exact: true }),
    form.getByRole('button', { name: english('schedule.submit'), exact: true }),
    field,
    form,
  ];
  await expect.poll(() => isFocused(field)).toBe(true);
  for (const part of parts) {
    expect(await wholeInView(part), `${name}: ${String(part)}`).toMatchObject(IN_VIEW);
  }
  await auditedShot(page, SCREENSHOTS, name);

  // Midnight has passed in the window's noon zone.
  await field.fill('00:00');
  await field.press('Enter');
  const problem = form.getByRole('alert');
  await problem.getByText(/has already passed today/).waitFor();
  // Brought into view after the render that shows it.
  for (const part of [...parts, problem]) {
    await expect
      .poll(() => wholeInView(part), { message: `${name}, refused: ${String(part)}` })
      .toMatchObject(IN_VIEW);
  }
  expect(await isFocused(field)).toBe(true);
  await screenshot(page, join(SCREENSHOTS, `${name}-refused.png`));

  await field.press('Escape');
  await form.waitFor({ state: 'detached' });
}

// In German, whose longer sentences put Save and connect at the bottom edge at 320x480.
describe('Save and connect to an address where nothing answers', { timeout: 90_000 }, () => {
  const de = SENTENCES.de.settings;
  beforeAll(() => chooseLanguage(page, 'de'));

  /**
   * Fills in the account and presses Save and connect with the button at the settings' bottom
   * edge, as far as they scroll; waits for the answer.
   */
  const connectWith = async (serviceUrl: string) => {
    await page.getByLabel(de.serviceUrl).fill(serviceUrl);
    await page.getByLabel(de.token).fill(TOKEN);
    const connect = page.getByRole('button', { name: de.connect });
    await scrollToBottomEdge(connect, 0);
    await connect.click();
    await page
      .locator('.settings button[type="submit"]:not([aria-busy])')
      .waitFor({ timeout: LIVE_TIMEOUT });
  };
  const unreachable = () =>
    page.locator('.settings [role="alert"]', { hasText: de.check.unreachable });
  /** A service that was there and is gone: its port refuses at once. */
  const goneUrl = async () => {
    const gone = await startLocalService({ token: TOKEN, fixture });
    await gone.close();
    return gone.url;
  };

  it.each(SIZES)(
    'shows why in the window, with the focus on it, at $width x $height',
    async (size) => {
      await resizeTo(page, size);
      const settings = page.getByRole('button', { name: SENTENCES.de.header.settings });
      if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
      // Nothing said yet: the sentence comes where the form was laid out without it.
      await page
        .getByRole('form', { name: de.account })
        .getByRole('button', { name: de.cancel })
        .click();
      await connectWith(await goneUrl());
      await unreachable().waitFor();
      await expect.poll(() => isFocused(unreachable())).toBe(true);
      expect(await wholeInView(unreachable())).toMatchObject(IN_VIEW);
      await auditedShot(page, SCREENSHOTS, `connect-unreachable-${size.width}x${size.height}`);
    },
  );

  it('clears it once a connect works, and says where it connected', async () => {
    if (!session) throw new Error('no session');
    const host = new URL(session.service.url).host;
    await connectWith(await goneUrl());
    await unreachable().waitFor();
    await connectWith(session.service.url);
    // The host isolated in the sentence, as the window writes it.
    const connected = page
      .getByRole('status')
      .filter({ hasText: de.connectedTo.replace('{{host}}', isolated(host)) });
    await connected.waitFor();
    expect(await unreachable().count()).toBe(0);
    expect(await wholeInView(connected)).toMatchObject(IN_VIEW);
    await auditedShot(page, SCREENSHOTS, 'connect-connected');
  });
});
