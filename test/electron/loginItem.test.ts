import fs from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  applyStartAtLogin,
  setLinuxAutostart,
  startedAtLogin,
} from '../../src-main/electron/loginItem';
import { tempDir } from '../support/tempDir';
import { withPlatform } from '../support/withPlatform';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

describe('start at login', () => {
  it('writes and removes an XDG autostart entry on Linux', async () => {
    const home = await tempDir('classtray-xdg');
    const env = { XDG_CONFIG_HOME: home, APPIMAGE: '/home/t/Apps/Class Tray "1".AppImage' };
    setLinuxAutostart(true, env);
    const file = path.join(home, 'autostart', 'classtray.desktop');
    expect(fs.readFileSync(file, 'utf8')).toContain(
      'Exec="/home/t/Apps/Class Tray \\\\"1\\\\".AppImage" --hidden',
    );
    setLinuxAutostart(false, env);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('leaves the OS alone in development, where the executable is a bare Electron', () => {
    applyStartAtLogin(true);
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('registers the packaged app with the OS on macOS and Windows', () => {
    Object.assign(app, { isPackaged: true });
    withPlatform('darwin', () => applyStartAtLogin(true));
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
  });

  it('registers with --hidden on Windows, and reads its entry with the same arguments', () => {
    Object.assign(app, { isPackaged: true });
    withPlatform('win32', () => applyStartAtLogin(true));
    expect(app.getLoginItemSettings).toHaveBeenLastCalledWith({ args: ['--hidden'] });
    expect(app.setLoginItemSettings).toHaveBeenLastCalledWith({
      openAtLogin: true,
      args: ['--hidden'],
    });
  });

  it('knows a start at login by --hidden, and on macOS by wasOpenedAtLogin', () => {
    expect(startedAtLogin(['/opt/ClassTray/classtray', '--hidden'], 'linux')).toBe(true);
    expect(startedAtLogin(['/opt/ClassTray/classtray'], 'win32')).toBe(false);
    vi.mocked(app.getLoginItemSettings).mockReturnValueOnce({
      openAtLogin: true,
      wasOpenedAtLogin: true,
    } as never);
    expect(startedAtLogin(['/Applications/ClassTray.app/Contents/MacOS/ClassTray'], 'darwin')).toBe(
      true,
    );
    expect(startedAtLogin(['/Applications/ClassTray.app/Contents/MacOS/ClassTray'], 'darwin')).toBe(
      false,
    );
  });
});
