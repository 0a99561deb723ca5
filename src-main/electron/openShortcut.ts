/**
 * The shortcut that opens and closes the window from anywhere (the `openShortcut` preference,
 * lockable by the `OpenShortcut` policy key). Electron's globalShortcut.register answers false
 * when the OS refuses the keys (another program holds them); a Wayland session hands global
 * keys to apps only through xdg-desktop-portal's GlobalShortcuts, which Chromium uses with the
 * GlobalShortcutsPortal feature (turned on before `ready`, enableShortcutsPortal): without that
 * portal ClassTray does not ask, and with it the desktop decides (unconfirmed). What came of it
 * goes to the window (Settings says it) and the log.
 */
import type { GlobalShortcut } from 'electron';
import type { OpenShortcutView } from '../core/api/installationView';
import { isWayland } from './desktopHome';

/** Before `ready`: on Wayland, Chromium asks the portal for global keys (Electron's docs). */
export function enableShortcutsPortal(
  commandLine: { appendSwitch(name: string, value?: string): void },
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): void {
  if (platform === 'linux' && isWayland(env)) {
    commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
  }
}

export interface ShortcutFacts {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** hasShortcutsPortal's answer, asked only on Wayland; null: the bus did not say. */
  portal: () => Promise<boolean | null>;
}

/**
 * Holds at most one shortcut: `apply` gives back the one held before and takes the new one
 * ('' takes none); `onPress` runs on each press. Resolves with what the window shows.
 */
export function openShortcutKeeper(
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
  facts: ShortcutFacts,
  onPress: () => void,
  log: { info(message: string): void; warn(message: string): void },
) {
  let held: string | null = null;
  let portal: Promise<boolean | null> | undefined;
  const wayland = facts.platform === 'linux' && isWayland(facts.env);
  // One change at a time: a second waits for the first's portal answer and registration.
  let queue: Promise<unknown> = Promise.resolve();
  return function apply(accelerator: string): Promise<OpenShortcutView | undefined> {
    const next = queue.then(() => take(accelerator));
    queue = next.catch(() => undefined);
    return next;
  };
  async function take(accelerator: string): Promise<OpenShortcutView | undefined> {
    if (held !== null) {
      globalShortcut.unregister(held);
      held = null;
    }
    if (accelerator === '') {
      log.info('The shortcut to open the window is off.');
      return undefined;
    }
    if (wayland) {
      portal ??= facts.portal();
      const offered = await portal;
      // Not knowing: Chromium asks the portal, and a refusal comes back as false below.
      if (offered === false) {
        log.warn(
          `The shortcut ${accelerator} was not asked for: this Wayland session has no global shortcuts portal.`,
        );
        return { accelerator, status: 'unsupported' };
      }
    }
    let taken: boolean;
    try {
      taken = globalShortcut.register(accelerator, onPress);
    } catch (error) {
      // Electron throws on keys it cannot parse; the preference's rule should have kept them out.
      log.warn(`The shortcut ${accelerator} was refused: ${String(error)}`);
      taken = false;
    }
    if (!taken) {
      log.warn(`The shortcut ${accelerator} is held by another program: the OS refused it.`);
      return { accelerator, status: 'taken' };
    }
    held = accelerator;
    if (wayland) {
      // Through the portal, true means only that the keys were asked for: the desktop may show
      // its own prompt, want them set in its keyboard settings, or never deliver them
      // (electron#45171, #45607, #52218; cherry-studio#20524). Nothing tells which.
      log.info(
        `The shortcut ${accelerator} was asked of the Wayland desktop, which may not deliver it.`,
      );
      return { accelerator, status: 'unconfirmed' };
    }
    log.info(`The shortcut ${accelerator} opens and closes the window.`);
    return { accelerator, status: 'registered' };
  }
}
