/**
 * Quitting never hangs: the core gets about 3 s to stop its timers and flush its files, then the
 * app quits anyway. A stuck disk write or a demo service that will not close must not leave a
 * tray icon behind that no longer answers.
 */
import type { App } from 'electron';

export const CLOSE_TIME_BOX_MS = 3_000;

export function closeBeforeQuit(
  app: Pick<App, 'on' | 'quit'>,
  close: () => Promise<void>,
  warn: (message: string) => void,
  timeBoxMs = CLOSE_TIME_BOX_MS,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    // A second Quit while closing waits for the first.
    if (state === 'closing') return;
    state = 'closing';
    void closeWithin(close, timeBoxMs, warn).finally(() => {
      state = 'closed';
      app.quit();
    });
  });
}

async function closeWithin(
  close: () => Promise<void>,
  timeBoxMs: number,
  warn: (message: string) => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeBoxMs);
  });
  try {
    const outcome = await Promise.race([close().then(() => 'closed' as const), timedOut]);
    if (outcome === 'timed-out') {
      warn(`The core did not close within ${timeBoxMs / 1000} s: quitting anyway.`);
    }
  } catch (error) {
    warn(`Closing the core failed: ${String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
