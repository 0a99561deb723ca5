/**
 * The smoke test of the real tray app, where an Electron runtime exists (ELECTRON_OVERRIDE_DIST_PATH,
 * or a downloaded one, and a display): build, launch through Playwright's `_electron`, and check
 * what no mocked `electron` can: the page renders under its CSP, the window is locked down, the
 * bridge is all the page sees, navigation stays put, the clipboard gets a password, a second
 * launch hands over to the first, and quitting exits cleanly with the settings on disk.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES } from '../../src-shared/actions';
import { detectLaunch, electronEnv } from '../../src-main/hosts/start';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');
const launch = detectLaunch();

/** The demo school's Room 12, where a first run lands. */
const DEMO_TEXT = 'This is a demo school.';
const APP_PAGE = 'app://classtray/index.html';
const OUTSIDE = 'https://outside.example/';

/**
 * Only this test's values: no saved token from the environment, nothing `npm start` strips
 * (electronEnv: no Node mode, no NODE_OPTIONS, not passing for packaged), English, and
 * Chromium's own log on stderr, so a first run that fails says why.
 */
const env = Object.fromEntries(
  Object.entries(
    electronEnv({ ...process.env, LANG: 'en_US.UTF-8', ELECTRON_ENABLE_LOGGING: '1' }),
  ).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'CLASSTRAY_TOKEN',
  ),
);

