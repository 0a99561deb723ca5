import { safeStorage } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSecretFallback, type SecretFile } from '../../src-main/electron/secretFallback';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const memoryFile = (): SecretFile => {
  let content: Record<string, unknown> = {};
  return {
    get store() {
      return content;
    },
    set store(value) {
      content = value;
    },
  };
};

const url = 'https://service.example.org';

describe('safeStorage fallback', () => {
  beforeEach(() => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockResolvedValue(true);
    vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('gnome_libsecret');
  });

  it('keeps the token encrypted, one entry per service URL (dots and all)', async () => {
    const file = memoryFile();
    const fallback = await createSecretFallback(() => file);
    await fallback?.set(url, 'T0KEN');
    expect(Object.keys(file.store)).toEqual([url]);
    expect(JSON.stringify(file.store)).not.toContain('T0KEN');
    await expect(fallback?.get(url)).resolves.toBe('T0KEN');
    await fallback?.delete(url);
    await expect(fallback?.get(url)).resolves.toBeNull();
  });

  it('re-encrypts a token whose key was rotated', async () => {
    const file = memoryFile();
    const fallback = await createSecretFallback(() => file);
    await fallback?.set(url, 'T0KEN');
    vi.mocked(safeStorage.decryptStringAsync).mockResolvedValueOnce({
      result: 'T0KEN',
      shouldReEncrypt: true,
    });
    const encrypt = vi.mocked(safeStorage.encryptStringAsync);
    encrypt.mockClear();
    await expect(fallback?.get(url)).resolves.toBe('T0KEN');
    expect(encrypt).toHaveBeenCalledWith('T0KEN');
  });

  it('offers none where safeStorage cannot encrypt', async () => {
    vi.mocked(safeStorage.isAsyncEncryptionAvailable).mockResolvedValue(false);
    const open = vi.fn(memoryFile);
    await expect(createSecretFallback(open)).resolves.toBeUndefined();
    expect(open).not.toHaveBeenCalled();
  });

  it.runIf(process.platform === 'linux')(
    "offers none on Linux's basic_text backend (a hard-coded key)",
    async () => {
      vi.mocked(safeStorage.getSelectedStorageBackend).mockReturnValue('basic_text');
      await expect(createSecretFallback(memoryFile)).resolves.toBeUndefined();
    },
  );
});
