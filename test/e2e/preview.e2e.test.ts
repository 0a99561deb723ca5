/**
 * The browser preview end to end: `npm run web` itself (a child process, its core on real time)
 * against a local service, driven in Debian's Chromium. Screenshots of the main states go to
 * test-results/preview-e2e/, and axe-core audits each of them. Each test leaves nothing behind for
 * the next, also when it fails: no tracked access, the service up.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { servicePaths } from '../../src-main/contract/wire';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { STOP_UNDO_MS } from '../../src-renderer/views/accesses/temporalAccessItem';
import { account, device } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { launchKey } from '../preview/session';
import type { PreviewProcess } from './previewProcess';
import type { E2eSession } from './session';
import { english } from './words';
import { auditedShot, LIVE_TIMEOUT, openAccessCards, screenshot } from './session';
import { windowOn } from './window';

/** Room A: ten devices, PC-0 to PC-6 online; five more devices in no classroom. */
const fixture = account({ 'room-a': 'Room A' }, [
  ...Array.from({ length: 10 }, (_, i) => device(i, { classroom: 'room-a', is_online: i < 7 })),
  ...Array.from({ length: 5 }, (_, i) => device(10 + i)),
]);

// The page stays blank: the first test signs it in through the launch page.
const opened = windowOn({
  name: 'preview-e2e',
  account: fixture,
  size: { width: 400, height: 640 },
  previewAsCommand: true,
  open: false,
});
const SCREENSHOTS = opened.screenshots;
let service: RunningLocalService;
/** Set while a test has the service closed: afterEach starts it again if the test did not. */
let serviceDown = false;
let startServiceAgain: E2eSession['startServiceAgain'];
let preview: PreviewProcess;
let previewUrl: string;
let browser: Browser;
let page: Page;
/** "Ends 10:42:30", its time isolated as the window writes it. */
const ENDS_AT = /^Ends \u2068\d\d:\d\d:\d\d\u2069$/;
const consoleErrors: string[] = [];

beforeAll(() => {
  ({ service, preview, browser, page, startServiceAgain } = opened.session);
  previewUrl = new URL(preview.openUrl).origin;
  page.on('console', (message) => {
    // index.html names no icon, so the browser's own favicon.ico request finds nothing.
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

// A failing test says what the preview logged: its core runs in the child, out of the test's sight.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.log(`npm run web printed:\n${preview.logTail()}`));
});

afterEach(async () => {
  if (serviceDown) {
    service = await startServiceAgain();
    serviceDown = false;
  }
  await untrackAll();
});

/**
 * The preview's state, asked from the page as the window asks it (its cookie, and its browser's
 * connections: a socket the preview closed while idle is never reused).
 */
const previewState = () =>
  page.evaluate(async () => {
    const response = await fetch('/api/state', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`GET /api/state: HTTP ${response.status}`);
    return (await response.json()) as ClassTrayState;
  });

/**
 * Stops tracking every access the preview tracks, through its API (a test that failed midway may
 * have left one behind, or one waiting out its Undo), and waits until the page lists none.
 */
async function untrackAll(): Promise<void> {
  // A page that never reached the preview (the first test failed) tracked nothing.
  if (!page.url().startsWith(`${previewUrl}/`)) return;
  const { temporalAccesses } = await previewState();
  const statuses = await page.evaluate(
    async (tokens) => {
      const answers: number[] = [];
      for (const token of tokens) {
        const response = await fetch('/api/actions/removeTemporalAccess', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token }),
        });
        answers.push(response.status);
      }
      return answers;
    },
    temporalAccesses.map(({ token }) => token),
  );
  expect(statuses, 'untracking every access').toEqual(temporalAccesses.map(() => 200));
  await expect.poll(() => page.locator('.access, .access-stopped').count()).toBe(0);
}

function control(method: string, path: string, body: unknown): Promise<Response> {
  return callerOf(service)(method, path, body);
}

const newAccess = (remoteId: string) => newAccessToken(service, remoteId);

async function track(token: string): Promise<void> {
  await openAccessCards(page);
  const input = page.getByRole('textbox', { name: english('accesses.input'), exact: true });
  await input.fill(`https://remote.example/access/${token}`);
  await input.press('Enter');
  // Added, the cards stay open on the new access.
  await page
    .getByText(`Token ${token.slice(0, 8)}…`)
    .first()
    .waitFor();
}

/** Every state the suite screenshots is audited by axe too: any violation fails the test. */
const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);
const deviceRows = () =>
  page.getByRole('list', { name: english('devices.heading'), exact: true }).getByRole('listitem');

