import { app, BrowserWindow, Menu } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createWindowHome } from '../../src-main/electron/windowHome';
import type { FakeBrowserWindow } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const made = () => {
  const home = createWindowHome({
    url: 'app://classtray/index.html',
    preloadPath: '/p.cjs',
    devTools: false,
    size: { width: 400, height: 600 },
  });
  const window = vi.mocked(BrowserWindow).mock.results.at(-1)?.value as FakeBrowserWindow;
  return { home, window };
};

describe('the window home, where there is no tray', () => {
  it('loads the page after saying before-load, as menubar does', async () => {
    const { home, window } = made();
    const order: string[] = [];
    home.on('before-load', () =>
      order.push(`before-load, loaded ${window.loadURL.mock.calls.length}`),
    );
    await Promise.resolve();
    expect(order).toEqual(['before-load, loaded 0']);
    expect(window.loadURL).toHaveBeenCalledWith('app://classtray/index.html');
  });

  it("draws the tray's menu as its menu bar, the tooltip as its title, the icon as its icon", () => {
    const { home, window } = made();
    const menu = { items: [] };
    home.tray.setContextMenu(menu as never);
    expect(Menu.buildFromTemplate).toHaveBeenLastCalledWith([
      { label: 'ClassTray', submenu: menu },
    ]);
    home.tray.setToolTip('ClassTray: Room 12, 18 of 24 online');
    expect(window.setTitle).toHaveBeenCalledWith('ClassTray: Room 12, 18 of 24 online');
    home.tray.setImage('/assets/tray-ok-dark-24.png');
    expect(window.setIcon).toHaveBeenCalledWith('/assets/tray-ok-dark-24.png');
  });

  it('minimises on close while ClassTray runs, closes when it quits, and shows restored', async () => {
    const { home, window } = made();
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    expect(window.minimize).toHaveBeenCalled();
    await home.showWindow();
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    home.hideWindow();
    expect(window.minimize).toHaveBeenCalledTimes(2);
    // A quit the question about running accesses stopped (quitQuestion.ts) leaves it minimising.
    app.emit('before-quit', { defaultPrevented: true });
    const stillRunning = { preventDefault: vi.fn() };
    window.emit('close', stillRunning);
    expect(stillRunning.preventDefault).toHaveBeenCalled();
    app.emit('before-quit', { defaultPrevented: false });
    const quitting = { preventDefault: vi.fn() };
    window.emit('close', quitting);
    expect(quitting.preventDefault).not.toHaveBeenCalled();
    const closed = vi.fn();
    home.on('after-close', closed);
    window.emit('closed');
    expect(closed).toHaveBeenCalled();
    expect(home.window).toBeUndefined();
  });
});
