/**
 * The window's accessibility end to end, in Debian's Chromium against a local service: axe-core
 * on every state in every language ClassTray speaks, light and dark, and the layout at 320 px, 400 px and
 * 200% zoom, non-text contrast in both themes and forced colours. Screenshots go to
 * test-results/accessibility/.
 *
 * The languages are read in turn: a second window, the reader, loaded once, reads every state the
 * test drives from the first window (what is the preview's: accesses, the service's answers, demo
 * data) or opens it in itself (a form, the settings), in each language ClassTray speaks, complete
 * or under way, chosen by the setting as a teacher does (never through the browser's language:
 * 'system' never picks a language under way), and is audited in both themes; the same window is
 * resized in place to check the layout at each size.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { servicePaths } from '../../src-main/contract/wire';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { ScheduledEndRunView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { SENTENCES } from '../../src-shared/i18n';
import {
  isMachineMade,
  LOCALES,
  SOURCE_LOCALE,
  SPOKEN_LANGUAGES,
} from '../../src-shared/i18n/languages';
import { STOP_UNDO_MS } from '../../src-renderer/views/accesses/temporalAccessItem';
import { device } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { axeViolations } from './axe';
import { nonTextContrast } from './contrastProbe';
import { layoutProblems } from './layoutProbe';
import { noonZone, timeAhead } from './localTime';
import type { PreviewProcess } from './previewProcess';
import type { E2eSession } from './session';
import {
  chooseLanguage,
  describedBy,
  languageSelect,
  LIVE_TIMEOUT,
  openAccessCards,
  resizeTo,
  screenshot,
  shownIn,
} from './session';
import { windowOn } from './window';

export const LONG_ALIAS = 'Laboratory workstation by the north window, second row, left';

/**
 * Room A: twelve devices, a 60-character alias, badges on two of them. Room B: two more. The
 * exam hall: 300.
 */
const fixture: AccountData = {
  classrooms: [
    { id: 'room-a', name: 'Room A' },
    { id: 'room-b', name: 'Room B' },
    { id: 'hall', name: 'Exam hall' },
  ],
  devices: [
    ...Array.from({ length: 12 }, (_, i) =>
      device(i, {
        classroom: 'room-a',
        is_online: i < 8,
        ...(i === 0 ? { remote_alias: LONG_ALIAS } : {}),
        ...(i === 1 ? { has_2fa: false } : {}),
        ...(i === 2 ? { has_2fa: false, status: 'disabled' as const } : {}),
      }),
    ),
    device(20, { classroom: 'room-b' }),
    device(21, { classroom: 'room-b' }),
    ...Array.from({ length: 300 }, (_, i) =>
      device(1000 + i, { classroom: 'hall', ...(i === 0 ? { remote_alias: LONG_ALIAS } : {}) }),
    ),
  ],
  temporal_accesses: [],
};

