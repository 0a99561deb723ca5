/**
 * What the real-Electron smoke test (test/desktop) reaches in main, and nothing else does: with
 * --desktop-test, in a development run only (never a packaged app), a tray click and the
 * shortcut's action as the OS would run them, whether the window shows, and the image drawn on
 * the tray last. Playwright's `app.evaluate` runs in this process and reads them from globalThis;
 * a real click on a tray icon, or a global key press, is not something a test can send the OS
 * on every desktop.
 */
import type { Tray } from 'electron';
import type { Home } from './windowHome';

export const DESKTOP_TEST_FLAG = '--desktop-test';
export const DESKTOP_TEST_GLOBAL = '__classTrayDesktopTest';

export interface DesktopTestHooks {
  tray(): { exists: boolean; icon: string | null };
  clickTray(): void;
  pressShortcut(): void;
  windowVisible(): boolean;
  windowFocused(): boolean;
}

export function exposeForDesktopTest(
  run: { argv: readonly string[]; packaged: boolean },
  home: Home,
  pressShortcut: () => void,
): DesktopTestHooks | undefined {
  if (run.packaged || !run.argv.includes(DESKTOP_TEST_FLAG)) return undefined;
  const { tray } = home;
  let icon: string | null = null;
  const setImage = tray.setImage.bind(tray);
  tray.setImage = (image) => {
    icon = typeof image === 'string' ? image : null;
    setImage(image);
  };
  // A window home's stand-in has no emit: there the click is what its taskbar entry does.
  const realTray = 'emit' in tray ? (tray as Tray) : undefined;
  const hooks: DesktopTestHooks = {
    tray: () => ({ exists: realTray !== undefined && !realTray.isDestroyed(), icon }),
    clickTray: () => {
      // menubar's listener: (event, bounds), as Electron sends a click.
      if (realTray) realTray.emit('click', {}, realTray.getBounds());
      else void home.showWindow();
    },
    pressShortcut,
    windowVisible: () => home.window?.isVisible() === true && home.window.isMinimized() === false,
    windowFocused: () => home.window?.isFocused() === true,
  };
  Object.assign(globalThis, { [DESKTOP_TEST_GLOBAL]: hooks });
  return hooks;
}
