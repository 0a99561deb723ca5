/**
 * Student data end to end: `npm run web` on a local service, in Debian's Chromium. A name typed
 * in the access form shows in the row; at the end of the school day (the session's clock skipped
 * to 18:00 local time) it is gone from the window and from every file of the preview's data
 * folder, the access kept by device. Settings → Student data says the preview does not encrypt,
 * exports what is kept as a download, forgets, and reads at 320 px, in Arabic and dark, without
 * sideways scrolling and with no axe violation. Screenshots go to test-results/student-data-e2e/.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetAt } from '../../src-main/core/students/studentNames';
import { account, devicesIn } from '../support/fixtures';
import { layoutProblems } from './layoutProbe';
import type { E2eSession } from './session';
import { english } from './words';
import { LOCALES } from '../../src-shared/i18n/languages';
import {
  auditedShot,
  chooseLanguage,
  coreStateIn,
  forgetEveryName,
  giveNamedAccess,
  LIVE_TIMEOUT,
  openAccessCards,
  resizeTo,
  studentDataGroup,
} from './session';
import { windowOn } from './window';

/** A name nothing else in ClassTray holds. */
const STUDENT = 'Wilhelmina Okonkwo-Ferreira';

const opened = windowOn({
  name: 'student-data-e2e',
  account: account({ 'room-a': 'Room A' }, devicesIn('room-a', 4)),
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession;
let page: Page;
beforeAll(() => {
  ({ session, page } = opened);
});

/** Every file under the preview's data folder that holds any part of the name. */
async function filesWithTheName(): Promise<string[]> {
  const entries = await readdir(session.dataDir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    if (STUDENT.split(/[\s-]/).some((part) => text.includes(part))) found.push(entry.name);
  }
  return found;
}

const addAccess = (remoteId: string, student: string) =>
  giveNamedAccess(session, remoteId, student);

const studentData = () => studentDataGroup(page);

describe('student data in the preview', { timeout: 120_000 }, () => {
  it('suggests a first name, initials or a seat number, laid out at 320 px in every language', async () => {
    await openAccessCards(page);
    const field = page.locator('.add-access .access-student');
    expect(await field.evaluate((input) => input.getAttribute('aria-describedby'))).toBeTruthy();
    const described = () =>
      field.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    expect(await described()).toBe('A first name, initials or a seat number is enough.');
    await resizeTo(page, { width: 320, height: 640 });
    const problems: string[] = [];
    for (const language of LOCALES) {
      await chooseLanguage(page, language);
      problems.push(...(await layoutProblems(page)).map((problem) => `${language}: ${problem}`));
    }
    await auditedShot(page, SCREENSHOTS, 'access-form-320-ar');
    await chooseLanguage(page, 'en');
    await resizeTo(page, { width: 400, height: 600 });
    expect(problems).toEqual([]);
  });

  it('shows the name typed, kept in students.json only', async () => {
    await addAccess('100000002', STUDENT);
    await page.getByText(STUDENT).first().waitFor({ timeout: LIVE_TIMEOUT });
    await expect.poll(filesWithTheName, { timeout: LIVE_TIMEOUT }).toEqual(['students.json']);
  });

  it('says the preview keeps names unencrypted, exports them, and reads at 320 px in Arabic and dark', async () => {
    await page.getByRole('button', { name: english('header.settings'), exact: true }).click();
    await studentData().scrollIntoViewIfNeeded();
    expect(await studentData().innerText()).toMatch(
      /The names are saved unencrypted: the browser preview has no encryption\. Only your user can open the file\. 1 student name is kept now\./s,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      studentData()
        .getByRole('button', { name: english('privacy.export'), exact: true })
        .click(),
    ]);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      students: { name: string; access: { device: string } }[];
    };
    expect(download.suggestedFilename()).toMatch(/^classtray-student-data-\d{4}-\d\d-\d\d\.json$/);
    expect(exported.students).toEqual([
      expect.objectContaining({
        name: STUDENT,
        access: expect.objectContaining({ device: 'PC-2' }),
      }),
    ]);
    await auditedShot(page, SCREENSHOTS, 'student-data-400x600');
    await resizeTo(page, { width: 320, height: 640 });
    await studentData().scrollIntoViewIfNeeded();
    expect(await layoutProblems(page)).toEqual([]);
    await auditedShot(page, SCREENSHOTS, 'student-data-320');
    // Erase asks first, in the group, Cancel focused; Esc gives the focus back to Erase.
    await studentData()
      .getByRole('button', { name: english('privacy.erase'), exact: true })
      .click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await layoutProblems(page)).toEqual([]);
    await auditedShot(page, SCREENSHOTS, 'student-data-erase-320');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Erase all student data',
    );
    await chooseLanguage(page, 'ar');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('group', { name: 'بيانات الطلاب' }).scrollIntoViewIfNeeded();
    expect(await layoutProblems(page)).toEqual([]);
    await auditedShot(page, SCREENSHOTS, 'student-data-320-ar-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await chooseLanguage(page, 'en');
    await resizeTo(page, { width: 400, height: 600 });
    await page.locator('.settings-head button').click();
  });

  it('is gone from the window and the data folder at the end of the school day, the access kept by device', async () => {
    const now = session.clock.now();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await session.skip(forgetAt(now, 0, zone) - now + 1_000);
    await page.getByText(STUDENT).first().waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await expect.poll(filesWithTheName, { timeout: LIVE_TIMEOUT }).toEqual([]);
    const { temporalAccesses } = await coreStateIn(page);
    expect(temporalAccesses).toEqual([
      expect.objectContaining({ remoteId: '100000002', studentName: null }),
    ]);
  });

  it('forgets a name at once when asked', async () => {
    await addAccess('100000003', STUDENT);
    await page.getByText(STUDENT).first().waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('button', { name: english('header.settings'), exact: true }).click();
    await forgetEveryName(page);
    expect(await filesWithTheName()).toEqual([]);
    expect((await coreStateIn(page)).temporalAccesses).toHaveLength(2);
  });
});
