/**
 * A lesson by keyboard alone, in Debian's Chromium against a local service, at 400×600 and
 * 320×480, in a zone where it is about noon: add a classroom, add an access with a student, end
 * it, schedule and cancel the end of the class, then End all with its question cancelled by Esc
 * and answered. Each direction's languages (left to right, right to left: the arrows differ) are
 * taken in pairs (Arabic alone), complete or under way alike; the lesson runs once per group and
 * size, in the group's first language, and each state it reaches is axe-clean and uncut
 * (layoutProbe) in every language of the group. Each language is chosen by the setting, as a
 * teacher does (never through the browser's language: 'system' never picks one under way). The two
 * sizes run side by side, each on a session of its own (the language and the classroom are a
 * preview's, not a window's). Screenshots go to test-results/keyboard/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountData } from '../../src-main/local-service/index';
import {
  LOCALES,
  SOURCE_LOCALE,
  SPOKEN_LANGUAGES,
  type Locale,
} from '../../src-shared/i18n/languages';
import { device } from '../support/fixtures';
import { newAccessToken } from '../support/localServiceControl';
import { layoutProblems } from './layoutProbe';
import { noonZone } from './localTime';
import { auditedShot, chooseLanguage, LIVE_TIMEOUT } from './session';
import { windowOn, type OpenedWindow } from './window';

const SIZES = [
  { size: '400x600', viewport: { width: 400, height: 600 } },
  { size: '320x480', viewport: { width: 320, height: 480 } },
] as const;
/** A lesson's languages: one direction's, at most this many (a test stays well under a minute). */
const GROUP_SIZE = 2;
/** ClassTray's languages by the way they are written, each direction's in the record's order. */
const DIRECTIONS = [...new Set(LOCALES.map((code) => SPOKEN_LANGUAGES[code].dir))].map((dir) =>
  LOCALES.filter((code) => SPOKEN_LANGUAGES[code].dir === dir),
);
const GROUPS: Locale[][] = DIRECTIONS.flatMap((languages) =>
  Array.from({ length: Math.ceil(languages.length / GROUP_SIZE) }, (_, i) =>
    languages.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
  ),
);
const RUNS = GROUPS.flatMap((audited) =>
  SIZES.map((size) => ({ language: audited[0] ?? 'en', audited, ...size })),
);
type Run = (typeof RUNS)[number];

/** Each run adds a classroom of its own, so the runs do not see each other's accesses. */
const roomOf = (run: Run) => `room-${run.language}-${run.size}`;
const aliasOf = (run: Run, n: number) =>
  `${run.language.toUpperCase()}${run.size.slice(0, 3)}-PC${n}`;
const remoteIdOf = (index: number, n: number) => String(300000000 + index * 10 + n);

const fixture: AccountData = {
  classrooms: [
    { id: 'room-12', name: 'Room 12' },
    ...RUNS.map((run) => ({ id: roomOf(run), name: roomOf(run) })),
  ],
  devices: [
    ...Array.from({ length: 4 }, (_, i) => device(i + 1, { classroom: 'room-12' })),
    ...RUNS.flatMap((run, index) =>
      [1, 2, 3, 4].map((n) =>
        device(0, {
          classroom: roomOf(run),
          remote_alias: aliasOf(run, n),
          remote_id: remoteIdOf(index, n),
        }),
      ),
    ),
  ],
  temporal_accesses: [],
};

/**
 * A session per size, so the two sizes run side by side; each opens its first window at the
 * tray's size, the lessons theirs at the run's.
 */
const windows = new Map(
  SIZES.map(({ size }) => [size, windowOn({ name: 'keyboard', account: fixture })] as const),
);

/** The lessons' contexts: closed after each test, also one that timed out mid-lesson. */
const lessons = new Set<BrowserContext>();

afterEach(async () => {
  for (const context of lessons) await context.close();
  lessons.clear();
  for (const opened of windows.values()) await chooseLanguage(opened.page, SOURCE_LOCALE);
});

/** The lesson of `run` in a context of its own on its size's session. */
async function lessonIn(run: Run): Promise<void> {
  const opened = windows.get(run.size);
  if (!opened) throw new Error(`no session for ${run.size}`);
  const { session } = opened;
  const storageState = await session.page.context().storageState();
  const context = await session.newContext({
    viewport: run.viewport,
    // A browser in the lesson's language; the window's is chosen by the setting, below.
    locale: run.language,
    timezoneId: noonZone(),
    storageState,
  });
  lessons.add(context);
  try {
    const view = await context.newPage();
    await view.goto(new URL(session.preview.openUrl).origin);
    await view.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    await chooseLanguage(view, run.language);
    await keyboardLesson(view, run, opened);
  } finally {
    await context.close();
  }
}

describe('a lesson by keyboard alone', () => {
  it.each(GROUPS.map((audited) => ({ audited, languages: audited.join(', ') })))(
    'adds a classroom and an access, ends it, schedules and cancels the class end, and ends all ($languages; both sizes)',
    async ({ audited }) => {
      // Both sizes to the end, each closing its context, before the first failure is reported.
      const outcomes = await Promise.allSettled(
        RUNS.filter((run) => run.audited === audited).map(lessonIn),
      );
      const failed = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
      );
      if (failed.length > 0) throw failed[0];
    },
  );
});

