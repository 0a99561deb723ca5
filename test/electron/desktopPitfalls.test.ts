/**
 * The known pitfalls of each desktop, handled by design (docs/engineering.md names each upstream
 * issue): a stable tray GUID on Windows, no hide on a blur before the first paint, no trust in
 * Linux's zero tray bounds, a Wayland shortcut said to be the desktop's to deliver, and no
 * Vulkan on Linux (NVIDIA's blank window).
 */
import { EventEmitter } from 'node:events';
import { Tray, screen } from 'electron';
import { menubar } from 'menubar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openHome, trayGuid, WINDOWS_TRAY_GUID } from '../../src-main/electron/home';
import { avoidBlankWindow } from '../../src-main/electron/linuxGpu';
import { openShortcutKeeper } from '../../src-main/electron/openShortcut';
import { ignoreBlurBeforePaint } from '../../src-main/electron/tray/blurBeforePaint';
import { createPopover, placeBesideTray } from '../../src-main/electron/tray/tray';
import { FakeTray } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
// menubar is CommonJS and would require the real electron module.
vi.mock('menubar', () => ({ menubar: vi.fn() }));

const quiet = { info: vi.fn(), warn: vi.fn() };
const original = process.platform;
const onPlatform = (platform: NodeJS.Platform) =>
  Object.defineProperty(process, 'platform', { value: platform });

afterEach(() => {
  onPlatform(original);
  vi.mocked(menubar).mockReset();
});

/** menubar's popover as main sees it: a window made at 'before-load'. */
function fakePopover(window?: EventEmitter) {
  return Object.assign(new EventEmitter(), {
    window,
    tray: new FakeTray('tray.png'),
    setOption: vi.fn(),
    getOption: vi.fn(() => ({})),
  });
}

const options = (packaged: boolean) => ({
  assetsDir: '/assets',
  look: { look: 'dark' as const, linuxSize: 24 },
  url: 'app://classtray/index.html',
  preloadPath: '/p.cjs',
  devTools: !packaged,
  size: { width: 380, height: 580 },
});

describe('a stable tray icon on Windows (electron#21891, #39032, #41773)', () => {
  it('gives the installed app one fixed GUID, and a development run none', async () => {
    vi.mocked(menubar).mockReturnValue(fakePopover() as never);
    const { app } = await import('electron');
    onPlatform('win32');
    Object.assign(app, { isPackaged: true });
    openHome({ home: 'windows-tray', why: 'Windows' }, options(true), quiet);
    expect(vi.mocked(Tray).mock.calls.at(-1)).toEqual([
      expect.stringMatching(/tray-idle-dark\.ico$/),
      WINDOWS_TRAY_GUID,
    ]);
    // A UUID, as Windows requires of a notification icon's GUID.
    expect(WINDOWS_TRAY_GUID).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    Object.assign(app, { isPackaged: false });
    openHome({ home: 'windows-tray', why: 'Windows' }, options(false), quiet);
    expect(vi.mocked(Tray).mock.calls.at(-1)).toHaveLength(1);
    expect(trayGuid('linux', true)).toBeUndefined();
    expect(trayGuid('darwin', true)).toBeUndefined();
  });
});

/** A window as menubar makes it: its blur listener hides it. */
function menubarWindow() {
  const window = Object.assign(new EventEmitter(), {
    focused: false,
    hide: vi.fn(),
    isFocused: vi.fn((): boolean => window.focused),
  });
  window.on('blur', () => window.hide());
  return window;
}

describe('no hide on a blur before the first paint (gitify#3064, #3085)', () => {
  it('ignores a blur before the page painted and before the window was in front', () => {
    const window = menubarWindow();
    ignoreBlurBeforePaint(window as never, quiet);
    // The first tray click: shown, and the taskbar takes the focus back before any paint.
    window.emit('show');
    window.emit('blur');
    expect(window.hide).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    // Shown again, never focused: that blur is not the teacher clicking away either.
    window.emit('hide');
    window.emit('show');
    window.emit('blur');
    expect(window.hide).not.toHaveBeenCalled();
    // In front, then a click elsewhere: menubar hides it as ever.
    window.emit('focus');
    window.emit('blur');
    expect(window.hide).toHaveBeenCalledTimes(1);
    // Focused before the show (macOS): in front from the show.
    window.focused = true;
    window.emit('show');
    window.emit('blur');
    expect(window.hide).toHaveBeenCalledTimes(2);
  });

  it('guards every window menubar makes', () => {
    const window = menubarWindow();
    const popover = fakePopover(window);
    vi.mocked(menubar).mockReturnValue(popover as never);
    createPopover(new FakeTray('t.png') as never, options(false));
    popover.emit('before-load');
    window.emit('show');
    window.emit('blur');
    expect(window.hide).not.toHaveBeenCalled();
  });
});

describe("no trust in Linux's zero tray bounds (electron#15003, #10790)", () => {
  it('places the window by the pointer, which has just clicked the icon', () => {
    const window = Object.assign(new EventEmitter(), { getSize: () => [380, 580] });
    const popover = fakePopover(window);
    vi.mocked(screen.getCursorScreenPoint).mockReturnValue({ x: 1850, y: 1060 });
    placeBesideTray(popover as never, screen);
    popover.emit('show');
    const [, placed] = popover.setOption.mock.calls.at(-1) as [string, { x: number; y: number }];
    // Above the bottom taskbar, at the right edge, where the pointer is: not the top-left corner.
    expect(placed).toEqual({ x: 1920 - 380, y: 1040 - 580 - 4 });
    expect(screen.getDisplayMatching).toHaveBeenLastCalledWith({
      x: 1850,
      y: 1060,
      width: 1,
      height: 1,
    });
  });
});

describe('a Wayland shortcut is the desktop’s to deliver (electron#45171, #52218; cherry-studio#20524)', () => {
  it('says unconfirmed where the portal took the request, registered on X11', async () => {
    const globalShortcut = { register: vi.fn(() => true), unregister: vi.fn() };
    const portal = vi.fn(async () => true);
    const wayland = openShortcutKeeper(
      globalShortcut,
      { platform: 'linux', env: { XDG_SESSION_TYPE: 'wayland' }, portal },
      vi.fn(),
      quiet,
    );
    expect(await wayland('Control+Shift+F9')).toEqual({
      accelerator: 'Control+Shift+F9',
      status: 'unconfirmed',
    });
    const x11 = openShortcutKeeper(
      globalShortcut,
      { platform: 'linux', env: { XDG_SESSION_TYPE: 'x11' }, portal },
      vi.fn(),
      quiet,
    );
    expect(await x11('Control+Shift+F9')).toMatchObject({ status: 'registered' });
  });
});

describe("NVIDIA's blank window on Linux (Gitify's ozone.ts)", () => {
  it('turns Vulkan off on Linux before ready, and nowhere else', () => {
    const commandLine = { appendSwitch: vi.fn() };
    avoidBlankWindow(commandLine, 'linux');
    expect(commandLine.appendSwitch).toHaveBeenCalledWith('disable-features', 'Vulkan');
    const elsewhere = { appendSwitch: vi.fn() };
    avoidBlankWindow(elsewhere, 'win32');
    avoidBlankWindow(elsewhere, 'darwin');
    expect(elsewhere.appendSwitch).not.toHaveBeenCalled();
  });
});
