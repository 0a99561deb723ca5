/**
 * Where ClassTray lives on this desktop: the tray (notification area, menu bar, panel) where the
 * desktop shows one, else an ordinary window (windowHome.ts). Windows and macOS always show a
 * tray; a Linux session shows one when a StatusNotifierWatcher is on the bus, and an X11 desktop
 * other than GNOME still shows Electron's older XEmbed icon without one. GNOME (on X11 or
 * Wayland) without an AppIndicator extension, and any Wayland session without a watcher, show
 * none.
 */
import type { DesktopHome } from '../../src-shared/desktopHome';

export interface HomeFacts {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** hasTrayWatcher's answer: null when the bus did not answer in time. */
  trayWatcher: boolean | null;
}

/** The home and why, in one line for the log. */
export function findHome({ platform, env, trayWatcher }: HomeFacts): {
  home: DesktopHome;
  why: string;
} {
  if (platform === 'win32') return { home: 'windows-tray', why: 'Windows' };
  if (platform === 'darwin') return { home: 'macos-menu-bar', why: 'macOS' };
  if (trayWatcher === true)
    return { home: 'linux-tray', why: 'a StatusNotifierWatcher is on the session bus' };
  const gnome = (env['XDG_CURRENT_DESKTOP'] ?? '').split(':').some((name) => /gnome/i.test(name));
  const wayland = isWayland(env);
  if (trayWatcher === null) {
    // Not knowing is not a reason to take the tray away.
    return { home: 'linux-tray', why: 'the session bus did not answer: the tray is tried' };
  }
  if (gnome || wayland) {
    return {
      home: 'window',
      why: `no StatusNotifierWatcher on the session bus (${gnome ? 'GNOME' : 'Wayland'}): no tray to show`,
    };
  }
  return { home: 'linux-tray', why: 'no StatusNotifierWatcher, an X11 desktop: its XEmbed tray' };
}

export const isWayland = (env: NodeJS.ProcessEnv): boolean =>
  env['XDG_SESSION_TYPE'] === 'wayland' || (env['WAYLAND_DISPLAY'] ?? '') !== '';
