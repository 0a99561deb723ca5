/**
 * The window in a lesson, as a teacher finds it (issue 52's items 4 to 6, and the small points of
 * 8 a page shows), in German and Arabic at 320×480 and 400×600: `npm run web` on a local
 * service, in Debian's Chromium, on the session's clock (skipped, never waited for).
 *
 * A page load logs no console error; Lab 3, opened with `--classroom` and no name yet, is named
 * in the picker as everywhere else ("lab-3 (Raum-ID)"). Then Lab 3 named: an .ics imported in
 * Settings, Lab 3's bell answered "Yes, end them" (the focus on the switch the answer became,
 * never the page) and B204 mapped to a room typed by its id (choosing "Another room, by its id…"
 * puts the focus in the id field). The header says the lesson, its room and the bell's end in
 * one line, words whole, the class line never repeating it; in the last minutes it counts down
 * ("accesses end in 4 min"); Keep takes itself away and leaves the focus on the line. In the seat
 * plan a drag from the first Not placed chip selects no text, a device dropped on an occupied
 * seat is said with the one it sends back to Not placed, and Undo takes back every move, the
 * focus staying on it. The readiness title keeps "Lab 3" on one line and says what "ready" means.
 * Screenshots (CLASSTRAY_SCREENSHOTS=1) go to test-results/lesson-window/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openI18n } from '../../src-renderer/i18n';
import { isolated } from '../../src-renderer/views/bidi';
import { account, devicesIn } from '../support/fixtures';
import {
  auditedShot,
  chooseLanguage,
  clockTime,
  importTimetable,
  LIVE_TIMEOUT,
  openWindow,
  restartWithClassrooms,
  screenshot,
} from './session';
import { windowInTest } from './window';
import { wordsIn } from './words';

const MINUTE = 60_000;

/** Lab 3's eight devices, the last offline, and Music's one. */
const LESSON_ROOMS = account({ 'lab-3': 'Lab 3', music: 'Music' }, [
  ...devicesIn('lab-3', 8, 1, (i) => ({ remote_alias: `LAB3-PC${i + 1}`, is_online: i !== 7 })),
  ...devicesIn('music', 1, 9),
]);

const RUNS = [
  { language: 'de', size: { width: 320, height: 480 } },
  { language: 'de', size: { width: 400, height: 600 } },
  { language: 'ar', size: { width: 320, height: 480 } },
  { language: 'ar', size: { width: 400, height: 600 } },
] as const;

/** Whether the page's focus is on what `selector` finds. */
const focusedOn = (page: Page, selector: string) =>
  page.evaluate((wanted) => document.activeElement?.matches(wanted) === true, selector);

/** The focus is on what the locator finds (never lost to the page). */
async function focusIsOn(locator: ReturnType<Page['locator']>): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => document.activeElement === element))
    .toBe(true);
}

/**
 * Each text in `selector` that is wider than its box, leaves the window, or (for the lesson line)
 * stands on more than one line: [what, why].
 */
function cutOrWrapped(page: Page, selector: string, oneLine: boolean): Promise<string[]> {
  return page.evaluate(
    ([area, single]) => {
      const found: string[] = [];
      const root = document.querySelector(area);
      if (!root) return [`${area} not shown`];
      const width = document.documentElement.clientWidth;
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
        const rect = element.getBoundingClientRect();
        if (element.scrollWidth > element.clientWidth + 1)
          found.push(
            `"${element.textContent}" cut: ${element.clientWidth} of ${element.scrollWidth} px`,
          );
        if (rect.left < -1 || rect.right > width + 1)
          found.push(`"${element.textContent}" leaves the window`);
      }
      if (single) {
        // One line: every piece of text, and every button, stands on the same line.
        const tops = new Set<number>();
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() === '') continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects())
            if (rect.width > 0) tops.add(Math.round(rect.top + rect.height / 2));
        }
        for (const button of root.querySelectorAll('button')) {
          const rect = button.getBoundingClientRect();
          tops.add(Math.round(rect.top + rect.height / 2));
        }
        const lines = [...tops].sort((a, b) => a - b);
        if (lines.length > 0 && (lines.at(-1) ?? 0) - (lines[0] ?? 0) > 6)
          found.push(`"${root.textContent}" on ${lines.length} lines`);
      }
      return found;
    },
    [selector, oneLine] as const,
  );
}

