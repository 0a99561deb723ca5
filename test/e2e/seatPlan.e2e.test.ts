/**
 * The room as it stands, end to end: `npm run web` on a local service with a 24-device Room 12,
 * in Debian's Chromium at 400×600. The teacher arranges the room's plan, half of it by keyboard
 * only (Tab to the Not placed strip, Enter, the arrow keys, Enter; each move announced) and half
 * by dragging with the mouse (one move undone and made again, one by two clicks), then swaps two
 * by a finger; the preview restarts and every device is on its seat, at the same place on screen.
 * With an access running, its seat shows the student's first name (the short name there is room
 * for); a device that goes offline keeps its seat. A plan is imported, a broken one refused with a
 * sentence naming its line (nothing of it kept), and a school's plan is read from the policy's
 * RoomPlansFolder. Screenshots go to test-results/seat-plan-e2e/ (CLASSTRAY_SCREENSHOTS=1).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src-shared/i18n/languages';
import { account, devicesNamed, remoteIdIn } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { layoutProblems } from './layoutProbe';
import type { E2eSession } from './session';
import { english } from './words';
import {
  auditedShot,
  chooseLanguage,
  coreStateIn,
  LIVE_TIMEOUT,
  refreshUntil,
  resizeTo,
} from './session';
import { windowOn } from './window';

const two = (n: number) => String(n).padStart(2, '0');
const fixture = account({ 'room-12': 'Room 12', 'lab-1': 'Computer Lab 1' }, [
  ...devicesNamed('room-12', 'R12-PC', 24, 1, { is_online: true }).reverse(),
  ...devicesNamed('lab-1', 'LAB1-PC', 8, 100, { is_online: true }),
]);
const remoteIdOf = (alias: string): string => remoteIdIn(fixture, alias);

/**
 * Where the teacher puts R12-PCnn (1-based): rows of six from the front, each row filled from
 * the right, so that every move by keyboard needs the arrow keys.
 */
const seatOf = (n: number) => ({ row: Math.floor((n - 1) / 6) + 1, column: 6 - ((n - 1) % 6) });

/** The school's plans, beside the session's data folder (IT's folder, not the teacher's). */
const schoolFolder = `${process.cwd()}/test-results/seat-plan-e2e-school-${process.pid}`;
// There before the preview starts under the policy that names it; removed after it stopped.
beforeAll(async () => {
  await mkdir(schoolFolder, { recursive: true });
});
afterAll(() => rm(schoolFolder, { recursive: true, force: true }));

const opened = windowOn({
  name: 'seat-plan-e2e',
  account: fixture,
  listEveryClassroom: true,
  policy: () => ({ RoomPlansFolder: schoolFolder }),
});
const SCREENSHOTS = opened.screenshots;
let session: E2eSession;
let page: Page;
beforeAll(() => {
  ({ session, page } = opened);
});

/** Opens the window again at the preview's address and waits for the plan's seats. */
async function openPlan(): Promise<void> {
  await page.goto(session.preview.openUrl);
  await page.locator('.seat-grid [data-remote-id]').first().waitFor({ timeout: LIVE_TIMEOUT });
}

/** The live region's sentence once it says `expected`. */
const announced = (expected: string) =>
  expect.poll(() => page.locator('.seat-announcer').textContent()).toBe(expected);

/** Each device's seat as the window shows it: its row and seat, and its box on screen. */
const seatsShown = () =>
  page.locator('.seat-grid [data-remote-id]').evaluateAll((cells) =>
    Object.fromEntries(
      cells.map((cell) => {
        const box = cell.getBoundingClientRect();
        return [
          (cell as HTMLElement).dataset.remoteId ?? '',
          {
            row: Number((cell as HTMLElement).dataset.row),
            column: Number((cell as HTMLElement).dataset.column),
            box: { x: box.x, y: box.y, width: box.width, height: box.height },
          },
        ];
      }),
    ),
  );

/** Opens the classroom in the window, as the header's picker does (the preview's action). */
const selectClassroom = (id: string) =>
  page.evaluate(async (classroomId) => {
    await fetch('/api/actions/selectClassroom', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: classroomId }),
    });
  }, id);

