/**
 * The browser preview's half of clipboard hygiene: the page writes a copied password itself
 * (navigator.clipboard), so it also clears it, by the tray app's rule: after the teacher's
 * delay, and only if the clipboard still holds it. Checking needs to read the clipboard back,
 * which a browser allows only with the clipboard-read permission: without it the page cannot
 * tell the password from something copied since, so it leaves the clipboard alone and says so.
 * A page cannot act when the preview stops, so "until quit" is not kept here either; nor can it
 * mark the text as a secret (the Clipboard API writes plain text only).
 */
import type { PasswordCopy } from './types';

type Clearing = Extract<PasswordCopy, { copied: true }>['cleared'];

export interface PageClipboard {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

export interface PageClipboardOptions {
  clipboard: PageClipboard;
  /** Whether the browser lets this page read the clipboard without asking. */
  mayRead: () => Promise<boolean>;
  setTimeout: (run: () => void, ms: number) => unknown;
}

export const browserClipboard = (): PageClipboardOptions => ({
  clipboard: navigator.clipboard,
  mayRead: async () => {
    try {
      const status = await navigator.permissions.query({
        name: 'clipboard-read' as PermissionName,
      });
      return status.state === 'granted';
    } catch {
      // A browser that does not know the permission name: it cannot be checked without asking.
      return false;
    }
  },
  setTimeout: (run, ms) => window.setTimeout(run, ms),
});

/** Writes the password and plans its clearing; resolves to what the window may promise. */
export async function copyPasswordInPage(
  password: string,
  clearAfterSeconds: number,
  options: PageClipboardOptions,
): Promise<Clearing> {
  await options.clipboard.writeText(password);
  if (clearAfterSeconds === 0 || !(await options.mayRead())) return 'never';
  options.setTimeout(() => {
    options.clipboard.readText().then(
      (now) => (now === password ? options.clipboard.writeText('') : undefined),
      // Refused now (the tab lost focus, the permission was withdrawn): left as it is.
      () => undefined,
    );
  }, clearAfterSeconds * 1000);
  return { afterSeconds: clearAfterSeconds };
}
