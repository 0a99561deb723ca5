/**
 * Scheduling an end through the window, end to end: `npm run web` against a local service, in
 * Debian's Chromium. An end scheduled on a device row is kept by the core (pending across a
 * reload) and cancelled from the row; the class's end is scheduled beside End all. Whether the
 * core fires it is the firing's own test: at its time, once the computer wakes from a sleep past
 * it (the core's timers held while the session's time passes), and at a start after it. Time is
 * the session's, skipped to each end, never waited for. Screenshots go to
 * test-results/schedule-e2e/.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { account, devicesIn } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { noonZone, timeAhead } from './localTime';
import type { E2eSession } from './session';
import { english } from './words';
import { auditedShot, LIVE_TIMEOUT } from './session';
import { windowOn } from './window';
import { isolated } from '../../src-renderer/views/bidi';

/** How far ahead the ends are scheduled: well inside the day the window's clock shows. */
const AHEAD_MINUTES = 20;
/** How far ahead the firing tests' ends are: never reached in real time before the skip. */
const FIRES_IN_MS = 60_000;

/** Room A: six devices, all online, PC-0 to PC-5. */
const opened = windowOn({
  name: 'schedule-e2e',
  account: account({ 'room-a': 'Room A' }, devicesIn('room-a', 6, 0)),
  // The times the page types and the core's agree across skips: the page is on the session's
  // clock, where it is about noon.
  timezoneId: noonZone(),
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession | undefined;
let service: RunningLocalService;
let context: BrowserContext;
let page: Page;
beforeAll(() => {
  ({ session, page } = opened);
  ({ service } = opened.session);
  context = page.context();
});

// A test that failed midway leaves the next none of its ends or accesses.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await leaveNothing();
});

/** Cancels every pending end and stops tracking every access, through the preview's API. */
async function leaveNothing(): Promise<void> {
  if (!session) return;
  const origin = new URL(session.preview.openUrl).origin;
  const state = await context.request.get(`${origin}/api/state`);
  // Without the key's cookie (the window never opened) nothing was done through this page.
  if (!state.ok()) return;
  const { scheduledEnds, temporalAccesses } = (await state.json()) as ClassTrayState;
  const calls = [
    ...scheduledEnds.pending.map(({ target }) => ['cancelScheduledEnd', { target }] as const),
    ...temporalAccesses.map(({ token }) => ['removeTemporalAccess', { token }] as const),
  ];
  for (const [action, data] of calls) {
    const answer = await context.request.post(`${origin}/api/actions/${action}`, { data });
    expect(answer.status(), `${action} ${JSON.stringify(data)}`).toBe(200);
  }
}

const deviceRows = () =>
  page.getByRole('list', { name: english('devices.heading'), exact: true }).getByRole('listitem');
const rowOf = (alias: string) => deviceRows().filter({ hasText: alias });

const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);

/** An access the local service issues for the device, added from its row for a student. */
async function addOnRow(alias: string, remoteId: string, student: string): Promise<string> {
  const token = await newAccessToken(service, remoteId);
  await rowOf(alias)
    .getByRole('button', { name: english('accesses.addFor', { name: alias }), exact: true })
    .click();
  await page.getByRole('textbox', { name: english('accesses.student'), exact: true }).fill(student);
  const linkBox = page.getByRole('textbox', { name: english('accesses.input'), exact: true });
  await linkBox.fill(`https://remote.example/access/${token}`);
  await linkBox.press('Enter');
  await rowOf(alias).getByText(student).waitFor();
  return token;
}

