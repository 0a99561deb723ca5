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

/** Chromium's code for a load cancelled by a newer one or by the navigation guard. */
const ERR_ABORTED = -3;

/**
 * A page that fails to load is logged, and loaded again the next time the window is shown (Open,
 * the icon, a second launch), so a passing failure does not leave a blank window for the run.
 */
export function retryFailedLoad(window: BrowserWindow, warn: (message: string) => void): void {
  let failed = false;
  window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (!isMainFrame || code === ERR_ABORTED) return;
    failed = true;
    warn(`The window's page did not load (${description}, ${code}): ${url}`);
  });
  window.webContents.on('did-finish-load', () => {
    failed = false;
  });
  window.on('show', () => {
    if (failed) window.webContents.reload();
  });
}

/**
 * Pinned: menubar leaves an always-on-top window open when it loses focus, so pinning is
 * exactly that flag.
 */
export function setPinned(window: BrowserWindow, pinned: boolean): void {
  window.setAlwaysOnTop(pinned);
}

export const isPinned = (window: BrowserWindow): boolean => window.isAlwaysOnTop();