async function keyboardLesson(
  view: Page,
  run: Run,
  { session, screenshots }: OpenedWindow,
): Promise<void> {
  const service = session.service;
  const index = RUNS.indexOf(run);
  const keys = view.keyboard;
  const focused = (selector: string) =>
    view.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);
  /** Presses a key until the focus matches, at most `limit` times. */
  const pressUntil = async (key: string, selector: string, limit = 16) => {
    for (let press = 0; press < limit && !(await focused(selector)); press++) await keys.press(key);
    expect(await focused(selector), `${key} to ${selector}`).toBe(true);
  };
  /**
   * The state in each language written this way, then back in the lesson's own. The lesson's own
   * is the first, and shown already.
   */
  const check = async (state: string) => {
    for (const language of run.audited) {
      if (language !== run.language) await chooseLanguage(view, language);
      await auditedShot(view, screenshots, `${language}-${run.size}-${state}`);
      expect(await layoutProblems(view), `${language} ${state}`).toEqual([]);
    }
    if (run.audited.length > 1) await chooseLanguage(view, run.language);
  };
  /** The arrow that runs along the line: Left in a right-to-left language. */
  const forward = SPOKEN_LANGUAGES[run.language].dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  /** From anywhere outside a field: `/` to the search, the device, then forward to its button. */
  const toRowButton = async (alias: string, button: string) => {
    await keys.press('/');
    await keys.press('Control+A');
    await keys.type(alias);
    await pressUntil('Tab', '.device-slot');
    await pressUntil(forward, `.device-slot .row-access ${button}`, 8);
  };
  const giveAccess = async (n: number, student: string) => {
    const token = await newAccessToken(service, remoteIdOf(index, n));
    await toRowButton(aliasOf(run, n), '.row-add-access');
    await keys.press('Enter');
    // Student first, with the device its row picked; then the link.
    await expect.poll(() => focused('.add-access .access-student')).toBe(true);
    await keys.type(student);
    await keys.press('Tab');
    expect(await focused('.add-access .access-input')).toBe(true);
    // Pasted, as a teacher does with a link (Ctrl+V): one input event, not a key per character.
    await keys.insertText(`https://remote.example/access/${token}`);
    if (n === 1) await check('add-access');
    await keys.press('Enter');
    await view
      .locator('.device-slot', { hasText: aliasOf(run, n) })
      .locator('.row-student', { hasText: student })
      .waitFor();
    // Added: the form closes and folds the cards, so the room is back in view.
    await expect.poll(() => view.locator('.add-access').isVisible()).toBe(false);
  };

  // Add a classroom: the header's + opens the form with the focus in the id field.
  await pressUntil('Shift+Tab', '.classroom-picker .icon-button:last-child');
  await keys.press('Enter');
  expect(await focused('.add-classroom input')).toBe(true);
  await keys.type(roomOf(run));
  await check('add-classroom');
  await keys.press('Enter');
  await view
    .locator('.device-row', { hasText: aliasOf(run, 1) })
    .waitFor({ timeout: LIVE_TIMEOUT });
  // The focus moves when the action answers, which may come after the pushed rows.
  await expect.poll(() => focused('.classroom-picker select')).toBe(true);

  // An access with a student, then End access on its row.
  await giveAccess(1, 'Ana');
  await toRowButton(aliasOf(run, 1), '.button.danger');
  await keys.press('Enter');
  const row = view.locator('.device-slot', { hasText: aliasOf(run, 1) });
  await expect.poll(() => row.locator('.row-access .button.danger').count()).toBe(0);
  await check('access-ended');

  // End class at…: prefilled with the next 5-minute mark in the window's 24-hour clock. The
  // session's time first skips to just past a mark, so that end stays ahead through the checks
  // below (a minute on a loaded machine): a mark seconds away passed mid-lesson, and Enter was
  // refused as a time gone by, or the end ran before it could be cancelled.
  const untilMark = await view.evaluate(() => {
    const now = new Date();
    return ((5 - (now.getMinutes() % 5)) * 60 - now.getSeconds()) * 1000 - now.getMilliseconds();
  });
  await session.skip(untilMark + 1_000);
  await pressUntil('Shift+Tab', '.end-all .end-at button');
  await keys.press('Enter');
  expect(await focused('.end-at-form input')).toBe(true);
  expect(await view.locator('.end-at-form input').inputValue()).toMatch(/^\d{2}:\d[05]$/);
  await check('end-class-at');
  await keys.press('Enter');
  await view.locator('.end-all .end-at-pending').waitFor();
  expect(await focused('.end-all .end-at-pending')).toBe(true);
  await check('class-end-pending');
  await keys.press('Tab');
  expect(await focused('.end-all .end-at button')).toBe(true);
  await keys.press('Enter');
  await expect.poll(() => view.locator('.end-all .end-at-pending').count()).toBe(0);
  // The focus moves once the cancelled end has left the page: after its render, not with it.
  await expect.poll(() => focused('.end-all .end-at button')).toBe(true);

  // End all: the question takes the focus on Cancel, Esc cancels, then it is answered.
  await giveAccess(2, 'Luis');
  await pressUntil('Shift+Tab', '.end-all > .button.danger');
  await keys.press('Enter');
  expect(await focused('.end-all-confirm button[type="button"]')).toBe(true);
  await check('end-all-question');
  await keys.press('Escape');
  expect(await view.locator('.end-all-confirm').count()).toBe(0);
  expect(await focused('.end-all > .button.danger')).toBe(true);
  await keys.press('Enter');
  await keys.press('Tab');
  expect(await focused('.end-all-confirm button[type="submit"]')).toBe(true);
  await keys.press('Enter');
  await view.locator('.end-all-outcome').waitFor();
  expect(await focused('.end-all-outcome')).toBe(true);
  await check('end-all-done');
}