/** The seat element of the plan at row/column. */
const seatAt = (seat: { row: number; column: number }) =>
  page.locator(`.seat-grid [data-row="${seat.row}"][data-column="${seat.column}"]`);

/** Presses Tab until the focus is on `selector` (at most `limit` times): keyboard only. */
async function tabTo(selector: string, limit = 30): Promise<void> {
  for (let press = 0; press < limit; press++) {
    const there = await page.evaluate(
      (wanted) => document.activeElement?.matches(wanted) === true,
      selector,
    );
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Drags the element to the seat with the mouse, in steps, as a hand does. */
async function drag(from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('arranging Room 12', { timeout: 180_000 }, () => {
  it('places 12 devices by keyboard only and 12 by mouse, and finds each on its seat after a restart', async () => {
    await page.locator('.device-toolbar [aria-pressed="false"]').click();
    await page.getByRole('button', { name: english('seatPlan.arrange'), exact: true }).click();
    await page.locator('.seat-grid').waitFor();
    // The core sized the room for its 24 devices: four rows of six.
    await expect.poll(() => page.locator('.seat-grid [role="gridcell"]').count()).toBe(24);
    await auditedShot(page, SCREENSHOTS, 'arranging-empty-400x600-en');

    // By keyboard only: Tab to the strip, Enter picks its first device (by name), the arrows
    // carry it from the first empty seat to its own, Enter drops it.
    const placed = new Set<string>();
    for (let n = 1; n <= 12; n++) {
      await tabTo('.seat-waiting-device');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        `R12-PC${two(n)}`,
      );
      await page.keyboard.press('Enter');
      await announced(
        `R12-PC${two(n)} picked up: choose a seat with the arrow keys, then press Enter.`,
      );
      // The first empty seat, row by row from the front, left to right.
      let start = { row: 1, column: 1 };
      search: for (let row = 1; row <= 4; row++) {
        for (let column = 1; column <= 6; column++) {
          if (!placed.has(`${row}/${column}`)) {
            start = { row, column };
            break search;
          }
        }
      }
      const target = seatOf(n);
      for (let step = start.column; step < target.column; step++) {
        await page.keyboard.press('ArrowRight');
      }
      for (let step = start.column; step > target.column; step--) {
        await page.keyboard.press('ArrowLeft');
      }
      for (let step = start.row; step < target.row; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await announced(`R12-PC${two(n)} moved to row ${target.row}, seat ${target.column}.`);
      placed.add(`${target.row}/${target.column}`);
      await expect
        .poll(() => seatAt(target).getAttribute('data-remote-id'))
        .toBe(remoteIdOf(`R12-PC${two(n)}`));
    }
    // Escape puts a carried device back where it was.
    await tabTo('.seat-waiting-device');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await auditedShot(page, SCREENSHOTS, 'arranging-carried-400x600-en');
    await page.keyboard.press('Escape');
    await announced('R12-PC13 stays where it was.');
    await expect.poll(() => page.locator('.seat-waiting-device').count()).toBe(12);

    // By mouse: each from the strip onto its seat.
    for (let n = 13; n <= 24; n++) {
      await drag(page.locator('.seat-waiting-device').first(), seatAt(seatOf(n)));
      await announced(`R12-PC${two(n)} moved to row ${seatOf(n).row}, seat ${seatOf(n).column}.`);
      if (n === 24) {
        // The last move undone: PC24 waits in the strip again; then placed by two clicks.
        await page.getByRole('button', { name: english('seatPlan.undo'), exact: true }).click();
        await announced('Last move undone. R12-PC24 moved to Not placed.');
        await expect.poll(() => page.locator('.seat-waiting-device').count()).toBe(1);
        await page.locator('.seat-waiting-device').click();
        await seatAt(seatOf(n)).click();
        await announced(`R12-PC24 moved to row ${seatOf(n).row}, seat ${seatOf(n).column}.`);
      }
    }
    // A drag of a seated device onto another swaps them, and Undo swaps them back.
    await drag(seatAt(seatOf(1)), seatAt(seatOf(2)));
    await expect
      .poll(() => seatAt(seatOf(1)).getAttribute('data-remote-id'))
      .toBe(remoteIdOf('R12-PC02'));
    await page.getByRole('button', { name: english('seatPlan.undo'), exact: true }).click();
    await expect
      .poll(() => seatAt(seatOf(1)).getAttribute('data-remote-id'))
      .toBe(remoteIdOf('R12-PC01'));
    await auditedShot(page, SCREENSHOTS, 'arranged-400x600-en');
    await page.getByRole('button', { name: english('seatPlan.done'), exact: true }).click();

    const before = await seatsShown();
    for (let n = 1; n <= 24; n++) {
      const { row, column } = before[remoteIdOf(`R12-PC${two(n)}`)] ?? {};
      expect({ row, column }, `R12-PC${two(n)}`).toEqual(seatOf(n));
    }
    // A room of 24 (and its Not placed strip) at 400×600: nothing scrolls sideways.
    expect(
      await page.locator('.seat-plan').evaluate((plan) => plan.scrollWidth <= plan.clientWidth),
    ).toBe(true);
    await auditedShot(page, SCREENSHOTS, 'plan-400x600-en');

    await session.restartPreview();
    await openPlan();
    expect(await seatsShown()).toEqual(before);
  });

  it("shows the student's first name on the seat of a running access, and keeps an offline device's seat", async () => {
    const remoteId = remoteIdOf('R12-PC07');
    const token = await newAccessToken(session.service, remoteId);
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/actions/addTemporalAccess', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { linkOrToken: token, studentName: 'Valentina Rossi', remoteId },
    );
    expect(status).toBe(200);
    const seat = page.locator(`.seat-grid [data-remote-id="${remoteId}"]`);
    // The first name where the seat has room for it whole, else the initials: never a cut word
    // (at 400 px a seat is narrower than "Valentina" in bold).
    const student = seat.locator('.seat-student');
    await expect.poll(() => student.textContent()).toMatch(/^(Valentina|V\. R\.)$/);
    expect(await student.evaluate((shown) => shown.scrollWidth <= shown.clientWidth)).toBe(true);
    const box = await seat.boundingBox();

    const response = await callerOf(session.service)('PATCH', `/_local/devices/${remoteId}`, {
      is_online: false,
    });
    expect(response.status).toBe(200);
    await refreshUntil(
      session,
      page,
      (state) => state.classroom.devices.find((one) => one.remoteId === remoteId)?.online === false,
      'R12-PC07 offline',
    );
    // Offline under a running access: the alarm's mark, on the same seat.
    await expect.poll(() => seat.locator('.seat-device.offline.urgent').count()).toBe(1);
    expect(await seat.boundingBox()).toEqual(box);
    expect(await seat.locator('.visually-hidden').textContent()).toContain('Valentina Rossi');
    await auditedShot(page, SCREENSHOTS, 'plan-access-offline-400x600-en');
  });

  it('swaps two devices by a finger dragging one onto the other', async () => {
    const context = await session.newContext({
      viewport: { width: 400, height: 600 },
      hasTouch: true,
    });
    const tablet = await context.newPage();
    await tablet.goto(session.preview.openUrl);
    await tablet.locator('.seat-grid [data-remote-id]').first().waitFor({ timeout: LIVE_TIMEOUT });
    await tablet.getByRole('button', { name: english('seatPlan.arrange'), exact: true }).tap();
    const cdp = await context.newCDPSession(tablet);
    const centre = async (seat: { row: number; column: number }) => {
      const box = await tablet
        .locator(`.seat-grid [data-row="${seat.row}"][data-column="${seat.column}"]`)
        .boundingBox();
      if (!box) throw new Error('no seat');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    /** One finger from a seat to another, in steps, as Chromium's touch input gives it. */
    const swipe = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let step = 1; step <= 8; step++) {
        const point = {
          x: from.x + ((to.x - from.x) * step) / 8,
          y: from.y + ((to.y - from.y) * step) / 8,
        };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const seatOfPc = (n: number) =>
      tablet
        .locator(`.seat-grid [data-remote-id="${remoteIdOf(`R12-PC${two(n)}`)}"]`)
        .getAttribute('data-column');
    await swipe(await centre(seatOf(3)), await centre(seatOf(4)));
    await expect.poll(() => seatOfPc(3)).toBe(String(seatOf(4).column));
    expect(await seatOfPc(4)).toBe(String(seatOf(3).column));
    await swipe(await centre(seatOf(4)), await centre(seatOf(3)));
    await expect.poll(() => seatOfPc(3)).toBe(String(seatOf(3).column));
    await tablet.getByRole('button', { name: english('seatPlan.done'), exact: true }).tap();
    await context.close();
  });

  it('opens the same actions as the row from a seat, and goes back to the seat with Escape', async () => {
    const seat = page.locator(`.seat-grid [data-remote-id="${remoteIdOf('R12-PC03')}"]`);
    await seat.click();
    const actions = page.getByRole('group', {
      name: english('seatPlan.actionsFor', { name: 'R12-PC03' }),
      exact: true,
    });
    await expect
      .poll(() =>
        actions
          .getByRole('button', {
            name: english('accesses.addFor', { name: 'R12-PC03' }),
            exact: true,
          })
          .count(),
      )
      .toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => actions.count()).toBe(0);
    expect(await seat.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('sharing plans', { timeout: 120_000 }, () => {
  /** Imports `text` through the Import plan button's file chooser. */
  async function importPlan(text: string): Promise<void> {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: english('seatPlan.importPlan'), exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: 'room-12.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  it('imports a plan, says which seats name devices the room lacks, and refuses a broken one by its line', async () => {
    const exported = await page.evaluate(async () => {
      const response = await fetch('/api/actions/exportSeatPlan', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ classroomId: 'room-12' }),
      });
      return ((await response.json()) as { result: { text: string } }).result.text;
    });
    const plan = JSON.parse(exported) as {
      seats: { row: number; column: number; remoteId: string }[];
    };
    // PC01 and PC02 swapped, and one device this room does not have on the free fifth row.
    const swapped = {
      ...plan,
      rows: 5,
      seats: [
        ...plan.seats.map((seat) =>
          seat.remoteId === remoteIdOf('R12-PC01')
            ? { ...seat, remoteId: remoteIdOf('R12-PC02') }
            : seat.remoteId === remoteIdOf('R12-PC02')
              ? { ...seat, remoteId: remoteIdOf('R12-PC01') }
              : seat,
        ),
        { row: 5, column: 1, remoteId: '999999999', name: 'R12-PC99' },
      ],
    };
    await importPlan(JSON.stringify(swapped, null, 2));
    await announced(
      'Plan imported. Seats naming a device this room does not have: 1. They stay empty.',
    );
    await expect
      .poll(() => seatAt(seatOf(1)).getAttribute('data-remote-id'))
      .toBe(remoteIdOf('R12-PC02'));
    await expect
      .poll(() => seatAt({ row: 5, column: 1 }).locator('.seat-device.left').count())
      .toBe(1);

    // Two devices on one seat, on the file's seventh line: refused, nothing kept.
    const lines = JSON.stringify(swapped, null, 2).split('\n');
    const broken = JSON.stringify(
      { ...swapped, seats: [swapped.seats[0], { ...swapped.seats[0], remoteId: '100000005' }] },
      null,
      2,
    );
    expect(lines.length).toBeGreaterThan(7);
    await importPlan(broken);
    const line = broken.split('\n').findIndex((text, index) => index > 8 && text.includes('{')) + 1;
    await expect
      .poll(() => page.locator('.seat-bar .action-error').textContent())
      .toContain(`Line ${line} puts a second device on one seat: nothing was imported.`);
    const state = await coreStateIn(page);
    expect(state.seatPlan.plan?.rows).toBe(5);
    expect(state.seatPlan.plan?.seats).toHaveLength(25);

    await importPlan('{\n  "seatPlan": 1,\n  "rows": 4\n  "columns": 6\n}');
    await expect
      .poll(() => page.locator('.seat-bar .action-error').textContent())
      .toContain('Line 4 is not valid JSON: nothing was imported.');
    await auditedShot(page, SCREENSHOTS, 'import-refused-400x600-en');

    // The seat of the device the room does not have stays until the teacher clears it.
    await page.getByRole('button', { name: english('seatPlan.arrange'), exact: true }).click();
    await auditedShot(page, SCREENSHOTS, 'arranging-left-device-400x600-en');
    await page
      .getByRole('button', {
        name: english('seatPlan.clearSeat', { name: 'R12-PC99' }),
        exact: true,
      })
      .click();
    await announced('Row 5, seat 1, empty');
    await expect.poll(async () => (await coreStateIn(page)).seatPlan.plan?.seats.length).toBe(24);
    await page.getByRole('button', { name: english('seatPlan.done'), exact: true }).click();
  });

  it("shows the school's plan of a room from RoomPlansFolder, which the teacher may still adjust", async () => {
    const lab = fixture.devices.filter((one) => one.classroom === 'lab-1');
    const schoolPlan = {
      seatPlan: 1,
      rows: 2,
      columns: 4,
      front: 'bottom',
      seats: lab.map((one, index) => ({
        row: Math.floor(index / 4) + 1,
        column: (index % 4) + 1,
        remoteId: one.remote_id,
      })),
    };
    await writeFile(join(schoolFolder, 'lab-1.json'), JSON.stringify(schoolPlan));
    await selectClassroom('lab-1');
    await expect.poll(() => page.locator('.seat-source').textContent()).toBe("Your school's plan");
    await expect.poll(() => page.locator('.seat-grid [data-remote-id]').count()).toBe(8);
    // Front at the bottom: row 1 is the lowest row on screen.
    const first = await seatAt({ row: 1, column: 1 }).boundingBox();
    const second = await seatAt({ row: 2, column: 1 }).boundingBox();
    expect(first && second && first.y > second.y).toBe(true);
    await auditedShot(page, SCREENSHOTS, 'school-plan-400x600-en');
    await chooseLanguage(page, 'ar');
    // Never mirrored: seat 1 stays on the left in Arabic.
    const seat1 = await seatAt({ row: 1, column: 1 }).boundingBox();
    const seat4 = await seatAt({ row: 1, column: 4 }).boundingBox();
    expect(seat1 && seat4 && seat1.x < seat4.x).toBe(true);
    await auditedShot(page, SCREENSHOTS, 'school-plan-400x600-ar');
    await chooseLanguage(page, 'en');
  });
});

/**
 * The plan's words cut where they must read whole (its buttons, labels, notes, a device's short
 * name); a student's first name may end in "…" on a narrow seat (the seat's words say it whole).
 */
const cutInPlan = () =>
  page.evaluate(() => {
    const whole = '.seat-bar *, .seat-size *, .seat-front, .seat-note, .seat-heading, .seat-name';
    return [...document.querySelectorAll<HTMLElement>(whole)]
      .filter(
        (element) =>
          element.offsetParent !== null &&
          !element.closest('.visually-hidden') &&
          (element.textContent ?? '').trim() !== '' &&
          // Not a pixel of tolerance: a name one pixel too wide ends in "…".
          element.scrollWidth > element.clientWidth,
      )
      .map((element) => `<${element.className}> "${(element.textContent ?? '').trim()}" is cut`);
  });

describe(
  'the plan in nine languages at 320×480 (a 640×960 window at 200%)',
  { timeout: 240_000 },
  () => {
    it('reflows with every word whole, axe finding nothing, shown and while arranging', async () => {
      await selectClassroom('room-12');
      await page.locator('.seat-grid [data-remote-id]').first().waitFor();
      await resizeTo(page, { width: 320, height: 480 });
      for (const language of LOCALES) {
        await chooseLanguage(page, language);
        expect(await layoutProblems(page), language).toEqual([]);
        expect(await cutInPlan(), language).toEqual([]);
        await auditedShot(page, SCREENSHOTS, `plan-320x480-${language}`);
        await page.locator('.seat-bar button').first().click();
        await page.locator('.seat-size').waitFor();
        expect(await layoutProblems(page), `${language}, arranging`).toEqual([]);
        expect(await cutInPlan(), `${language}, arranging`).toEqual([]);
        await auditedShot(page, SCREENSHOTS, `arranging-320x480-${language}`);
        await page.locator('.seat-bar button').first().click();
        await page.locator('.seat-size').waitFor({ state: 'detached' });
      }
      await chooseLanguage(page, 'en');
      // The dark theme: every seat's state still 4.5:1 (axe's contrast check).
      await page.emulateMedia({ colorScheme: 'dark' });
      await auditedShot(page, SCREENSHOTS, 'plan-320x480-en-dark');
      await page.emulateMedia({ colorScheme: 'light' });
    });
  },
);
