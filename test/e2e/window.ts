/**
 * The one way an e2e file opens the window on the state it tests: `windowOn({...})` at the top of
 * the file (or of a describe) registers a beforeAll that starts the session (test/e2e/session.ts:
 * a local service holding `account`, the preview in this process on a data folder of its own,
 * Chromium with one page on the session's clock) and opens the window on `classroom`, in
 * `language` and `theme` when told, and an afterAll that stops all of it, also when a step
 * failed. Each file gets one browser and one preview, shared by its tests.
 *
 *     const opened = windowOn({ name: 'handover-e2e', account: account(ROOM_A, devicesIn('room-a', 6)) });
 *     it('…', async () => {
 *       await opened.page.getByRole('button', { name: english('header.refresh'), exact: true }).click();
 *     });
 *
 * `opened.session` is the session (its service, preview, clock, skip…), read in the tests or in a
 * later beforeAll, never at the top of the file: it is there once the window is open.
 *
 * A test that starts afresh on a state of its own (an it.each's language and size) opens it itself,
 * `const opened = await windowInTest({...})`: the same state, its session stopped when it ends.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { AccountData } from '../../src-main/local-service/index';
import type { Language } from '../../src-shared/locale';
import type { E2eSession } from './session';
import { chooseLanguage, openWindow, restartWithClassrooms, startE2eSession } from './session';

/** What the window opens on. */
export interface WindowState {
  /** The file's name: its screenshots go to test-results/<name>/ (when asked for). */
  name: string;
  /** What the local service holds: the classrooms, their devices and the accesses. */
  account: AccountData;
  /** The classroom the window opens on: the account's first unless told. */
  classroom?: string;
  /** Every classroom of the account in the teacher's list, named as the school names them. */
  listEveryClassroom?: boolean;
  /** The page's size: 400×600, the tray's window, unless told. */
  size?: { width: number; height: number };
  /** The browser's language (`en-US` unless told); `language` is the window's own choice. */
  locale?: string;
  /** The window's language, chosen in its settings after it opened (the setting's default if not). */
  language?: Language;
  /** The page's colour scheme (the browser's default, light, unless told). */
  theme?: 'light' | 'dark';
  /** The window's time zone (the machine's unless told): see localTime.ts's noonZone. */
  timezoneId?: string;
  /** The preview's visible poll interval (startPreview's default otherwise). */
  pollSeconds?: number;
  /** A school policy the preview runs under, made for the session's service. */
  policy?: (serviceUrl: string) => unknown;
  /** Whether to open the page at the preview's address (default); false leaves it blank. */
  open?: boolean;
  /**
   * Runs `npm run web` itself in a child process, its core on real time (startE2eSession's
   * previewAsCommand): for the file that proves the command. Its start may first build the
   * renderer, so it is given two minutes.
   */
  previewAsCommand?: boolean;
  /**
   * These classrooms of the account (by id) in the teacher's list, named as the school names
   * them, the others not there yet; listEveryClassroom lists them all.
   */
  listClassrooms?: readonly string[];
}

/** The window a file works in: its session and page there once its beforeAll has run. */
export interface OpenedWindow {
  /** The service's token (the teacher's API token), known at once. */
  readonly token: string;
  /** The file's screenshot folder, known at once. */
  readonly screenshots: string;
  readonly session: E2eSession;
  readonly page: Page;
}

/** Starts the session on `state` for the file (or describe) it is called in; see above. */
export function windowOn(state: WindowState): OpenedWindow {
  const { token, screenshots } = namesOf(state);
  let session: E2eSession | undefined;
  // The command's start may first build the renderer.
  beforeAll(
    async () => {
      session = await startSession(state);
      await setUp(session, state);
    },
    state.previewAsCommand ? 120_000 : 90_000,
  );
  afterAll(() => session?.stop());
  const opened = (): E2eSession => {
    if (!session) throw new Error(`${state.name}: the window is not open yet (read it in a test)`);
    return session;
  };
  return {
    token,
    screenshots,
    get session() {
      return opened();
    },
    get page() {
      return opened().page;
    },
  };
}

/**
 * The window opened on `state` inside the running test, its session stopped when the test ends
 * (also when a step failed): for a test that starts afresh on a state of its own, as each run of
 * an it.each in its language and size. The session starts within the test's time.
 */
export async function windowInTest(state: WindowState): Promise<OpenedWindow> {
  const session = await startSession(state);
  onTestFinished(() => session.stop());
  await setUp(session, state);
  return { ...namesOf(state), session, page: session.page };
}

/** The session's token and the screenshots' folder, by the file's name. */
function namesOf(state: WindowState): { token: string; screenshots: string } {
  return {
    token: `${state.name}-token-0123456789`,
    screenshots: join(process.cwd(), 'test-results', state.name),
  };
}

/** The classroom the window opens on: the account's first unless told. */
function classroomOf(state: WindowState): string {
  const classroom = state.classroom ?? state.account.classrooms[0]?.id;
  if (classroom === undefined) throw new Error(`${state.name}: the account has no classroom`);
  return classroom;
}

/** Starts the session on the state's account: not yet listed, themed nor opened. */
function startSession(state: WindowState): Promise<E2eSession> {
  return startE2eSession({
    fixture: state.account,
    ...namesOf(state),
    classroom: classroomOf(state),
    viewport: state.size ?? { width: 400, height: 600 },
    locale: state.locale ?? 'en-US',
    ...(state.timezoneId === undefined ? {} : { timezoneId: state.timezoneId }),
    ...(state.pollSeconds === undefined ? {} : { pollSeconds: state.pollSeconds }),
    ...(state.policy === undefined ? {} : { policy: state.policy }),
    ...(state.previewAsCommand ? { previewAsCommand: true } : {}),
  });
}

/** The teacher's list, the theme, the page opened and its language, as `state` says. */
async function setUp(session: E2eSession, state: WindowState): Promise<void> {
  const listed = state.account.classrooms.filter(
    ({ id }) => state.listEveryClassroom || state.listClassrooms?.includes(id),
  );
  if (listed.length > 0) {
    await restartWithClassrooms(session, {
      current: classroomOf(state),
      recent: listed.map(({ id, name }) => ({ id, nickname: name })),
    });
  }
  if (state.theme) await session.page.emulateMedia({ colorScheme: state.theme });
  if (state.open === false) return;
  await openWindow(session.page, session.preview.openUrl);
  if (state.language) await chooseLanguage(session.page, state.language);
}
