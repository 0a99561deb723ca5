/**
 * The tray icon and its popover (menubar anchors the window to the icon and hides it on blur),
 * and the icon, tooltip and context menu drawn from a TrayView.
 */
import path from 'node:path';
import { Menu, type MenuItemConstructorOptions, type Screen, type Tray } from 'electron';
import { menubar, type Menubar } from 'menubar';
import type { Mode } from '../../core/account/accountSettings';
import { trayIconFile, type TrayMenuEntry, type TrayView } from './trayState';
import type { TrayLook } from './trayLook';
import { popoverWindowOptions, type PopoverOptions } from '../window';
import { placeBesideIcon } from '../placement';
import type { TrayTarget } from '../windowHome';
import { ignoreBlurBeforePaint } from './blurBeforePaint';

/** The tray made first (its constructor may throw: then ClassTray runs as a window instead). */
export function createPopover(
  tray: Tray,
  options: PopoverOptions,
  log: { info(message: string): void } = { info: () => undefined },
): Menubar {
  const { url, preloadPath, devTools, size } = options;
  const popover = menubar({
    tray,
    index: url,
    tooltip: 'ClassTray',
    browserWindow: popoverWindowOptions(preloadPath, devTools, size),
    // The window exists from the start, so the page is ready (and subscribed) at the first click.
    preloadWindow: true,
    showDockIcon: false,
  });
  // menubar adds its blur listener just before this event, for each window it makes.
  popover.on('before-load', () => {
    if (popover.window) ignoreBlurBeforePaint(popover.window, log);
  });
  return popover;
}

/**
 * Places the window beside the icon (placement.ts) at each show: menubar emits 'show' before it
 * reads `browserWindow.x`/`y`, so the place set here is the one it uses. Linux reports no icon
 * bounds: the pointer, which has just clicked the icon or its menu, stands for it.
 */
export function placeBesideTray(popover: Menubar, screen: Screen): void {
  popover.on('show', () => {
    const window = popover.window;
    if (!window) return;
    const bounds = popover.tray.getBounds();
    const icon =
      bounds.width > 0 && bounds.height > 0
        ? bounds
        : { ...screen.getCursorScreenPoint(), width: 1, height: 1 };
    const [width = 0, height = 0] = window.getSize();
    const { x, y } = placeBesideIcon(icon, { width, height }, screen.getDisplayMatching(icon));
    popover.setOption('browserWindow', { ...popover.getOption('browserWindow'), x, y });
  });
}

export interface TrayHandlers {
  open(): void;
  selectClassroom(id: string): void;
  refresh(): void;
  setMode(mode: Mode): void;
  setPinned(pinned: boolean): void;
  setStartAtLogin(enabled: boolean): void;
  restartToUpdate(): void;
  openLogFolder(): void;
  quit(): void;
}

/**
 * Draws TrayViews on one tray; an unchanged view is skipped so an open menu is not rebuilt,
 * except after a checkbox or radio click: Electron flips that item's `checked` before its click
 * handler runs, so the menu is built again from the last view (the state) until the state says
 * otherwise.
 */
export function trayPresenter(
  tray: TrayTarget,
  assetsDir: string,
  handlers: TrayHandlers,
  look: () => { look: TrayLook; linuxSize: number },
) {
  let shown: TrayView | undefined;
  let shownKey = '';
  let menu: Menu | undefined;
  if (process.platform === 'darwin') {
    // On macOS a set context menu would take over the left click that opens the window.
    tray.on('right-click', () => {
      if (menu) tray.popUpContextMenu(menu);
    });
  }
  const setMenu = (view: TrayView): void => {
    menu = Menu.buildFromTemplate(menuTemplate(view.menu, handlers, redrawMenu));
    // Linux app indicators ignore clicks and show only this menu, so it is always set there.
    if (process.platform !== 'darwin') tray.setContextMenu(menu);
  };
  function redrawMenu(): void {
    if (shown) setMenu(shown);
  }
  return (view: TrayView): void => {
    // The taskbar's look is part of what is drawn: a theme change redraws the icon.
    const { look: taskbar, linuxSize } = look();
    const key = JSON.stringify({ view, taskbar, linuxSize });
    if (key === shownKey) return;
    shown = view;
    shownKey = key;
    tray.setImage(
      path.join(assetsDir, trayIconFile(view.icon, process.platform, taskbar, linuxSize)),
    );
    tray.setToolTip(view.tooltip);
    setMenu(view);
  };
}

/**
 * Checkboxes and radios act on the state they were drawn from, never on Electron's flipped
 * `checked`, and `redrawMenu` runs after each click; the radio already selected does nothing.
 */
export function menuTemplate(
  entries: readonly TrayMenuEntry[],
  handlers: TrayHandlers,
  redrawMenu: () => void,
): MenuItemConstructorOptions[] {
  const toggled = (act: () => void) => (): void => {
    act();
    redrawMenu();
  };
  return entries.map((entry): MenuItemConstructorOptions => {
    switch (entry.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'heading':
      case 'update-failed':
        return { label: entry.label, enabled: false };
      case 'open':
        // The shortcut shown beside Open; the OS holds it already (openShortcut.ts).
        return {
          label: entry.label,
          click: () => handlers.open(),
          ...(entry.keys === undefined
            ? {}
            : { accelerator: entry.keys, registerAccelerator: false }),
        };
      case 'timetable':
      case 'readiness':
      case 'scheduled-end':
        return { label: entry.label, click: () => handlers.open() };
      case 'classroom':
        return {
          label: entry.label,
          type: 'radio',
          checked: entry.checked,
          click: toggled(() => {
            if (!entry.checked) handlers.selectClassroom(entry.id);
          }),
        };
      case 'refresh':
        return { label: entry.label, enabled: entry.enabled, click: () => handlers.refresh() };
      case 'mode':
        return {
          label: entry.label,
          type: 'radio',
          checked: entry.checked,
          enabled: entry.enabled,
          click: toggled(() => {
            if (!entry.checked) handlers.setMode(entry.mode);
          }),
        };
      case 'pinned':
        return {
          label: entry.label,
          type: 'checkbox',
          checked: entry.checked,
          click: toggled(() => handlers.setPinned(!entry.checked)),
        };
      case 'start-at-login':
        return {
          label: entry.label,
          type: 'checkbox',
          checked: entry.checked,
          enabled: entry.enabled,
          click: toggled(() => handlers.setStartAtLogin(!entry.checked)),
        };
      case 'restart-to-update':
        return { label: entry.label, click: () => handlers.restartToUpdate() };
      case 'open-log-folder':
        return { label: entry.label, click: () => handlers.openLogFolder() };
      case 'quit':
        return { label: entry.label, click: () => handlers.quit() };
    }
  });
}
