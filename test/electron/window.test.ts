import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { popoverWindowOptions, setPinned, trackVisibility } from '../../src-main/electron/window';

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
});
