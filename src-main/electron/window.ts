/**
 * The popover window: frameless, off the taskbar, sized for a classroom list, with the
 * checklist's webPreferences. menubar creates it from these options and anchors it to the icon.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';

export const WINDOW_SIZE = { width: 380, height: 580 } as const;

/** `devTools`: only in development; a packaged app gives nobody a console into the page. */
export function popoverWindowOptions(
  preloadPath: string,
  devTools: boolean,
): BrowserWindowConstructorOptions {
  return {
    ...WINDOW_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    backgroundColor: '#f8fafc',
    webPreferences: {
      preload: preloadPath,
      devTools,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

/** Reports every show and hide (tray click, blur, Open, second launch) to `onChange`. */
export function trackVisibility(window: BrowserWindow, onChange: (visible: boolean) => void): void {
  window.on('show', () => onChange(true));
  window.on('hide', () => onChange(false));
}

/**
 * Pinned: menubar leaves an always-on-top window open when it loses focus, so pinning is
 * exactly that flag.
 */
export function setPinned(window: BrowserWindow, pinned: boolean): void {
  window.setAlwaysOnTop(pinned);
}

export const isPinned = (window: BrowserWindow): boolean => window.isAlwaysOnTop();
