/**
 * Opens ClassTray's home (desktopHome.ts decides where): the tray with its popover, or, where
 * there is no tray or Electron cannot make one, the ordinary window (windowHome.ts). The log
 * says which and why. And what a start shows: the tray only at login, the window with its note
 * on the first start in a place (until the teacher closes it), a window home always.
 */
import path from 'node:path';
import { app, screen, Tray } from 'electron';
import type { DesktopHome } from '../../src-shared/desktopHome';
import { createPopover, placeBesideTray } from './tray/tray';
import type { PopoverOptions } from './window';
import { trayIconFile } from './tray/trayState';
import type { TrayLook } from './tray/trayLook';
import { createWindowHome, type Home } from './windowHome';

export function openHome(
  found: { home: DesktopHome; why: string },
  options: PopoverOptions & { assetsDir: string; look: { look: TrayLook; linuxSize: number } },
  log: { info(message: string): void; warn(message: string): void },
): { home: DesktopHome; popover: Home } {
  let why = found.why;
  if (found.home !== 'window') {
    try {
      const { look, linuxSize } = options.look;
      const icon = trayIconFile('idle', process.platform, look, linuxSize);
      const image = path.join(options.assetsDir, icon);
      const guid = trayGuid(process.platform, app.isPackaged);
      const tray = guid === undefined ? new Tray(image) : new Tray(image, guid);
      const popover = createPopover(tray, options, log);
      placeBesideTray(popover, screen);
      log.info(`ClassTray lives in the tray: ${why}.`);
      return { home: found.home, popover };
    } catch (error) {
      why = `the tray could not be made (${String(error)})`;
      log.warn(`No tray: ${why}.`);
    }
  }
  log.info(`ClassTray runs as a window with a taskbar entry: ${why}.`);
  return { home: 'window', popover: createWindowHome(options) };
}

/**
 * The tray icon's identity on Windows. Without one, Windows keys the icon by its window and id,
 * and after every update the icon falls back into the overflow area (^) the teacher had dragged
 * it out of (electron#21891, #39032). With one, Windows ties the GUID to the executable: to its
 * signature where the build is signed, else to its path, and a GUID seen from another path then
 * makes no icon at all (electron#41773). So only the installed app, always in one Program Files
 * folder (electron-builder.yml: per machine, no directory choice), gives it; a development run
 * from node_modules' electron.exe never does, so it never claims the GUID for that path.
 * Fixed forever: a new GUID loses every teacher's placement once more.
 */
export const WINDOWS_TRAY_GUID = '5d9c3b1e-7a4f-4c2e-9b8d-1f6e2a7c4b90';

export function trayGuid(platform: NodeJS.Platform, packaged: boolean): string | undefined {
  return platform === 'win32' && packaged ? WINDOWS_TRAY_GUID : undefined;
}

/**
 * What the window does at start. window: shown (and focused). minimized: a window home's
 * taskbar entry, quietly, at login. none: the tray only.
 */
export function startShow(facts: {
  home: DesktopHome;
  atLogin: boolean;
  /** preferences.homeNoteSeen: the place whose note the teacher closed. */
  noteSeen: DesktopHome | null;
}): 'window' | 'minimized' | 'none' {
  if (facts.home === 'window') return facts.atLogin ? 'minimized' : 'window';
  if (facts.atLogin) return 'none';
  return facts.noteSeen === facts.home ? 'none' : 'window';
}
