/**
 * The real app, end to end, where an Electron runtime exists (ELECTRON_OVERRIDE_DIST_PATH, or a
 * downloaded binary and a display): build, launch, and look at the hidden popover's page.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLaunch } from '../../src-main/start';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');
const launch = detectLaunch();
const runtime = launch.kind === 'electron' ? launch.executable : undefined;

describe('the tray app', () => {
  it.skipIf(runtime === undefined)(
    runtime === undefined
      ? 'launches the real app (skipped: no Electron runtime on this machine)'
      : 'launches the real app with a sandboxed page that sees only window.classTray',
    { timeout: 120_000 },
    async () => {
      // Only narrows the type: skipIf has already decided.
      if (launch.kind !== 'electron') return;
      const electronVite = path.join(
        path.dirname(require.resolve('electron-vite/package.json')),
        'bin',
        'electron-vite.js',
      );
      const build = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root });
      expect(build.status).toBe(0);

      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-e2e-'));
      const { _electron } = await import('playwright-core');
      const app = await _electron.launch({
        executablePath: launch.executable,
        // Chromium refuses to run its sandbox as root (CI containers).
        args: [root, '--data-dir', dataDir, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      });
      try {
        const page = await app.firstWindow();
        await page.waitForLoadState('domcontentloaded');
        expect(page.url()).toBe('app://classtray/index.html');
        const seen = await page.evaluate(async () => {
          const bridge = (window as unknown as { classTray?: Record<string, unknown> }).classTray;
          const state = await (
            bridge?.['getState'] as () => Promise<{ account: { mode: string } }>
          )();
          return {
            node: typeof (window as unknown as { require?: unknown }).require,
            process: typeof (window as unknown as { process?: unknown }).process,
            mode: state.account.mode,
          };
        });
        expect(seen).toEqual({ node: 'undefined', process: 'undefined', mode: 'demo' });
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
