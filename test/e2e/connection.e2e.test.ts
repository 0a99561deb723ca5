/**
 * Changes that catch the eye and old data that looks old, end to end: `npm run web` polling only every 60 s against a local service
 * that goes away, in Debian's Chromium. A device going offline is marked in place, brought to the
 * top when the teacher asks, and announced. Saving an account says what one real call found. During the outage the rows and the count are muted and
 * dated to the last success; Retry now brings the live list back before the planned attempt.
 * No test waits for time: the backoff grows as the test skips the session's clock to each
 * planned attempt, and Retry now is pressed with the clock held, so no planned attempt can run.
 * Screenshots go to test-results/connection-e2e/, each state audited by axe.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { account, devicesIn } from '../support/fixtures';
import { callerOf } from '../support/localServiceControl';
import { fault, startMisbehavingService } from '../support/misbehavingService';
import type { E2eSession } from './session';
import { english } from './words';
import { windowOn } from './window';
import { noonZone } from './localTime';
import { auditedShot, LIVE_TIMEOUT } from './session';

/** Room A: ten devices, PC-0 to PC-6 online. */
const fixture = account(
  { 'room-a': 'Room A' },
  devicesIn('room-a', 10, 0, (i) => ({ is_online: i < 7 })),
);

const opened = windowOn({
  name: 'connection-e2e',
  account: fixture,
  size: { width: 400, height: 640 },
  // The banner's "Trying again at 12:34:56" is read back as today's: never across midnight.
  timezoneId: noonZone(),
  // A long interval: nothing but a failure's retries and Retry now refreshes during the test.
  pollSeconds: 60,
});
const { token: TOKEN, screenshots: SCREENSHOTS } = opened;
let session: E2eSession | undefined;
let service: RunningLocalService;
let startServiceAgain: E2eSession['startServiceAgain'];
/** Closed by the outage test, started again by the next (or by the test after, if that failed). */
let serviceDown = false;
let page: Page;
beforeAll(() => {
  session = opened.session;
  ({ service, page, startServiceAgain } = session);
});

const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);

/** Milliseconds from now, by the page's clock, to the attempt the banner announces. */
const untilNextAttempt = () =>
  page.evaluate(() => {
    const match = /Trying again at (\d\d):(\d\d):(\d\d)/.exec(document.body.textContent ?? '');
    if (!match) return -1;
    const at = new Date();
    at.setHours(Number(match[1]), Number(match[2]), Number(match[3]), 0);
    return at.getTime() - Date.now();
  });

/** The time the banner announces for the next attempt ("12:34:56"), or null. */
const announcedAttempt = () =>
  page.evaluate(
    () => /Trying again at (\d\d:\d\d:\d\d)/.exec(document.body.textContent ?? '')?.[1] ?? null,
  );

const liveCount = () => page.getByText('7 of 10 online', { exact: true });

