/**
 * The browser preview clears a copied password by the tray app's rule: after the teacher's delay,
 * only if the clipboard still holds it, and only where the page may read the clipboard back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageClipboardOptions } from '../../../src-renderer/api/pageClipboard';
import { copyPasswordInPage } from '../../../src-renderer/api/pageClipboard';

let held: string;
let page: PageClipboardOptions & { clipboard: { readText: ReturnType<typeof vi.fn> } };

beforeEach(() => {
  vi.useFakeTimers();
  held = 'copied earlier';
  page = {
    clipboard: {
      writeText: vi.fn(async (text: string) => {
        held = text;
      }),
      readText: vi.fn(async () => held),
    },
    mayRead: async () => true,
    setTimeout: (run, ms) => setTimeout(run, ms),
  };
});
afterEach(() => {
  vi.useRealTimers();
});

describe('copyPasswordInPage', () => {
  it('clears the password once the delay is over if the clipboard still holds it', async () => {
    expect(await copyPasswordInPage('s3cret', 30, page)).toEqual({ afterSeconds: 30 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(held).toBe('s3cret');
    await vi.advanceTimersByTimeAsync(1);
    expect(held).toBe('');
  });

  it('leaves what the teacher copied since', async () => {
    await copyPasswordInPage('s3cret', 30, page);
    held = 'a link for the class';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(held).toBe('a link for the class');
  });

  it('promises nothing and reads nothing where it may not read the clipboard back', async () => {
    page.mayRead = async () => false;
    expect(await copyPasswordInPage('s3cret', 30, page)).toBe('never');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.clipboard.readText).not.toHaveBeenCalled();
    expect(held).toBe('s3cret');
  });

  it('cannot keep "until ClassTray quits", so it says so', async () => {
    expect(await copyPasswordInPage('s3cret', 0, page)).toBe('never');
  });

  it('leaves the clipboard alone when reading it back is refused then', async () => {
    await copyPasswordInPage('s3cret', 10, page);
    page.clipboard.readText.mockRejectedValueOnce(new DOMException('Document is not focused.'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held).toBe('s3cret');
  });
});
