import { createRequire } from 'node:module';

/** Whether keytar (optional: it needs libsecret-1-dev to build) is installed here. */
export function keytarInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('keytar');
    return true;
  } catch {
    return false;
  }
}
