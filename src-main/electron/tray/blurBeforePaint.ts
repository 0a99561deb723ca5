/**
 * menubar hides its window 100 ms after any blur. A blur that comes before the window has been
 * in front is not the teacher clicking away: on Windows a tray click may hand the focus straight
 * back to the taskbar, and the window then hid before its first paint, so a click on the icon
 * seemed to do nothing (Gitify 7.0, gitify#3064, fixed in #3085). Such a blur is ignored: before
 * the page has painted once ('ready-to-show'), and after a show until the window has had the
 * focus. No timer: what counts is what the window has been through, not how long it took.
 */
import type { BrowserWindow } from 'electron';

type BlurTarget = Pick<BrowserWindow, 'on' | 'once' | 'listeners' | 'removeAllListeners'> & {
  isFocused(): boolean;
};

export function ignoreBlurBeforePaint(
  window: BlurTarget,
  log: { info(message: string): void },
): void {
  // menubar's own listener (and any other added before this call) runs only for a real blur.
  const hideOnBlur = window.listeners('blur') as ((...args: unknown[]) => void)[];
  window.removeAllListeners('blur');
  let painted = false;
  let inFront = false;
  window.once('ready-to-show', () => {
    painted = true;
  });
  // A show may come after the focus (macOS) or before it (Windows, Linux).
  window.on('show', () => {
    inFront = window.isFocused();
  });
  window.on('focus', () => {
    inFront = true;
  });
  window.on('hide', () => {
    inFront = false;
  });
  window.on('blur', (...args: unknown[]) => {
    if (!painted || !inFront) {
      log.info(
        `A blur ${painted ? 'before the window was in front' : 'before the first paint'} was ignored.`,
      );
      return;
    }
    inFront = false;
    for (const listener of hideOnBlur) listener.apply(window, args);
  });
}
