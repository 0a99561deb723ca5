/**
 * Scheduling an end through the window, end to end: `npm run web` against a local service, in
 * Debian's Chromium. An end scheduled on a device row is kept by the core (pending across a
 * reload) and cancelled from the row; the class's end is scheduled beside End all. Whether the
 * core fires it is the firing's own test. Screenshots go to test-results/schedule-e2e/.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { device } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { noonZone, timeAhead } from './localTime';
import type { E2eSession } from './session';
import { auditedShot, LIVE_TIMEOUT, openWindow, startE2eSession } from './session';

const TOKEN = 'schedule-token-0123456789';
const SCREENSHOTS = join(process.cwd(), 'test-results', 'schedule-e2e');
/** How far ahead the ends are scheduled: well inside the day the window's clock shows. */
const AHEAD_MINUTES = 20;

/** Room A: six devices, all online. */
const fixture: AccountData = {
  classrooms: [{ id: 'room-a', name: 'Room A' }],
  devices: Array.from({ length: 6 }, (_, i) => device(i, { classroom: 'room-a', is_online: true })),
  temporal_accesses: [],
};

let session: E2eSession | undefined;
let service: RunningLocalService;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  session = await startE2eSession({
    fixture,
    token: TOKEN,
    classroom: 'room-a',
    viewport: { width: 400, height: 600 },
    locale: 'en-US',
    screenshots: SCREENSHOTS,
  });
  ({ service } = session);
  context = await session.browser.newContext({
    viewport: { width: 400, height: 600 },
    locale: 'en-US',
    timezoneId: noonZone(),
  });
  page = await context.newPage();
  await openWindow(page, session.preview.openUrl);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await session?.stop();
});

const deviceRows = () => page.getByRole('list', { name: 'Devices' }).getByRole('listitem');
const rowOf = (alias: string) => deviceRows().filter({ hasText: alias });

const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);

/** An access the local service issues for the device, added from its row for a student. */
async function addOnRow(alias: string, remoteId: string, student: string): Promise<string> {
  const token = await newAccessToken(service, remoteId);
  await rowOf(alias)
    .getByRole('button', { name: `Add access for ${alias}` })
    .click();
  await page.getByRole('textbox', { name: 'Student (optional)' }).fill(student);
  const linkBox = page.getByRole('textbox', { name: 'Temporal access link or token' });
  await linkBox.fill(`https://remote.example/access/${token}`);
  await linkBox.press('Enter');
  await rowOf(alias).getByText(student).waitFor();
  return token;
}

/**
 * An end `ms` from now, through the preview's action route as the window sends it: the form takes
 * whole minutes, and these tests cannot wait for one.
 */
async function scheduleIn(token: string, ms: number): Promise<void> {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/actions/scheduleEnd', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { target: { token }, at: new Date(Date.now() + ms).toISOString() },
  );
  expect(status).toBe(200);
}

/** How many invalidations the local service has answered. */
async function invalidations(): Promise<number> {
  const response = await callerOf(service)('GET', '/_local/stats');
  const { requests } = (await response.json()) as { requests: Record<string, number> };
  return requests['PATCH /api/v1/temporal-access/:token/invalidate'] ?? 0;
}

const reports = () => page.getByRole('status').filter({ hasText: 'Scheduled end at' });
/** Once the core has ended it, the row offers no End access any more. */
const endButton = (alias: string) =>
  rowOf(alias).getByRole('button', { name: `End access on ${alias}` });

