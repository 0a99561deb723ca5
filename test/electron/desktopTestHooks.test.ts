/**
 * The smoke test's reach into main: there only under --desktop-test in a development run, and
 * then a tray click as the OS sends it, the shortcut's action and the icon drawn last.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DESKTOP_TEST_FLAG,
  DESKTOP_TEST_GLOBAL,
  exposeForDesktopTest,
} from '../../src-main/electron/desktopTestHooks';
import type { Home } from '../../src-main/electron/windowHome';
import { LOGIN_FLAG } from '../../src-main/electron/loginItem';
import { AT_LOGIN } from '../desktop/electronApp';
import { FakeTray } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

afterEach(() => {
  Reflect.deleteProperty(globalThis, DESKTOP_TEST_GLOBAL);
});

function home(tray: object): Home {
  return Object.assign(new EventEmitter(), {
    window: { isVisible: () => true, isMinimized: () => false, isFocused: () => false },
    tray,
    showWindow: vi.fn(async () => undefined),
    hideWindow: vi.fn(),
  }) as unknown as Home;
}

describe('the desktop test hooks', () => {
  it('are not there without the flag, nor in a packaged app', () => {
    const tray = Object.assign(new FakeTray('t.png'), { isDestroyed: () => false });
    expect(
      exposeForDesktopTest({ argv: [], packaged: false }, home(tray), vi.fn()),
    ).toBeUndefined();
    expect(
      exposeForDesktopTest({ argv: [DESKTOP_TEST_FLAG], packaged: true }, home(tray), vi.fn()),
    ).toBeUndefined();
    expect(DESKTOP_TEST_GLOBAL in globalThis).toBe(false);
  });

  it('click the tray as the OS does, run the shortcut, and name the icon drawn last', () => {
    const tray = Object.assign(new FakeTray('t.png'), { isDestroyed: () => false });
    const drawn = tray.setImage;
    tray.getBounds.mockReturnValue({ x: 10, y: 1050, width: 24, height: 24 });
    const clicked = vi.fn();
    tray.on('click', clicked);
    const press = vi.fn();
    const hooks = exposeForDesktopTest(
      { argv: ['.', DESKTOP_TEST_FLAG], packaged: false },
      home(tray),
      press,
    );
    expect(Reflect.get(globalThis, DESKTOP_TEST_GLOBAL)).toBe(hooks);
    expect(hooks?.tray()).toEqual({ exists: true, icon: null });
    tray.setImage('/assets/tray-ok-dark-24.png');
    // Still drawn on the tray: the hook only notes the file.
    expect(drawn).toHaveBeenCalledWith('/assets/tray-ok-dark-24.png');
    expect(hooks?.tray()).toEqual({ exists: true, icon: '/assets/tray-ok-dark-24.png' });
    hooks?.clickTray();
    expect(clicked).toHaveBeenCalledWith({}, { x: 10, y: 1050, width: 24, height: 24 });
    hooks?.pressShortcut();
    expect(press).toHaveBeenCalledTimes(1);
    expect(hooks?.windowVisible()).toBe(true);
    expect(hooks?.windowFocused()).toBe(false);
  });

  it('are reached by the smoke test, which starts the app as at login', () => {
    expect(AT_LOGIN).toBe(LOGIN_FLAG);
  });

  it('where ClassTray is a window, show it for a click and say there is no tray', () => {
    const stand = {
      setImage: vi.fn(),
      setToolTip: vi.fn(),
      setContextMenu: vi.fn(),
      popUpContextMenu: vi.fn(),
      on: vi.fn(),
    };
    const windowHome = home(stand);
    const hooks = exposeForDesktopTest(
      { argv: [DESKTOP_TEST_FLAG], packaged: false },
      windowHome,
      vi.fn(),
    );
    hooks?.clickTray();
    expect(windowHome.showWindow).toHaveBeenCalled();
    expect(hooks?.tray().exists).toBe(false);
  });
});
