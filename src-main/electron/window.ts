/**
 * The popover window: frameless, off the taskbar, sized for a classroom list and resizable within
 * bounds (the size is remembered), with the checklist's webPreferences. menubar creates it from
 * these options and anchors it to the icon.
 */
import { writeFileNoFollow } from '../dataFolder/privateFolder';
import { FILE_CAPS, readSmallFile } from '../dataFolder/fileCaps';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';

export interface WindowSize {
  width: number;
  height: number;
}

export const WINDOW_SIZE: WindowSize = { width: 380, height: 580 };

/**
 * From 320 px wide (what the window is laid out for, down to 200% zoom) to a wide desk screen,
 * where the compact view shows a whole exam hall.
 */
export const WINDOW_BOUNDS = { minWidth: 320, minHeight: 400, maxWidth: 1600, maxHeight: 1200 };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** `devTools`: only in development; a packaged app gives nobody a console into the page. */
export function popoverWindowOptions(
  preloadPath: string,
  devTools: boolean,
  size: WindowSize = WINDOW_SIZE,
): BrowserWindowConstructorOptions {
  return {
    width: clamp(Math.round(size.width), WINDOW_BOUNDS.minWidth, WINDOW_BOUNDS.maxWidth),
    height: clamp(Math.round(size.height), WINDOW_BOUNDS.minHeight, WINDOW_BOUNDS.maxHeight),
    ...WINDOW_BOUNDS,
    show: false,
    frame: false,
    resizable: true,
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
      // Cache a script's compiled code on its first run, not after Chromium's heat check (its
      // third load within 72 hours): the window is created once per start, so the second start
      // already paints from the cache. Compiled lazily, as run, to keep the first start's cost.
      v8CacheOptions: 'bypassHeatCheck',
    },
  };
}

/**
 * The window home's (windowHome.ts, where the desktop shows no tray): the popover's size and
 * webPreferences, as an ordinary window with a frame and a taskbar entry.
 */
export function windowHomeOptions(
  preloadPath: string,
  devTools: boolean,
  size: WindowSize = WINDOW_SIZE,
): BrowserWindowConstructorOptions {
  return {
    ...popoverWindowOptions(preloadPath, devTools, size),
    frame: true,
    skipTaskbar: false,
    movable: true,
    minimizable: true,
    maximizable: true,
    fullscreenable: true,
    title: 'ClassTray',
  };
}

/** What the window is made from: the app:// page, the preload, its size. */
export interface PopoverOptions {
  url: string;
  preloadPath: string;
  devTools: boolean;
  size: WindowSize;
}

/**
 * Reports every show and hide (tray click, blur, Open, second launch) to `onChange`; a window
 * home (windowHome.ts) minimised to its taskbar entry is hidden too.
 */
export function trackVisibility(window: BrowserWindow, onChange: (visible: boolean) => void): void {
  window.on('show', () => onChange(true));
  window.on('hide', () => onChange(false));
  window.on('minimize', () => onChange(false));
  window.on('restore', () => onChange(true));
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

/**
 * The size saved by rememberSize; the default when there is none or it cannot be read (one over
 * its cap is set aside, `warn` says so).
 */
export function savedWindowSize(
  file: string,
  warn: (message: string) => void = () => undefined,
): WindowSize {
  try {
    const text = readSmallFile(file, FILE_CAPS.small, Date.now(), warn);
    if (text === undefined) return WINDOW_SIZE;
    const saved: unknown = JSON.parse(text);
    if (
      typeof saved === 'object' &&
      saved !== null &&
      'width' in saved &&
      'height' in saved &&
      Number.isFinite(saved.width) &&
      Number.isFinite(saved.height)
    ) {
      return { width: Number(saved.width), height: Number(saved.height) };
    }
  } catch {
    // No file yet, or not ours to read: the default size, as on a first run.
  }
  return WINDOW_SIZE;
}

/**
 * Saves the window's size when the teacher has resized it and when it hides (Linux reports no
 * end of a resize), so the next start opens at that size. A failed write is logged, not fatal.
 */
export function rememberSize(
  window: BrowserWindow,
  file: string,
  warn: (message: string) => void,
): void {
  let saved = '';
  const save = () => {
    const [width, height] = window.getSize();
    const text = JSON.stringify({ width, height });
    if (text === saved) return;
    try {
      // The teacher's alone, as everything in the data folder.
      writeFileNoFollow(file, `${text}\n`);
      saved = text;
    } catch (error) {
      warn(`The window size could not be saved: ${(error as Error).message}`);
    }
  };
  window.on('resized', save);
  window.on('hide', save);
}
