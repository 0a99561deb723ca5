/**
 * Nothing left running that the teacher did not choose: in `npm run web` on a local service, in
 * Debian's Chromium, accesses given with students' names stay in the window with a working End
 * after Forget, after the end of the school day (the retention purge) and after Erase with "keep
 * them running"; Erase with "end them" ends each one. Each outcome is read from the local
 * service's own records, not from the window. Screenshots go to test-results/nothing-left-running-e2e/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetAt } from '../../src-main/core/students/studentNames';
import { account, devicesIn } from '../support/fixtures';
import { english } from './words';
import { layoutProblems } from './layoutProbe';
import {
  auditedShot,
  chooseLanguage,
  coreStateIn,
  forgetEveryName,
  giveNamedAccess,
  LIVE_TIMEOUT,
  onTheService,
  resizeTo,
  studentDataGroup,
} from './session';
import { windowOn } from './window';

const opened = windowOn({
  name: 'nothing-left-running-e2e',
  account: account({ 'lab-3': 'Lab 3' }, devicesIn('lab-3', 6)),
});
let page: Page;
beforeAll(() => {
  ({ page } = opened);
});
/** Each access given, by its device's name. */
const given = new Map<string, string>();

// Not exact: the list says "as of" when its devices are not fresh.
const devices = () => page.getByRole('list', { name: english('devices.heading') });
const endButton = (name: string) =>
  devices().getByRole('button', { name: english('accesses.endFor', { name: name }), exact: true });
const studentData = () => studentDataGroup(page);
/** A button of the Student data group, by its sentence. */
const studentDataButton = (
  key: 'privacy.erase' | 'privacy.eraseKeepThem' | 'privacy.eraseEndThem',
) => studentData().getByRole('button', { name: english(key), exact: true });

async function give(n: number, student: string): Promise<void> {
  const token = await giveNamedAccess(opened.session, String(100_000_000 + n), student);
  given.set(`PC-${n}`, token);
  await devices().getByText(student).first().waitFor({ timeout: LIVE_TIMEOUT });
}

/** What the service records of the access given on this device. */
const recordedOn = (name: string) => onTheService(opened.session.service, given.get(name) ?? '');
/** What the service records of the access given on each of these devices. */
const recorded = (names: string[]) => Promise.all(names.map(recordedOn));

/** Each device's row offers End, shows no student, and its End ends the access on the service. */
async function endableWithoutNames(names: string[], student: string): Promise<void> {
  await devices().getByText(student).first().waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
  for (const name of names) await endButton(name).waitFor({ timeout: LIVE_TIMEOUT });
}

async function endOn(name: string): Promise<void> {
  await endButton(name).click();
  await expect.poll(() => recordedOn(name), { timeout: LIVE_TIMEOUT }).toBe('invalidated');
}

async function inSettings(act: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: english('header.settings'), exact: true }).click();
  await studentData().scrollIntoViewIfNeeded();
  await act();
  await page.locator('.settings-head button').click();
}

describe('no running access leaves the window', { timeout: 120_000 }, () => {
  it('after Forget: each one keeps its End, which ends it on the service', async () => {
    await give(1, 'Amara Okafor');
    await give(2, 'Bruno Salvatierra');
    await give(3, 'Chiara Ventimiglia');
    await inSettings(() => forgetEveryName(page));
    await endableWithoutNames(['PC-1', 'PC-2', 'PC-3'], 'Amara Okafor');
    expect(await recorded(['PC-1', 'PC-2', 'PC-3'])).toEqual(['active', 'active', 'active']);
    await endOn('PC-1');
  });

  it('after the end of the school day: the name goes, the access and its End stay', async () => {
    await give(4, 'Dagny Halvorsen');
    const now = opened.session.clock.now();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await opened.session.skip(forgetAt(now, 0, zone) - now + 1_000);
    await endableWithoutNames(['PC-2', 'PC-3', 'PC-4'], 'Dagny Halvorsen');
    expect(await recorded(['PC-2', 'PC-3', 'PC-4'])).toEqual(['active', 'active', 'active']);
    await endOn('PC-4');
  });

  it('after Erase, keeping them running: each one stays with its End', async () => {
    await give(5, 'Emeka Eze');
    await inSettings(async () => {
      await studentDataButton('privacy.erase').click();
      await studentData()
        .getByText(english('privacy.eraseQuestionRunning', { count: 3 }))
        .waitFor();
      await auditedShot(page, opened.screenshots, 'erase-question-400x600');
      // The question and its three answers, whole at 320 px in German and Arabic, light and dark.
      await resizeTo(page, { width: 320, height: 480 });
      const problems: string[] = [];
      for (const language of ['de', 'ar'] as const) {
        await chooseLanguage(page, language);
        await page.locator('.erase-confirm').scrollIntoViewIfNeeded();
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          problems.push(
            ...(await layoutProblems(page)).map((problem) => `${language}: ${problem}`),
          );
          await auditedShot(
            page,
            opened.screenshots,
            `erase-question-320-${language}-${colorScheme}`,
          );
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await chooseLanguage(page, 'en');
      await resizeTo(page, { width: 400, height: 600 });
      expect(problems).toEqual([]);
      await studentDataButton('privacy.eraseKeepThem').click();
      await studentData()
        .getByText(english('privacy.erasedKept', { count: 3 }))
        .waitFor();
    });
    await endableWithoutNames(['PC-2', 'PC-3', 'PC-5'], 'Emeka Eze');
    expect(await recorded(['PC-2', 'PC-3', 'PC-5'])).toEqual(['active', 'active', 'active']);
    // The ended ones are erased: only what still runs is tracked.
    const { temporalAccesses } = await coreStateIn(page);
    expect(temporalAccesses.map(({ remoteId }) => remoteId).sort()).toEqual([
      '100000002',
      '100000003',
      '100000005',
    ]);
    await endOn('PC-5');
  });

  it('after Erase, ending them: every one is ended on the service, and none is left', async () => {
    await give(6, 'Farida Haddad');
    await inSettings(async () => {
      await studentDataButton('privacy.erase').click();
      await studentDataButton('privacy.eraseEndThem').click();
      await studentData()
        .getByText(english('privacy.erasedEnded', { count: 3 }))
        .waitFor();
    });
    expect(await recorded(['PC-2', 'PC-3', 'PC-6'])).toEqual([
      'invalidated',
      'invalidated',
      'invalidated',
    ]);
    await expect
      .poll(async () => (await coreStateIn(page)).temporalAccesses, { timeout: LIVE_TIMEOUT })
      .toEqual([]);
    expect(
      await devices()
        .getByRole('button', { name: new RegExp(`^${english('accesses.endFor', { name: '' })}`) })
        .count(),
    ).toBe(0);
  });
});
