/**
 * Scheduling an end through the window, end to end: `npm run web` against a local service, in
 * Debian's Chromium. An end scheduled on a device row is kept by the core (pending across a
 * reload) and cancelled from the row; the class's end is scheduled beside End all. Whether the
 * core fires it is the firing's own test. Screenshots go to test-results/schedule-e2e/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { device } from '../support/fixtures';
import { callerOf } from '../support/localServiceControl';
import { axeViolations } from './axe';
import { noonZone, timeAhead } from './localTime';
import type { E2eSession } from './session';
import { startE2eSession } from './session';

const TOKEN = 'schedule-token-0123456789';
const SCREENSHOTS = join(process.cwd(), 'test-results', 'schedule-e2e');
/** Polling every 5 s plus the client's retries and backoff. */
const LIVE_TIMEOUT = 30_000;
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
  await mkdir(SCREENSHOTS, { recursive: true });
  session = await startE2eSession({
    fixture,
    token: TOKEN,
    classroom: 'room-a',
    viewport: { width: 400, height: 600 },
    locale: 'en-US',
  });
  ({ service } = session);
  context = await session.browser.newContext({
    viewport: { width: 400, height: 600 },
    locale: 'en-US',
    timezoneId: noonZone(),
  });
  page = await context.newPage();
  await page.goto(session.preview.openUrl);
  await deviceRows().first().waitFor({ timeout: LIVE_TIMEOUT });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await session?.stop();
});

const deviceRows = () => page.getByRole('list', { name: 'Devices' }).getByRole('listitem');
const rowOf = (alias: string) => deviceRows().filter({ hasText: alias });

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  expect(await axeViolations(page), name).toEqual([]);
}

/** An access the local service issues for the device, added from its row for a student. */
async function addOnRow(alias: string, remoteId: string, student: string): Promise<void> {
  const response = await callerOf(service)('POST', '/_local/temporal-access', {
    remote_id: remoteId,
  });
  expect(response.status).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await rowOf(alias)
    .getByRole('button', { name: `Add access for ${alias}` })
    .click();
  await page.getByRole('textbox', { name: 'Student (optional)' }).fill(student);
  const linkBox = page.getByRole('textbox', { name: 'Temporal access link or token' });
  await linkBox.fill(`https://remote.example/access/${token}`);
  await linkBox.press('Enter');
  await rowOf(alias).getByText(student).waitFor();
}

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
