import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  popoverWindowOptions,
  retryFailedLoad,
  setPinned,
  trackVisibility,
} from '../../src-main/electron/window';
import { FakeWebContents } from './electronMock';

describe('popover window', () => {
  const options = popoverWindowOptions('/app/out/preload/index.cjs', false);

  it("meets Electron's security checklist in its webPreferences", () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('opens developer tools only outside a packaged app', () => {
    expect(options.webPreferences?.devTools).toBe(false);
    expect(popoverWindowOptions('/dev/preload.cjs', true).webPreferences?.devTools).toBe(true);
  });

  it('is a frameless popover kept off the taskbar', () => {
    expect(options).toMatchObject({
      frame: false,
      skipTaskbar: true,
      show: false,
      resizable: false,
    });
  });

  it('reports shows and hides, and pins by staying on top', () => {
    const window = Object.assign(new EventEmitter(), { setAlwaysOnTop: vi.fn() });
    const onChange = vi.fn();
    trackVisibility(window as never, onChange);
    window.emit('show');
    window.emit('hide');
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    setPinned(window as never, true);
    expect(window.setAlwaysOnTop).toHaveBeenCalledWith(true);
  });

  it('logs a page that failed to load and loads it again when the window is next shown', () => {
    const window = Object.assign(new EventEmitter(), { webContents: new FakeWebContents() });
    const warn = vi.fn();
    retryFailedLoad(window as never, warn);
    const fail = (code: number, isMainFrame = true): void => {
      window.webContents.emit('did-fail-load', {}, code, 'ERR_X', 'app://classtray/', isMainFrame);
    };
    fail(-3);
    fail(-6, false);
    window.emit('show');
    expect(window.webContents.reload).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    fail(-6);
    expect(warn).toHaveBeenCalledWith(
      "The window's page did not load (ERR_X, -6): app://classtray/",
    );
    window.emit('show');
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    window.webContents.emit('did-finish-load');
    window.emit('show');
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
  });
});
