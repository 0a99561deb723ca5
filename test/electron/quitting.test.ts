import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeBeforeQuit } from '../../src-main/electron/quitting';

const fakeApp = () => Object.assign(new EventEmitter(), { quit: vi.fn() });
const quitEvent = () => ({ preventDefault: vi.fn() });

describe('quitting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the core close first, then quits for real', async () => {
    const app = fakeApp();
    const close = vi.fn(async () => undefined);
    closeBeforeQuit(app as never, close, vi.fn());
    const first = quitEvent();
    app.emit('will-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(close).toHaveBeenCalledTimes(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    const second = quitEvent();
    app.emit('will-quit', second);
    expect(second.preventDefault).not.toHaveBeenCalled();
  });

  it('quits after the time box when the core never finishes closing, and says so', async () => {
    const app = fakeApp();
    const warn = vi.fn();
    closeBeforeQuit(app as never, () => new Promise(() => undefined), warn, 3_000);
    app.emit('will-quit', quitEvent());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(app.quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('The core did not close within 3 s: quitting anyway.');
  });

  it('quits when closing fails, and a second Quit meanwhile closes only once', async () => {
    const app = fakeApp();
    const warn = vi.fn();
    const close = vi.fn(() => Promise.reject(new Error('disk full')));
    closeBeforeQuit(app as never, close, warn);
    const second = quitEvent();
    app.emit('will-quit', quitEvent());
    app.emit('will-quit', second);
    expect(second.preventDefault).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(close).toHaveBeenCalledTimes(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Closing the core failed: Error: disk full');
  });
});
