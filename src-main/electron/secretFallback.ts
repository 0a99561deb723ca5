/**
 * The vault's fallback when keytar cannot load: the token encrypted with Electron's safeStorage
 * (the OS keychain's key, or DPAPI on Windows), kept in a file of its own beside the settings.
 *
 * safeStorage is touched only when there is something to encrypt or decrypt, not just because
 * the app started: its first use can wait on a keychain prompt (macOS asks when the app's
 * signature changed). That wait is time-boxed; past it, or where safeStorage would not really encrypt, the operation fails
 * and the vault keeps the token for this run only, which beats a token on disk under a key
 * everybody knows.
 */
import { safeStorage } from 'electron';
import type { SecretFallback } from '../core/account/vault';

/** The file's whole content; electron-store instances satisfy it. */
export interface SecretFile {
  get store(): Record<string, unknown>;
  set store(value: Record<string, unknown>);
}

export interface SecretFallbackOptions {
  /** How long safeStorage may take to get ready (a keychain prompt waits for the teacher). */
  readyTimeoutMs?: number;
}

export const SAFE_STORAGE_READY_MS = 5_000;

export function createSecretFallback(
  openFile: () => SecretFile,
  { readyTimeoutMs = SAFE_STORAGE_READY_MS }: SecretFallbackOptions = {},
): SecretFallback {
  let opened: SecretFile | undefined;
  const file = (): SecretFile => {
    refuseBasicText();
    opened ??= openFile();
    return opened;
  };
  let ready: Promise<void> | undefined;
  const encryptor = (): Promise<void> => {
    ready ??= whenAvailable(readyTimeoutMs);
    return ready;
  };
  const write = async (account: string, secret: string): Promise<void> => {
    await encryptor();
    const encrypted = await safeStorage.encryptStringAsync(secret);
    // Whole-object writes: service URLs contain dots, which electron-store's set() would nest.
    file().store = { ...file().store, [account]: encrypted.toString('base64') };
  };
  return {
    async get(account) {
      const saved = file().store[account];
      if (typeof saved !== 'string') return null;
      await encryptor();
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(saved, 'base64'),
      );
      if (shouldReEncrypt) await write(account, result);
      return result;
    },
    set: write,
    async delete(account) {
      const { [account]: _removed, ...rest } = file().store;
      file().store = rest;
    },
  };
}

/** Linux without a secret service: Chromium's 'basic_text' backend uses a hard-coded password. */
function refuseBasicText(): void {
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    throw new Error("safeStorage would encrypt with Linux's basic_text backend (a known key).");
  }
}

/** Resolves once safeStorage can encrypt; rejects past `timeoutMs` or where it cannot. */
export async function whenAvailable(timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`safeStorage did not get ready within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
  });
  try {
    const available = await Promise.race([safeStorage.isAsyncEncryptionAvailable(), timedOut]);
    if (!available) throw new Error('safeStorage cannot encrypt on this machine.');
  } finally {
    clearTimeout(timer);
  }
}
