/**
 * The window's own keys, for what a teacher does most (docs/teachers.md lists them): find a
 * device (Ctrl+F, or / as before), End all's question (Ctrl+Shift+E), switch classroom (Ctrl+K);
 * Cmd for Ctrl on a Mac. Each control carries its keys in `aria-keyshortcuts` (a screen reader
 * says them with its name) and `data-window-key` (what the key reaches). Keys typed into a
 * field stay the field's, except these, which hold Ctrl or Cmd.
 */
import { useEffect } from 'react';

export const WINDOW_KEYS = {
  search: { key: 'F', shift: false },
  endAll: { key: 'E', shift: true },
  classroom: { key: 'K', shift: false },
} as const;
export type WindowKey = keyof typeof WINDOW_KEYS;

/** A Mac keyboard (Cmd where others have Ctrl): what the window runs on. */
export const onMac = (): boolean =>
  /Mac|iPhone|iPad/.test(typeof navigator === 'undefined' ? '' : navigator.platform);

/** The window key an event presses, if any. */
export function windowKeyOf(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  mac: boolean,
): WindowKey | null {
  const primary = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (!primary || other || event.altKey) return null;
  // By the key's place (KeyF), so Ctrl+F works on any layout that has an F there.
  const letter = /^Key([A-Z])$/.exec(event.code)?.[1] ?? event.key.toUpperCase();
  for (const [name, keys] of Object.entries(WINDOW_KEYS) as [
    WindowKey,
    (typeof WINDOW_KEYS)[WindowKey],
  ][]) {
    if (keys.key === letter && keys.shift === event.shiftKey) return name;
  }
  return null;
}

/** The keys as aria-keyshortcuts names them ("Control+Shift+E"). */
export function ariaKeys(name: WindowKey, mac: boolean): string {
  const { key, shift } = WINDOW_KEYS[name];
  return [mac ? 'Meta' : 'Control', ...(shift ? ['Shift'] : []), key].join('+');
}

/** The keys as the teacher reads them ("Ctrl+Shift+E", "⌘⇧E"). */
export function keysLabel(name: WindowKey, mac: boolean): string {
  const { key, shift } = WINDOW_KEYS[name];
  return mac ? `⌘${shift ? '⇧' : ''}${key}` : ['Ctrl', ...(shift ? ['Shift'] : []), key].join('+');
}

/** The attributes a control a window key reaches carries. */
export const windowKeyProps = (name: WindowKey, mac = onMac()) => ({
  'data-window-key': name,
  'aria-keyshortcuts': ariaKeys(name, mac),
});

/**
 * Listens for the window keys: each focuses its control (a field, the classroom picker) or
 * presses it (End all, which asks its question); one hidden (behind Settings, or no access to
 * end) does nothing.
 */
export function useWindowKeys(): void {
  useEffect(() => {
    const mac = onMac();
    const onKeyDown = (event: KeyboardEvent) => {
      const name = windowKeyOf(event, mac);
      if (name === null) return;
      const control = document.querySelector<HTMLElement>(`[data-window-key="${name}"]`);
      if (!control || control.closest('[hidden]') !== null) return;
      event.preventDefault();
      if (control instanceof HTMLButtonElement) control.click();
      else {
        control.focus();
        if (control instanceof HTMLInputElement) control.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
