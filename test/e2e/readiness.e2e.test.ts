/**
 * Ready before the bell, end to end: the preview on a local service, in Debian's Chromium. A
 * device goes offline and the room's readiness says since when; the preview restarts and says the
 * same time; the device comes back and leaves the list. The report for IT copied from the window
 * names the offline devices with their remote ids and times and no student; `npm run readiness`
 * prints the same devices and exits 1, then 0 once they are back. Ten minutes before a lesson in
 * another room with 2 devices offline, the window's notice names the room, the lesson's time and
 * "2 of 5"; with all online, no notice. Each state audited by axe.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITE_EVERY_MS } from '../../src-main/core/readiness/availability';
import { runReadiness } from '../../src-main/morningCheck/readinessCommand';
import { account, devicesNamed, remoteIdIn } from '../support/fixtures';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { LOCALES } from '../../src-shared/i18n/languages';
import { layoutProblems } from './layoutProbe';
import { english } from './words';
import {
  auditedShot,
  chooseLanguage,
  resizeTo,
  coreStateIn,
  LIVE_TIMEOUT,
  openWindow,
  refreshUntil,
} from './session';
import { windowOn } from './window';

const STUDENT = 'Valentina Rossi';
const IT = 'it@school.example';

const two = (n: number) => String(n).padStart(2, '0');
const fixture = account({ 'room-12': 'Room 12', library: 'Library' }, [
  ...devicesNamed('room-12', 'R12-PC', 6, 1, { is_online: true }),
  ...devicesNamed('library', 'LIB-PC', 5, 200, { is_online: true }),
]);
const remoteIdOf = (alias: string): string => remoteIdIn(fixture, alias);

const opened = windowOn({
  name: 'readiness-e2e',
  account: fixture,
  listEveryClassroom: true,
  // The school's IT contact: "Email IT" writes to it.
  policy: () => ({ SupportEmail: IT }),
});
const TOKEN = opened.token;
const SCREENSHOTS = opened.screenshots;
let page: Page;
beforeAll(async () => {
  ({ page } = opened);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

const live = () => opened.session;

async function setOnline(aliases: readonly string[], online: boolean): Promise<void> {
  const call = callerOf(live().service);
  for (const alias of aliases) {
    const answer = await call('PATCH', `/_local/devices/${remoteIdOf(alias)}`, {
      is_online: online,
    });
    expect(answer.status).toBe(200);
  }
}

async function act(action: string, data: unknown): Promise<void> {
  const origin = new URL(live().preview.openUrl).origin;
  const answer = await page.context().request.post(`${origin}/api/actions/${action}`, { data });
  expect(answer.status(), `${action} ${JSON.stringify(data)}`).toBe(200);
}

const readinessButton = () => page.locator('header .readiness-button');
const panel = () => page.locator('#readiness');
const deviceItem = (alias: string) => panel().locator('.readiness-device', { hasText: alias });
const shot = (name: string) => auditedShot(page, SCREENSHOTS, name);

async function openReadiness(): Promise<void> {
  await readinessButton().waitFor({ timeout: LIVE_TIMEOUT });
  if ((await readinessButton().getAttribute('aria-expanded')) !== 'true') {
    await readinessButton().click();
  }
  await panel().waitFor();
}

describe('the room’s readiness', { timeout: 120_000 }, () => {
  it('says since when a device is offline, the same after a restart, and drops it once back', async () => {
    await openReadiness();
    // The header's count opens the readiness; the readiness says how many are ready.
    await expect.poll(() => readinessButton().textContent()).toBe('6 of 6 online');
    const readyCount = panel().locator('.readiness-count strong');
    expect(await readyCount.textContent()).toBe('6 of 6 ready');
    await setOnline(['R12-PC02'], false);
    await refreshUntil(
      live(),
      page,
      (state) => state.readiness.open?.offline === 1,
      'R12-PC02 offline',
    );
    const reason = deviceItem('R12-PC02').locator('.readiness-reason');
    await expect
      .poll(() => reason.textContent(), { timeout: LIVE_TIMEOUT })
      .toMatch(/^Offline since \u2068\d\d:\d\d\u2069$/);
    const since = await reason.textContent();
    expect(await readyCount.textContent()).toBe('5 of 6 ready');
    await shot('offline-en');

    await live().restartPreview();
    await openWindow(page, live().preview.openUrl);
    await openReadiness();
    await expect
      .poll(() => deviceItem('R12-PC02').locator('.readiness-reason').textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toBe(since);

    await setOnline(['R12-PC02'], true);
    await refreshUntil(live(), page, (state) => state.readiness.open?.offline === 0, 'back');
    await deviceItem('R12-PC02').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await panel().getByText(english('readiness.allReady'), { exact: true }).waitFor();
    expect(await readyCount.textContent()).toBe('6 of 6 ready');
  });

  it('copies a report for IT with the devices, their remote ids and times, and no student', async () => {
    // A student works on one of the devices that goes offline: the teacher's notebook names them.
    const token = await newAccessToken(live().service, remoteIdOf('R12-PC03'));
    await act('addTemporalAccess', {
      linkOrToken: token,
      studentName: STUDENT,
      remoteId: remoteIdOf('R12-PC03'),
    });
    await setOnline(['R12-PC03', 'R12-PC05'], false);
    await refreshUntil(live(), page, (state) => state.readiness.open?.offline === 2, 'two offline');
    await openReadiness();
    await deviceItem('R12-PC05').waitFor({ timeout: LIVE_TIMEOUT });
    await panel()
      .getByRole('button', { name: english('readiness.copyReport'), exact: true })
      .click();
    await panel()
      .getByRole('status')
      .getByText(english('readiness.copied'), { exact: true })
      .waitFor();
    const report = await page.evaluate(() => navigator.clipboard.readText());
    await shot('copied-en');

    const lines = report.split('\n');
    expect(lines[1]).toBe('Room: Room 12 (id room-12)');
    expect(report).toContain('Ready: 4 of 6. Offline: 2.');
    for (const alias of ['R12-PC03', 'R12-PC05']) {
      const line = lines.find((one) => one.startsWith(`- ${alias} `));
      expect(line).toMatch(
        new RegExp(
          `^- ${alias} \\(remote id ${remoteIdOf(alias)}\\): offline since .+\\d\\d:\\d\\d$`,
        ),
      );
    }
    expect(report).not.toContain(STUDENT);
    expect(report).not.toContain('Valentina');
    expect(report).not.toContain(TOKEN);
    expect(report).not.toContain(token);
    expect(report).not.toContain('pw-');

    // The command line, for IT's scripts: the same devices, exit 1; 0 once they are back.
    const command = async () => {
      let out = '';
      const code = await runReadiness({
        argv: [
          '--classroom',
          'room-12',
          '--service-url',
          live().service.url,
          '--data-dir',
          live().dataDir,
        ],
        env: { CLASSTRAY_TOKEN: TOKEN },
        out: (text) => (out += text),
        err: (text) => (out += text),
      });
      return { code, out };
    };
    // The app writes its history at most every 10 s: the command reads what is on disk.
    await live().skip(WRITE_EVERY_MS);
    await expect
      .poll(async () => (await command()).out, { timeout: LIVE_TIMEOUT })
      .toMatch(/R12-PC05 \(remote id \d+\): offline since/);
    const notReady = await command();
    expect(notReady.code).toBe(1);
    const printed = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('- '))
        .map((line) => line.split(':')[0]);
    expect(printed(notReady.out)).toEqual(printed(report));
    expect(notReady.out).toMatch(/R12-PC03 \(remote id \d+\): offline since/);
    expect(notReady.out).not.toContain(STUDENT);

    // "Email IT": the same text to the school's IT contact.
    const mail = await panel()
      .getByRole('link', { name: english('readiness.emailIt'), exact: true })
      .getAttribute('href');
    expect(mail?.startsWith(`mailto:${IT}?subject=`)).toBe(true);
    const body = decodeURIComponent(new URL(mail ?? '').searchParams.get('body') ?? '');
    // The same text, but for the time of the check: a refresh between the copy and this look
    // checks the room again (CI crossed a minute there).
    const checkedAside = (text: string) => text.replace(/^Checked: .*$/m, 'Checked: …');
    expect(body).toMatch(/^Checked: .+$/m);
    expect(checkedAside(body)).toBe(checkedAside(report));
    expect(body).not.toContain(STUDENT);

    // Whole words at 320 px, in every language, right to left in Arabic; axe finds nothing.
    await resizeTo(page, { width: 320, height: 480 });
    for (const language of LOCALES) {
      await chooseLanguage(page, language);
      await deviceItem('R12-PC05').waitFor();
      expect(await cutWords(), language).toEqual([]);
      expect(await layoutProblems(page), language).toEqual([]);
      await shot(`report-320-${language}`);
    }
    await chooseLanguage(page, 'en');
    await resizeTo(page, { width: 400, height: 600 });
    // The dark theme's colours pass too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('report-dark-en');
    await page.emulateMedia({ colorScheme: 'light' });

    // With the keyboard: Esc goes back to the devices and to the count that opened it.
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toContain(
      'readiness-button',
    );
    await page.keyboard.press('Enter');
    await panel().waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');

    await setOnline(['R12-PC03', 'R12-PC05'], true);
    expect((await command()).code).toBe(0);
    await act('removeTemporalAccess', { token });
  });
});

/** Texts of the readiness (or `area`) cut at its right or left edge, or wider than their box. */
function cutWords(area = '#readiness'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const root = document.querySelector(selector);
    if (!root) return [`no ${selector}`];
    const edge = root.getBoundingClientRect();
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if ((element.textContent ?? '').trim() === '' || element.offsetParent === null) continue;
      const box = element.getBoundingClientRect();
      const text = (element.textContent ?? '').trim().slice(0, 40);
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        found.push(`"${text}" is wider than its box`);
      }
      if (box.left < edge.left - 1 || box.right > edge.right + 1) {
        found.push(`"${text}" runs out of the window`);
      }
    }
    return [...new Set(found)];
  }, area);
}

