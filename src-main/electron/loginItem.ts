/**
 * Start at login, as the preference says. macOS and Windows register the app with the OS; Linux
 * has no such API, so an XDG autostart entry does it. Only a packaged app registers itself:
 * in development the executable is a bare Electron that would start without ClassTray.
 *
 * A start at login is a quiet one (the tray only, never the window): Windows and Linux start
 * ClassTray with LOGIN_FLAG, which main reads from its command line; macOS says it itself
 * (`wasOpenedAtLogin`, macOS only in Electron's docs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { app } from 'electron';

/** What Windows and Linux start ClassTray with at login. */
export const LOGIN_FLAG = '--hidden';

export function applyStartAtLogin(enabled: boolean): void {
  if (!app.isPackaged) return;
  if (process.platform === 'linux') {
    setLinuxAutostart(enabled, process.env);
    return;
  }
  // Windows reads openAtLogin for these arguments only (an entry from before the flag: false,
  // so it is written again with it).
  const login = process.platform === 'win32' ? { args: [LOGIN_FLAG] } : {};
  if (app.getLoginItemSettings(login).openAtLogin !== enabled) {
    app.setLoginItemSettings({ openAtLogin: enabled, ...login });
  }
}

/** Whether this run is the OS starting ClassTray at login. */
export function startedAtLogin(argv: readonly string[], platform: NodeJS.Platform): boolean {
  if (argv.includes(LOGIN_FLAG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}

export function linuxAutostartFile(env: NodeJS.ProcessEnv): string {
  const configHome = env['XDG_CONFIG_HOME'];
  const base =
    configHome && path.isAbsolute(configHome) ? configHome : path.join(os.homedir(), '.config');
  return path.join(base, 'autostart', 'classtray.desktop');
}

export function setLinuxAutostart(enabled: boolean, env: NodeJS.ProcessEnv): void {
  const file = linuxAutostartFile(env);
  if (!enabled) {
    fs.rmSync(file, { force: true });
    return;
  }
  // An AppImage runs from a temporary mount: the image itself is what must start.
  const executable = env['APPIMAGE'] ?? process.execPath;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    [
      '[Desktop Entry]',
      'Type=Application',
      'Name=ClassTray',
      `Exec=${desktopQuote(executable)} ${LOGIN_FLAG}`,
      'X-GNOME-Autostart-enabled=true',
      '',
    ].join('\n'),
  );
}

/**
 * One quoted argument of an Exec key (Desktop Entry Specification, "The Exec key"): quoting
 * escapes " ` $ and \ with a backslash, then the string rule doubles every backslash.
 */
const desktopQuote = (arg: string): string =>
  `"${arg.replace(/(["`$\\])/g, '\\$1').replaceAll('\\', '\\\\')}"`;