const opened = windowOn({
  name: 'accessibility',
  account: fixture,
  // The scheduled ends type a time 20 minutes ahead: never past midnight.
  timezoneId: noonZone(),
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession | undefined;
let reader: BrowserContext | undefined;
let service: RunningLocalService;
let startServiceAgain: E2eSession['startServiceAgain'];
let preview: PreviewProcess;
let browser: Browser;
let page: Page;
beforeAll(() => {
  session = opened.session;
  ({ service, preview, browser, page, startServiceAgain } = session);
});

/**
 * The reader: a window at 400×600, two device pixels each (on the session's clock), opened at the
 * first audit and kept for the next.
 */
async function ensureReader(): Promise<Page> {
  if (!session) throw new Error('no session');
  const open = reader?.pages()[0];
  if (open) return open;
  reader = await session.newContext({
    viewport: READER_SIZE.viewport,
    deviceScaleFactor: 2,
    storageState: await page.context().storageState(),
    locale: 'en-US',
    timezoneId: noonZone(),
  });
  const view = await reader.newPage();
  await view.goto(new URL(preview.openUrl).origin);
  await view.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
  return view;
}

/** Closes the reader: after the states, or after a failure (what it left running then fails). */
async function closeReader(): Promise<void> {
  const closing = reader;
  reader = undefined;
  await closing?.close();
}

/** What a reader does for a state: waits for what the preview shows, opens what is its own. */
interface StateSteps {
  /** Waits until the reader shows the state the first window drove (pushed to every window). */
  ready?: (view: Page) => Promise<void>;
  /** Opens what belongs to this window (a form, the settings). */
  open?: (view: Page) => Promise<void>;
  /** Closes it again, for the next state. */
  close?: (view: Page) => Promise<void>;
}

function control(method: string, path: string, body: unknown): Promise<Response> {
  return callerOf(service)(method, path, body);
}

const newAccess = (remoteId: string) => newAccessToken(service, remoteId);

/** Pastes an access into the box; language-neutral, as the suite runs in both languages. */
async function track(token: string): Promise<void> {
  await openAccessCards(page);
  const input = page.locator('.access-input');
  await input.fill(`https://remote.example/access/${token}`);
  await input.press('Enter');
  // Added from the link box, the cards stay open on the new access; added from a row's form, they
  // fold to give the room its rows back: opened again to show the card.
  await page.locator('.access', { hasText: token.slice(0, 8) }).waitFor({ state: 'attached' });
  await openAccessCards(page);
  await page.locator('.access', { hasText: token.slice(0, 8) }).waitFor();
}

/**
 * Screenshots and audits a state in both themes in every language ClassTray speaks, in turn: each
 * language chosen by the setting, the reader waits for the state, opens its part, is audited light
 * and dark, is laid out at each of `fits` (nothing sideways, every control reachable, no
 * overlaps), and closes it again; every violation and layout problem is listed on failure. A
 * reader that fails is loaded again, so the next state starts clean. The first window is back in
 * English after.
 */
async function audit(
  name: string,
  steps: StateSteps = {},
  fits: readonly Size[] = [],
): Promise<void> {
  const view = await ensureReader();
  const found: string[] = [];
  for (const language of LOCALES) {
    try {
      // The preference is the preview's: every window, the first one too, shows it.
      await chooseLanguage(view, language);
      await steps.ready?.(view);
      await steps.open?.(view);
      for (const colorScheme of ['light', 'dark'] as const) {
        await view.emulateMedia({ colorScheme });
        const path = join(SCREENSHOTS, `${name}-${language}-${colorScheme}.png`);
        await screenshot(view, path);
        // The dark theme changes colours only: axe's colour rules on it.
        for (const violation of await axeViolations(
          view,
          colorScheme === 'light' ? 'all' : 'colours',
        ))
          found.push(`${language} ${colorScheme}: ${violation}`);
      }
      await view.emulateMedia({ colorScheme: 'light' });
      for (const size of fits) {
        await laidOutAt(view, size);
        await screenshot(view, join(SCREENSHOTS, `${size.name}-${name}-${language}.png`));
        for (const problem of await layoutProblems(view))
          found.push(`${size.name} ${language}: ${problem}`);
      }
      await laidOutAt(view, READER_SIZE);
      await steps.close?.(view);
    } catch (error) {
      await view.emulateMedia({ colorScheme: 'light' });
      await laidOutAt(view, READER_SIZE);
      await view.context().unrouteAll({ behavior: 'ignoreErrors' });
      await view.reload();
      await chooseLanguage(page, SOURCE_LOCALE);
      throw new Error(`${name} in ${language}: ${String(error)}`, { cause: error });
    }
  }
  await chooseLanguage(page, SOURCE_LOCALE);
  expect(found, name).toEqual([]);
}

const settingsButton = () => page.locator('header [aria-controls="settings"]');
const doneButton = () => page.locator('.settings-head button');

const SIZES = [
  { name: '320px', viewport: { width: 320, height: 600 } },
  { name: '400x600', viewport: { width: 400, height: 600 } },
  // A 640×600 window zoomed to 200% (WCAG 1.4.10): 320×300 CSS pixels, two device pixels each.
  { name: 'zoom200', viewport: { width: 320, height: 300 } },
] as const;
type Size = (typeof SIZES)[number];
const READER_SIZE = SIZES[1];
const NARROW = SIZES.filter((size) => size !== READER_SIZE);

/**
 * A reader's window is laid out at each size in place: resized rather than one opened per size
 * and language. Readers have two device pixels per CSS pixel, so that at 320×300 they are the
 * 200% zoom exactly (and the other sizes differ from one device pixel each in nothing laid out).
 */
const laidOutAt = (view: Page, size: Size) => resizeTo(view, size.viewport);

/**
 * Every state read in `context` carries two run reports as the core sends them (its firing has
 * tests of its own): a class end that ran 12 minutes late with one access still being retried,
 * and one that ended three accesses on time. The window gets no pushed change meanwhile (a
 * schedule pushed by the core would replace the reports at a moment no test chooses): its event
 * stream ends at once and is not opened again for an hour.
 */
async function withRunReports(context: BrowserContext): Promise<void> {
  const now = session?.clock.now() ?? Date.now();
  const at = new Date(now - 15 * 60_000);
  at.setSeconds(0, 0);
  const scheduled = { at: at.toISOString(), target: { classroomId: 'room-a' } };
  const ranAt = new Date(now).toISOString();
  const ended = (token: string) => ({
    token,
    result: { kind: 'already-ended' as const, learnedAt: ranAt, warnNo2fa: false },
  });
  const ran: ScheduledEndRunView[] = [
    {
      scheduled,
      ranAt,
      lateMinutes: 12,
      ended: [
        ended('a'),
        {
          token: 'b',
          result: {
            kind: 'failed',
            problem: { kind: 'network', detail: 'refused' },
            learnedAt: ranAt,
            warnNo2fa: false,
          },
        },
      ],
      retrying: true,
    },
    {
      scheduled,
      ranAt: at.toISOString(),
      lateMinutes: 0,
      ended: ['c', 'd', 'e'].map(ended),
      retrying: false,
    },
  ];
  await context.route('**/api/state', async (route) => {
    const response = await route.fetch();
    const state = (await response.json()) as ClassTrayState;
    await route.fulfill({
      response,
      json: { ...state, scheduledEnds: { ...state.scheduledEnds, ran } },
    });
  });
  await context.route('**/api/events', (route) =>
    route.fulfill({ contentType: 'text/event-stream', body: 'retry: 3600000\n\n' }),
  );
}

/** The reports and the frozen stream of withRunReports gone: the window is live again. */
async function withoutRunReports(view: Page): Promise<void> {
  await view.context().unroute('**/api/state');
  await view.context().unroute('**/api/events');
  await view.reload();
  await view.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
}

async function restartService(token: string): Promise<void> {
  await service.close();
  service = await startServiceAgain({ token });
}

/**
 * Moves the session's time on a poll (5 s) at a time until `what` is in the first window: the
 * next refresh, a retry after its backoff.
 */
async function skipUntil(what: Locator, state: 'visible' | 'detached' = 'visible'): Promise<void> {
  if (!session) throw new Error('no session');
  for (let polls = 1; ; polls++) {
    await session.skip(5_000);
    try {
      await what.waitFor({ state, timeout: 2_000 });
      return;
    } catch (error) {
      if (polls === 20) throw error;
    }
  }
}

/** A form of the header's classroom picker: the last button adds one, the first manages it. */
const pickerForm = (which: 'first' | 'last'): StateSteps => ({
  open: (view) => view.locator('.classroom-picker button[aria-expanded]')[which]().click(),
  close: (view) => view.keyboard.press('Escape'),
});

// Each state is reached once and audited in every language in turn: a language costs its audits.
describe('every window state in every language', () => {
  // A failed state leaves no reader half-way (a timed-out audit may still be running in it): it
  // is opened again for the next, and the first window is in English.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await closeReader();
    await chooseLanguage(page, SOURCE_LOCALE);
  });
  afterAll(closeReader);

  it('switches the window language from the settings, each language by its own name, saying which a machine translated', async () => {
    await page.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    await settingsButton().click();
    for (const language of LOCALES) {
      await languageSelect(page).selectOption(language);
      await shownIn(page, language);
      // Under the setting, and what a screen reader reads with it: in the language it is about.
      const note = isMachineMade(language) ? SENTENCES[language].settings.machineTranslated : '';
      expect(await describedBy(languageSelect(page)), language).toBe(note);
      if (note !== '') await page.getByText(note, { exact: true }).waitFor();
    }
    await languageSelect(page).selectOption('system');
    await shownIn(page, SOURCE_LOCALE);
    await doneButton().click();
  });

  it('has no violations in the settings, and fits every size', async () => {
    await audit(
      'settings',
      {
        open: (view) => view.locator('header [aria-controls="settings"]').click(),
        close: (view) => view.locator('.settings-head button').click(),
      },
      SIZES,
    );
  });

  it('has no violations in the advanced settings', async () => {
    await audit('settings-advanced', {
      open: async (view) => {
        await view.locator('header [aria-controls="settings"]').click();
        await view.locator('.settings details summary').click();
        await view.locator('.settings details[open]').waitFor();
      },
      close: (view) => view.locator('.settings-head button').click(),
    });
  });

  it('has no violations on the classroom, and fits every size', async () => {
    await audit('classroom', {}, SIZES);
  });

  it('has no violations in the form that adds a classroom, and fits every size', async () => {
    await audit('add-classroom', pickerForm('last'), SIZES);
  });

  it('has no violations in the form that manages the classroom, and fits every size', async () => {
    await audit('manage-classroom', pickerForm('first'), SIZES);
  });

  it('has no violations on temporal accesses in each state, a row with an access and a wrong link', async () => {
    const active = await newAccess('100000003');
    const invalidated = await newAccess('100000001');
    const ended = await newAccess('100000002');
    expect((await control('PATCH', servicePaths.invalidateTemporalAccess(ended), {})).status).toBe(
      200,
    );
    // The active one is added from its device's row, so a row with an access is audited too.
    const row = page.locator('.device-row', { hasText: 'PC-3' });
    // Add access, once a stopped access of the last run has left the row.
    await row.locator('.row-access .row-add-access').click();
    await page.locator('.access-student').fill('Ana');
    await track(active);
    await row.locator('.row-student').waitFor();
    for (const token of [invalidated, ended]) await track(token);
    const endButton = (token: string) =>
      page.locator('.access', { hasText: token.slice(0, 8) }).locator('.button.danger');
    await endButton(invalidated).click();
    await endButton(ended).click();
    const outcome = (on: Page, token: string, kind: string) =>
      on.locator('.access', { hasText: token.slice(0, 8) }).locator(`.access-state-${kind}`);
    await outcome(page, invalidated, 'invalidated').waitFor();
    await outcome(page, ended, 'already-ended').waitFor();
    await audit('accesses', {
      ready: async (view) => {
        await view.locator('.device-row', { hasText: 'PC-3' }).locator('.row-student').waitFor();
        await outcome(view, invalidated, 'invalidated').waitFor({ state: 'attached' });
        await outcome(view, ended, 'already-ended').waitFor({ state: 'attached' });
      },
      open: async (view) => {
        await openAccessCards(view);
        await view.locator('.access-input').fill('not a link');
        await view.locator('.access-input').press('Enter');
        await view.locator('.accesses .field-problem').waitFor();
      },
      close: (view) => view.locator('.access-input').fill(''),
    });
  });

  /** The active access added from PC-3's row above. */
  const pc3 = (on: Page) => on.locator('.device-row', { hasText: 'PC-3' });

  it('has no violations in the form that schedules an end', async () => {
    await audit('schedule-form', {
      open: async (view) => {
        const endAt = pc3(view).locator('.end-at button');
        await endAt.waitFor({ timeout: LIVE_TIMEOUT });
        const time = await timeAhead(view, 20);
        await endAt.click();
        await view.locator('.end-at-form input').fill(time);
      },
      close: async (view) => {
        await view.locator('.end-at-form input').press('Escape');
        await view.locator('.end-at-form').waitFor({ state: 'detached' });
      },
    });
  });

  it('has no violations with ends scheduled on a row and for the class, and run reports', async () => {
    const time = await timeAhead(page, 20);
    await pc3(page).locator('.end-at button').click();
    await page.locator('.end-at-form input').fill(time);
    await page.locator('.end-at-form button[type="submit"]').click();
    await pc3(page).locator('.end-at-pending').waitFor();
    await page.locator('.end-all .end-at button').click();
    await page.locator('.end-at-form input').fill(time);
    await page.locator('.end-at-form button[type="submit"]').click();
    await page.locator('.end-all .end-at-pending').waitFor();
    await audit(
      'scheduled-ends',
      {
        open: async (view) => {
          await withRunReports(view.context());
          await view.reload();
          await view.locator('.schedule-report.retrying').waitFor({ timeout: LIVE_TIMEOUT });
          await pc3(view).locator('.end-at-pending').waitFor();
          await view.locator('.end-all .end-at-pending').waitFor();
        },
        close: withoutRunReports,
      },
      NARROW,
    );
  });

  it('cancels the scheduled ends again, for the states after these', async () => {
    await pc3(page).locator('.end-at-pending + button').click();
    await page.locator('.end-all .end-at-pending + button').click();
    await page.locator('.end-at-pending').first().waitFor({ state: 'detached' });
  });

  /**
   * Stops tracking an access of the `left` listed. An access ended over a minute ago folds into
   * "Ended today", and a card that folds as it is clicked takes no click: the fold is opened and
   * the click tried again, at most three times.
   */
  async function stopTrackingOne(left: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const folded = page.locator('details.ended-today:not([open]) summary');
      if ((await folded.count()) > 0) await folded.click();
      await page.locator('.access .stop-tracking').first().click();
      try {
        await expect
          .poll(() => page.locator('.access').count(), { timeout: 5_000 })
          .toBeLessThan(left);
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  it('has no violations with the token rejected', async () => {
    await restartService('another-token-0123456789');
    await skipUntil(page.locator('.banner.error'));
    await audit('token-rejected', { ready: (view) => view.locator('.banner.error').waitFor() });
  });

  it('has no violations offline, with the rows of the last success and a failed invalidation', async () => {
    await service.close();
    // Offline, the banner offers Retry now; the muted rows of the last success are audited too.
    await skipUntil(page.locator('.banner.error .retry-now'));
    await page.locator('.device-rows.old').waitFor();
    await page.locator('.access .button.danger').first().click();
    await page.locator('.access-state-failed').waitFor();
    await audit('offline', {
      ready: async (view) => {
        await view.locator('.banner.error .retry-now').waitFor();
        await view.locator('.device-rows.old').waitFor();
        await view.locator('.access-state-failed').waitFor({ state: 'attached' });
      },
    });
  });

  it('has no violations while a stop can be undone (in English: its Undo runs out)', async () => {
    service = await startServiceAgain();
    await skipUntil(page.locator('.banner'), 'detached');
    const tracked = await page.locator('.access').count();
    for (let left = tracked; left > 0; left = await page.locator('.access').count()) {
      await stopTrackingOne(left);
      // The first stop, while it can be undone, is a state of its own: audited in the first
      // window (English), both themes, before its Undo runs out.
      if (left === tracked) {
        const found: string[] = [];
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await screenshot(
            page,
            join(SCREENSHOTS, `stop-tracking-undo-${SOURCE_LOCALE}-${colorScheme}.png`),
          );
          for (const violation of await axeViolations(page))
            found.push(`${colorScheme}: ${violation}`);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        expect(found, 'stop-tracking-undo').toEqual([]);
      }
    }
    // Each stop is sent once its Undo has run out: the pages' time moved past it.
    await session?.skip(STOP_UNDO_MS);
    await expect.poll(() => page.locator('.access-stopped').count(), { timeout: 10_000 }).toBe(0);
  });

  it('has no violations on demo data', async () => {
    await settingsButton().click();
    await page.locator('.settings .toggle input').first().click();
    await expect.poll(() => page.locator('.badge.demo').count()).toBe(1);
    await doneButton().click();
    await page.locator('.demo-notice').waitFor();
    await page.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    try {
      await audit('demo', {
        ready: async (view) => {
          await view.locator('.demo-notice').waitFor();
          await view.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
        },
      });
    } finally {
      await settingsButton().click();
      await page.locator('.settings .toggle input').first().click();
      await expect.poll(() => page.locator('.badge.demo').count()).toBe(0);
      await doneButton().click();
      await page.locator('.demo-notice').waitFor({ state: 'detached' });
    }
  });
});

describe('keyboard only', () => {
  const focused = (selector: string) =>
    page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);
  /** Presses a key until the focus matches, at most `limit` times. */
  async function pressUntil(key: string, selector: string, limit = 12): Promise<void> {
    for (let press = 0; press < limit && !(await focused(selector)); press++) {
      await page.keyboard.press(key);
    }
    expect(await focused(selector), `${key} to ${selector}`).toBe(true);
  }

  it('opens in the search box; the device list is one Tab stop', async () => {
    await page.reload();
    await page.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await focused('.search input')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused('.segmented input')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused('.device-toolbar [aria-pressed]')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused('.device-slot')).toBe(true);
    await page.keyboard.press('End');
    // Problems first: the offline PC-8 to PC-11 on top, so the last is the last online one.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('PC-7');
    await page.keyboard.press('Tab');
    expect(await focused('.device-rows *')).toBe(false);
    await page.keyboard.press('/');
    expect(await focused('.search input')).toBe(true);
  });

  it('ends a temporal access and switches classroom without the mouse', async () => {
    const token = await newAccess('100000004');
    // The cards are folded to their summary line: opened from its toggle, then the link box.
    await pressUntil('Shift+Tab', '.accesses-toggle');
    await page.keyboard.press('Enter');
    await pressUntil('Tab', '.access-input');
    await page.keyboard.type(`https://remote.example/access/${token}`);
    await page.keyboard.press('Enter');
    // Added, the cards stay open with the focus on the new access's title (never its End).
    await page.locator('.access', { hasText: token.slice(0, 8) }).waitFor();
    await expect.poll(() => focused('.access .access-title')).toBe(true);
    // Back along the summary line to End all, on to End class at…; past the link box, its End.
    await pressUntil('Shift+Tab', '.end-all .button.danger');
    await page.keyboard.press('Tab');
    expect(await focused('.end-all .end-at button')).toBe(true);
    await pressUntil('Tab', '.access .button.danger');
    await page.keyboard.press('Enter');
    await page
      .locator('.access', { hasText: token.slice(0, 8) })
      .locator('.access-state-invalidated')
      .waitFor();
    // The state takes the focus once it is in the page: after its render, not with it.
    await expect.poll(() => focused('.access .access-state')).toBe(true);

    // Back past the accesses' controls (Hand over and Take over among them) to the header.
    await pressUntil('Shift+Tab', '.classroom-picker button[aria-expanded]:last-child', 20);
    await page.keyboard.press('Enter');
    expect(await focused('.add-classroom input')).toBe(true);
    await page.keyboard.type('room-b');
    await page.keyboard.press('Enter');
    await page.locator('.device-row', { hasText: 'PC-20' }).waitFor({ timeout: LIVE_TIMEOUT });
    // The focus moves when the action answers, which may come after the pushed rows.
    await expect.poll(() => focused('.classroom-picker select')).toBe(true);

    const picker = page.locator('.classroom-picker select');
    const options = await picker.evaluate((select: HTMLSelectElement) =>
      [...select.options].map((option) => option.value),
    );
    const from = options.indexOf('room-b');
    await page.keyboard.press(options.indexOf('room-a') > from ? 'ArrowDown' : 'ArrowUp');
    // The arrows walk the list without opening each room: Enter opens the one reached.
    expect(await picker.inputValue()).toBe('room-a');
    expect(await page.locator('.device-row', { hasText: 'PC-20' }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.locator('.device-row', { hasText: '100000011' }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await picker.inputValue()).toBe('room-a');
  });
});

describe('contrast and forced colours', () => {
  it('gives control boundaries, the chosen filter, status dots and focus 3:1 in both themes', async () => {
    await page.locator('.device-row').first().waitFor({ timeout: LIVE_TIMEOUT });
    await page.locator('.classroom-picker button[aria-expanded]').last().click();
    await page.locator('.search input').focus();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const ratios = await nonTextContrast(page);
      expect(ratios.map(({ what }) => what)).toEqual(
        expect.arrayContaining([
          'search field',
          'classroom picker',
          'filter track',
          'button',
          'chosen filter against its track',
          'online dot',
          'offline dot',
          'focus ring',
        ]),
      );
      expect(
        ratios.filter(({ ratio }) => ratio < 3),
        colorScheme,
      ).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.classroom-picker button[aria-expanded]').last().click();
  });

  it('keeps the chosen filter, online dots and focus visible in forced colours', async () => {
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      await page.locator('.device-scroll').evaluate((list) => list.scrollTo(0, list.scrollHeight));
      await page.locator('.device-row.offline').first().waitFor();
      await page.locator('.search input').focus();
      await screenshot(page, join(SCREENSHOTS, 'forced-colors.png'));
      const seen = await page.evaluate(() => {
        // What shows behind an element: the first background from it outwards with any colour.
        const background = (selector: string) => {
          for (let at = document.querySelector(selector); at; at = at.parentElement) {
            const color = getComputedStyle(at).backgroundColor;
            if (!/^rgba\(.*, 0\)$|^transparent$/.test(color)) return color;
          }
          return null;
        };
        const focused = document.activeElement ? getComputedStyle(document.activeElement) : null;
        return {
          chosen: background('.segmented label.checked'),
          notChosen: background('.segmented label:not(.checked)'),
          online: background('.device-row.online .status-dot'),
          offline: background('.device-row.offline .status-dot'),
          focus: focused ? `${focused.outlineStyle} ${focused.outlineWidth}` : null,
        };
      });
      expect(seen.chosen).not.toBe(seen.notChosen);
      expect(seen.online).not.toBe(seen.offline);
      expect(seen.focus).toBe('solid 2px');
    } finally {
      await page.emulateMedia({ forcedColors: 'none' });
    }
  });
});

describe('the compact view', { timeout: 60_000 }, () => {
  /** How many scroll boxes of the device list its whole content takes. */
  const screens = () =>
    page
      .locator('.device-scroll')
      .evaluate((box) => Math.round((box.scrollHeight / box.clientHeight) * 100) / 100);

  it("opens the exam hall's 300 devices in the compact view", async () => {
    await openAccessCards(page);
    // Accesses ended over a minute ago are folded away: opened, so they can be stopped too.
    if ((await page.locator('.ended-today').count()) > 0) {
      await page.locator('.ended-today summary').click();
    }
    for (let left = await page.locator('.access').count(); left > 0; left--) {
      await page.locator('.access .stop-tracking').first().click();
      await expect.poll(() => page.locator('.access').count()).toBe(left - 1);
    }
    // Each stop is sent once its Undo has run out: the pages' time moved past it.
    await session?.skip(STOP_UNDO_MS);
    await expect.poll(() => page.locator('.access-stopped').count(), { timeout: 10_000 }).toBe(0);
    // Folded again to their summary line, as the room is used (the add form stays in the cards).
    await page.locator('.accesses-toggle').click();
    await page.locator('.classroom-picker button[aria-expanded]').last().click();
    await page.locator('.add-classroom input').first().fill('hall');
    await page.keyboard.press('Enter');
    const shown = await page.evaluate(() => document.documentElement.lang);
    await page
      .locator('.online-count', { hasText: (300).toLocaleString(shown) })
      .waitFor({ timeout: LIVE_TIMEOUT });
    await page.locator('.device-toolbar [aria-pressed]').click();
    await page.locator('.tile').first().waitFor();
  });

  // A language a test: each is chosen from the settings, English last.
  it.each([...LOCALES].reverse())(
    'fits them in three screens at 400×600 and one at 1280×800, virtualized (%s)',
    async (language) => {
      await settingsButton().click();
      await languageSelect(page).selectOption(language);
      await shownIn(page, language);
      await doneButton().click();
      await resizeTo(page, { width: 400, height: 600 });
      await screenshot(page, join(SCREENSHOTS, `compact-400x600-${language}.png`));
      const small = await screens();
      expect(small, language).toBeLessThanOrEqual(3);
      // The plan starts where the line does: its first tile on the right in a right-to-left one.
      const firstTile = await page.locator('.device-cell[data-index="0"]').evaluate((cell) => {
        const grid = cell.parentElement?.getBoundingClientRect();
        const tile = cell.getBoundingClientRect();
        return grid
          ? { fromLeft: tile.left - grid.left, fromRight: grid.right - tile.right }
          : null;
      });
      const startGap = SPOKEN_LANGUAGES[language].dir === 'rtl' ? 'fromRight' : 'fromLeft';
      expect(
        firstTile?.[startGap],
        `${language}: first tile's gap to the line's start`,
      ).toBeLessThan(1);
      expect(await page.locator('.tile').count()).toBeLessThan(300);
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);

      await resizeTo(page, { width: 1280, height: 800 });
      await screenshot(page, join(SCREENSHOTS, `compact-1280x800-${language}.png`));
      const large = await screens();
      expect(large, language).toBeLessThanOrEqual(1);
      await resizeTo(page, { width: 400, height: 600 });
      console.log(
        `compact view, 300 devices, ${language}: ${small} screens at 400×600, ${large} at 1280×800`,
      );
    },
  );

  it('is remembered, and moves by arrows across and down the grid', async () => {
    await page.reload();
    await page.locator('.tile').first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.locator('.device-toolbar [aria-pressed]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    const across = await page
      .locator('.device-cell')
      .evaluateAll(
        (cells) =>
          cells.filter(
            (cell) => cell.getBoundingClientRect().top === cells[0]?.getBoundingClientRect().top,
          ).length,
      );
    // The long alias's tile (after the offline devices, Problems first) is cut until it has the
    // keyboard focus.
    const longTile = page.locator('.device-cell', { hasText: LONG_ALIAS.slice(0, 12) });
    const start = Number(await longTile.getAttribute('data-index'));
    const cut = () =>
      longTile.locator('.tile-name').evaluate((name) => name.scrollWidth > name.clientWidth + 1);
    expect(await cut()).toBe(true);
    await longTile.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await cut()).toBe(false);
    await screenshot(page, join(SCREENSHOTS, 'compact-focused-tile.png'));
    const focusedIndex = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-index'));
    await page.keyboard.press('ArrowRight');
    expect(await focusedIndex()).toBe(String(start + 1));
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(String(start + 1 + across));
    await page.keyboard.press('End');
    expect(await focusedIndex()).toBe('299');
  });

  it("ends a tile's access in one click, the tile fitting 320 px and 200% zoom in Spanish", async () => {
    await settingsButton().click();
    await languageSelect(page).selectOption('es');
    await doneButton().click();
    const token = await newAccess('100001001');
    await openAccessCards(page);
    await page.locator('.access-input').fill(`https://remote.example/access/${token}`);
    await page.locator('.access-device-search').fill('PC-1001');
    await expect.poll(() => page.locator('.access-device').inputValue()).toBe('100001001');
    await page.locator('.access-student').fill('Ana');
    await page.locator('.access-input').press('Enter');
    // That tile alone, so it is in view at every size.
    const showOnlyIt = (view: Page) =>
      view.locator('.device-toolbar input[type="search"]').fill('PC-1001');
    const endName = 'Terminar el acceso de Ana en PC-1001';
    await showOnlyIt(page);
    await page.getByRole('button', { name: endName }).waitFor();

    const storageState = await page.context().storageState();
    const found: string[] = [];
    for (const { name, viewport } of NARROW) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 2,
        storageState,
        locale: 'en-US',
      });
      try {
        const view = await context.newPage();
        await view.goto(new URL(preview.openUrl).origin);
        await view.locator('.tile').first().waitFor({ timeout: LIVE_TIMEOUT });
        await showOnlyIt(view);
        await view.getByRole('button', { name: endName }).waitFor();
        await screenshot(view, join(SCREENSHOTS, `compact-tile-end-${name}-es.png`));
        for (const problem of await layoutProblems(view)) found.push(`${name}: ${problem}`);
        for (const violation of await axeViolations(view)) found.push(`${name}: ${violation}`);
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);

    const tile = page.locator('.device-cell', { hasText: 'PC-1001' });
    await page.getByRole('button', { name: endName }).click();
    await tile
      .getByRole('status')
      // The time isolated, as the window writes it.
      .getByText(/^Termina \u2068\d\d:\d\d:\d\d\u2069$/)
      .waitFor();
    expect(await tile.getByRole('button').count()).toBe(0);
    // The button is gone: the focus is back on its tile, not on the page.
    expect(await tile.evaluate((cell) => document.activeElement === cell)).toBe(true);
    await screenshot(page, join(SCREENSHOTS, 'compact-tile-ended-es.png'));
    expect(await axeViolations(page)).toEqual([]);
  });
});
