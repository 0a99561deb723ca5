/**
 * The smoke test's DesktopApp on a real Electron runtime: the built app launched by Playwright's
 * `_electron` with --desktop-test (src-main/electron/desktopTestHooks.ts) on a throwaway data
 * folder, driven through main (the tray, the shortcut) and the window's bridge (as a teacher's
 * clicks would call it), the keychain read with keytar from outside the app. Main's and the
 * page's console lines, and the app's own log, go to the artifacts folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { KEYCHAIN_SERVICE } from '../../src-main/core/account/vault';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { DESKTOP_TEST_FLAG, DESKTOP_TEST_GLOBAL } from '../../src-main/electron/desktopTestHooks';
import type { DesktopTestHooks } from '../../src-main/electron/desktopTestHooks';
import { electronEnv } from '../../src-main/hosts/start';
import { alive } from './stubApp';
import type { DesktopApp } from './smokeSteps';
import { loadKeytarModule } from '../../src-main/core/account/vault';

/** What this test reads of keytar: the credentials saved for a service. */
interface KeytarCredentials {
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

const root = path.join(import.meta.dirname, '..', '..');
const FIRST_ROW = '.device-row .device-name';
/**
 * loginItem.ts's LOGIN_FLAG, written out: that module imports `electron`, which in plain Node
 * throws where no runtime is downloaded (desktopTestHooks.test.ts checks the two agree).
 */
export const AT_LOGIN = '--hidden';

/** The bridge the preload exposes (window.classTray), as far as the steps call it. */
interface Bridge {
  getState(): Promise<ClassTrayState>;
  connectService(input: { serviceUrl: string; token: string }): Promise<unknown>;
  addTemporalAccess(input: { linkOrToken: string }): Promise<unknown>;
  invalidateTemporalAccess(input: { token: string }): Promise<unknown>;
}

/** Waits for a condition, at most `bound` ms; the step after it asserts, not this. */
async function until(condition: () => Promise<boolean>, bound = 15_000): Promise<void> {
  const end = Date.now() + bound;
  while (Date.now() < end && !(await condition())) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function electronApp(logFolder: string): DesktopApp & { dispose(): Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-desktop-'));
  fs.mkdirSync(logFolder, { recursive: true });
  const consoleLog = fs.createWriteStream(path.join(logFolder, 'console.log'), { flags: 'a' });
  // Only this test's values: no token from the environment, nothing npm start strips, English.
  const env = Object.fromEntries(
    Object.entries(
      electronEnv({ ...process.env, LANG: 'en_US.UTF-8', ELECTRON_ENABLE_LOGGING: '1' }),
    ).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[0] !== 'CLASSTRAY_TOKEN',
    ),
  );
  let electron: ElectronApplication | undefined;
  let page: Page | undefined;

  const running = (): { electron: ElectronApplication; page: Page } => {
    if (!electron || !page) throw new Error('The app is not running.');
    return { electron, page };
  };
  /** main's hooks (desktopTestHooks.ts), called where Playwright evaluates: in main. */
  const trayNow = () =>
    running().electron.evaluate(
      (_electron, name) =>
        ((globalThis as Record<string, unknown>)[name] as DesktopTestHooks).tray(),
      DESKTOP_TEST_GLOBAL,
    );
  const visible = (): Promise<boolean> =>
    electron
      ? electron.evaluate(
          (_electron, name) =>
            ((globalThis as Record<string, unknown>)[name] as DesktopTestHooks).windowVisible(),
          DESKTOP_TEST_GLOBAL,
        )
      : Promise.resolve(false);
  /** The page's bridge, as the window's own code calls it (no eval: the page's CSP forbids it). */
  const classTray = (page: Page) =>
    page.evaluateHandle(() => (window as unknown as { classTray: Bridge }).classTray);

  const app: DesktopApp & { dispose(): Promise<void> } = {
    async start() {
      electron = await _electron.launch({
        // As at login (--hidden): the tray only, so the tray click is what shows the window
        // (a first start by hand would show it with its note, and the click would hide it).
        args: [root, '--data-dir', dataDir, '--lang=en-US', AT_LOGIN, DESKTOP_TEST_FLAG],
        env,
      });
      electron.on('console', (message) => consoleLog.write(`[main] ${message.text()}\n`));
      page = await electron.firstWindow();
      page.on('console', (message) => consoleLog.write(`[page] ${message.text()}\n`));
      page.on('pageerror', (error) => consoleLog.write(`[page error] ${error.message}\n`));
      await page.waitForLoadState('load');
      await until(async () => (await trayNow()).icon !== null);
    },
    async state() {
      const api = await classTray(running().page);
      const state = await api.evaluate((bridge) => bridge.getState());
      return { account: state.account, openShortcut: state.installation.openShortcut };
    },
    tray: trayNow,
    async clickTray() {
      await running().electron.evaluate(
        (_electron, name) =>
          ((globalThis as Record<string, unknown>)[name] as DesktopTestHooks).clickTray(),
        DESKTOP_TEST_GLOBAL,
      );
      await until(visible);
    },
    async window() {
      if (!(await visible())) return { visible: false, focused: false, firstRow: null };
      const focused = await running().electron.evaluate(
        (_electron, name) =>
          ((globalThis as Record<string, unknown>)[name] as DesktopTestHooks).windowFocused(),
        DESKTOP_TEST_GLOBAL,
      );
      const row = running().page.locator(FIRST_ROW).first();
      await row.waitFor({ timeout: 30_000 });
      return { visible: true, focused, firstRow: (await row.textContent())?.trim() ?? null };
    },
    async screenshot() {
      return electron && page && (await visible()) ? page.screenshot() : null;
    },
    async connect(serviceUrl, token) {
      const api = await classTray(running().page);
      await api.evaluate((bridge, input) => bridge.connectService(input), { serviceUrl, token });
    },
    async keychainHolds(serviceUrl, token) {
      if (process.platform === 'darwin') {
        // The item's attributes, not its secret: the secret is the app's alone (no prompt in CI).
        return (
          spawnSync('security', ['find-generic-password', '-s', KEYCHAIN_SERVICE], {
            stdio: 'ignore',
          }).status === 0
        );
      }
      // keytar as the app loads it, from the test's Node: the OS keychain, not the app's memory.
      // Loaded by a name the compiler does not follow: keytar is optional (vault.ts says why).
      const loaded = (await loadKeytarModule()) as KeytarCredentials & {
        default?: KeytarCredentials;
      };
      const saved = await (loaded.default ?? loaded).findCredentials(KEYCHAIN_SERVICE);
      return saved.some(
        (entry) => entry.account.startsWith(serviceUrl) && entry.password === token,
      );
    },
    async restart() {
      await app.quit();
      await app.start();
    },
    async endAccess(token) {
      const api = await classTray(running().page);
      await api.evaluate(async (bridge, value) => {
        await bridge.addTemporalAccess({ linkOrToken: value });
        await bridge.invalidateTemporalAccess({ token: value });
      }, token);
    },
    async pressShortcut() {
      const before = await visible();
      await running().electron.evaluate(
        (_electron, name) =>
          ((globalThis as Record<string, unknown>)[name] as DesktopTestHooks).pressShortcut(),
        DESKTOP_TEST_GLOBAL,
      );
      await until(async () => (await visible()) !== before);
    },
    async quit() {
      const { electron: current } = running();
      const pids = await current.evaluate(({ app: electronApp }) =>
        electronApp.getAppMetrics().map((metric) => metric.pid),
      );
      const main = current.process();
      await current.close();
      electron = undefined;
      page = undefined;
      await until(async () => !pids.some(alive));
      return { exitCode: main.exitCode, leftover: pids.filter(alive) };
    },
    async dispose() {
      await electron?.close().catch(() => undefined);
      const logs = path.join(dataDir, 'logs');
      if (fs.existsSync(logs))
        fs.cpSync(logs, path.join(logFolder, 'app-logs'), { recursive: true });
      consoleLog.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
