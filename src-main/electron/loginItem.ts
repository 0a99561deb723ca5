/**
 * Start at login, as the preference says. macOS and Windows register the app with the OS; Linux
 * has no such API, so an XDG autostart entry does it. Only a packaged app registers itself:
 * in development the executable is a bare Electron that would start without ClassTray.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { app } from 'electron';

export function applyStartAtLogin(enabled: boolean): void {
  if (!app.isPackaged) return;
  if (process.platform === 'linux') {
    setLinuxAutostart(enabled, process.env);
  } else if (app.getLoginItemSettings().openAtLogin !== enabled) {
    app.setLoginItemSettings({ openAtLogin: enabled });
  }
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
      `Exec=${desktopQuote(executable)}`,
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
