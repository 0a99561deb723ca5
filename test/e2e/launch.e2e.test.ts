/**
 * A laptop that starts before the school network: `npm run web -- --service-url URL --classroom
 * room-a` while nothing answers at URL yet, then the service comes up on that port. The window
 * stays on that account and classroom (never the demo school), says the service cannot be reached,
 * and shows the room once the service answers (its next try, at most a poll interval away while
 * the window is visible: waited for, never timed); a second start with the service down again
 * shows the room from the disk cache. The preview is the command itself, in a child process on
 * real time. In Debian's Chromium; screenshots go to test-results/launch-e2e/, each state audited
 * by axe.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { serviceRoutes } from '../../src-main/contract/wire';
import { launchChromium } from '../support/chromium';
import { device } from '../support/fixtures';
import { freePort } from '../support/freePort';
import { callerOf } from '../support/localServiceControl';
import type { PreviewProcess } from './previewProcess';
import { startPreview } from './previewProcess';
import { auditedShot, LIVE_TIMEOUT } from './session';
import { english } from './words';

const TOKEN = 'launch-token-0123456789';
const POLL_SECONDS = 5;
const SCREENSHOTS = join(process.cwd(), 'test-results', 'launch-e2e');

/** Room A: six devices, four online. */
const fixture: AccountData = {
  classrooms: [{ id: 'room-a', name: 'Room A' }],
  devices: Array.from({ length: 6 }, (_, i) =>
    device(i, { classroom: 'room-a', is_online: i < 4 }),
  ),
  temporal_accesses: [],
};

let dataDir: string | undefined;
let serviceUrl: string;
let browser: Browser;
let page: Page;
let preview: PreviewProcess | undefined;
let service: RunningLocalService | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'classtray-launch-e2e-'));
  serviceUrl = `http://127.0.0.1:${await freePort()}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 400, height: 640 }, locale: 'en-US' });
}, 60_000);

afterAll(async () => {
  await preview?.stop();
  await service?.close();
  await browser?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

const launch = () => {
  if (dataDir === undefined) throw new Error('no data folder');
  return startPreview({
    serviceUrl,
    classroom: 'room-a',
    dataDir,
    token: TOKEN,
    pollSeconds: POLL_SECONDS,
  });
};
// Not exact: the list is "Devices" while fresh and "Devices as of 10:42" on the cached room.
const rows = () =>
  page.getByRole('list', { name: english('devices.heading') }).getByRole('listitem');
const saved = async () => {
  if (dataDir === undefined) throw new Error('no data folder');
  const file = join(dataDir, 'settings.json');
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : {};
};

/** How often the running service has been asked for a classroom's devices. */
async function classroomRequests(): Promise<number> {
  if (!service) throw new Error('the service is not running');
  const response = await callerOf(service)('GET', '/_local/stats');
  const stats = (await response.json()) as { requests: Record<string, number> };
  return stats.requests[`GET ${serviceRoutes.classroomDevices}`] ?? 0;
}

// Each start is the command itself, which first builds the renderer when out/renderer is older
// than its sources: tens of seconds on a loaded machine. A budget, not a timing asserted.
describe('the preview started before its service', { timeout: 120_000 }, () => {
  it('stays on the launch account and classroom and says the service cannot be reached', async () => {
    preview = await launch();
    // As the teacher's browser opens it: the launch page, which signs it in.
    await page.goto(preview.launchUrl);
    await page
      .getByText('Cannot reach the service, so no devices could be loaded.')
      .waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.getByText('room-a').count()).toBeGreaterThan(0);
    expect(await page.getByText('Demo data').count()).toBe(0);
    expect((await saved()).serviceUrl ?? null).toBeNull();
    await auditedShot(page, SCREENSHOTS, 'unreachable-at-launch');
  });

  it('shows the room once the service answers, then saves it', async () => {
    // In order: no room while nothing answers; the service comes up; the preview asks it for the
    // room on its own (no reload, no Refresh); the room is shown and the outage sentence goes.
    expect(await rows().count()).toBe(0);
    service = await startLocalService({
      token: TOKEN,
      fixture,
      port: Number(new URL(serviceUrl).port),
    });
    await rows().first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await classroomRequests()).toBeGreaterThan(0);
    await page
      .getByText('Cannot reach the service, so no devices could be loaded.')
      .waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(6);
    await page.getByText('4 of 6 online').first().waitFor();
    expect(await saved()).toMatchObject({ serviceUrl, classrooms: { current: 'room-a' } });
    await auditedShot(page, SCREENSHOTS, 'service-came-up');
  });

  it('starts again with the service down on the cached room, saying so', async () => {
    await preview?.stop();
    await service?.close();
    service = undefined;
    preview = await launch();
    await page.goto(preview.launchUrl);
    await page
      .getByText('Cannot reach the service. Showing the last known devices.')
      .waitFor({ timeout: LIVE_TIMEOUT });
    expect(await rows().count()).toBe(6);
    await auditedShot(page, SCREENSHOTS, 'cached-room-service-down');
  });
});
