/**
 * What the teacher must see is brought into view: a form opened on the last row in view, a
 * failure under a button at the bottom edge of the settings.
 */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Scrolls `element`'s scroll boxes (the device list, the settings, the window) as little as
 * needed to show it whole; one taller than its box shows its start. Not smoothly, so it is in
 * place before anything reads or draws it.
 */
export function bringIntoView(element: Element | null | undefined): void {
  element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * An element brought into view each time it appears (`shown` turns true). A form's answer
 * (`answer`: why its submit failed, or what it did) shows with the form's buttons, where the
 * teacher tries again; with `focus` it also takes the focus, so a keyboard or screen-reader user
 * is where the problem is (the element needs `tabIndex={-1}`).
 */
export function useInViewWhenShown<T extends HTMLElement>(
  shown: boolean,
  { focus = false, answer = false }: { focus?: boolean; answer?: boolean } = {},
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    // Scrolled here alone: focus() would centre it, moving the settings more than needed.
    if (focus) element.focus({ preventScroll: true });
    if (answer) {
      // The whole form if it fits, else at least its buttons, and in any case the answer.
      const form = element.closest('form');
      bringIntoView(form);
      bringIntoView(form?.querySelector(':scope > .form-actions'));
    }
    bringIntoView(element);
  }, [shown, focus, answer]);
  return ref;
}
