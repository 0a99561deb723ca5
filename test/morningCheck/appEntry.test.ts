/**
 * `ClassTray --readiness`: the service found as the tray app finds it (the school's locked
 * address, else the one this user signed in to, else the policy's default) and the token asked of
 * that user's keychain for that address; the arguments are those after --readiness.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ManagedPolicy } from '../../src-main/core/policy/policyChecker';
import { readinessArgs, runAppReadiness } from '../../src-main/morningCheck/appEntry';
import { tempDir } from '../support/tempDir';

const SAVED = 'https://saved.school.example/api';
const LOCKED = 'https://locked.school.example/api';
const DEFAULT = 'https://default.school.example/api';

/** The address whose token the keychain was asked for, with no token there. */
async function keychainAskedFor(policy: ManagedPolicy, settings: object | null) {
  const dataDir = await tempDir();
  if (settings !== null) await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
  const asked: string[] = [];
  let err = '';
  const code = await runAppReadiness({
    argv: ['--classroom', 'room-a'],
    env: { CLASSTRAY_DATA_DIR: dataDir },
    out: () => undefined,
    err: (text) => (err += text),
    policy: async () => policy,
    loadKeytar: async () => ({
      getPassword: async (_service: string, account: string) => {
        asked.push(account);
        return null;
      },
      setPassword: async () => undefined,
      deletePassword: async () => false,
    }),
  });
  expect(code).toBe(2);
  expect(err).toContain('no API token: CLASSTRAY_TOKEN, or sign in to ClassTray as this user.');
  return asked;
}

describe('ClassTray --readiness', () => {
  it('takes the arguments after --readiness, and nothing without it', () => {
    expect(readinessArgs(['/opt/ClassTray/classtray', '--readiness', '--classroom', 'a'])).toEqual([
      '--classroom',
      'a',
    ]);
    expect(readinessArgs(['/opt/ClassTray/classtray', '--hidden'])).toBeUndefined();
  });

  it("asks the keychain for the school's locked address, else the user's, else the default", async () => {
    const service = { mode: 'service', serviceUrl: SAVED };
    expect(
      await keychainAskedFor({ locked: { ServiceUrl: LOCKED }, defaults: {} }, service),
    ).toEqual([LOCKED]);
    expect(
      await keychainAskedFor({ locked: {}, defaults: { ServiceUrl: DEFAULT } }, service),
    ).toEqual([SAVED]);
    // The demo school in use: the address once typed is not the user's service.
    expect(
      await keychainAskedFor(
        { locked: {}, defaults: { ServiceUrl: DEFAULT } },
        { mode: 'demo', serviceUrl: SAVED },
      ),
    ).toEqual([DEFAULT]);
  });
});
