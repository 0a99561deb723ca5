/**
 * What every end-to-end file starts: a local service, `npm run web` on it (with its own data
 * folder; in this process unless the file proves the command itself), Chromium with one page, and
 * the file's screenshot folder, all on one clock the test skips forward (`skip`): the core's
 * timers, the service's time and every page's. Every context it opens is signed in to the
 * preview in use (restartPreview signs the open ones in again), as a browser that opened the
 * launch page is. `stop` ends all of it and removes the data folder; the screenshots stay.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  Locator,
} from 'playwright-core';
import { expect, vi } from 'vitest';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { SENTENCES } from '../../src-shared/i18n';
import { LOCALES, SPOKEN_LANGUAGES, type Locale } from '../../src-shared/i18n/languages';
import type { Language } from '../../src-shared/locale';
import type { LessonSpec } from '../support/calendarText';
import { calendarText } from '../support/calendarText';
import { launchChromium } from '../support/chromium';
import type { SkippableClock } from '../support/skippableClock';
import { skippableClock } from '../support/skippableClock';
import { callerOf, newAccessToken } from '../support/localServiceControl';
import { axeViolations } from './axe';
import type { PreviewProcess } from './previewProcess';
import { startPreview, startPreviewHere } from './previewProcess';
import { english } from './words';

/** Polling every 5 s (the shortest allowed) plus the client's retries and backoff. */
export const LIVE_TIMEOUT = 30_000;

export interface E2eSession {
  /** The service in use: startServiceAgain() replaces it. */
  service: RunningLocalService;
  /**
   * Starts the local service again on the first one's port once a test has closed it (an outage
   * that ends): with the session's token and fixture unless told otherwise. `stop` closes it.
   */
  startServiceAgain: (changes?: {
    token?: string;
    fixture?: AccountData;
  }) => Promise<RunningLocalService>;
  /** The preview in use: restartPreview() replaces it. */
  preview: PreviewProcess;
  /** The preview's data folder (its settings.json), kept across restartPreview(). */
  dataDir: string;
  /** Stops the preview, lets `between` change its data folder, and starts it again there. */
  restartPreview: (between?: () => Promise<void>) => Promise<PreviewProcess>;
  browser: Browser;
  /** Not navigated yet: a test may listen to it first. */
  page: Page;
  /**
   * A browser context on the session's clock (its pages' Date and timers skip with it), signed in
   * to the preview; closed by `stop` if the test has not closed it.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /**
   * The session's time: the preview's core and the service read it. Skipped by `skip`; with a
   * preview run as the command, only the service's and the pages' time skips.
   */
  clock: SkippableClock;
  /**
   * Moves the session's time forward by `ms`, at once: the core's timers that come due fire, the
   * service answers as at the later time, and each page's clock jumps too (as after a sleep).
   */
  skip: (ms: number) => Promise<void>;
  stop: () => Promise<void>;
}