describe('a scheduled end through the window', { timeout: 60_000 }, () => {
  it('is scheduled from a device row, kept by the core across a reload, and cancelled', async () => {
    await addOnRow('PC-1', '100000001', 'Ana');
    const row = rowOf('PC-1');

    // A time already past today is refused before anything is sent.
    await row.getByRole('button', { name: 'End at… for PC-1' }).click();
    const field = page.getByLabel('End at', { exact: true });
    await field.fill(await timeAhead(page, -5));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page
      .getByRole('alert')
      .getByText(/has already passed today/)
      .waitFor();

    const time = await timeAhead(page, AHEAD_MINUTES);
    await field.fill(time);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await row.getByText(`Ends at ${time}`).waitFor();
    await shot('row-pending');

    await page.reload();
    await rowOf('PC-1').getByText(`Ends at ${time}`).waitFor({ timeout: LIVE_TIMEOUT });
    await rowOf('PC-1')
      .getByRole('button', { name: `Cancel end at ${time} for PC-1` })
      .click();
    await rowOf('PC-1').getByRole('button', { name: 'End at… for PC-1' }).waitFor();
    await page.reload();
    await rowOf('PC-1').getByText('Ana').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.getByText(/Ends at/).count()).toBe(0);
  });

  it("schedules the class's end beside End all", async () => {
    await page.getByRole('button', { name: 'End class at…' }).click();
    const time = await timeAhead(page, AHEAD_MINUTES + 5);
    await page.getByLabel('End class at', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText(`Class ends at ${time}`).waitFor();
    // The class's end is not the access's: the row still offers its own.
    await rowOf('PC-1').getByRole('button', { name: 'End at… for PC-1' }).waitFor();
    await shot('class-pending');

    await page.reload();
    await page.getByText(`Class ends at ${time}`).waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('button', { name: `Cancel end at ${time} of the class` }).click();
    await page.getByRole('button', { name: 'End class at…' }).waitFor();
  });
});

describe('a scheduled end firing', { timeout: 60_000 }, () => {
  it('ends the access at its time, and the window says so', async () => {
    await addOnRow('PC-2', '100000002', 'Luis').then((token) => scheduleIn(token, 3_000));
    const before = await invalidations();
    await endButton('PC-2').waitFor();
    await reports()
      .getByText(/for Luis on PC-2 ended 1 access\./)
      .waitFor({ timeout: 15_000 });
    await endButton('PC-2').waitFor({ state: 'detached' });
    expect(await invalidations()).toBe(before + 1);
  });

  it('runs an end missed while the computer slept as soon as it wakes', async () => {
    await addOnRow('PC-3', '100000003', 'Marta').then((token) => scheduleIn(token, 2_000));
    session?.preview.freeze();
    const before = await invalidations();
    try {
      // Asleep past its time: nothing reaches the service.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await invalidations()).toBe(before);
      expect(await endButton('PC-3').count()).toBe(1);
    } finally {
      session?.preview.thaw();
    }
    await reports()
      .getByText(/for Marta on PC-3 ended 1 access\./)
      .waitFor({ timeout: 15_000 });
    expect(await invalidations()).toBe(before + 1);
  });

  it('runs an end missed while ClassTray was closed at its start, saying how late', async () => {
    const token = await addOnRow('PC-4', '100000004', 'Nora');
    await scheduleIn(token, 20 * 60_000);
    const settingsFile = join(session?.dataDir ?? '', 'settings.json');
    const twelveMinutesAgo = new Date(Date.now() - 12 * 60_000 - 5_000).toISOString();
    const restarted = await session?.restartPreview(async () => {
      // Closed past its time: as if the end had been set for 12 minutes ago.
      const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as {
        scheduledEnds: { at: string; target: { token?: string } }[];
      };
      const end = settings.scheduledEnds.find((pending) => pending.target.token === token);
      if (end === undefined) throw new Error('The end was not saved in the settings.');
      end.at = twelveMinutesAgo;
      await writeFile(settingsFile, JSON.stringify(settings));
    });
    await page.goto(restarted?.openUrl ?? '');
    const report = reports().filter({ hasText: 'for Nora on PC-4 ended 1 access.' });
    await report.waitFor({ timeout: LIVE_TIMEOUT });
    await report.getByText('It ran late by 12 minutes').waitFor();
    await shot('ran-late');
  });
});
