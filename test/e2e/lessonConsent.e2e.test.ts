/**
 * A lesson that never surprises (issue 43), end to end in German and Arabic: `npm run web` on a
 * local service, in Debian's Chromium at 400×600. The teacher says yes to the bell for Room 12;
 * a lesson under way in B204, a place not mapped yet, is named in the header, and its "Choose its
 * classroom" opens its question in Settings. B204 is mapped to another room typed by its id
 * (`music`, Enter): the classroom picker lists it at once as "B204", and its own bell question
 * comes, focused, while Room 12's switch still names Room 12 alone. Left unanswered, B204's bell
 * ends nothing (the local service's invalidations are counted across it); after a yes for B204,
 * the next B204 lesson's bell ends the access given there. The session's time is skipped, never
 * waited for. Screenshots go to test-results/lesson-consent/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openI18n } from '../../src-renderer/i18n';
import { isolated } from '../../src-renderer/views/bidi';
import type { Locale } from '../../src-shared/i18n/languages';
import { account, devicesIn } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import type { E2eSession } from './session';
import {
  auditedShot,
  callAction,
  coreStateIn,
  importTimetable,
  LIVE_TIMEOUT,
  refreshUntil,
} from './session';
import { windowInTest } from './window';
import { wordsIn } from './words';

const MINUTE = 60_000;

/** How many invalidations the local service has answered. */
async function invalidations(running: E2eSession): Promise<number> {
  const response = await callerOf(running.service)('GET', '/_local/stats');
  const { requests } = (await response.json()) as { requests: Record<string, number> };
  return requests['PATCH /api/v1/temporal-access/:token/invalidate'] ?? 0;
}

describe('the bell ends only where the teacher said yes', { timeout: 120_000 }, () => {
  it.each(['de', 'ar'] as const)('a new room by its id, in %s', async (language: Locale) => {
    // Room 12 in the teacher's list; Music, which B204 becomes, not yet.
    const opened = await windowInTest({
      name: 'lesson-consent',
      account: account({ 'room-12': 'Room 12', music: 'Music' }, [
        ...devicesIn('room-12', 3),
        ...devicesIn('music', 3, 4),
      ]),
      listClassrooms: ['room-12'],
      language,
    });
    const { session: running, page } = opened;
    const { t } = await openI18n(language);
    const shot = (name: string) => auditedShot(page, opened.screenshots, `${language}-${name}`);

    // Mathe 7b is under way in B204; Room 12 has a lesson later; B204 another after this one.
    // On whole seconds, as a calendar writes them.
    const now = Math.floor(running.clock.now() / 1000) * 1000;
    const end = now + 20 * MINUTE;
    const nextStart = end + 10 * MINUTE;
    const nextEnd = nextStart + 30 * MINUTE;
    await importTimetable(
      page,
      [
        { uid: 'mathe', start: now - 5 * MINUTE, end, summary: 'Mathe 7b', location: 'B204' },
        {
          uid: 'physik',
          start: nextEnd,
          end: nextEnd + 45 * MINUTE,
          summary: 'Physik',
          location: 'R12',
        },
        { uid: 'mathe-2', start: nextStart, end: nextEnd, summary: 'Mathe 7b', location: 'B204' },
      ],
      wordsIn(language),
    );

    // Room 12: mapped, and its own yes.
    const r12 = page.getByLabel(t('timetable.newPlace', { place: 'R12' }));
    await r12.selectOption({ label: 'Room 12' });
    await r12
      .locator('xpath=ancestor::form[1]')
      .getByRole('button', { name: t('timetable.savePlace') })
      .click();
    const room12Question = page.getByRole('group', {
      name: t('timetable.bellQuestion', { room: 'Room 12' }),
    });
    await expect.poll(() => isFocused(room12Question)).toBe(true);
    await room12Question.getByRole('button', { name: t('timetable.bellYes') }).click();
    const room12Switch = page.getByRole('checkbox', {
      name: t('timetable.bell', { room: isolated('Room 12') }),
    });
    expect(await room12Switch.isChecked()).toBe(true);

    // The lesson under way in B204 is said in the header, and leads to its question.
    await page.getByRole('button', { name: t('settings.close') }).click();
    const header = page.locator('.lesson-line');
    expect(await header.locator('.lesson-now').innerText()).toBe(
      t('timetable.unmappedNow', { title: isolated('Mathe 7b'), place: isolated('B204') }),
    );
    await shot('unmapped-lesson');
    await header.getByRole('button', { name: t('timetable.unmappedChoose') }).click();
    const b204 = page.getByLabel(t('timetable.newPlace', { place: 'B204' }));
    await expect.poll(() => isFocused(b204)).toBe(true);

    // Another room, by its id: Enter saves it.
    await b204.selectOption('new');
    const idField = page.getByRole('textbox', { name: t('header.classroomId') });
    await idField.fill('music');
    await idField.press('Enter');
    const b204Question = page.getByRole('group', {
      name: t('timetable.bellQuestion', { room: 'B204' }),
    });
    await expect.poll(() => isFocused(b204Question)).toBe(true);
    // Listed at once, under the place's name, though never opened.
    expect(await page.locator('.classroom-picker select option[value="music"]').innerText()).toBe(
      'B204',
    );
    expect(await room12Switch.isChecked()).toBe(true);
    await shot('b204-asked');

    // Left unanswered: the lesson now named with its room, opened from the header.
    await page.getByRole('button', { name: t('settings.close') }).click();
    await header.getByRole('button', { name: t('timetable.openRoom', { room: 'B204' }) }).click();
    await page.getByText('PC-4', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await header.locator('.lesson-keep').count()).toBe(0);
    const given = await newAccessToken(running.service, '100000004');
    await addAccess(page, given);
    // Only Room 12's bell, at its own lesson's end.
    const room12Bell = {
      target: { classroomId: 'room-12' },
      at: new Date(nextEnd + 45 * MINUTE).toISOString(),
    };
    expect((await coreStateIn(page)).scheduledEnds.pending).toEqual([room12Bell]);

    // B204's bell: nothing ends.
    const before = await invalidations(running);
    await running.skip(end + MINUTE - running.clock.now());
    await refreshUntil(running, page, (state) => state.timetable.now === null, 'the lesson over');
    expect(await invalidations(running)).toBe(before);
    expect((await coreStateIn(page)).scheduledEnds.ran).toEqual([]);

    // Yes for B204: its next lesson's end ends the access.
    await page.getByRole('button', { name: t('header.settings') }).click();
    await b204Question.getByRole('button', { name: t('timetable.bellYes') }).click();
    await page
      .getByRole('checkbox', { name: t('timetable.bell', { room: isolated('B204') }) })
      .waitFor();
    await shot('both-answered');
    await page.getByRole('button', { name: t('settings.close') }).click();
    expect((await coreStateIn(page)).scheduledEnds.pending).toEqual([
      { target: { classroomId: 'music' }, at: new Date(nextEnd).toISOString() },
      room12Bell,
    ]);
    await running.skip(nextEnd - running.clock.now());
    await refreshUntil(
      running,
      page,
      (state) => state.scheduledEnds.ran.length > 0,
      'the bell ran',
    );
    expect(await invalidations(running)).toBe(before + 1);
    const status = await callerOf(running.service)(
      'PATCH',
      `/api/v1/temporal-access/${given}/invalidate`,
    );
    expect(status.status).toBe(422);
  });
});

/** An access given in the room open (B204's), through the preview's API as the window adds one. */
async function addAccess(page: Page, token: string): Promise<void> {
  await callAction(page, 'addTemporalAccess', { linkOrToken: token });
}

const isFocused = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);
