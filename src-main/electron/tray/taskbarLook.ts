/**
 * The taskbar's look as it is now (trayLook.ts), kept up to date: nativeTheme's 'updated' and,
 * on Windows, the taskbar's own mode read again at each (windowsTaskbar.ts), each change drawn
 * by `redraw`.
 */
import { nativeTheme, screen } from 'electron';
import { linuxTraySize, trayLook, type TrayLook } from './trayLook';
import { windowsTaskbarLight } from './windowsTaskbar';

export function followTaskbarLook(redraw: () => void): () => {
  look: TrayLook;
  linuxSize: number;
} {
  let taskbarLight: boolean | null = null;
  const readTaskbar = (): void => {
    if (process.platform !== 'win32') return;
    void windowsTaskbarLight().then((light) => {
      taskbarLight = light;
      redraw();
    });
  };
  readTaskbar();
  nativeTheme.on('updated', () => {
    redraw();
    readTaskbar();
  });
  return () => ({
    look: trayLook(nativeTheme, process.platform, process.env, taskbarLight),
    linuxSize: linuxTraySize(screen.getPrimaryDisplay().scaleFactor),
  });
}