describe('the connection in the window', { timeout: 90_000 }, () => {
  it('shows the live list in the live colours', async () => {
    await liveCount().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.locator('.device-rows.old').count()).toBe(0);
  });

  it('marks a device that went offline in place, brings it to the top when asked and announces it', async () => {
    const rows = page
      .getByRole('list', { name: english('devices.heading'), exact: true })
      .getByRole('listitem');
    const firstBefore = await rows.first().textContent();
    const response = await callerOf(service)('PATCH', '/_local/devices/100000003', {
      is_online: false,
    });
    expect(response.status).toBe(200);
    try {
      await page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
      await page.getByText('6 of 10 online', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
      // Rows stay put while the window is open: PC-3 is marked where it was.
      expect(await rows.first().textContent()).toBe(firstBefore);
      expect(await rows.filter({ hasText: /^PC-3/ }).textContent()).toMatch(
        /Went offline just now/,
      );
      await page.getByRole('button', { name: '1 changed: show it at the top' }).click();
      expect(await rows.first().textContent()).toMatch(/^PC-3.*Went offline just now/);
      await expect
        .poll(() => page.locator('p.visually-hidden[role="status"]').textContent())
        .toBe('PC-3 went offline');
      expect(await page.getByRole('radio', { name: 'Offline 4' }).count()).toBe(1);
      await shot('went-offline');
    } finally {
      // Back as it was, so the rest of the suite counts from the fixture.
      await callerOf(service)('PATCH', '/_local/devices/100000003', { is_online: true });
    }
    await page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
    await liveCount().waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText('Back online just now').waitFor();
  });

  it('greys the rows and dates the count to the last success during an outage', async () => {
    // The live list as the fixture has it, also when the test before failed with PC-3 offline.
    if (!(await liveCount().isVisible())) {
      await page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
      await liveCount().waitFor({ timeout: LIVE_TIMEOUT });
    }
    const green = await page
      .locator('.device-row.online .presence')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
    await service.close();
    serviceDown = true;
    await page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
    await page.getByText('Cannot reach the service.').waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText(/^7 of 10 online as of \u2068\d\d:\d\d:\d\d\u2069$/).waitFor();
    await page.getByRole('list', { name: /^Devices as of / }).waitFor();
    const muted = await page
      .locator('.device-row.online .presence')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
    expect(muted).not.toBe(green);
    await shot('outage-old-data');
  });

  it('recovers on Retry now, before the planned attempt', async () => {
    if (!session) throw new Error('no session');
    // The backoff grows (2 s doubling, with jitter) until the planned attempt is more than 5 s
    // off: skipped to each attempt as it comes, four failures at most.
    for (let attempt = 0; attempt < 6 && (await untilNextAttempt()) <= 5_000; attempt++) {
      const announced = await announcedAttempt();
      // The banner says whole seconds: a second more reaches the attempt itself.
      await session.skip(Math.max(0, await untilNextAttempt()) + 1_000);
      await expect
        .poll(
          async () => {
            const now = await announcedAttempt();
            return now !== null && now !== announced;
          },
          { timeout: LIVE_TIMEOUT },
        )
        .toBe(true);
    }
    expect(await untilNextAttempt()).toBeGreaterThan(5_000);
    // Held, the clock runs no planned attempt: the live list can only come back on Retry now.
    session.preview.freeze();
    try {
      service = await startServiceAgain();
      serviceDown = false;
      await page.getByRole('button', { name: english('banner.retryNow'), exact: true }).click();
      await liveCount().waitFor({ timeout: LIVE_TIMEOUT });
      await page.getByText('Cannot reach the service.').waitFor({ state: 'detached' });
      expect(await page.locator('.device-rows.old').count()).toBe(0);
    } finally {
      session.preview.thaw();
    }
    await shot('recovered-by-retry');
  });

  it('checks a service before saving it, and says which outcome it is', async () => {
    // The service the outage closed, up again also when the tests of the outage failed.
    if (serviceDown) {
      service = await startServiceAgain();
      serviceDown = false;
    }
    const notThisKind = await startMisbehavingService(() => fault.html(200));
    const gone = await startLocalService({ token: TOKEN, fixture });
    await gone.close();
    try {
      await page.getByRole('button', { name: english('header.settings'), exact: true }).click();
      const connectWith = async (serviceUrl: string, token: string) => {
        await page.getByLabel('Service URL').fill(serviceUrl);
        await page.getByLabel('API token').fill(token);
        await page.getByRole('button', { name: english('settings.connect'), exact: true }).click();
      };
      const said = (text: string) =>
        page.locator('.settings [role="alert"], .settings [role="status"]', { hasText: text });

      await connectWith(service.url, 'not-the-token-0123456789');
      await said('The service rejected this API token').waitFor({ timeout: LIVE_TIMEOUT });
      await shot('connect-token-rejected');
      await connectWith(gone.url, TOKEN);
      await said('Cannot reach that address').waitFor({ timeout: LIVE_TIMEOUT });
      await connectWith(notThisKind.url, TOKEN);
      await said('not as this kind of service').waitFor({ timeout: LIVE_TIMEOUT });
      // The typed token stays in the field, to fix rather than retype.
      expect(await page.getByLabel('API token').inputValue()).toBe(TOKEN);
      await connectWith(service.url, TOKEN);
      await said('Connected').waitFor({ timeout: LIVE_TIMEOUT });
      await shot('connect-connected');
    } finally {
      await notThisKind.close();
    }
  });
});