describe('the tray app on a real Electron runtime', () => {
  it.skipIf(launch.kind !== 'electron')(
    launch.kind === 'electron'
      ? 'renders the demo in a locked-down window, copies, hands over to the first instance and quits cleanly'
      : `launches the real app (skipped: ${
          launch.kind === 'install'
            ? 'no Electron runtime has been downloaded on this machine'
            : `Electron cannot start here: ${launch.reason}`
        })`,
    { timeout: 180_000 },
    async () => {
      // Only narrows the type: skipIf has already decided.
      if (launch.kind !== 'electron') return;
      const electronVite = path.join(
        path.dirname(require.resolve('electron-vite/package.json')),
        'bin',
        'electron-vite.js',
      );
      expect(spawnSync(process.execPath, [electronVite, 'build'], { cwd: root }).status).toBe(0);

      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-smoke-'));
      // Playwright passes --no-sandbox on Linux (containers lack the SUID sandbox helper); the
      // page's own sandbox is what webPreferences shows below. A second launch gets the same.
      const appArgs = [root, '--data-dir', dataDir, '--lang=en-US'];
      let app: ElectronApplication | undefined;
      try {
        // No executablePath: Playwright then finds require('electron') (which honours
        // ELECTRON_OVERRIDE_DIST_PATH, as detectLaunch did) and adds its loader, which holds the
        // app until Playwright is attached.
        app = await _electron.launch({ args: appArgs, env });
        const mainErrors: string[] = [];
        const pageErrors: string[] = [];
        app.on('console', (message) => {
          if (message.type() === 'error') mainErrors.push(message.text());
        });

        const page = await app.firstWindow();
        page.on('console', (message) => {
          if (message.type() === 'error') pageErrors.push(message.text());
        });
        page.on('pageerror', (error) => pageErrors.push(error.message));
        // The preloaded window may have loaded before the listeners were on: load it again, from
        // main (the navigation guard refuses every will-navigate, which a programmatic reload
        // does not emit). Only once the first load is done: a reload during it aborts it, and
        // menubar logs that ERR_ABORTED through console.error, which the rule below would count.
        await page.waitForLoadState('load');
        const reloaded = page.waitForEvent('load');
        await app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows()[0]?.webContents.reload(),
        );
        await reloaded;
        await page.getByText(DEMO_TEXT).waitFor({ timeout: 30_000 });
        await page
          .getByText(/of 24 online/)
          .first()
          .waitFor();
        expect(page.url()).toBe(APP_PAGE);

        // The window's webPreferences (sandbox, context isolation, no Node, the preload) are
        // checked where main builds them (window.test.ts: Electron 45 documents no getter);
        // here, what they make of the page: no Node, only the bridge the preload exposed.
        const seen = await page.evaluate(() => {
          const page = window as unknown as Record<string, unknown>;
          const bridge = page['classTray'] as Record<string, unknown> | undefined;
          return {
            globals: ['require', 'process', 'module', 'Buffer', 'ipcRenderer', 'electron'].map(
              (name) => `${name}: ${typeof page[name]}`,
            ),
            bridge: Object.keys(bridge ?? {}).sort(),
          };
        });
        expect(seen.globals).toEqual([
          'require: undefined',
          'process: undefined',
          'module: undefined',
          'Buffer: undefined',
          'ipcRenderer: undefined',
          'electron: undefined',
        ]);
        expect(seen.bridge).toEqual(
          [...ACTION_NAMES, 'copyDevicePassword', 'getState', 'subscribe'].sort(),
        );

        // A link away from the page goes to the default browser (recorded here), never the window.
        await app.evaluate(({ shell }) => {
          const opened: string[] = [];
          (globalThis as unknown as { opened: string[] }).opened = opened;
          shell.openExternal = async (url: string) => {
            opened.push(url);
          };
        });
        await page.evaluate((url) => {
          window.location.href = url;
        }, OUTSIDE);
        await expect
          .poll(() => app?.evaluate(() => (globalThis as unknown as { opened: string[] }).opened))
          .toEqual([OUTSIDE]);
        expect(page.url()).toBe(APP_PAGE);
        await page.getByText(DEMO_TEXT).waitFor();

        // A second launch exits at once and shows the first instance's window. menubar hides it
        // 100 ms after a blur, so main records the show rather than a poll catching it visible.
        await app.evaluate(({ BrowserWindow }) => {
          const window = BrowserWindow.getAllWindows()[0];
          window?.hide();
          window?.once('show', () => {
            (globalThis as unknown as { shownAgain: boolean }).shownAgain = true;
          });
        });
        const second = spawn(
          launch.executable,
          [...(process.platform === 'linux' ? ['--no-sandbox'] : []), ...appArgs],
          { env, stdio: 'ignore' },
        );
        const [exitCode] = (await once(second, 'exit', {
          signal: AbortSignal.timeout(30_000),
        }).catch((error: unknown) => {
          second.kill();
          throw error;
        })) as [number | null];
        expect(exitCode).toBe(0);
        await expect
          .poll(() =>
            app?.evaluate(() => (globalThis as unknown as { shownAgain?: boolean }).shownAgain),
          )
          .toBe(true);

        // The password goes from main to the system clipboard; the page shows only "Copied".
        await app.evaluate(({ clipboard }) => clipboard.writeText('nothing copied yet'));
        await page
          .getByRole('button', { name: /^Copy password for / })
          .first()
          .click();
        await page.getByText('Copied').first().waitFor();
        const copied = await app.evaluate(({ clipboard }) => clipboard.readText());
        expect(copied).not.toBe('nothing copied yet');
        expect(copied.length).toBeGreaterThan(0);

        // A setting changed through the bridge is on disk after a clean quit.
        await page.evaluate(() =>
          (
            window as unknown as {
              classTray: {
                updatePreferences(input: { poll: { visibleSeconds: number } }): Promise<void>;
              };
            }
          ).classTray.updatePreferences({ poll: { visibleSeconds: 17 } }),
        );
        const electronProcess = app.process();
        await app.close();
        app = undefined;
        expect(electronProcess.exitCode).toBe(0);
        const settings = JSON.parse(
          fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'),
        ) as { poll?: { visibleSeconds?: number } };
        expect(settings.poll?.visibleSeconds).toBe(17);

        expect(pageErrors.filter((text) => /Content[- ]Security[- ]Policy/i.test(text))).toEqual(
          [],
        );
        // Electron logs every rejected ipcMain.handle call ("Error occurred in handler for …"),
        // and a refused action is the app working: that one line is named here, and nothing
        // else. A failure nobody planned for is logged by the app's own logger too ("… failed
        // unexpectedly", with its stack), an ERR_ABORTED of a load too: none may appear.
        const unplanned = mainErrors.filter(
          (text) => !text.startsWith("Error occurred in handler for '"),
        );
        expect({ main: unplanned, page: pageErrors }).toEqual({ main: [], page: [] });
      } finally {
        await app?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
