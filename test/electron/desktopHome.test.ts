import { describe, expect, it, vi } from 'vitest';
import {
  hasShortcutsPortal,
  hasTrayWatcher,
  type RunBus,
} from '../../src-main/electron/desktopBus';
import { findHome } from '../../src-main/electron/desktopHome';
import { openShortcutKeeper } from '../../src-main/electron/openShortcut';
import { trayLook, linuxTraySize } from '../../src-main/electron/tray/trayLook';
import { startShow } from '../../src-main/electron/home';
import { windowsTaskbarLight } from '../../src-main/electron/tray/windowsTaskbar';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
// menubar is CommonJS and would require the real electron module.
vi.mock('menubar', () => ({ menubar: vi.fn() }));

const answering =
  (answer: string | Error): RunBus =>
  async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  };

describe('where ClassTray lives', () => {
  it('asks the session bus for a StatusNotifierWatcher, and takes no answer as unknown', async () => {
    const run = vi.fn(answering('(true,)\n'));
    expect(await hasTrayWatcher(run)).toBe(true);
    expect(run.mock.calls[0]?.[0]).toContain('org.kde.StatusNotifierWatcher');
    expect(await hasTrayWatcher(answering('(false,)\n'))).toBe(false);
    expect(await hasTrayWatcher(answering(new Error('spawn gdbus ENOENT')))).toBeNull();
    // execFile's timeout kills gdbus: the same as no answer.
    expect(
      await hasTrayWatcher(answering(Object.assign(new Error('killed'), { killed: true }))),
    ).toBeNull();
  });

  it('asks the desktop portal for GlobalShortcuts; an interface it lacks is a no', async () => {
    expect(await hasShortcutsPortal(answering('(<uint32 1>,)\n'))).toBe(true);
    expect(
      await hasShortcutsPortal(
        answering(
          new Error('GDBus.Error:org.freedesktop.DBus.Error.InvalidArgs: No such interface'),
        ),
      ),
    ).toBe(false);
    // As gdbus says it on a session bus without xdg-desktop-portal (dbus-run-session).
    expect(
      await hasShortcutsPortal(
        answering(
          new Error(
            'Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.portal.Desktop was not provided by any .service files',
          ),
        ),
      ),
    ).toBe(false);
    expect(await hasShortcutsPortal(answering(new Error('spawn gdbus ENOENT')))).toBeNull();
  });

  it('is the tray on Windows and macOS, and on Linux where a watcher or an X11 tray is', () => {
    const env = { XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'wayland' };
    expect(findHome({ platform: 'win32', env, trayWatcher: null }).home).toBe('windows-tray');
    expect(findHome({ platform: 'darwin', env, trayWatcher: null }).home).toBe('macos-menu-bar');
    expect(findHome({ platform: 'linux', env, trayWatcher: true }).home).toBe('linux-tray');
    expect(
      findHome({
        platform: 'linux',
        env: { XDG_CURRENT_DESKTOP: 'XFCE', XDG_SESSION_TYPE: 'x11' },
        trayWatcher: false,
      }).home,
    ).toBe('linux-tray');
    // No answer in time: the tray is tried rather than taken away.
    expect(findHome({ platform: 'linux', env, trayWatcher: null }).home).toBe('linux-tray');
  });

  it('is a window on GNOME without a watcher, on X11 too, and on any Wayland session without one', () => {
    expect(
      findHome({
        platform: 'linux',
        env: { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', XDG_SESSION_TYPE: 'x11' },
        trayWatcher: false,
      }),
    ).toEqual({
      home: 'window',
      why: 'no StatusNotifierWatcher on the session bus (GNOME): no tray to show',
    });
    expect(
      findHome({
        platform: 'linux',
        env: { XDG_CURRENT_DESKTOP: 'sway', WAYLAND_DISPLAY: 'wayland-1' },
        trayWatcher: false,
      }).home,
    ).toBe('window');
  });

  it('shows the tray only at login, the window on a first start in a place, a window home always', () => {
    const tray = 'windows-tray' as const;
    expect(startShow({ home: tray, atLogin: true, noteSeen: null })).toBe('none');
    expect(startShow({ home: tray, atLogin: false, noteSeen: null })).toBe('window');
    expect(startShow({ home: tray, atLogin: false, noteSeen: tray })).toBe('none');
    // The place changed (the tray came back on GNOME): the note again.
    expect(startShow({ home: 'linux-tray', atLogin: false, noteSeen: 'window' })).toBe('window');
    expect(startShow({ home: 'window', atLogin: true, noteSeen: 'window' })).toBe('minimized');
    expect(startShow({ home: 'window', atLogin: false, noteSeen: 'window' })).toBe('window');
  });
});

describe('the tray icons for the taskbar', () => {
  it('follows the theme, high contrast, and GNOME’s always dark top bar', () => {
    const theme = (dark: boolean, contrast = false) => ({
      shouldUseDarkColors: dark,
      shouldUseHighContrastColors: contrast,
    });
    expect(trayLook(theme(true), 'win32', {})).toBe('dark');
    expect(trayLook(theme(false), 'win32', {})).toBe('light');
    expect(trayLook(theme(false, true), 'win32', {})).toBe('contrast-light');
    expect(trayLook(theme(true, true), 'win32', {})).toBe('contrast-dark');
    expect(trayLook(theme(false), 'linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toBe('dark');
    expect(trayLook(theme(false), 'linux', { XDG_CURRENT_DESKTOP: 'KDE' })).toBe('light');
  });

  it("on Windows follows the taskbar's own mode where it differs from the apps'", async () => {
    const lightApps = { shouldUseDarkColors: false, shouldUseHighContrastColors: false };
    // Windows 10's first look: a dark taskbar, light apps.
    expect(trayLook(lightApps, 'win32', {}, false)).toBe('dark');
    expect(trayLook({ ...lightApps, shouldUseDarkColors: true }, 'win32', {}, true)).toBe('light');
    expect(trayLook(lightApps, 'win32', {}, null)).toBe('light');
    const answer =
      '\r\nHKEY_CURRENT_USER\\...\\Personalize\r\n    SystemUsesLightTheme    REG_DWORD    0x0\r\n';
    expect(await windowsTaskbarLight(async () => answer)).toBe(false);
    expect(await windowsTaskbarLight(async () => answer.replace('0x0', '0x1'))).toBe(true);
    expect(
      await windowsTaskbarLight(async () => {
        throw new Error(
          'ERROR: The system was unable to find the specified registry key or value.',
        );
      }),
    ).toBeNull();
  });

  it('picks the Linux size for the scaling, 100 to 300 %', () => {
    expect([1, 1.25, 1.5, 2, 3].map(linuxTraySize)).toEqual([24, 32, 40, 48, 48]);
  });
});

describe('the open shortcut, held', () => {
  const log = { info: vi.fn(), warn: vi.fn() };
  const facts = (
    platform: NodeJS.Platform,
    env: NodeJS.ProcessEnv,
    portal: boolean | null = true,
  ) => ({
    platform,
    env,
    portal: vi.fn(async () => portal),
  });

  it('gives back the keys it held before taking new ones, and takes none for an empty one', async () => {
    const globalShortcut = { register: vi.fn(() => true), unregister: vi.fn() };
    const apply = openShortcutKeeper(globalShortcut, facts('win32', {}), vi.fn(), log);
    expect(await apply('Control+Shift+F9')).toEqual({
      accelerator: 'Control+Shift+F9',
      status: 'registered',
    });
    expect(await apply('Alt+Shift+K')).toEqual({
      accelerator: 'Alt+Shift+K',
      status: 'registered',
    });
    expect(globalShortcut.unregister).toHaveBeenCalledWith('Control+Shift+F9');
    expect(await apply('')).toBeUndefined();
    expect(globalShortcut.unregister).toHaveBeenLastCalledWith('Alt+Shift+K');
    expect(globalShortcut.register).toHaveBeenCalledTimes(2);
  });

  it('says taken when the OS refuses (or Electron throws), and holds nothing then', async () => {
    const globalShortcut = { register: vi.fn(() => false), unregister: vi.fn() };
    const apply = openShortcutKeeper(
      globalShortcut,
      facts('linux', { XDG_SESSION_TYPE: 'x11' }),
      vi.fn(),
      log,
    );
    expect(await apply('Control+Shift+F9')).toMatchObject({ status: 'taken' });
    globalShortcut.register.mockImplementation(() => {
      throw new Error('Failed to parse accelerator');
    });
    expect(await apply('Control+Shift+F8')).toMatchObject({ status: 'taken' });
    expect(globalShortcut.unregister).not.toHaveBeenCalled();
  });

  it('on Wayland asks the portal once; without it says unsupported; unknown, it tries', async () => {
    const globalShortcut = { register: vi.fn(() => true), unregister: vi.fn() };
    const without = facts('linux', { WAYLAND_DISPLAY: 'wayland-0' }, false);
    const apply = openShortcutKeeper(globalShortcut, without, vi.fn(), log);
    expect(await apply('Control+Shift+F9')).toMatchObject({ status: 'unsupported' });
    expect(await apply('Control+Shift+F8')).toMatchObject({ status: 'unsupported' });
    expect(without.portal).toHaveBeenCalledTimes(1);
    expect(globalShortcut.register).not.toHaveBeenCalled();
    const unknown = openShortcutKeeper(
      globalShortcut,
      facts('linux', { WAYLAND_DISPLAY: 'wayland-0' }, null),
      vi.fn(),
      log,
    );
    expect(await unknown('Control+Shift+F9')).toMatchObject({ status: 'unconfirmed' });
  });
});
