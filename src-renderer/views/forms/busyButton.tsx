import type { ComponentProps, MouseEvent } from 'react';

/**
 * A control whose action is running, marked so without `disabled`: Chromium moves the keyboard
 * focus to the page body when the focused control is disabled, and a keyboard or screen-reader
 * user would lose their place. It stays focusable, is announced as unavailable and busy, and
 * looks disabled (src-renderer/base.css, `[aria-disabled='true']`).
 */
export const busyAttributes = (busy: boolean) =>
  ({ 'aria-disabled': busy || undefined, 'aria-busy': busy || undefined }) as const;

/**
 * A button that ignores clicks, Enter and Space (both arrive as a click) while `busy`, so its
 * action does not run twice; as a submit button it does not submit the form meanwhile either,
 * not even by Enter in one of the form's fields. `disabled` is still there for other reasons.
 */
export function BusyButton({
  busy,
  onClick,
  ...props
}: ComponentProps<'button'> & { busy: boolean }) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <button {...props} {...busyAttributes(busy)} onClick={click} />;
}
