/**
 * The preview under a school policy (`npm run web -- --policy-file`), in Debian's Chromium at
 * 320 px: Settings' "Set by your school" shows the locked service URL and an ignored key with
 * why, reads without sideways scrolling and passes axe, and a change of the service URL is
 * refused with the school's sentence even when the page lets the teacher type one.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData } from '../../src-main/local-service/index';
import { device } from '../support/fixtures';
import { layoutProblems } from './layoutProbe';
import type { E2eSession } from './session';
import { auditedShot, LIVE_TIMEOUT, openWindow, startE2eSession } from './session';

const TOKEN = 'e2e-token-0123456789';
const SCREENSHOTS = join(process.cwd(), 'test-results', 'policy-e2e');

const fixture: AccountData = {
  classrooms: [{ id: 'room-a', name: 'Room A' }],
  devices: Array.from({ length: 3 }, (_, i) => device(i, { classroom: 'room-a' })),
  temporal_accesses: [],
};

let session: E2eSession | undefined;
let page: Page;
let serviceUrl: string;

beforeAll(async () => {
  session = await startE2eSession({
    fixture,
    token: TOKEN,
    classroom: 'room-a',
    viewport: { width: 320, height: 640 },
    screenshots: SCREENSHOTS,
    policy: (url) => ({ ServiceUrl: url, Colour: 'crimson-value' }),
  });
  page = session.page;
  serviceUrl = session.service.url;
  await openWindow(page, session.preview.openUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
}, 60_000);

afterAll(() => session?.stop());

const schoolPage = () => page.getByRole('group', { name: 'Set by your school' });

describe('the preview under --policy-file', { timeout: 60_000 }, () => {
  it('shows the locked service URL as set by the school, and the ignored key with why', async () => {
    const inForce = schoolPage().getByRole('list', { name: 'In force' }).getByRole('listitem');
    await inForce.first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await inForce.allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Service URL\\s+${serviceUrl.replaceAll('.', '\\.')}\\s+Locked: it cannot be changed here\\s+From `,
        ),
      ),
    ]);
    const ignored = schoolPage().getByRole('list', { name: 'Ignored' }).getByRole('listitem');
    expect(await ignored.allInnerTexts()).toEqual([
      expect.stringMatching(/^Colour is not a ClassTray policy\.\s+From /),
    ]);
    expect(await schoolPage().innerText()).not.toContain('crimson-value');
    // The field says it too, and stays focusable (read-only, not disabled).
    const field = page.getByLabel(/^Service URL\s*Set by your school$/);
    expect(await field.inputValue()).toBe(serviceUrl);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    await field.focus();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('reads at 320 px without sideways scrolling, and passes axe', async () => {
    await schoolPage().scrollIntoViewIfNeeded();
    expect(await layoutProblems(page)).toEqual([]);
    await auditedShot(page, SCREENSHOTS, 'set-by-your-school-320');
  });

  it("refuses a change of the service URL with the school's sentence", async () => {
    const field = page.getByLabel(/^Service URL\s*Set by your school$/);
    // The window would never send it: a page that lets the teacher type is refused by the core.
    await field.evaluate((element) => element.removeAttribute('readonly'));
    await field.fill('https://another.school.example');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page
      .locator('.settings [role="alert"]', {
        hasText: 'Your school set this (ServiceUrl), so it cannot be changed here.',
      })
      .waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    expect(await field.inputValue()).toBe(serviceUrl);
  });
});
