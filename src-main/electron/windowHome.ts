/**
 * ClassTray without a tray: where the desktop shows none (desktopHome.ts) or Electron could not
 * make one, the classroom window is an ordinary window with a taskbar entry, and the tray's menu
 * is its menu bar ("ClassTray"); the tray's tooltip is its title. Closing it minimises it (a
 * scheduled end still runs); Quit in its menu ends ClassTray. It answers main as menubar's
 * popover does: `window`, showWindow, hideWindow and the 'before-load' and 'after-close' events.
 */
import { EventEmitter } from 'node:events';
import { app, BrowserWindow, Menu, type Tray } from 'electron';
import { windowHomeOptions, type PopoverOptions } from './window';

/** What main uses of a home, tray or window: menubar's Menubar answers it as it is. */
export interface Home extends EventEmitter {
  readonly window: BrowserWindow | undefined;
  readonly tray: TrayTarget;
  showWindow(): Promise<void>;
  hideWindow(): void;
}

/** What the tray presenter draws on: a Tray, or the window standing in for one. */
export type TrayTarget = Pick<
  Tray,
  'setImage' | 'setToolTip' | 'setContextMenu' | 'popUpContextMenu' | 'on'
>;

export function createWindowHome(made: PopoverOptions): Home {
  const { url, preloadPath, devTools, size } = made;
  const home = new EventEmitter() as EventEmitter & { window: BrowserWindow | undefined };
  let quitting = false;
  // A quit stopped before it began (the question about running accesses, quitQuestion.ts,
  // whose listener comes first) leaves the window as it was: closing it still minimises it.
  app.on('before-quit', (event) => {
    if (!event.defaultPrevented) quitting = true;
  });
  const options = windowHomeOptions(preloadPath, devTools, size);
  const window = new BrowserWindow({
    ...options,
    // The hardening as options has it, written out where Electronegativity reads it (it reads
    // only this literal); middle clicks open no window either (guardWebContents refuses them).
    webPreferences: {
      ...options.webPreferences,
      contextIsolation: true,
      sandbox: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  // The tooltip, not the page's <title>, names the window: it says the classroom and its state.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    window.minimize();
  });
  window.on('closed', () => {
    home.window = undefined;
    home.emit('after-close');
  });
  home.window = window;
  const tray: TrayTarget = {
    setImage: (image) => window.setIcon(image),
    setToolTip: (text) => window.setTitle(text),
    // The tray's menu, as the window's one menu.
    setContextMenu: (menu) =>
      window.setMenu(
        menu === null ? null : Menu.buildFromTemplate([{ label: 'ClassTray', submenu: menu }]),
      ),
    // A window has no icon to click: the presenter's one listener (macOS's right click) and
    // its pop-up have nothing to attach to.
    popUpContextMenu: () => undefined,
    on: (() => tray) as unknown as TrayTarget['on'],
  };
  const shown = Object.assign(home, {
    tray,
    showWindow: async (): Promise<void> => {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
    hideWindow: (): void => window.minimize(),
  });
  // As menubar: 'before-load' once the window exists, before its page loads; on the next
  // microtask, so a listener added right after this call (main.ts) hears it.
  queueMicrotask(() => {
    home.emit('before-load');
    window.loadURL(url).catch(() => {
      // retryFailedLoad (window.ts) logs the failure and loads again at the next show.
    });
  });
  return shown;
}