/**
 * An end `ms` from now by the session's clock, through the preview's action route as the window
 * sends it: the form takes whole minutes, and these tests skip to the end instead.
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
    { target: { token }, at: new Date((session?.clock.now() ?? Date.now()) + ms).toISOString() },
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
  rowOf(alias).getByRole('button', {
    name: english('accesses.endFor', { name: alias }),
    exact: true,
  });

describe('a scheduled end through the window', { timeout: 60_000 }, () => {
  it('is scheduled from a device row, kept by the core across a reload, and cancelled', async () => {
    await addOnRow('PC-1', '100000001', 'Ana');
    const row = rowOf('PC-1');

    // A time already past today is refused before anything is sent.
    await row
      .getByRole('button', { name: english('schedule.endAtFor', { name: 'PC-1' }), exact: true })
      .click();
    const field = page.getByLabel('End at', { exact: true });
    await field.fill(await timeAhead(page, -5));
    await page.getByRole('button', { name: english('schedule.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/has already passed today/)
      .waitFor();

    const time = await timeAhead(page, AHEAD_MINUTES);
    await field.fill(time);
    await page.getByRole('button', { name: english('schedule.submit'), exact: true }).click();
    // On the row, a clock and the time, named by the sentence.
    await row.getByRole('img', { name: `Ends at ${time}` }).waitFor();
    await shot('row-pending');

    await page.reload();
    await rowOf('PC-1')
      .getByRole('img', { name: `Ends at ${time}` })
      .waitFor({ timeout: LIVE_TIMEOUT });
    await rowOf('PC-1')
      .getByRole('button', {
        name: english('schedule.cancelEndFor', { time: time, name: 'PC-1' }),
        exact: true,
      })
      .click();
    await rowOf('PC-1')
      .getByRole('button', { name: english('schedule.endAtFor', { name: 'PC-1' }), exact: true })
      .waitFor();
    await page.reload();
    await rowOf('PC-1').getByText('Ana').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.getByRole('img', { name: /Ends at/ }).count()).toBe(0);
  });

  it("schedules the class's end beside End all", async () => {
    // An access of its own, so the row's own End at… can be looked for.
    await addOnRow('PC-5', '100000005', 'Pia');
    await page.getByRole('button', { name: english('schedule.endClassAt'), exact: true }).click();
    const time = await timeAhead(page, AHEAD_MINUTES + 5);
    await page.getByLabel('End class at', { exact: true }).fill(time);
    await page.getByRole('button', { name: english('schedule.submit'), exact: true }).click();
    // The time isolated in the sentence, as the window writes it.
    await page.getByText(`Class ends at ${isolated(time)}`).waitFor();
    // The class's end is not the access's: the row still offers its own.
    await rowOf('PC-5')
      .getByRole('button', { name: english('schedule.endAtFor', { name: 'PC-5' }), exact: true })
      .waitFor();
    await shot('class-pending');

    await page.reload();
    await page.getByText(`Class ends at ${isolated(time)}`).waitFor({ timeout: LIVE_TIMEOUT });
    await page
      .getByRole('button', {
        name: english('schedule.cancelClassEnd', { time: time }),
        exact: true,
      })
      .click();
    await page.getByRole('button', { name: english('schedule.endClassAt'), exact: true }).waitFor();
  });
});

describe('a scheduled end firing', { timeout: 60_000 }, () => {
  it('ends the access at its time, and the window says so', async () => {
    if (!session) throw new Error('no session');
    await addOnRow('PC-2', '100000002', 'Luis').then((token) => scheduleIn(token, FIRES_IN_MS));
    const before = await invalidations();
    await endButton('PC-2').waitFor();
    // Its time comes.
    await session.skip(FIRES_IN_MS);
    const report = reports().filter({ hasText: /for Luis on PC-2 ended 1 access\./ });
    await report.waitFor({ timeout: LIVE_TIMEOUT });
    // On time: the report says nothing of running late.
    expect(await report.innerText()).not.toContain('It ran late');
    await endButton('PC-2').waitFor({ state: 'detached' });
    expect(await invalidations()).toBe(before + 1);
  });

  it('runs an end missed while the computer slept as soon as it wakes', async () => {
    if (!session) throw new Error('no session');
    const asleep = session;
    await addOnRow('PC-3', '100000003', 'Marta').then((token) => scheduleIn(token, FIRES_IN_MS));
    const before = await invalidations();
    asleep.preview.freeze();
    try {
      // Asleep past its time, by three minutes: nothing reaches the service.
      await asleep.skip(FIRES_IN_MS + 3 * 60_000);
      expect(await invalidations()).toBe(before);
      expect(await endButton('PC-3').count()).toBe(1);
    } finally {
      asleep.preview.thaw();
    }
    // Awake: the end runs at once, and says how late (the real seconds since it was set count
    // too, far fewer than sixty).
    const report = reports().filter({ hasText: /for Marta on PC-3 ended 1 access\./ });
    await report.waitFor({ timeout: LIVE_TIMEOUT });
    await report.getByText('It ran late by 3 minutes').waitFor();
    expect(await invalidations()).toBe(before + 1);
  });

  it('runs an end missed while ClassTray was closed at its start, saying how late', async () => {
    const token = await addOnRow('PC-4', '100000004', 'Nora');
    await scheduleIn(token, 20 * 60_000);
    const settingsFile = join(session?.dataDir ?? '', 'settings.json');
    // By the session's clock, ahead of the wall clock by what the tests before skipped.
    const now = session?.clock.now() ?? Date.now();
    const twelveMinutesAgo = new Date(now - 12 * 60_000 - 5_000).toISOString();
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
