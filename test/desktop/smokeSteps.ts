/**
 * The real-Electron smoke test's steps, written once against a DesktopApp: Playwright's
 * `_electron` on a real runtime (electronApp.ts, where one exists) or the stub runtime
 * (stubApp.ts, everywhere), which runs the same steps here to prove their own logic. Each step
 * leaves a screenshot (or, where no window is up, a note) under ARTIFACTS_DIR, which the desktop
 * workflow uploads. The service is the local service run by the test itself, so it can count what
 * the app invalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { AccountView } from '../../src-main/core/account/accountView';
import type { OpenShortcutView } from '../../src-main/core/api/installationView';

export const ARTIFACTS_DIR = path.join(import.meta.dirname, '..', '..', 'test-results', 'desktop');

/** What a step sees of the app, whatever runs it. */
export interface DesktopApp {
  /** Starts the app on its throwaway data folder (the same one at each start). */
  start(): Promise<void>;
  /** The account and the shortcut, as the window reads them through its bridge. */
  state(): Promise<{ account: AccountView; openShortcut: OpenShortcutView | undefined }>;
  /** The tray icon made, and the image file drawn on it last (null: none drawn yet). */
  tray(): Promise<{ exists: boolean; icon: string | null }>;
  /** A click on the icon, as the OS delivers it to the tray. */
  clickTray(): Promise<void>;
  /** Whether the window is shown and in front, and the name in its first device row once painted. */
  window(): Promise<{ visible: boolean; focused: boolean; firstRow: string | null }>;
  /** The window as painted, PNG; null where no window is up to capture. */
  screenshot(): Promise<Buffer | null>;
  /** The service address and token given in the window, as a teacher does. */
  connect(serviceUrl: string, token: string): Promise<void>;
  /**
   * Whether the OS keychain holds that token for that address, asked outside the app (on macOS,
   * whose keychain shows an item's secret only to the app that wrote it, that it holds an item).
   */
  keychainHolds(serviceUrl: string, token: string): Promise<boolean>;
  /** Quits and starts again on the same data folder. */
  restart(): Promise<void>;
  /** An access link added in the window, then ended there. */
  endAccess(link: string): Promise<void>;
  /** The registered shortcut's action, as the OS runs it on a key press. */
  pressShortcut(): Promise<void>;
  /** Quits; the exit code and every process of the app still alive after it. */
  quit(): Promise<{ exitCode: number | null; leftover: number[] }>;
}

/** The test's own service: its address and token, a new access link, and what it invalidated. */
export interface SmokeService {
  url: string;
  token: string;
  newAccessLink(): Promise<string>;
  invalidations(): Promise<number>;
  /** The names of the demo room's devices, one of which the window's first row shows. */
  demoRoomNames: readonly string[];
}

export interface SmokeStep {
  name: string;
  run(app: DesktopApp, service: SmokeService): Promise<void>;
}

/** Tray icons as trayIconFile names them, on every platform. */
const TRAY_ICON = /(?:^|[\\/])tray(?:Template|-[a-z-]+(?:-\d+)?)\.(?:png|ico)$/;

export const SMOKE_STEPS: readonly SmokeStep[] = [
  {
    name: 'starts on a throwaway data folder with the embedded local service',
    async run(app) {
      await app.start();
      expect((await app.state()).account.mode).toBe('demo');
    },
  },
  {
    name: 'shows its tray icon',
    async run(app) {
      const tray = await app.tray();
      expect(tray.exists).toBe(true);
      expect(tray.icon ?? '').toMatch(TRAY_ICON);
    },
  },
  {
    name: "shows the window painted with the demo room's first row on a tray click",
    async run(app, service) {
      await app.clickTray();
      const window = await app.window();
      expect(window.visible).toBe(true);
      expect(service.demoRoomNames).toContain(window.firstRow);
      const png = await app.screenshot();
      expect(png?.subarray(1, 4).toString('ascii')).toBe('PNG');
    },
  },
  {
    name: 'keeps a saved token in the OS keychain and reads it back after a restart',
    async run(app, service) {
      await app.connect(service.url, service.token);
      expect(await app.keychainHolds(service.url, service.token)).toBe(true);
      await app.restart();
      const { account } = await app.state();
      expect({
        mode: account.mode,
        serviceUrl: account.serviceUrl,
        token: account.token,
      }).toMatchObject({
        mode: 'service',
        serviceUrl: expect.stringContaining(service.url) as string,
        token: { set: true, location: 'keychain' },
      });
    },
  },
  {
    name: 'ends an access, and the service counts the invalidation',
    async run(app, service) {
      const before = await service.invalidations();
      await app.endAccess(await service.newAccessLink());
      expect(await service.invalidations()).toBe(before + 1);
    },
  },
  {
    name: 'toggles the window with the global shortcut where the desktop delivers it',
    async run(app) {
      const shortcut = (await app.state()).openShortcut;
      if (shortcut?.status !== 'registered') {
        // Wayland's portal, or keys another program holds: the window says so (Settings), and
        // the step records what the desktop answered.
        expect(shortcut?.status).toMatch(/^(unsupported|unconfirmed|taken)$/);
        return;
      }
      // Twice: from hidden it opens the window; then it closes it if in front, else brings it.
      for (let press = 0; press < 2; press += 1) {
        const before = await app.window();
        await app.pressShortcut();
        expect((await app.window()).visible).toBe(!(before.visible && before.focused));
      }
    },
  },
  {
    name: 'quits and leaves no process behind',
    async run(app) {
      expect(await app.quit()).toEqual({ exitCode: 0, leftover: [] });
    },
  },
];

/** The file a step's screenshot or note goes to: numbered, named after the step. */
export function artifactName(index: number, step: SmokeStep, ext: 'png' | 'txt'): string {
  const slug = step.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${String(index + 1).padStart(2, '0')}-${slug}.${ext}`;
}

/** Runs one step, then keeps what the window showed after it. */
export async function runStep(
  index: number,
  app: DesktopApp,
  service: SmokeService,
  folder: string,
): Promise<void> {
  const step = SMOKE_STEPS[index];
  if (!step) throw new Error(`No step ${index}`);
  fs.mkdirSync(folder, { recursive: true });
  try {
    await step.run(app, service);
  } finally {
    const png = await app.screenshot().catch((error: unknown) => {
      fs.writeFileSync(path.join(folder, artifactName(index, step, 'txt')), `${String(error)}\n`);
      return undefined;
    });
    if (png) fs.writeFileSync(path.join(folder, artifactName(index, step, 'png')), png);
    else if (png === null) {
      fs.writeFileSync(
        path.join(folder, artifactName(index, step, 'txt')),
        'No window was up to capture after this step.\n',
      );
    }
  }
}