export async function startE2eSession(options: {
  fixture: AccountData;
  token: string;
  classroom: string;
  viewport: { width: number; height: number };
  locale?: string;
  /** The window's time zone (the machine's unless told): see localTime.ts's noonZone. */
  timezoneId?: string;
  /** The preview's visible poll interval (startPreview's default otherwise). */
  pollSeconds?: number;
  /** The file's screenshot folder, created if missing. */
  screenshots: string;
  /** A school policy the preview runs under (--policy-file), made for the session's service. */
  policy?: (serviceUrl: string) => unknown;
  /** Runs `npm run web` itself in a child process (its core then on real time). */
  previewAsCommand?: boolean;
}): Promise<E2eSession> {
  await mkdir(options.screenshots, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'classtray-e2e-'));
  const clock = skippableClock();
  const contexts = new Set<BrowserContext>();
  // Stopped in reverse order, also when a later step fails to start.
  const stoppers: (() => Promise<unknown>)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
    async () => clock.dispose(),
  ];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne();
    stoppers.length = 0;
  };
  try {
    let service = await startLocalService({
      token: options.token,
      fixture: options.fixture,
      clock: clock.now,
    });
    const servicePort = Number(new URL(service.url).port);
    // Closes whichever service is in use by then.
    stoppers.push(() => service.close());
    // Beside the data folder, never in it: the preview's settings are not IT's file.
    const policyFile = `${dataDir}-policy.json`;
    if (options.policy) {
      await writeFile(policyFile, JSON.stringify(options.policy(service.url)));
      stoppers.push(() => rm(policyFile, { force: true }));
    }
    const startOnFolder = () => {
      const previewOptions = {
        ...(options.policy ? { policyFile } : {}),
        serviceUrl: service.url,
        classroom: options.classroom,
        dataDir,
        token: options.token,
        ...(options.pollSeconds === undefined ? {} : { pollSeconds: options.pollSeconds }),
      };
      return options.previewAsCommand
        ? startPreview(previewOptions)
        : startPreviewHere({ ...previewOptions, clock });
    };
    let preview = await startOnFolder();
    // Stops whichever preview is in use by then.
    stoppers.push(() => preview.stop());
    const browser = await launchChromium();
    stoppers.push(() => browser.close());
    const newContext = async (contextOptions?: BrowserContextOptions) => {
      const context = await browser.newContext(contextOptions);
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      await context.clock.install({ time: clock.now() });
      await preview.signIn(context);
      return context;
    };
    const context = await newContext({
      viewport: options.viewport,
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
    });
    const session: E2eSession = {
      service,
      async startServiceAgain(changes = {}) {
        service = await startLocalService({
          token: changes.token ?? options.token,
          fixture: changes.fixture ?? options.fixture,
          port: servicePort,
          clock: clock.now,
        });
        session.service = service;
        return service;
      },
      preview,
      dataDir,
      async restartPreview(between) {
        await preview.stop();
        await between?.();
        preview = await startOnFolder();
        session.preview = preview;
        // A new port: a new cookie name, so every open context signs in again.
        for (const open of contexts) await preview.signIn(open);
        return preview;
      },
      browser,
      page: await context.newPage(),
      newContext,
      clock,
      async skip(ms) {
        clock.skip(ms);
        for (const open of contexts) await open.clock.fastForward(ms);
      },
      stop,
    };
    return session;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Restarts the preview with the teacher's list of classrooms as saved in its settings (the room
 * open and the rooms listed, with their nicknames), as a teacher left them before the test.
 */
export async function restartWithClassrooms(
  session: E2eSession,
  classrooms: { current: string; recent: readonly { id: string; nickname: string }[] },
): Promise<PreviewProcess> {
  const settingsFile = join(session.dataDir, 'settings.json');
  return session.restartPreview(async () => {
    const saved = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    await writeFile(settingsFile, JSON.stringify({ ...saved, classrooms }));
  });
}

/**
 * Imports `lessons` as the teacher's timetable, as a teacher does: Settings, lessons from "An
 * .ics file, imported once", the file chosen; the controls found by their names in `words`, the window's
 * language's (English unless told). The settings stay open, on the place questions if any.
 */
export async function importTimetable(
  page: Page,
  lessons: readonly LessonSpec[],
  words: TFunction = english,
): Promise<void> {
  await page.getByRole('button', { name: words('header.settings'), exact: true }).click();
  await page
    .getByRole('combobox', { name: words('timetable.source'), exact: true })
    .selectOption('file');
  await page.getByLabel(words('timetable.importFile'), { exact: true }).setInputFiles({
    name: 'timetable.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(calendarText(lessons)),
  });
}

/**
 * The time `at` as the window's clocks write it in `language`: hours and minutes, 24-hour, in the
 * page's time zone.
 */
