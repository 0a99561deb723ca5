/**
 * `npm run test:desktop`'s global setup: with CLASSTRAY_FETCH_ELECTRON=1 (the desktop workflow),
 * Electron's runtime is downloaded once where it is missing, by Electron's own installer, as
 * `npm start` does (Electron 42+ downloads it on first launch, not at `npm ci`). Without it,
 * nothing is downloaded: a machine without a runtime skips the real-runtime steps.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { detectLaunch } from '../../src-main/hosts/start';

export default function fetchRuntime(): void {
  if (process.env['CLASSTRAY_FETCH_ELECTRON'] !== '1' || detectLaunch().kind !== 'install') return;
  const require = createRequire(import.meta.url);
  const installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
  console.log("Downloading Electron's runtime for the desktop test (once).");
  spawnSync(process.execPath, [installer], { stdio: 'inherit' });
}
