import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WINDOW_BOUNDS,
  WINDOW_SIZE,
  popoverWindowOptions,
  rememberSize,
  retryFailedLoad,
  savedWindowSize,
  setPinned,
  trackVisibility,
  windowHomeOptions,
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

  it('as the window home (no tray) has a frame and a taskbar entry, and the same hardening', () => {
    const home = windowHomeOptions('/app/out/preload/index.cjs', false);
    expect(home).toMatchObject({ frame: true, skipTaskbar: false, minimizable: true, show: false });
    expect(home.webPreferences).toEqual(options.webPreferences);
  });

  it('opens developer tools only outside a packaged app', () => {
    expect(options.webPreferences?.devTools).toBe(false);
    expect(popoverWindowOptions('/dev/preload.cjs', true).webPreferences?.devTools).toBe(true);
  });

  it('is a frameless popover kept off the taskbar, resizable from 320 px wide', () => {
    expect(options).toMatchObject({
      frame: false,
      skipTaskbar: true,
      show: false,
      resizable: true,
      ...WINDOW_SIZE,
      minWidth: 320,
    });
    expect(WINDOW_BOUNDS.maxWidth).toBeGreaterThanOrEqual(1280);
  });

  it('opens at a given size, kept within its bounds', () => {
    const sized = (width: number, height: number) => {
      const { width: w, height: h } = popoverWindowOptions('/p.cjs', false, { width, height });
      return { width: w, height: h };
    };
    expect(sized(640, 720)).toEqual({ width: 640, height: 720 });
    expect(sized(100, 100)).toEqual({
      width: WINDOW_BOUNDS.minWidth,
      height: WINDOW_BOUNDS.minHeight,
    });
    expect(sized(9000, 9000)).toEqual({
      width: WINDOW_BOUNDS.maxWidth,
      height: WINDOW_BOUNDS.maxHeight,
    });
  });

  it('reports shows and hides, and pins by staying on top', () => {
    const window = Object.assign(new EventEmitter(), { setAlwaysOnTop: vi.fn() });
    const onChange = vi.fn();
    trackVisibility(window as never, onChange);
    window.emit('show');
    window.emit('hide');
    // The window home, minimised to its taskbar entry and back.
    window.emit('minimize');
    window.emit('restore');
    expect(onChange.mock.calls).toEqual([[true], [false], [false], [true]]);
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

describe('remembered window size', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const sizeFile = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'classtray-window-'));
    dirs.push(dir);
    return join(dir, 'window-size.json');
  };
  const fakeWindow = (size: [number, number]) =>
    Object.assign(new EventEmitter(), { getSize: vi.fn(() => size) });

  it('is the default size on a first run and when the file is not a size', async () => {
    const file = await sizeFile();
    expect(savedWindowSize(file)).toEqual(WINDOW_SIZE);
    await writeFile(file, '{"width": "wide"}');
    expect(savedWindowSize(file)).toEqual(WINDOW_SIZE);
    await writeFile(file, 'not json');
    expect(savedWindowSize(file)).toEqual(WINDOW_SIZE);
  });

  it('saves the size after a resize or when the window hides, for the next start', async () => {
    const file = await sizeFile();
    const window = fakeWindow([640, 720]);
    rememberSize(window as never, file, vi.fn());
    window.emit('resized');
    expect(savedWindowSize(file)).toEqual({ width: 640, height: 720 });
    window.getSize.mockReturnValue([500, 600]);
    window.emit('hide');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ width: 500, height: 600 });
  });

  it('logs a size it cannot save and carries on', async () => {
    const file = join(await sizeFile(), 'missing-dir', 'window-size.json');
    const window = fakeWindow([640, 720]);
    const warn = vi.fn();
    rememberSize(window as never, file, warn);
    window.emit('hide');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^The window size could not be saved/));
  });
});
