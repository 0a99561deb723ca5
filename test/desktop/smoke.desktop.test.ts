/**
 * The real-Electron smoke test (`npm run test:desktop`): the built tray app on this machine's
 * Electron runtime, through the steps of smokeSteps.ts, each leaving its screenshot under
 * test-results/desktop/<platform>. Where no runtime exists each step is skipped with the one
 * sentence that says why; with CLASSTRAY_DESKTOP_REQUIRED=1 (the desktop workflow) that is a
 * failure instead. The steps' own logic is proven everywhere on the stub runtime
 * (smokeSteps.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLaunch } from '../../src-main/hosts/start';
import { electronApp } from './electronApp';
import { ARTIFACTS_DIR, runStep, SMOKE_STEPS, type DesktopApp } from './smokeSteps';
import { startSmokeService } from './smokeService';

const require = createRequire(import.meta.url);
const root = path.join(import.meta.dirname, '..', '..');
const launch = detectLaunch();
const why =
  launch.kind === 'electron'
    ? undefined
    : launch.kind === 'install'
      ? 'no Electron runtime has been downloaded on this machine'
      : `Electron cannot start here: ${launch.reason}`;
const folder = path.join(ARTIFACTS_DIR, process.platform);

describe('ClassTray on a real Electron runtime', () => {
  let app: (DesktopApp & { dispose(): Promise<void> }) | undefined;
  let service: Awaited<ReturnType<typeof startSmokeService>> | undefined;

  beforeAll(async () => {
    if (why !== undefined) return;
    const electronVite = path.join(
      path.dirname(require.resolve('electron-vite/package.json')),
      'bin',
      'electron-vite.js',
    );
    expect(spawnSync(process.execPath, [electronVite, 'build'], { cwd: root }).status).toBe(0);
    service = await startSmokeService();
    app = electronApp(folder);
  });
  afterAll(async () => {
    await app?.dispose();
    await service?.close();
  });

  it.runIf(process.env['CLASSTRAY_DESKTOP_REQUIRED'] === '1')(
    'has a runtime to run on, as the desktop workflow requires',
    () => {
      expect(why).toBeUndefined();
    },
  );

  SMOKE_STEPS.forEach((step, index) => {
    it.skipIf(why !== undefined)(
      why === undefined ? step.name : `${step.name} (skipped: ${why})`,
      async () => {
        if (!app || !service) throw new Error('The app did not start: see the step before.');
        await runStep(index, app, service, folder);
      },
    );
  });
});