describe('before a lesson in another room', { timeout: 120_000 }, () => {
  /** A weekly lesson in the library, starting `minutes` from the session's time (a whole minute). */
  function lessonIn(minutes: number) {
    const start = new Date(Math.ceil((live().clock.now() + minutes * 60_000) / 60_000) * 60_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const clock = (at: Date) => `${two(at.getHours())}:${two(at.getMinutes())}`;
    const crossesMidnight = end.getDate() !== start.getDate();
    return {
      start,
      time: clock(start),
      lesson: {
        weekday: ((start.getDay() + 6) % 7) + 1,
        start: clock(start),
        end: crossesMidnight ? '23:59' : clock(end),
        classroomId: 'library',
      },
    };
  }

  it('says the room, the time and "2 of 5" with 2 devices offline; nothing when all are online', async () => {
    await setOnline(['LIB-PC02', 'LIB-PC04'], false);
    const first = lessonIn(12);
    await act('setTimetableSource', { kind: 'weekly', lessons: [first.lesson] });
    // To 10 minutes before the lesson: its room is checked.
    await live().skip(first.start.getTime() - 10 * 60_000 - live().clock.now() + 1_000);
    const notice = page.locator('.readiness-notice');
    await notice.waitFor({ timeout: LIVE_TIMEOUT });
    const text = (await notice.locator('p').textContent()) ?? '';
    expect(text.replace(/[\u2068\u2069]/g, '')).toBe(
      `Library at ${first.time}: 2 of 5 devices offline`,
    );
    await shot('notice-en');
    // Whole at 320 px in every language, right to left in Arabic.
    await resizeTo(page, { width: 320, height: 480 });
    for (const language of LOCALES) {
      await chooseLanguage(page, language);
      expect(await cutWords('.readiness-notice'), language).toEqual([]);
      expect(await layoutProblems(page), language).toEqual([]);
      await shot(`notice-320-${language}`);
    }
    await chooseLanguage(page, 'en');
    await resizeTo(page, { width: 400, height: 600 });
    await notice
      .getByRole('button', { name: english('readiness.noticeShow'), exact: true })
      .click();
    await panel()
      .getByRole('heading', { name: english('readiness.title', { room: 'Library' }), exact: true })
      .waitFor();
    for (const alias of ['LIB-PC02', 'LIB-PC04']) await deviceItem(alias).waitFor();
    expect(await panel().locator('.readiness-device').count()).toBe(2);
    await shot('lesson-room-en');
    await panel()
      .getByRole('button', { name: english('readiness.close'), exact: true })
      .click();

    // All online: the next lesson's check says nothing.
    await setOnline(['LIB-PC02', 'LIB-PC04'], true);
    const second = lessonIn(1);
    await act('setTimetableSource', { kind: 'weekly', lessons: [second.lesson] });
    await expect
      .poll(async () => (await coreStateIn(page)).readiness.lesson, { timeout: LIVE_TIMEOUT })
      .toBeNull();
    await notice.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await act('setTimetableSource', { kind: 'none' });
  });
});
