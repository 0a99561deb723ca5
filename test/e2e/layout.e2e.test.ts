/**
 * The window's first job, in Debian's Chromium against a local service: the room in view at the
 * tray window's size and at 320×480 with accesses running and the demo notice shown, in every
 * language ClassTray speaks (mirrored in a right-to-left one, no text cut), and the
 * compact view as a grid of tiles (every name whole, an order that a refresh does not change).
 * Nothing waits for time: the test changes devices on the service and skips the session's clock
 * to the preview's next 5 s refresh (and through an outage's retries) to have the window see them.
 * Screenshots go to test-results/layout/.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { LOCALES, SOURCE_LOCALE, SPOKEN_LANGUAGES } from '../../src-shared/i18n/languages';
import { account, device } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { axeViolations } from './axe';
import { createChurn, type Churn, type Flip } from './churn';
import { clippedText, layoutProblems, rowStartsAtLineStart } from './layoutProbe';
import type { E2eSession } from './session';
import { english } from './words';
import {
  chooseLanguage,
  LIVE_TIMEOUT,
  refreshUntil as refreshUntilIn,
  resizeTo,
  screenshot,
} from './session';
import { windowOn } from './window';

const two = (n: number) => String(n).padStart(2, '0');
/** Room 12: 30 devices named as schools name them, R12-PC01 to R12-PC30, the last two offline. */
const ROOM_12 = Array.from({ length: 30 }, (_, i) =>
  device(i + 1, {
    classroom: 'room-12',
    remote_alias: `R12-PC${two(i + 1)}`,
    is_online: i < 28,
  }),
);
/** The north lab: 75 devices whose long names differ only at their end. */
const LAB = Array.from({ length: 75 }, (_, i) =>
  device(200 + i, {
    classroom: 'lab-north',
    remote_alias: `LAB-NORTH-WORKSTATION-${two(i + 1)}`,
    is_online: i % 4 !== 0,
  }),
);
const opened = windowOn({
  name: 'layout',
  account: account({ 'room-12': 'Room 12', 'lab-north': 'North lab' }, [...ROOM_12, ...LAB]),
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession | undefined;
let page: Page;
beforeAll(() => {
  ({ session, page } = opened);
});

/** Skips to the preview's next refreshes until the core has what `done` looks for. */
async function refreshUntil(done: (state: ClassTrayState) => boolean, what: string): Promise<void> {
  if (!session) throw new Error('no session');
  await refreshUntilIn(session, page, done, what);
}

/** Whether the core shows each device as the flips left it. */
const shows = (state: ClassTrayState, flips: readonly Flip[]) =>
  flips.every(
    ({ remoteId, online }) =>
      state.classroom.devices.find((one) => one.remoteId === remoteId)?.online === online,
  );

/** Gives an access to the device from its row, for a student, as a teacher does. */
async function giveAccess(alias: string, remoteId: string, student: string): Promise<void> {
  if (!session) throw new Error('no session');
  const token = await newAccessToken(session.service, remoteId);
  const row = page.locator('.device-slot').filter({ hasText: alias });
  await row
    .getByRole('button', { name: english('accesses.addFor', { name: alias }), exact: true })
    .click();
  const linkBox = page.getByRole('textbox', { name: english('accesses.input'), exact: true });
  const studentBox = page.getByRole('textbox', { name: english('accesses.student'), exact: true });
  // The row's Add access opens the folded cards with the focus on the student, asked first.
  await vi.waitUntil(() => studentBox.evaluate((box) => document.activeElement === box), {
    timeout: 10_000,
  });
  await studentBox.fill(student);
  await linkBox.fill(`https://remote.example/access/${token}`);
  await linkBox.press('Enter');
  await row.locator('.row-student', { hasText: student }).waitFor();
}

/** The demo school's notice over this account's rooms: the state as demo data would send it. */
async function asDemo(context: BrowserContext): Promise<void> {
  await context.route('**/api/state', async (route) => {
    const response = await route.fetch();
    const state = (await response.json()) as ClassTrayState;
    await route.fulfill({
      response,
      json: { ...state, account: { ...state.account, mode: 'demo' } },
    });
  });
}

/** What one window showed at one moment of the class: rows in full, the rows' heights, their order. */
interface Sample {
  rows: number;
  heights: number[];
  names: string[];
}

function sample(view: Page): Promise<Sample> {
  return view.evaluate(() => {
    const box = document.querySelector('.device-scroll')?.getBoundingClientRect();
    const slots = [...document.querySelectorAll<HTMLElement>('.device-slot')].sort(
      (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
    );
    const bottom = Math.min(box?.bottom ?? 0, window.innerHeight);
    return {
      rows: slots.filter((slot) => {
        const rect = slot.getBoundingClientRect();
        return box && rect.height > 0 && rect.top >= box.top - 0.5 && rect.bottom <= bottom + 0.5;
      }).length,
      heights: [...new Set(slots.map((slot) => slot.getBoundingClientRect().height))],
      names: slots.map((slot) => slot.querySelector('.device-name')?.textContent ?? ''),
    };
  });
}

/** The room's devices whose status changed in the last 5 minutes, as the window's state says. */
function freshChanges(view: Page): Promise<number> {
  return view.evaluate(async () => {
    const response = await fetch('/api/state', { credentials: 'same-origin' });
    const state = (await response.json()) as {
      classroom: { activity: Record<string, { changedAt: string | null }> };
    };
    return Object.values(state.classroom.activity).filter(
      ({ changedAt }) => changedAt !== null && Date.now() - Date.parse(changedAt) < 5 * 60_000,
    ).length;
  });
}

/** "3 changed" as the toolbar counts it (hidden at 0). */
const changedCount = (view: Page) =>
  view.locator('.changed-devices').evaluate((button) => button.textContent ?? '');

/** Where the layout e2e's measurements go, for README's row counts. */
const measured: string[] = [];

// 320×480 is also a 640×960 window at 200% zoom: drawn at twice the pixels.
const SIZES = [
  { name: '400x600', viewport: { width: 400, height: 600 }, scale: 1, least: 7 },
  { name: '320x480', viewport: { width: 320, height: 480 }, scale: 2, least: 4 },
];
/**
 * Each size in every language, a test for each three languages (the audits are the time a test
 * takes, well under a minute on a loaded machine): the first begins with the language the
 * sentences are written in.
 */
const RUNS = SIZES.flatMap((size) =>
  Array.from({ length: Math.ceil(LOCALES.length / 3) }, (_, i) =>
    LOCALES.slice(i * 3, i * 3 + 3),
  ).map((languages) => ({ ...size, languages, list: languages.join(', ') })),
);

describe('the room in view during a class in motion', () => {
  // Two of Room 12's devices change before each refresh the test skips to (the preview asks
  // every 5 s), those with an access among them, from before the first access is given to the
  // last measurement.
  let churn: Churn | undefined;
  /** Two devices change, none of `avoid`, and the next refresh brings them: what changed. */
  const classMoves = async (avoid: ReadonlySet<string>): Promise<Flip[]> => {
    if (!churn) throw new Error('no churn');
    const flips = await churn.turn(avoid);
    await refreshUntil(
      (state) => shows(state, flips),
      flips.map(({ remoteId, online }) => `${remoteId} ${online ? 'online' : 'offline'}`).join(),
    );
    return flips;
  };

  beforeAll(async () => {
    if (!session) throw new Error('no session');
    churn = createChurn(
      session.service,
      ROOM_12.map((record) => ({ remoteId: record.remote_id, online: record.is_online })),
      { perTurn: 2 },
    );
    // Eight devices changed in four refreshes, around the three accesses given.
    const changedBefore = new Set<string>();
    const beforeEachAccess = async () => {
      for (const { remoteId } of await classMoves(changedBefore)) changedBefore.add(remoteId);
    };
    await beforeEachAccess();
    await giveAccess('R12-PC01', '100000001', 'Ana');
    await beforeEachAccess();
    await giveAccess('R12-PC02', '100000002', 'Luis');
    await beforeEachAccess();
    await giveAccess('R12-PC05', '100000005', 'Valentina Rodríguez');
    await beforeEachAccess();
    expect(await freshChanges(page)).toBeGreaterThanOrEqual(8);
  }, 60_000);

  // One window per size; the language changes inside it, as the teacher's setting does.
  for (const size of RUNS)
    it(`keeps rows of one height in place while devices change: at least ${size.least} rows at ${size.name} with 3 accesses running, 3 with the accesses open, in ${size.list}`, async () => {
      if (!session) throw new Error('no session');
      const found: string[] = [];
      const context = await session.newContext({
        viewport: size.viewport,
        deviceScaleFactor: size.scale,
        storageState: await page.context().storageState(),
        locale: 'en-US',
      });
      try {
        await asDemo(context);
        const view = await context.newPage();
        await view.goto(new URL(session.preview.openUrl).origin);
        await view.locator('.demo-notice').waitFor({ timeout: LIVE_TIMEOUT });
        await view.locator('.device-slot').first().waitFor({ timeout: LIVE_TIMEOUT });
        // The devices changed since the rows were sorted (as the window opened, or "changed"
        // pressed): a change of another device is one more for "N changed".
        const sinceSorted = new Set<string>();
        const moreChanged = async () => {
          for (const { remoteId } of await classMoves(sinceSorted)) sinceSorted.add(remoteId);
        };
        for (const language of size.languages) {
          await chooseLanguage(view, language);
          const where = `${size.name} ${language}`;
          expect(await view.locator('.accesses-toggle .count').textContent()).toMatch(/\b3\b/);
          const fresh = await freshChanges(view);
          if (fresh < 8) found.push(`${where}: only ${fresh} fresh changes`);

          // Three refreshes with changes (in the first language; the rows do not depend on the
          // words): the rows neither move nor change height meanwhile.
          const samples: Sample[] = [await sample(view)];
          for (let refresh = 0; language === SOURCE_LOCALE && refresh < 3; refresh++) {
            const before = await changedCount(view);
            await moreChanged();
            await expect.poll(() => changedCount(view), { timeout: LIVE_TIMEOUT }).not.toBe(before);
            samples.push(await sample(view));
          }
          const rows = Math.min(...samples.map((one) => one.rows));
          const heights = [...new Set(samples.flatMap((one) => one.heights))];
          const moved = samples.filter((one) => one.names.join() !== samples[0]?.names.join());
          if (rows < size.least) found.push(`${where}: ${rows} rows fully visible`);
          if (heights.length !== 1) found.push(`${where}: rows of ${heights.join(', ')} px`);
          if (moved.length > 0) found.push(`${where}: rows moved (${moved[0]?.names.join()})`);

          for (const colorScheme of ['light', 'dark'] as const) {
            await view.emulateMedia({ colorScheme });
            await screenshot(
              view,
              join(SCREENSHOTS, `room-${size.name}-${language}-${colorScheme}.png`),
            );
            // The dark theme changes colours only: axe's colour rules on it.
            for (const violation of await axeViolations(
              view,
              colorScheme === 'light' ? 'all' : 'colours',
            ))
              found.push(`${where} ${colorScheme}: ${violation}`);
          }
          await view.emulateMedia({ colorScheme: 'light' });
          for (const problem of await layoutProblems(view)) found.push(`${where}: ${problem}`);
          for (const problem of await clippedText(view)) found.push(`${where}: ${problem}`);
          // Mirrored in a right-to-left language: each row starts on the right.
          const start = await rowStartsAtLineStart(view);
          if (start.dir !== SPOKEN_LANGUAGES[language].dir || !start.ok)
            found.push(`${where}: rows in ${start.dir} do not start at the line's start`);

          // The accesses opened leave at least three rows.
          await view.locator('.accesses-toggle').click();
          await view.locator('.access').nth(2).waitFor();
          const opened = (await sample(view)).rows;
          if (opened < 3) found.push(`${where}: ${opened} rows with the accesses open`);
          await screenshot(view, join(SCREENSHOTS, `room-open-${size.name}-${language}-light.png`));
          for (const problem of await layoutProblems(view)) found.push(`${where} open: ${problem}`);
          await view.locator('.accesses-toggle').click();

          // "N changed" brings the changed devices to the top, and the marks say what changed:
          // in the first language after the three refreshes, in the others after one more.
          if (language !== SOURCE_LOCALE) await moreChanged();
          await view
            .locator('.changed-devices')
            .waitFor({ state: 'visible', timeout: LIVE_TIMEOUT });
          await view.locator('.changed-devices').click();
          sinceSorted.clear();
          const top = view.locator('.device-slot[data-index="0"]');
          if ((await top.locator('.mark').count()) !== 1)
            found.push(`${where}: the first row after "changed" has no mark`);
          measured.push(
            `${where}: ${rows} rows fully visible (least of ${samples.length} samples, ` +
              `${heights.join('/')} px each, ${fresh} fresh changes), ${opened} with the accesses open`,
          );
        }
      } finally {
        await context.close();
        await chooseLanguage(page, 'system');
      }
      console.log(
        measured
          .filter((line) => size.languages.some((one) => line.startsWith(`${size.name} ${one}:`)))
          .join('\n'),
      );
      // The size's least number of rows, one height, no move, no axe violation or layout problem.
      expect(found).toEqual([]);
    }, 60_000);
});

describe('the accesses folded', () => {
  it('opens the cards on demand, and a dismissed demo notice stays dismissed', async () => {
    if (!session) throw new Error('no session');
    const context = await session.newContext({
      viewport: { width: 400, height: 600 },
      storageState: await page.context().storageState(),
      locale: 'en-US',
    });
    try {
      await asDemo(context);
      const view = await context.newPage();
      await view.goto(new URL(session.preview.openUrl).origin);
      const toggle = view.getByRole('button', { name: /^Temporal accesses/ });
      await toggle.waitFor({ timeout: LIVE_TIMEOUT });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await view.locator('.access').first().isVisible()).toBe(false);
      await toggle.click();
      await view.locator('.access').nth(1).waitFor();
      expect(await axeViolations(view)).toEqual([]);
      await screenshot(view, join(SCREENSHOTS, 'cards-open-400x600-en.png'));
      await toggle.click();

      await view
        .getByRole('button', { name: english('header.dismissNotice'), exact: true })
        .click();
      await view.locator('.demo-notice').waitFor({ state: 'detached' });
      // The focus moves when the action answers, which may come after the pushed preference.
      await expect
        .poll(() => view.evaluate(() => document.activeElement?.matches('input[type="search"]')))
        .toBe(true);
      await view.reload();
      await view.locator('.device-slot').first().waitFor({ timeout: LIVE_TIMEOUT });
      expect(await view.locator('.demo-notice').count()).toBe(0);
      expect(await view.locator('.badge.demo').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('the tray window at 200% zoom (200×300 CSS px)', () => {
  it('keeps the room picker on a line of its own, Refresh and Settings below it, every control in the window, in English, German and Arabic', async () => {
    await resizeTo(page, { width: 200, height: 300 });
    try {
      for (const language of ['en', 'de', 'ar'] as const) {
        await chooseLanguage(page, language);
        const header = await page.locator('header').evaluate((box) => {
          const width = document.documentElement.clientWidth;
          const rect = (css: string) => box.querySelector(css)?.getBoundingClientRect();
          const picker = rect('.classroom-picker select');
          const refresh = rect('.header-tools button');
          const outside = [...box.querySelectorAll('button, select, a')]
            .map((control) => ({ control, at: control.getBoundingClientRect() }))
            .filter(({ at }) => at.width > 0 && (at.left < -1 || at.right > width + 1))
            .map(({ control }) => control.getAttribute('aria-label') ?? control.textContent);
          return {
            pickerWidth: Math.round(picker?.width ?? 0),
            toolsBelow:
              picker !== undefined && refresh !== undefined && refresh.top >= picker.bottom,
            outside,
          };
        });
        await screenshot(page, join(SCREENSHOTS, `header-200x300-${language}.png`));
        expect(header, language).toEqual({
          pickerWidth: expect.any(Number) as number,
          toolsBelow: true,
          outside: [],
        });
        // The picker's line less its Rename and Add: room for "R12-PC" names' rooms, not one letter.
        expect(header.pickerWidth, language).toBeGreaterThanOrEqual(100);
        expect(await axeViolations(page), language).toEqual([]);
      }
    } finally {
      await chooseLanguage(page, 'en');
      await resizeTo(page, { width: 400, height: 600 });
    }
  });
});

describe('old data', () => {
  /** The first row's look, and the contrast of its name against its ground (WCAG 1.4.3). */
  const firstRow = () =>
    page
      .locator('.device-slot')
      .first()
      .evaluate((slot) => {
        const row = slot.querySelector('.device-row');
        const name = slot.querySelector('.device-name');
        if (!row || !name) throw new Error('no row');
        const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = (color: string) => {
          const [r = 0, g = 0, b = 0] = channels(color).map((value) => value / 255);
          const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
          return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
        };
        // The first opaque ground from the row outwards.
        let ground = 'rgb(255, 255, 255)';
        for (let at: Element | null = row; at; at = at.parentElement) {
          const color = getComputedStyle(at).backgroundColor;
          if ((channels(color)[3] ?? 1) > 0) {
            ground = color;
            break;
          }
        }
        const nameColor = getComputedStyle(name).color;
        const [light = 0, dark = 0] = [luminance(nameColor), luminance(ground)].sort(
          (a, b) => b - a,
        );
        return {
          name: nameColor,
          weight: getComputedStyle(name).fontWeight,
          ground,
          dot: getComputedStyle(row).color,
          contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
        };
      });

  it('mutes every row in an outage, still AA, and the header says one "as of" time', async () => {
    if (!session) throw new Error('no session');
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const live = await firstRow();
      await session.service.close();
      let old: Awaited<ReturnType<typeof firstRow>>;
      try {
        await refreshUntil(({ connection }) => connection.status !== 'ok', 'the outage');
        await page.locator('.device-rows.old').waitFor({ timeout: LIVE_TIMEOUT });
        old = await firstRow();
        await screenshot(page, join(SCREENSHOTS, `outage-400x600-en-${colorScheme}.png`));
        // Every part of the row's look differs: its name, its weight, its ground, its dot.
        for (const key of ['name', 'weight', 'ground', 'dot'] as const) {
          if (old[key] === live[key]) found.push(`${colorScheme}: ${key} unchanged (${old[key]})`);
        }
        if (old.contrast < 4.5) found.push(`${colorScheme}: name at ${old.contrast}:1`);
        const header = (await page.locator('header').textContent()) ?? '';
        const times = header.match(/\d\d:\d\d:\d\d/g) ?? [];
        if (times.length !== 1) found.push(`${colorScheme}: header times ${times.join(', ')}`);
        expect(header).toMatch(/ online as of \u2068\d\d:\d\d:\d\d\u2069/);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        // The outage ends also when the test fails, for the tests after it.
        await session.startServiceAgain();
      }
      // The retry's backoff is shorter than the poll while the window is in view.
      await refreshUntil(({ connection }) => connection.status === 'ok', 'the service back');
      await page.locator('.device-rows.old').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
      console.log(`${colorScheme}: live ${JSON.stringify(live)}, old ${JSON.stringify(old)}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual([]);
  });
});

describe('the compact view as a grid of tiles', () => {
  /** Each tile's shown name and whether it is cut, in the grid's order. */
  const tiles = () =>
    page.locator('.device-cell').evaluateAll((cells) =>
      cells
        .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
        .map((cell) => {
          const name = cell.querySelector('.tile-name');
          return {
            name: name?.textContent ?? '',
            cut: name === null || name.scrollWidth > name.clientWidth,
          };
        }),
    );
  const across = () =>
    page
      .locator('.device-cell')
      .evaluateAll(
        (cells) =>
          cells.filter(
            (cell) => cell.getBoundingClientRect().top === cells[0]?.getBoundingClientRect().top,
          ).length,
      );

  it('shows every name uncut at 400 px, without the part the room shares, in a 30- and a 75-device room', async () => {
    await resizeTo(page, { width: 400, height: 600 });
    await page.locator('.device-toolbar [aria-pressed="false"]').click();
    await page.locator('.tile').first().waitFor();
    const room12 = await tiles();
    expect(room12.map(({ name }) => name)).toEqual(ROOM_12.map((_, i) => `PC${two(i + 1)}`));
    expect(room12.filter(({ cut }) => cut)).toEqual([]);
    // The students' initials on PC01 and PC02 leave their names whole, focused too.
    await page.locator('.device-cell').first().focus();
    expect((await tiles())[0]).toEqual({ name: 'PC01', cut: false });
    await screenshot(page, join(SCREENSHOTS, 'compact-30-400x600-en.png'));
    const room12Across = await across();

    await page.locator('.classroom-picker button[aria-expanded]').last().click();
    await page.locator('.add-classroom input').first().fill('lab-north');
    await page.keyboard.press('Enter');
    await page.getByText('56 of 75 online').waitFor({ timeout: LIVE_TIMEOUT });
    await page.locator('.tile-name', { hasText: /^75$/ }).waitFor();
    const lab = await tiles();
    expect(lab.map(({ name }) => name)).toEqual(LAB.map((_, i) => two(i + 1)));
    expect(lab.filter(({ cut }) => cut)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, join(SCREENSHOTS, 'compact-75-400x600-en.png'));
    console.log(
      `compact at 400 px: Room 12 (30) ${room12Across} across, North lab (75) ${await across()} across`,
    );
  });

  it('keeps its order, by name, across a refresh that flips two devices (Problems first on)', async () => {
    if (!session) throw new Error('no session');
    const before = await tiles();
    const call = callerOf(session.service);
    // LAB-NORTH-WORKSTATION-01 was offline and 02 online: each flips.
    expect((await call('PATCH', '/_local/devices/100000200', { is_online: true })).status).toBe(
      200,
    );
    expect((await call('PATCH', '/_local/devices/100000201', { is_online: false })).status).toBe(
      200,
    );
    const flips = [
      { remoteId: '100000200', online: true },
      { remoteId: '100000201', online: false },
    ];
    await refreshUntil((state) => shows(state, flips), 'the two lab devices flipped');
    // Marked where they stand, at the top of the plan (Problems first would have moved them).
    const first = page.locator('.device-cell').first();
    await first.locator('.tile.changed.online').waitFor({ timeout: LIVE_TIMEOUT });
    await page
      .locator('.device-cell')
      .nth(1)
      .locator('.tile.changed.offline')
      .waitFor({ timeout: LIVE_TIMEOUT });
    expect(await tiles()).toEqual(before);
    await screenshot(page, join(SCREENSHOTS, 'compact-75-flipped-400x600-en.png'));
  });
});
