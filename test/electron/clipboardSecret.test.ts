/**
 * A copied password on the mocked system clipboard: marked as a secret per platform, cleared
 * after the teacher's delay and on quit, and only while the clipboard still holds it.
 */
import { clipboard } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordClipboard } from '../../src-main/electron/clipboardSecret';
import type { ElectronMock } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
const system = clipboard as unknown as ElectronMock['clipboard'];

const PASSWORD = 'pw-lab-07';
const KDE_HINT = 'electron application/osclipboard;format="x-kde-passwordManagerHint"';
const CONCEALED = 'electron application/osclipboard;format="org.nspasteboard.ConcealedType"';

let warnings: string[];
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  warnings = [];
  await system.writeText('copied earlier');
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

const linux = () => passwordClipboard({ warn: (line) => warnings.push(line), platform: 'linux' });

describe('a copied password', () => {
  it('is marked as a secret for clipboard managers on Linux', async () => {
    await linux().copy(PASSWORD, 30);
    expect(system.contents()).toEqual({ 'text/plain': PASSWORD, [KDE_HINT]: 'secret' });
  });

  it("carries macOS's concealed type there, and no mark where the platform has none", async () => {
    await passwordClipboard({ warn: vi.fn(), platform: 'darwin' }).copy(PASSWORD, 30);
    expect(system.contents()).toEqual({ 'text/plain': PASSWORD, [CONCEALED]: PASSWORD });
    await passwordClipboard({ warn: vi.fn(), platform: 'win32' }).copy(PASSWORD, 30);
    expect(system.contents()).toEqual({ 'text/plain': PASSWORD });
  });

  it('is cleared once the delay is over, if the clipboard still holds it', async () => {
    expect(await linux().copy(PASSWORD, 30)).toEqual({ afterSeconds: 30 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(system.contents()['text/plain']).toBe(PASSWORD);
    await vi.advanceTimersByTimeAsync(1);
    expect(system.clear).toHaveBeenCalledTimes(1);
    expect(system.contents()).toEqual({});
  });

  it('leaves what the teacher copied since', async () => {
    await linux().copy(PASSWORD, 30);
    await system.writeText('https://school.example/worksheet');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(system.clear).not.toHaveBeenCalled();
    expect(system.contents()['text/plain']).toBe('https://school.example/worksheet');
  });

  it('is cleared on quit, before its delay is over, and only then with the delay at 0', async () => {
    const passwords = linux();
    expect(await passwords.copy(PASSWORD, 0)).toBe('on-quit');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(system.contents()['text/plain']).toBe(PASSWORD);
    await passwords.clearNow();
    expect(system.contents()).toEqual({});
  });

  it('is not cleared on quit once something else was copied', async () => {
    const passwords = linux();
    await passwords.copy(PASSWORD, 30);
    await system.writeText('notes');
    await passwords.clearNow();
    expect(system.contents()['text/plain']).toBe('notes');
  });

  it('leaves a second password to its own delay, the first one no longer held', async () => {
    const passwords = linux();
    await passwords.copy(PASSWORD, 30);
    await vi.advanceTimersByTimeAsync(20_000);
    await passwords.copy('pw-lab-08', 30);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(system.contents()['text/plain']).toBe('pw-lab-08');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(system.contents()).toEqual({});
  });

  it('logs, without the password, when the clipboard cannot be read back', async () => {
    const passwords = linux();
    await passwords.copy(PASSWORD, 30);
    system.readText.mockRejectedValueOnce(new Error(`no access to ${PASSWORD}`));
    await passwords.clearNow();
    expect(warnings).toEqual([expect.stringContaining('no access to [password]')]);
    expect(system.clear).not.toHaveBeenCalled();
  });
});
