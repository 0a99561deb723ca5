import { safeStorage } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenVault } from '../../src-main/core/account/vault';
import { silentLogger } from '../../src-main/core/logger';
import { createSecretFallback, type SecretFile } from '../../src-main/electron/secretFallback';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const memoryFile = (content: Record<string, unknown> = {}): SecretFile => ({
  get store() {
    return content;
  },
  set store(value) {
    content = value;
  },
});

const url = 'https://service.example.org';

describe('safeStorage fallback', () => {
  beforeEach(() => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockReset().mockResolvedValue(true);
    vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('gnome_libsecret');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the token encrypted, one entry per service URL (dots and all)', async () => {
    const file = memoryFile();
    const fallback = createSecretFallback(() => file);
    await fallback.set(url, 'T0KEN');
    expect(Object.keys(file.store)).toEqual([url]);
    expect(JSON.stringify(file.store)).not.toContain('T0KEN');
    await expect(fallback.get(url)).resolves.toBe('T0KEN');
    await fallback.delete(url);
    await expect(fallback.get(url)).resolves.toBeNull();
  });

  it('re-encrypts a token whose key was rotated', async () => {
    const file = memoryFile();
    const fallback = createSecretFallback(() => file);
    await fallback.set(url, 'T0KEN');
    vi.mocked(safeStorage.decryptStringAsync).mockResolvedValueOnce({
      result: 'T0KEN',
      shouldReEncrypt: true,
    });
    const encrypt = vi.mocked(safeStorage.encryptStringAsync);
    encrypt.mockClear();
    await expect(fallback.get(url)).resolves.toBe('T0KEN');
    expect(encrypt).toHaveBeenCalledWith('T0KEN');
  });

  it('touches neither safeStorage nor its file before the vault uses it, nor for nothing saved', async () => {
    const open = vi.fn(() => memoryFile());
    const fallback = createSecretFallback(open);
    expect(open).not.toHaveBeenCalled();
    await expect(fallback.get(url)).resolves.toBeNull();
    expect(safeStorage.isAsyncEncryptionAvailable).not.toHaveBeenCalled();
  });

  it('refuses to save where safeStorage cannot encrypt', async () => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockResolvedValue(false);
    const file = memoryFile();
    await expect(createSecretFallback(() => file).set(url, 'T0KEN')).rejects.toThrow(
      'safeStorage cannot encrypt on this machine.',
    );
    expect(file.store).toEqual({});
  });

  it.runIf(process.platform === 'linux')(
    "refuses Linux's basic_text backend (a hard-coded key) without opening the file",
    async () => {
      vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('basic_text');
      const open = vi.fn(() => memoryFile());
      await expect(createSecretFallback(open).get(url)).rejects.toThrow('basic_text');
      expect(open).not.toHaveBeenCalled();
    },
  );

  it('gives up on a safeStorage that does not get ready in time (a keychain prompt left open)', async () => {
    vi.useFakeTimers();
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockReturnValue(new Promise(() => undefined));
    const saved = createSecretFallback(() => memoryFile({ [url]: 'c2VjcmV0' }), {
      readyTimeoutMs: 5_000,
    }).get(url);
    const outcome = expect(saved).rejects.toThrow('safeStorage did not get ready within 5 s.');
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
  });

  it('leaves the vault working: the token is kept for the run when safeStorage hangs', async () => {
    vi.useFakeTimers();
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockReturnValue(new Promise(() => undefined));
    const vault = new TokenVault({
      env: {},
      loadKeytar: () => Promise.reject(new Error('no keytar here')),
      fallback: createSecretFallback(() => memoryFile(), { readyTimeoutMs: 5_000 }),
      log: silentLogger,
    });
    const saving = vault.setToken(url, 'T0KEN');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(saving).resolves.toMatchObject({ location: 'memory', hasToken: true });
    await expect(vault.getToken(url)).resolves.toBe('T0KEN');
  });
});