describe('the browser preview', { timeout: 60_000 }, () => {
  it('signs the browser in through the launch page: its key posted once, in no address', async () => {
    await page.context().clearCookies();
    const key = await launchKey(preview.launchUrl);
    await page.goto(preview.launchUrl);
    await page.waitForURL(`${previewUrl}/`);
    await deviceRows().first().waitFor({ timeout: LIVE_TIMEOUT });
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).not.toBe(key);
    // Used once, the key in the file is a new one.
    expect(await launchKey(preview.launchUrl)).not.toBe(key);
  });

  it('refuses a launch page used already, saying to open the file again, which signs in', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'classtray-used-launch-'));
    const context = await browser.newContext();
    try {
      // The page as it was before its first use: what a form sent again from the history posts.
      const copy = join(folder, 'copy.html');
      await copyFile(fileURLToPath(preview.launchUrl), copy);
      const view = await context.newPage();
      await view.goto(pathToFileURL(copy).href);
      await view.waitForURL(`${previewUrl}/`);
      await context.clearCookies();
      await view.goto(pathToFileURL(copy).href);
      await view.waitForURL(`${previewUrl}/launch`);
      expect(await view.textContent('body')).toBe(
        `This launch page was used already, or is from an earlier start of the preview: each of its keys is good once. Open ${preview.launchUrl} again: it holds a new key now.`,
      );
      await screenshot(view, join(SCREENSHOTS, 'launch-page-used.png'));
      await view.goto(preview.launchUrl);
      await view.waitForURL(`${previewUrl}/`);
      await view
        .getByRole('list', { name: english('devices.heading'), exact: true })
        .getByRole('listitem')
        .first()
        .waitFor();
    } finally {
      await context.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('shows a browser not signed in where the launch page is', async () => {
    const stranger = await browser.newPage();
    try {
      await stranger.goto(previewUrl);
      expect(await stranger.textContent('body')).toBe(
        `This browser is not signed in to the ClassTray preview: open ${preview.launchUrl} in it (paste it into the address bar).`,
      );
      await screenshot(stranger, join(SCREENSHOTS, 'no-key.png'));
    } finally {
      await stranger.close();
    }
  });

  it('lists the classroom devices with the online count', async () => {
    await page.getByText('7 of 10 online').waitFor({ timeout: LIVE_TIMEOUT });
    await expect.poll(() => deviceRows().count()).toBe(10);
    await shot('classroom');
  });

  it('shows a status flip made on the service without a reload', async () => {
    const response = await control('PATCH', '/_local/devices/100000008', { is_online: true });
    expect(response.status).toBe(200);
    await page.getByText('8 of 10 online').waitFor({ timeout: LIVE_TIMEOUT });
    await shot('status-flip');
  });

  it('narrows the list to the devices matching a search', async () => {
    const search = page.getByRole('searchbox', { name: english('devices.search'), exact: true });
    await search.fill('PC-3');
    await expect.poll(() => deviceRows().count()).toBe(1);
    expect(await deviceRows().first().textContent()).toContain('PC-3');
    await shot('search');
    await search.fill('');
    await expect.poll(() => deviceRows().count()).toBe(10);
  });

  it('ends a tracked temporal access with one click', async () => {
    const token = await newAccess('100000001');
    await track(token);
    await page.getByRole('button', { name: english('accesses.end'), exact: true }).click();
    // The time is isolated (FSI…PDI), so it reads whole in a right-to-left sentence too.
    await page.locator('.access .access-state', { hasText: ENDS_AT }).waitFor();
    await shot('invalidated');
    await page.getByRole('button', { name: english('accesses.stopTracking'), exact: true }).click();
  });

  it('adds an access from a device row and ends it from the row, in one click', async () => {
    const token = await newAccess('100000003');
    const row = deviceRows().filter({ hasText: 'PC-3' });
    await row
      .getByRole('button', { name: english('accesses.addFor', { name: 'PC-3' }), exact: true })
      .click();
    const linkBox = page.getByRole('textbox', { name: english('accesses.input'), exact: true });
    const studentBox = page.getByRole('textbox', {
      name: english('accesses.student'),
      exact: true,
    });
    // The student first, then the link, on the device the row picked.
    await expect
      .poll(() => studentBox.evaluate((box) => box === document.activeElement))
      .toBe(true);
    expect(
      await page
        .getByRole('combobox', { name: english('accesses.deviceField'), exact: true })
        .inputValue(),
    ).toBe('100000003');
    await studentBox.fill('Ana');
    await linkBox.fill(`https://remote.example/access/${token}`);
    await linkBox.press('Enter');
    await row.getByText('Ana').waitFor();
    await row.getByText('Given').waitFor();
    await shot('access-on-row');

    await row
      .getByRole('button', { name: english('accesses.endFor', { name: 'PC-3' }), exact: true })
      .click();
    await row.getByText(ENDS_AT).waitFor();
    await shot('access-ended-from-row');
    // Ended on the service: a second invalidation is refused as already ended.
    const again = await control('PATCH', servicePaths.invalidateTemporalAccess(token), {});
    expect(again.status).toBe(422);
    await openAccessCards(page);
    await page.getByRole('button', { name: english('accesses.stopTracking'), exact: true }).click();
  });

  it("ends all the classroom's accesses after one confirmation naming the students", async () => {
    const students = [
      { alias: 'PC-4', remoteId: '100000004', name: 'Bea' },
      { alias: 'PC-5', remoteId: '100000005', name: 'Leo' },
    ];
    const tokens: string[] = [];
    for (const { alias, remoteId, name } of students) {
      const token = await newAccess(remoteId);
      tokens.push(token);
      const row = deviceRows().filter({ hasText: alias });
      await row
        .getByRole('button', { name: english('accesses.addFor', { name: alias }), exact: true })
        .click();
      const linkBox = page.getByRole('textbox', { name: english('accesses.input'), exact: true });
      await linkBox.fill(`https://remote.example/access/${token}`);
      await page
        .getByRole('textbox', { name: english('accesses.student'), exact: true })
        .fill(name);
      await linkBox.press('Enter');
      await row.getByText(name).waitFor();
    }
    await page.getByRole('button', { name: english('accesses.endAll'), exact: true }).click();
    // The students joined as English joins a list.
    await page
      .getByRole('form', {
        name: english('accesses.endAllQuestion', {
          count: 2,
          names: 'Leo (PC-5) and Bea (PC-4)',
        }),
        exact: true,
      })
      .waitFor();
    await shot('end-all-confirm');
    await page
      .getByRole('button', { name: english('accesses.endAllConfirm', { count: 2 }), exact: true })
      .click();
    await page.getByText(english('accesses.endAllEnded', { count: 2 }), { exact: true }).waitFor();
    for (const token of tokens) {
      const again = await control('PATCH', servicePaths.invalidateTemporalAccess(token), {});
      expect(again.status).toBe(422);
    }
    await shot('end-all-done');
    await openAccessCards(page);
    for (const _ of tokens)
      await page
        .getByRole('button', { name: english('accesses.stopTracking'), exact: true })
        .first()
        .click();
    expect(await page.locator('.access-stopped').count()).toBe(tokens.length);
    // Each stop is sent once its Undo has run out: the page's clock skips past it.
    await opened.session.skip(STOP_UNDO_MS);
    await expect.poll(() => page.locator('.access, .access-stopped').count()).toBe(0);
    expect((await previewState()).temporalAccesses).toEqual([]);
  });

  it('says so when the temporal access had already ended (the service answers 422)', async () => {
    const token = await newAccess('100000002');
    const ended = await control('PATCH', servicePaths.invalidateTemporalAccess(token), {});
    expect(ended.status).toBe(200);
    await track(token);
    await page.getByRole('button', { name: english('accesses.end'), exact: true }).click();
    await page.locator('.access .access-state', { hasText: 'Already ended or expired' }).waitFor();
    await shot('already-ended');
    await page.getByRole('button', { name: english('accesses.stopTracking'), exact: true }).click();
  });

  it('shows the outage banner when the service goes away, and recovers when it is back on the same port', async () => {
    // PC-8 online, as the status flip left it (again here, so this test stands on its own).
    const response = await control('PATCH', '/_local/devices/100000008', { is_online: true });
    expect(response.status).toBe(200);
    await page.getByText('8 of 10 online').waitFor({ timeout: LIVE_TIMEOUT });

    serviceDown = true;
    await service.close();
    await page.getByText('Cannot reach the service.').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.getByText('8 of 10 online').count()).toBe(1);
    await shot('outage');

    service = await startServiceAgain();
    serviceDown = false;
    // The restarted service starts again from the fixture: PC-8 is offline there.
    await page.getByText('7 of 10 online').waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText('Cannot reach the service.').waitFor({ state: 'detached' });
    await shot('recovered');
  });

  it('runs without Content-Security-Policy violations or console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
