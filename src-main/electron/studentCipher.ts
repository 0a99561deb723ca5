/**
 * The tray app's encryption of students.json (core/students/studentNames.ts): Electron's
 * safeStorage, whose key the OS keeps for this user (the macOS Keychain, Windows DPAPI, the Linux
 * Secret Service or KWallet) and never in a file ClassTray writes. Linux's 'basic_text' backend
 * encrypts with a password written in Chromium's source, so there it counts as none: the names
 * are written unencrypted and Settings says so. Like the token's fallback, safeStorage is first
 * touched when there is a name to write or read, time-boxed.
 */
import { safeStorage } from 'electron';
import type { StudentCipher } from '../core/students/studentNames';
import { PLAIN_TEXT } from '../core/students/studentNames';
import { SAFE_STORAGE_READY_MS, whenAvailable } from './secretFallback';

export function safeStorageCipher(
  platform: NodeJS.Platform = process.platform,
  readyTimeoutMs = SAFE_STORAGE_READY_MS,
): StudentCipher {
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return PLAIN_TEXT;
  }
  let ready: Promise<void> | undefined;
  const available = (): Promise<void> => (ready ??= whenAvailable(readyTimeoutMs));
  return {
    protection: 'os',
    async encrypt(text) {
      await available();
      return (await safeStorage.encryptStringAsync(text)).toString('base64');
    },
    // A rotated key (shouldReEncrypt) needs nothing more: the names are written again whenever
    // they change, and they last a school day.
    async decrypt(data) {
      await available();
      return (await safeStorage.decryptStringAsync(Buffer.from(data, 'base64'))).result;
    },
  };
}
