/**
 * The vault's fallback when keytar cannot load: the token encrypted with Electron's safeStorage
 * (the OS keychain's key, or DPAPI on Windows), kept in a file of its own beside the settings.
 */
import { safeStorage } from 'electron';
import type { SecretFallback } from '../core/vault';

/** The file's whole content; electron-store instances satisfy it. */
export interface SecretFile {
  get store(): Record<string, unknown>;
  set store(value: Record<string, unknown>);
}

/**
 * A fallback, or undefined where safeStorage would not really encrypt: then the core keeps the
 * token for this run only, which beats a token on disk under a key everybody knows.
 */
export async function createSecretFallback(
  openFile: () => SecretFile,
): Promise<SecretFallback | undefined> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return undefined;
  // Linux without a secret service: Chromium's 'basic_text' backend uses a hard-coded password.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return undefined;
  }
  const file = openFile();
  const write = async (account: string, secret: string): Promise<void> => {
    const encrypted = await safeStorage.encryptStringAsync(secret);
    // Whole-object writes: service URLs contain dots, which electron-store's set() would nest.
    file.store = { ...file.store, [account]: encrypted.toString('base64') };
  };
  return {
    async get(account) {
      const saved = file.store[account];
      if (typeof saved !== 'string') return null;
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(saved, 'base64'),
      );
      if (shouldReEncrypt) await write(account, result);
      return result;
    },
    set: write,
    async delete(account) {
      const { [account]: _removed, ...rest } = file.store;
      file.store = rest;
    },
  };
}
