/**
 * The preview under a school policy (`npm run web -- --policy-file`), in Debian's Chromium at
 * 320 px: Settings' "Set by your school" shows the locked service URL and an ignored key with
 * why, reads without sideways scrolling and passes axe, and a change of the service URL is
 * refused with the school's sentence even when the page lets the teacher type one.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, device } from '../support/fixtures';
import { english } from './words';
import { layoutProblems } from './layoutProbe';
import { auditedShot, LIVE_TIMEOUT } from './session';
import { windowOn } from './window';

const opened = windowOn({
  name: 'policy-e2e',
  account: account(
    { 'room-a': 'Room A' },
    [0, 1, 2].map((n) => device(n, { classroom: 'room-a' })),
  ),
  size: { width: 320, height: 640 },
  policy: (url) => ({ ServiceUrl: url, Colour: 'crimson-value' }),
});
const SCREENSHOTS = opened.screenshots;
let page: Page;
let serviceUrl: string;
beforeAll(async () => {
  ({ page } = opened);
  serviceUrl = opened.session.service.url;
  await page.getByRole('button', { name: english('header.settings'), exact: true }).click();
});

const schoolPage = () =>
  page.getByRole('group', { name: english('policyPage.heading'), exact: true });

describe('the preview under --policy-file', { timeout: 60_000 }, () => {
  it('shows the locked service URL as set by the school, and the ignored key with why', async () => {
    const inForce = schoolPage()
      .getByRole('list', { name: english('policyPage.inForce'), exact: true })
      .getByRole('listitem');
    await inForce.first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await inForce.allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Service URL\\s+${serviceUrl.replaceAll('.', '\\.')}\\s+Locked: it cannot be changed here\\s+From `,
        ),
      ),
    ]);
    const ignored = schoolPage()
      .getByRole('list', { name: english('policyPage.ignored'), exact: true })
      .getByRole('listitem');
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
    await page.getByRole('button', { name: english('settings.connect'), exact: true }).click();
    await page
      .locator('.settings [role="alert"]', {
        hasText: 'Your school set this (ServiceUrl), so it cannot be changed here.',
      })
      .waitFor({ timeout: LIVE_TIMEOUT });
    await page
      .getByRole('button', { name: english('settings.cancel'), exact: true })
      .first()
      .click();
    expect(await field.inputValue()).toBe(serviceUrl);
  });
});