export function clockTime(page: Page, at: number, language: string): Promise<string> {
  return page.evaluate(
    ([when, lang]) =>
      new Date(when).toLocaleTimeString(lang, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    [at, language] as const,
  );
}

/**
 * Opens the window at the preview's printed address (the page's context signed in) and waits for
 * its first device row.
 */
export async function openWindow(page: Page, openUrl: string): Promise<void> {
  await page.goto(openUrl);
  await page
    .getByRole('list', { name: 'Devices' })
    .getByRole('listitem')
    .first()
    .waitFor({ timeout: LIVE_TIMEOUT });
}

/**
 * Opens the access cards, folded to one summary line above the device list, as the teacher
 * does; nothing happens when they are open (a row's Add access opens them too).
 */
export async function openAccessCards(page: Page): Promise<void> {
  const toggle = page.locator('.accesses-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/**
 * Screenshots are for a person to look at, not a proof: written when `CLASSTRAY_SCREENSHOTS=1`
 * (`CLASSTRAY_SCREENSHOTS=1 npm run test:e2e`), skipped otherwise. Each costs about a fifth of
 * an axe run here, and the suite's audits would write about a thousand.
 */
export const SCREENSHOTS_WANTED = process.env.CLASSTRAY_SCREENSHOTS === '1';

/**
 * Resizes `page`'s window and lets it draw a frame at the new size before anything is read: the
 * virtual lists measure themselves in a real frame (ResizeObserver).
 */
export async function resizeTo(
  page: Page,
  viewport: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(viewport);
  await drawFrames(page);
}

/**
 * Has the page go through two frames' rendering steps, so what it shows is rendered and measured:
 * the virtual lists' ResizeObserver reports in the first, the rows they render are laid out in the
 * second. A ResizeObserver's first report on a new element comes in a real frame, which the pages'
 * faked requestAnimationFrame (Playwright's clock) does not wait for. The probe is out of the
 * flow and gone before the frame is painted. Half the time of the one-pixel screenshots it
 * replaces, which drew a frame each too.
 */
async function drawFrames(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) {
      await new Promise<void>((resolve) => {
        const probe = document.createElement('div');
        probe.style.position = 'fixed';
        document.documentElement.append(probe);
        new ResizeObserver((_, observer) => {
          observer.disconnect();
          probe.remove();
          resolve();
        }).observe(probe);
      });
    }
  });
}

/** Screenshots `page` to `path` when screenshots are wanted. */
export async function screenshot(page: Page, path: string): Promise<void> {
  if (SCREENSHOTS_WANTED) await page.screenshot({ path });
}

/** Screenshots the state into `folder` as `name`.png (when wanted); any axe violation fails the test. */
export async function auditedShot(page: Page, folder: string, name: string): Promise<void> {
  // Drawn first, so what the virtual list measures on a frame (its rows' heights) is laid out.
  await drawFrames(page);
  await screenshot(page, join(folder, `${name}.png`));
  expect(await axeViolations(page), name).toEqual([]);
}

/** The label of the settings' language picker in any language: a word, no pattern characters. */
const languageLabel = new RegExp(
  `^(${LOCALES.map((code) => SENTENCES[code].settings.language).join('|')})`,
);

/** The settings' language picker, by its label (the settings have other selects). */
export const languageSelect = (page: Page) => page.getByLabel(languageLabel);

/**
 * Chooses the window's language as the settings' picker does (the same action, without opening
 * the settings, so a state under test stays as it is), and waits for the page to show it. The
 * preference is the preview's: every open window follows. `system` follows each browser's
 * language, but never into a language under way (src-shared/locale.ts): a test that reads a
 * language chooses it by its code. Usable in hooks too.
 */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await callAction(page, 'updatePreferences', { language });
  if (language !== 'system') await shownIn(page, language);
}