describe('the window in a lesson', { timeout: 180_000 }, () => {
  it.each(RUNS)('in $language at $size.width x $size.height', async ({ language, size }) => {
    // Opened below, once the page's errors are listened to.
    const opened = await windowInTest({
      name: 'lesson-window',
      account: LESSON_ROOMS,
      size,
      open: false,
    });
    const { session: running, page, screenshots } = opened;
    const { t } = await openI18n(language);
    const name = `${language}-${size.width}x${size.height}`;

    // ---- A page load logs no console error (a missing favicon did, every time). ----
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openWindow(page, running.preview.openUrl);
    await chooseLanguage(page, language);
    // ---- Lab 3, opened by its id and never named: the picker says it as the window does. ----
    const picker = page.locator('.classroom-picker select');
    await expect
      .poll(() => picker.locator('option:checked').innerText())
      .toBe(t('header.roomById', { id: 'lab-3' }));
    expect(errors).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');

    // Lab 3 named, as a teacher who added it left it.
    await restartWithClassrooms(running, {
      current: 'lab-3',
      recent: [{ id: 'lab-3', nickname: 'Lab 3' }],
    });
    // In the language chosen before (the preview's preference): its rows, whatever they are called.
    await page.goto(running.preview.openUrl);
    await page.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    await chooseLanguage(page, language);

    // ---- Settings → Timetable: Mathe 7b under way in Lab 3, Physik later in B204. ----
    const now = Math.floor(running.clock.now() / 1000) * 1000;
    const end = now + 20 * MINUTE;
    await importTimetable(
      page,
      [
        { uid: 'mathe', start: now - 10 * MINUTE, end, summary: 'Mathe 7b', location: 'Lab 3' },
        {
          uid: 'physik',
          start: end + 60 * MINUTE,
          end: end + 105 * MINUTE,
          summary: 'Physik',
          location: 'B204',
        },
      ],
      wordsIn(language),
    );
    const lab3 = page.getByLabel(t('timetable.newPlace', { place: 'Lab 3' }));
    // Lab 3's name is the place: chosen already; Save maps it.
    await expect.poll(() => lab3.inputValue()).toBe('room:lab-3');
    await lab3
      .locator('xpath=ancestor::form[1]')
      .getByRole('button', { name: t('timetable.savePlace') })
      .click();
    /** The room's bell question, focused as it comes, answered; the answer's switch focused. */
    const answerBell = async (room: string, answer: 'timetable.bellYes' | 'timetable.bellNo') => {
      const question = page.getByRole('group', { name: t('timetable.bellQuestion', { room }) });
      await focusIsOn(question);
      await question.getByRole('button', { name: t(answer) }).click();
      // The answer's switch has the focus, not the page.
      await focusIsOn(
        page.getByRole('checkbox', { name: t('timetable.bell', { room: isolated(room) }) }),
      );
    };
    await answerBell('Lab 3', 'timetable.bellYes');

    // B204: another room, by its id. Chosen, the focus is in the id field: typing types it.
    const b204 = page.getByLabel(t('timetable.newPlace', { place: 'B204' }));
    await b204.selectOption('new');
    await focusIsOn(page.getByRole('textbox', { name: t('header.classroomId') }));
    await page.keyboard.type('music');
    await page.keyboard.press('Enter');
    await answerBell('B204', 'timetable.bellNo');
    await screenshot(page, join(screenshots, `${name}-settings-answered.png`));
    await page.getByRole('button', { name: t('settings.close') }).click();

    // ---- The lesson in one line: its room and the bell's end, Keep beside it. ----
    const time = await clockTime(page, end, language);
    const line = page.locator('.lesson-line');
    const lessonSaying = (saidEnd: string) =>
      t('timetable.lesson', { title: 'Mathe 7b', room: 'Lab 3', end: saidEnd });
    await expect
      .poll(() => line.locator('.lesson-now').innerText(), { timeout: LIVE_TIMEOUT })
      .toBe(lessonSaying(t('timetable.endsAccesses', { time })));
    const keep = line.getByRole('button', { name: t('timetable.keepAccesses') });
    await screenshot(page, join(screenshots, `${name}-lesson-first-light.png`));
    expect(await cutOrWrapped(page, '.lesson-line', true)).toEqual([]);
    // Never twice: the class line has no end of its own to say or cancel.
    expect(await page.locator('.accesses-summary .end-at').count()).toBe(0);
    await auditedShot(page, screenshots, `${name}-lesson-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, join(screenshots, `${name}-lesson-dark.png`));
    await page.emulateMedia({ colorScheme: 'light' });

    // The last minutes: counted down, still one line.
    await running.skip(end - 3.5 * MINUTE - running.clock.now());
    await expect
      .poll(() => line.locator('.lesson-now').innerText(), { timeout: LIVE_TIMEOUT })
      .toBe(lessonSaying(t('timetable.endsAccessesIn', { count: 4 })));
    expect(await cutOrWrapped(page, '.lesson-line', true)).toEqual([]);
    await screenshot(page, join(screenshots, `${name}-countdown-light.png`));

    // Keep: one click, gone; the focus stays on the line it changed.
    await keep.click();
    await expect
      .poll(() => line.locator('.lesson-now').innerText())
      .toBe(lessonSaying(t('timetable.lessonUntil', { time })));
    await expect.poll(() => focusedOn(page, '.lesson-line')).toBe(true);

    // ---- The seat plan: every move said, Undo takes each back, the focus on it. ----
    await page.getByRole('button', { name: t('devices.compact') }).click();
    await page.getByRole('button', { name: t('seatPlan.arrange'), exact: true }).click();
    await page.locator('.seat-grid').waitFor();
    const announcer = page.locator('.seat-announcer');
    const number = (value: number) => value.toLocaleString(language);
    const moved = (alias: string, row: number, column: number) =>
      t('seatPlan.moved', { name: alias, row: number(row), column: number(column) });
    const seatAt = (row: number, column: number) =>
      page.locator(`.seat-grid [data-row="${row}"][data-column="${column}"]`);
    const chip = (alias: string) => page.locator('.seat-waiting-device', { hasText: alias });

    // A drag from the first chip, where it stands (at the bottom edge at 400x600): no text
    // selected on the way.
    const first = chip('LAB3-PC1');
    let from = await first.boundingBox();
    if (from === null || from.y > size.height - 4) {
      await first.scrollIntoViewIfNeeded();
      from = await first.boundingBox();
    }
    const to = await seatAt(1, 1).boundingBox();
    if (from === null || to === null) throw new Error('no chip or seat to drag between');
    await page.mouse.move(
      from.x + from.width / 2,
      Math.min(from.y + from.height / 2, size.height - 2),
    );
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    await page.mouse.up();
    await expect.poll(() => announcer.textContent()).toBe(moved('LAB3-PC1', 1, 1));

    // By keyboard: picked, dropped on the first empty seat.
    await chip('LAB3-PC2').focus();
    await page.keyboard.press('Enter');
    // Picked up: the focus goes to the seat it would take, where Enter drops it.
    await expect
      .poll(() => focusedOn(page, '.seat-grid [data-row="1"][data-column="2"]'))
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => announcer.textContent()).toBe(moved('LAB3-PC2', 1, 2));

    // By clicks, onto LAB3-PC1's seat: both said.
    await chip('LAB3-PC3').click();
    await seatAt(1, 1).click();
    await expect
      .poll(() => announcer.textContent())
      .toBe(`${moved('LAB3-PC3', 1, 1)} ${t('seatPlan.unplaced', { name: 'LAB3-PC1' })}`);
    await screenshot(page, join(screenshots, `${name}-arranged-light.png`));

    // Undo, three times from the keyboard: each move back, and the focus never leaves Undo.
    const undo = page.getByRole('button', { name: t('seatPlan.undo') });
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => announcer.textContent())
      .toBe(
        [
          t('seatPlan.undone'),
          t('seatPlan.unplaced', { name: 'LAB3-PC3' }),
          moved('LAB3-PC1', 1, 1),
        ].join(' '),
      );
    await page.keyboard.press('Enter');
    await expect
      .poll(() => announcer.textContent())
      .toBe(`${t('seatPlan.undone')} ${t('seatPlan.unplaced', { name: 'LAB3-PC2' })}`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => announcer.textContent())
      .toBe(`${t('seatPlan.undone')} ${t('seatPlan.unplaced', { name: 'LAB3-PC1' })}`);
    expect(await page.locator('.seat-grid [data-remote-id]').count()).toBe(0);
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    await focusIsOn(undo);
    await page.getByRole('button', { name: t('seatPlan.done') }).click();

    // ---- Readiness: "Lab 3" whole on the title's line, and what "ready" means. ----
    await page.locator('header .readiness-button').click();
    const title = page.locator('#readiness h2');
    await title.waitFor();
    const roomLines = await title
      .locator('.unbroken')
      .evaluate(
        (room) => new Set([...room.getClientRects()].map((rect) => Math.round(rect.top))).size,
      );
    expect(roomLines).toBe(1);
    await page.getByText(t('readiness.readyMeans')).waitFor();
    expect(await cutOrWrapped(page, '#readiness .settings-head', false)).toEqual([]);
    await screenshot(page, join(screenshots, `${name}-readiness-light.png`));
  });
});
