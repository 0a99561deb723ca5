/**
 * A device password on the system clipboard, left as password managers leave one (KeePassXC's
 * src/gui/Clipboard.cpp): marked as a secret where the platform has a convention for it, so
 * clipboard managers and history skip it (Linux: `x-kde-passwordManagerHint` = `secret`; macOS:
 * nspasteboard.org's concealed type; Windows: none through Electron's formats), and taken off the
 * clipboard again after the teacher's delay and on quit, but only while the clipboard still holds
 * it: whatever the teacher copied since is never touched.
 */
import { clipboard, ClipboardItem } from 'electron';
import type { PasswordCopy } from '../core/api/hostApi';

/** Electron 44+'s name for a platform's own clipboard format. */
const platformFormat = (name: string): string =>
  `electron application/osclipboard;format="${name}"`;

/** The formats that mark the entry as a secret on this platform, beside its text (as KeePassXC). */
export function secretMarks(platform: NodeJS.Platform, password: string): Record<string, string> {
  if (platform === 'linux') return { [platformFormat('x-kde-passwordManagerHint')]: 'secret' };
  if (platform === 'darwin')
    return { [platformFormat('org.nspasteboard.ConcealedType')]: password };
  return {};
}

type Clearing = Extract<PasswordCopy, { copied: true }>['cleared'];

export interface PasswordClipboard {
  /** Puts the password on the clipboard, marked as a secret; says when it is cleared. */
  copy(password: string, clearAfterSeconds: number): Promise<Clearing>;
  /** On quit: clears the last password copied if the clipboard still holds it. */
  clearNow(): Promise<void>;
}

export function passwordClipboard(options: {
  warn: (message: string) => void;
  platform?: NodeJS.Platform;
}): PasswordClipboard {
  const platform = options.platform ?? process.platform;
  // The last password copied, until it is cleared: never written anywhere but the clipboard.
  let held: { password: string; timer: ReturnType<typeof setTimeout> | undefined } | undefined;

  const clearIfStillThere = async (password: string): Promise<void> => {
    // A later copy replaced it: that one's own timer clears it.
    if (held?.password !== password) return;
    clearTimeout(held.timer);
    held = undefined;
    try {
      if ((await clipboard.readText()) === password) clipboard.clear();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.warn(
        `Could not check the clipboard to clear a password: ${reason.replaceAll(password, '[password]')}`,
      );
    }
  };

  return {
    async copy(password, clearAfterSeconds) {
      if (held) clearTimeout(held.timer);
      held = undefined;
      await clipboard.write([
        new ClipboardItem({ 'text/plain': password, ...secretMarks(platform, password) }),
      ]);
      const timer =
        clearAfterSeconds > 0
          ? setTimeout(() => void clearIfStillThere(password), clearAfterSeconds * 1000)
          : undefined;
      held = { password, timer };
      return clearAfterSeconds > 0 ? { afterSeconds: clearAfterSeconds } : 'on-quit';
    },
    async clearNow() {
      if (held) await clearIfStillThere(held.password);
    },
  };
}
