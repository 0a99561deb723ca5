/**
 * Opens ClassTray's home (desktopHome.ts decides where): the tray with its popover, or, where
 * there is no tray or Electron cannot make one, the ordinary window (windowHome.ts). The log
 * says which and why. And what a start shows: the tray only at login, the window with its note
 * on the first start in a place (until the teacher closes it), a window home always.
 */
import path from 'node:path';
import { screen, Tray } from 'electron';
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
      const popover = createPopover(new Tray(path.join(options.assetsDir, icon)), options);
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
