/**
 * A mistyped or vanished classroom id, end to end: `npm run web` on a local service, in Debian's
 * Chromium. A typed id the service does not know is refused with where ids come from, never
 * joins the list and stays in the field to fix; the fixed id opens its devices. A saved
 * classroom the service no longer knows (the service restarted without it) gets a banner whose
 * "Fix the classroom id" opens the switcher on that id. Screenshots go to
 * test-results/classroom-e2e/, each state audited by axe, the refusal in English and Spanish (worded in Spanish by the window).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountData } from '../../src-main/local-service/index';
import type { Locale } from '../../src-shared/i18n/languages';
import { account, device } from '../support/fixtures';
import type { E2eSession } from './session';
import { english } from './words';
import { windowOn } from './window';
import { auditedShot, languageSelect, LIVE_TIMEOUT } from './session';

/** Rooms 12 and 14, and room 21, which a later version of the account no longer has. */
const fixture = account({ 'room-12': 'Room 12', 'room-14': 'Room 14', 'room-21': 'Room 21' }, [
  ...[0, 1, 2].map((n) => device(n, { classroom: 'room-12' })),
  ...[10, 11].map((n) => device(n, { classroom: 'room-14' })),
  device(20, { classroom: 'room-21' }),
]);
const withoutRoom21: AccountData = {
  ...fixture,
  classrooms: fixture.classrooms.filter((classroom) => classroom.id !== 'room-21'),
  devices: fixture.devices.filter((one) => one.classroom !== 'room-21'),
};

const opened = windowOn({
  name: 'classroom-e2e',
  account: fixture,
  classroom: 'room-21',
  size: { width: 400, height: 640 },
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession | undefined;
let page: Page;
beforeAll(async () => {
  ({ session, page } = opened);
  await page.getByText('PC-20').first().waitFor();
});

const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);

const idField = () => page.locator('.add-classroom input').first();
const addButton = () => page.locator('.classroom-picker button[aria-expanded]').last();
const picker = () => page.locator('.classroom-picker select');
const listed = () =>
  picker()
    .locator('option')
    .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));

/** The id field as a screen reader meets it: focused, selected, invalid, and described. */
const fieldState = () =>
  idField().evaluate((field: HTMLInputElement) => ({
    value: field.value,
    focused: document.activeElement === field,
    selected: field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0),
    invalid: field.getAttribute('aria-invalid'),
    description: (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  }));

async function setLanguage(language: Locale): Promise<void> {
  await page.locator('header [aria-controls="settings"]').click();
  await languageSelect(page).selectOption(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  await page.locator('.settings-head button').click();
}

describe('a classroom id the service does not know', { timeout: 90_000 }, () => {
  it('is refused with where the id comes from, kept out of the list and left in the field to fix', async () => {
    await addButton().click();
    await idField().fill('room-13');
    await page.keyboard.press('Enter');
    await page
      .locator('.add-classroom [role="alert"]', { hasText: 'no classroom with the id "room-13"' })
      .waitFor({ timeout: LIVE_TIMEOUT });
    const state = await fieldState();
    expect(state).toMatchObject({
      value: 'room-13',
      focused: true,
      selected: 'room-13',
      invalid: 'true',
    });
    expect(state.description).toContain("the last part of the classroom's address in the service");
    expect(await listed()).toEqual(['room-21']);
    await shot('refused-en');
  });

  it("opens the classroom's devices once the id is fixed", async () => {
    // The refused id is selected: the correction is typed over it.
    await page.keyboard.type('room-14');
    await page.keyboard.press('Enter');
    await page.getByText('PC-10').first().waitFor({ timeout: LIVE_TIMEOUT });
    await expect.poll(() => picker().inputValue(), { timeout: LIVE_TIMEOUT }).toBe('room-14');
    await expect.poll(listed, { timeout: LIVE_TIMEOUT }).toEqual(['room-14', 'room-21']);
    await page.locator('.add-classroom').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
  });

  it('is refused the same way in Spanish, in Spanish words', async () => {
    await setLanguage('es');
    try {
      await addButton().click();
      await idField().fill('sala-13');
      await page.keyboard.press('Enter');
      const alert = page.locator('.add-classroom [role="alert"]');
      await alert.waitFor({ timeout: LIVE_TIMEOUT });
      const spanish =
        'No funcionó: El servicio no tiene ningún aula con el id "sala-13". El id es la última parte de la dirección del aula en el servicio: compruébalo y vuelve a intentarlo.';
      expect(await alert.textContent()).toBe(spanish);
      const state = await fieldState();
      expect(state).toMatchObject({ value: 'sala-13', focused: true, invalid: 'true' });
      expect(state.description).toContain(spanish);
      await shot('refused-es');
      await page.keyboard.press('Escape');
    } finally {
      await setLanguage('en');
    }
    expect(await listed()).toEqual(['room-14', 'room-21']);
  });
});

describe('a saved classroom the service no longer knows', { timeout: 90_000 }, () => {
  it('says so in the banner, whose Fix the classroom id opens the switcher on that id', async () => {
    await picker().selectOption('room-21');
    await page.getByText('PC-20').first().waitFor({ timeout: LIVE_TIMEOUT });
    if (!session) throw new Error('no session');
    await session.service.close();
    await session.startServiceAgain({ fixture: withoutRoom21 });
    await page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Classroom not found')
      .waitFor({ timeout: LIVE_TIMEOUT });
    await shot('saved-classroom-not-found');

    await page.getByRole('button', { name: english('banner.fixClassroom'), exact: true }).click();
    await page
      .getByRole('form', {
        name: english('header.fixClassroomForm', { id: 'room-21' }),
        exact: true,
      })
      .waitFor();
    const state = await fieldState();
    expect(state).toMatchObject({
      value: 'room-21',
      focused: true,
      selected: 'room-21',
      invalid: 'true',
    });
    expect(state.description).toContain('The service does not know "\u2068room-21\u2069"');
    await shot('fix-classroom-form');
  });

  it('is fixed: the corrected id opens its devices in place of the unknown one', async () => {
    await page.keyboard.type('room-12');
    await page.keyboard.press('Enter');
    // Opening room-12 and forgetting room-21 are two steps, each pushed on its own: the list is
    // polled, as the window may show room-12's devices before room-21 has left the list.
    await page.getByText('PC-1', { exact: true }).first().waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText('Classroom not found').waitFor({ state: 'detached' });
    await expect.poll(() => picker().inputValue(), { timeout: LIVE_TIMEOUT }).toBe('room-12');
    await expect.poll(listed, { timeout: LIVE_TIMEOUT }).toEqual(['room-12', 'room-14']);
    await shot('fixed');
  });
});
