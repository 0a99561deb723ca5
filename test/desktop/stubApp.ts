/**
 * The stub runtime: the smoke test's DesktopApp where no Electron runtime exists. It models what
 * the tray app does at each step (a tray with its icon, a window showing the demo room, a
 * keychain that outlives a restart, the shortcut's toggle) and does for real what the steps
 * check outside the app: a process that must end on quit, and the invalidation sent to the test's
 * local service. A fault breaks one behaviour, so the steps are shown to catch it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { AccountView } from '../../src-main/core/account/accountView';
import type { OpenShortcutView } from '../../src-main/core/api/installationView';
import { DEFAULT_AUTH_HEADER, servicePaths } from '../../src-main/contract/wire';
import type { DesktopApp, SmokeService } from './smokeSteps';

export type StubFault =
  | 'starts-signed-in'
  | 'no-tray'
  | 'hides-before-paint'
  | 'token-in-memory'
  | 'invalidates-nothing'
  | 'shortcut-dead'
  | 'process-left';

/** The preview's own capture of the demo room (README): the stub has no pixels of its own. */
const SCREENSHOT = path.join(
  import.meta.dirname,
  '..',
  '..',
  'assets',
  'screenshot-room-400x600.png',
);

export function stubApp(
  service: SmokeService,
  options: { faults?: readonly StubFault[]; shortcut?: OpenShortcutView['status'] } = {},
): DesktopApp & { dispose(): void } {
  const faults = new Set(options.faults);
  /** What outlives a restart: the OS keychain and the settings in the data folder. */
  const keychain = new Map<string, string>();
  let savedService: string | null = null;
  let child: ChildProcess | undefined;
  let visible = false;
  let memoryToken: string | null = null;

  const account = (): AccountView => {
    const token = savedService === null ? undefined : (keychain.get(savedService) ?? memoryToken);
    return {
      mode: savedService === null && !faults.has('starts-signed-in') ? 'demo' : 'service',
      serviceUrl: savedService,
      authHeader: DEFAULT_AUTH_HEADER,
      token: {
        set: token !== undefined && token !== null,
        location: savedService !== null && keychain.has(savedService) ? 'keychain' : 'memory',
        note: null,
        keychainWaiting: false,
      },
      setBySchool: [],
      demoLinks: [],
    };
  };

  const spawned = new Set<ChildProcess>();
  const app: DesktopApp & { dispose(): void } = {
    async start() {
      // The runtime's process: ends on SIGTERM, as Electron does on a quit, once it says it
      // listens (a signal before that would end it with no exit code).
      const started = spawn(
        process.execPath,
        [
          '-e',
          "process.on('SIGTERM', () => process.exit(0)); process.stdout.write('up\\n'); setInterval(() => {}, 1 << 30);",
        ],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      child = started;
      spawned.add(started);
      started.once('exit', () => spawned.delete(started));
      await once(started.stdout, 'data');
      visible = false;
      memoryToken = null;
    },
    async state() {
      return {
        account: account(),
        openShortcut: {
          accelerator: 'CommandOrControl+Shift+F9',
          status: options.shortcut ?? 'registered',
        },
      };
    },
    async tray() {
      return faults.has('no-tray')
        ? { exists: false, icon: null }
        : { exists: true, icon: '/app/assets/tray-idle-dark-24.png' };
    },
    async clickTray() {
      visible = !faults.has('hides-before-paint');
    },
    async window() {
      return {
        visible,
        focused: visible,
        firstRow: visible ? (service.demoRoomNames[0] ?? null) : null,
      };
    },
    async screenshot() {
      return visible ? fs.readFileSync(SCREENSHOT) : null;
    },
    async connect(serviceUrl, token) {
      savedService = serviceUrl;
      if (faults.has('token-in-memory')) memoryToken = token;
      else keychain.set(serviceUrl, token);
    },
    async keychainHolds(serviceUrl, token) {
      return keychain.get(serviceUrl) === token;
    },
    async restart() {
      await app.quit();
      await app.start();
    },
    async endAccess(token) {
      if (faults.has('invalidates-nothing')) return;
      const response = await fetch(
        `${service.url}${servicePaths.invalidateTemporalAccess(token)}`,
        {
          method: 'PATCH',
          headers: { [DEFAULT_AUTH_HEADER]: service.token },
        },
      );
      if (!response.ok) throw new Error(`The service refused the end (${response.status}).`);
    },
    async pressShortcut() {
      if (!faults.has('shortcut-dead')) visible = !visible;
    },
    async quit() {
      const running = child;
      child = undefined;
      visible = false;
      if (!running?.pid) return { exitCode: null, leftover: [] };
      if (faults.has('process-left')) {
        child = running; // ended by dispose()
        return { exitCode: 0, leftover: [running.pid] };
      }
      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return { exitCode: code, leftover: alive(running.pid) ? [running.pid] : [] };
    },
    // Every process it started, not only the last: a restart after a quit that left one running
    // starts another, and a test stops every process it starts.
    dispose() {
      for (const started of spawned) started.kill('SIGKILL');
    },
  };
  return app;
}

/** Whether a process of that id still runs (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