/** What a screen reader reads as a control's description: the text its aria-describedby names. */
export function describedBy(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/**
 * Waits, every frame, until the page is in `language`: its <html lang> and the direction that
 * goes with it (a language's first render on a loaded machine may take seconds).
 */
export async function shownIn(page: Page, language: Locale): Promise<void> {
  await page.waitForFunction(
    ([lang, dir]) => document.documentElement.lang === lang && document.documentElement.dir === dir,
    [language, SPOKEN_LANGUAGES[language].dir] as const,
    { timeout: LIVE_TIMEOUT },
  );
}

/** What the preview's core has now, as a window's state says. */
export function coreStateIn(page: Page): Promise<ClassTrayState> {
  return page.evaluate(async () => {
    const response = await fetch('/api/state', { credentials: 'same-origin' });
    return (await response.json()) as ClassTrayState;
  });
}

/**
 * Skips to the preview's next refresh (its 5 s poll, or an outage's shorter retry) until the core
 * has what `done` looks for. One skip may not do: a refresh already running when the time skips
 * (the poll also comes every 5 s of real time) may have asked the service before the change, and
 * plans the next one only when it ends. A refresh has ended after the skip once the next one is
 * planned past it.
 */
export async function refreshUntil(
  session: E2eSession,
  page: Page,
  done: (state: ClassTrayState) => boolean,
  what: string,
): Promise<void> {
  for (let refresh = 0; refresh < 4; refresh++) {
    await session.skip(5_000);
    const skippedTo = session.clock.now();
    // vi.waitUntil, not expect.poll: a class in motion starts in a beforeAll.
    await vi.waitUntil(
      async () => {
        const next = (await coreStateIn(page)).connection.nextAttemptAt;
        return next !== null && Date.parse(next) > skippedTo;
      },
      { timeout: LIVE_TIMEOUT, interval: 50 },
    );
    if (done(await coreStateIn(page))) return;
  }
  throw new Error(`not seen after 4 refreshes: ${what}\n${session.preview.logTail()}`);
}

/**
 * A running access on the service for this device, given in the window's access form with the
 * student's name, as a teacher gives one; its token.
 */
export async function giveNamedAccess(
  session: E2eSession,
  remoteId: string,
  student: string,
): Promise<string> {
  const { page } = session;
  const token = await newAccessToken(session.service, remoteId);
  await openAccessCards(page);
  await page.locator('.access-device-search').fill(remoteId);
  await page.waitForFunction(
    (id) => document.querySelector<HTMLSelectElement>('.access-device')?.value === id,
    remoteId,
  );
  await page.locator('.add-access .access-student').fill(student);
  const linkBox = page.locator('.add-access .access-input');
  await linkBox.fill(`https://remote.example/access/${token}`);
  await linkBox.press('Enter');
  return token;
}

/** What the service itself records of this access now: 'active', 'invalidated', 'expired'. */
export async function onTheService(service: RunningLocalService, token: string): Promise<string> {
  const response = await callerOf(service)('GET', `/_local/temporal-access/${token}`);
  return ((await response.json()) as { state: string }).state;
}

/** Settings' Student data group, where names are forgotten, exported and erased. */
export const studentDataGroup = (page: Page) =>
  page.getByRole('group', { name: english('privacy.heading'), exact: true });

/**
 * Forgets every student name as a teacher does in Settings → Student data (the settings open):
 * Forget, confirmed; waits until the group says so, the accesses kept by device.
 */
export async function forgetEveryName(page: Page): Promise<void> {
  const group = studentDataGroup(page);
  await group.getByRole('button', { name: english('privacy.forget'), exact: true }).click();
  await group.getByRole('button', { name: english('privacy.forgetConfirm'), exact: true }).click();
  await group.getByText(english('privacy.forgotten')).waitFor({ timeout: LIVE_TIMEOUT });
}

/**
 * Calls one of the preview's actions from `page`, as the window's controls do; the action's
 * reply (`{ result }`). Any answer but 200 throws, saying the preview's error.
 */
export async function callAction(page: Page, action: string, input: unknown): Promise<unknown> {
  const answer = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/api/actions/${name}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.text()) || 'null' };
    },
    [action, input] as const,
  );
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as unknown;
}
