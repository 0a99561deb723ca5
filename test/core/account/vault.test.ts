import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  KEYCHAIN_FIX,
  KEYCHAIN_SERVICE,
  TokenVault,
  VaultError,
  type Keytar,
  type SecretFallback,
  type TokenVaultOptions,
  type VaultStatus,
} from '../../../src-main/core/account/vault';
import { recordingLogger } from '../../support/recordingLogger';
import { keytarInstalled } from '../../support/keytarInstalled';

const SERVICE_URL = 'https://school.example.com/api';
const TOKEN = 'tok-7f3a9c-very-secret';
const ENV_TOKEN = 'env-4b2e1d-also-secret';

/** An in-memory keytar; `failing` makes every call reject the way a dead Secret Service does. */
class FakeKeytar implements Keytar {
  readonly entries = new Map<string, string>();
  constructor(private readonly failing = false) {}

  async getPassword(service: string, account: string): Promise<string | null> {
    this.#maybeFail('');
    return this.entries.get(`${service}|${account}`) ?? null;
  }
  async setPassword(service: string, account: string, password: string): Promise<void> {
    // A native error that quotes its input: the vault must not pass it on.
    this.#maybeFail(password);
    this.entries.set(`${service}|${account}`, password);
  }
  async deletePassword(service: string, account: string): Promise<boolean> {
    this.#maybeFail('');
    return this.entries.delete(`${service}|${account}`);
  }
  #maybeFail(detail: string): void {
    if (this.failing) {
      throw new Error(`org.freedesktop.DBus.Error.ServiceUnknown (${detail})`);
    }
  }
}

class FakeFallback implements SecretFallback {
  readonly entries = new Map<string, string>();
  constructor(private readonly failing = false) {}

  async get(account: string): Promise<string | null> {
    if (this.failing) throw new Error('safeStorage is not available');
    return this.entries.get(account) ?? null;
  }
  async set(account: string, secret: string): Promise<void> {
    if (this.failing) throw new Error(`safeStorage could not encrypt ${secret}`);
    this.entries.set(account, secret);
  }
  async delete(account: string): Promise<void> {
    if (this.failing) throw new Error('safeStorage is not available');
    this.entries.delete(account);
  }
}

/** Everything the vault says, as text, for asserting the token never shows. */
function vaultWith(options: Partial<TokenVaultOptions> & { keytar?: Keytar }) {
  const { log, lines: said } = recordingLogger();
  const { keytar, ...rest } = options;
  const vault = new TokenVault({
    env: {},
    ...(keytar ? { loadKeytar: async () => keytar } : {}),
    ...rest,
    log,
  });
  const status = async (serviceUrl = SERVICE_URL): Promise<VaultStatus> => {
    const result = await vault.status(serviceUrl);
    said.push(JSON.stringify(result));
    return result;
  };
  return { vault, said, status };
}

const cannotLoad = async (): Promise<never> => {
  throw new Error('Cannot find module keytar.node');
};

describe('the token vault with a keychain', () => {
  it('keeps the token in the keychain under ClassTray and the service URL', async () => {
    const keytar = new FakeKeytar();
    const { vault, status } = vaultWith({ keytar });

    await expect(vault.setToken(SERVICE_URL, `  ${TOKEN}\n`)).resolves.toEqual({
      location: 'keychain',
      hasToken: true,
    });

    expect(keytar.entries.get(`${KEYCHAIN_SERVICE}|${SERVICE_URL}`)).toBe(TOKEN);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    await expect(vault.getToken('https://other.example.com')).resolves.toBeNull();
    await expect(status()).resolves.toEqual({ location: 'keychain', hasToken: true });
  });

  it('forgets the token', async () => {
    const keytar = new FakeKeytar();
    const { vault } = vaultWith({ keytar });
    await vault.setToken(SERVICE_URL, TOKEN);

    await expect(vault.forgetToken(SERVICE_URL)).resolves.toEqual({
      location: 'keychain',
      hasToken: false,
    });
    expect(keytar.entries.size).toBe(0);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBeNull();
  });

  it('still finds a token the fallback kept during an earlier run without a keychain', async () => {
    const fallback = new FakeFallback();
    fallback.entries.set(SERVICE_URL, TOKEN);
    const { vault, status } = vaultWith({ keytar: new FakeKeytar(), fallback });

    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    expect(await status()).toMatchObject({ location: 'fallback', hasToken: true });

    await vault.forgetToken(SERVICE_URL);
    expect(fallback.entries.size).toBe(0);
  });
});

describe('the token vault when keytar cannot load', () => {
  it('keeps the token for this run only and says so plainly', async () => {
    const { vault, said, status } = vaultWith({ loadKeytar: cannotLoad });

    await vault.setToken(SERVICE_URL, TOKEN);

    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    await expect(status()).resolves.toEqual({
      location: 'memory',
      hasToken: true,
      reason:
        'The system keychain needs keytar, which is not built here (on Debian: ' +
        'apt-get install libsecret-1-dev && npm ci): the token is kept for this run only.',
    });
    expect(said.join('\n')).toContain('Cannot find module keytar.node');

    const nextRun = vaultWith({ loadKeytar: cannotLoad });
    await expect(nextRun.vault.getToken(SERVICE_URL)).resolves.toBeNull();
  });

  it('uses the injected fallback store when there is one', async () => {
    const fallback = new FakeFallback();
    const { vault, status } = vaultWith({ loadKeytar: cannotLoad, fallback });

    await vault.setToken(SERVICE_URL, TOKEN);

    expect(fallback.entries.get(SERVICE_URL)).toBe(TOKEN);
    await expect(status()).resolves.toEqual({
      location: 'fallback',
      hasToken: true,
      reason:
        'The system keychain needs keytar, which is not built here (on Debian: ' +
        "apt-get install libsecret-1-dev && npm ci): the token is kept in the app's encrypted store instead.",
    });
  });

  it('treats a module without keytar functions as no keychain', async () => {
    const { status } = vaultWith({ loadKeytar: async () => ({ default: {} }) });

    expect(await status()).toMatchObject({ location: 'memory', hasToken: false });
  });
});

/** One sentence: a capital, one full stop at the very end, no line break. */
const isOneSentence = (text: string): boolean =>
  /^[A-Z][^\n]*\.$/.test(text) && !/[.!?]\s/.test(text.slice(0, -1));

describe('on a machine where keytar did not build (npm left the optional dependency out)', () => {
  afterEach(() => {
    vi.doUnmock('keytar');
  });

  /** The vault's own loader, `import('keytar')`, rejects as it does where npm removed keytar. */
  const withoutKeytar = (options: Partial<TokenVaultOptions> = {}) => {
    vi.doMock('keytar', () => {
      throw new Error("Cannot find package 'keytar' imported from vault.ts");
    });
    const { log, lines: said } = recordingLogger();
    const vault = new TokenVault({ env: {}, ...options, log });
    return { vault, said };
  };

  it('the preview keeps the token for this run and says so in one sentence naming the fix', async () => {
    const { vault, said } = withoutKeytar();

    const status = await vault.setToken(SERVICE_URL, TOKEN);

    expect(status).toMatchObject({ location: 'memory', hasToken: true });
    expect(status.reason).toContain(`on Debian: ${KEYCHAIN_FIX}`);
    expect(status.reason).toContain('for this run only');
    expect(isOneSentence(status.reason ?? '')).toBe(true);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    expect(said.join('\n')).toContain('keytar could not be loaded');
  });

  it("the tray app keeps it in safeStorage's store and says so in one sentence naming the fix", async () => {
    const fallback = new FakeFallback();
    const { vault } = withoutKeytar({ fallback });

    const status = await vault.setToken(SERVICE_URL, TOKEN);

    expect(fallback.entries.get(SERVICE_URL)).toBe(TOKEN);
    expect(status).toMatchObject({ location: 'fallback', hasToken: true });
    expect(status.reason).toContain(`on Debian: ${KEYCHAIN_FIX}`);
    expect(isOneSentence(status.reason ?? '')).toBe(true);
  });

  it('names the fix too when the encrypted store fails as well', async () => {
    const { vault } = withoutKeytar({ fallback: new FakeFallback(true) });

    const status = await vault.setToken(SERVICE_URL, TOKEN);

    expect(status).toMatchObject({ location: 'memory', hasToken: true });
    expect(status.reason).toContain(KEYCHAIN_FIX);
    expect(isOneSentence(status.reason ?? '')).toBe(true);
  });
});

describe('the token vault when no keychain answers', () => {
  it('falls back to memory without crashing and never repeats the token', async () => {
    const { vault, said, status } = vaultWith({ keytar: new FakeKeytar(true) });

    await expect(vault.setToken(SERVICE_URL, TOKEN)).resolves.toMatchObject({
      location: 'memory',
      hasToken: true,
    });

    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    await expect(status()).resolves.toEqual({
      location: 'memory',
      hasToken: true,
      reason: 'No keychain answered: the token is kept for this run only.',
    });
    expect(said.join('\n')).toContain('ServiceUnknown');
    expect(said.join('\n')).not.toContain(TOKEN);
  });

  it('says so when the fallback fails too', async () => {
    const { vault, said, status } = vaultWith({
      keytar: new FakeKeytar(true),
      fallback: new FakeFallback(true),
    });

    await vault.setToken(SERVICE_URL, TOKEN);

    await expect(status()).resolves.toEqual({
      location: 'memory',
      hasToken: true,
      reason:
        "Neither the keychain nor the app's encrypted store answered: the token is kept for this run only.",
    });
    expect(said.join('\n')).not.toContain(TOKEN);
  });
});

describe('CLASSTRAY_TOKEN', () => {
  const ENV = { CLASSTRAY_TOKEN: ENV_TOKEN, CLASSTRAY_SERVICE_URL: SERVICE_URL };

  it('overrides the stored token and is never persisted', async () => {
    const keytar = new FakeKeytar();
    const fallback = new FakeFallback();
    const { vault, status } = vaultWith({ keytar, fallback, env: ENV });

    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(ENV_TOKEN);
    await expect(status()).resolves.toEqual({
      location: 'environment',
      hasToken: true,
      reason:
        'CLASSTRAY_TOKEN is set: it overrides any saved token for this run and is never saved.',
    });

    // A token set meanwhile is saved for later runs; the variable keeps winning for this one.
    await expect(vault.setToken(SERVICE_URL, TOKEN)).resolves.toMatchObject({
      location: 'environment',
    });
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(ENV_TOKEN);
    expect([...keytar.entries.values()]).toEqual([TOKEN]);
    expect([...fallback.entries.values()]).toEqual([]);
  });

  it('is never written even when only memory is left', async () => {
    const { vault } = vaultWith({ loadKeytar: cannotLoad, env: ENV });
    await vault.getToken(SERVICE_URL);
    await vault.forgetToken(SERVICE_URL);

    const withoutVariable = vaultWith({ loadKeytar: cannotLoad });
    await expect(withoutVariable.vault.getToken(SERVICE_URL)).resolves.toBeNull();
  });

  it('is the token of its own service only, whatever the trailing slash', async () => {
    const keytar = new FakeKeytar();
    const { vault, status } = vaultWith({ keytar, env: ENV });
    await expect(vault.getToken(`${SERVICE_URL}/`)).resolves.toBe(ENV_TOKEN);
    await expect(vault.getToken('https://SCHOOL.example.com:443/api')).resolves.toBe(ENV_TOKEN);
    for (const other of [
      'https://attacker.example.net/api',
      'http://school.example.com/api',
      'https://school.example.com:8443/api',
      'https://school.example.com/other',
    ]) {
      await expect(vault.getToken(other)).resolves.toBeNull();
      await expect(status(other)).resolves.toEqual({
        location: 'keychain',
        hasToken: false,
        reason: `CLASSTRAY_TOKEN is for ${SERVICE_URL} only, so it is not sent to this service.`,
      });
    }
    // Another service's own saved token is still its own.
    await vault.setToken('https://attacker.example.net/api', TOKEN);
    await expect(vault.getToken('https://attacker.example.net/api')).resolves.toBe(TOKEN);
  });

  it('is bound to the launch --service-url when CLASSTRAY_SERVICE_URL is unset', async () => {
    const { vault } = vaultWith({
      keytar: new FakeKeytar(),
      env: { CLASSTRAY_TOKEN: ENV_TOKEN },
      launchServiceUrl: SERVICE_URL,
    });
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(ENV_TOKEN);
    await expect(vault.getToken('https://attacker.example.net/api')).resolves.toBeNull();
  });

  it('is not used at all when no service URL came with it', async () => {
    const { vault, status } = vaultWith({
      keytar: new FakeKeytar(),
      env: { CLASSTRAY_TOKEN: ENV_TOKEN },
    });
    await expect(vault.getToken(SERVICE_URL)).resolves.toBeNull();
    await expect(status()).resolves.toEqual({
      location: 'keychain',
      hasToken: false,
      reason:
        'CLASSTRAY_TOKEN is set but not used: set CLASSTRAY_SERVICE_URL (or --service-url) to the service it is for.',
    });
  });
});

describe('the token in messages', () => {
  it('never appears in an error, a log line or a status', async () => {
    const { vault, said, status } = vaultWith({
      keytar: new FakeKeytar(true),
      fallback: new FakeFallback(true),
      env: {},
    });
    const errors: string[] = [];
    for (const badToken of [`${TOKEN}\nX-Other: 1`, '   ']) {
      await vault.setToken(SERVICE_URL, badToken).catch((error: unknown) => {
        expect(error).toBeInstanceOf(VaultError);
        errors.push(String(error), (error as Error).stack ?? '');
      });
    }
    await vault.setToken(SERVICE_URL, TOKEN);
    await status();
    await vault.forgetToken(SERVICE_URL);
    await status();

    const envRun = vaultWith({
      loadKeytar: cannotLoad,
      env: { CLASSTRAY_TOKEN: ENV_TOKEN, CLASSTRAY_SERVICE_URL: SERVICE_URL },
    });
    await envRun.status();

    expect(errors).toHaveLength(4);
    for (const text of [...errors, ...said, ...envRun.said]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(ENV_TOKEN);
    }
  });
});

// Real keytar against a real Secret Service (gnome-keyring in a D-Bus session, as .ci/run sets
// up). Under CI=true it always runs, so a missing keytar or a broken keychain fails the build
// instead of skipping, except in .ci/run's clone made without keytar on purpose
// (CLASSTRAY_EXPECT_NO_KEYTAR=1). Elsewhere it needs keytar installed and a session bus: a
// desktop where keytar did not build must still pass `npm ci && npm test`.
const realKeychainReachable =
  process.env['CI'] === 'true'
    ? process.env['CLASSTRAY_EXPECT_NO_KEYTAR'] !== '1'
    : keytarInstalled() && Boolean(process.env['DBUS_SESSION_BUS_ADDRESS']);

describe.runIf(realKeychainReachable)(
  "the token vault on the real Secret Service (skipped outside CI without keytar or DBUS_SESSION_BUS_ADDRESS, and in CI's clone without keytar)",
  () => {
    it('stores, reads back across runs and forgets a token in the OS keychain', async () => {
      // keytar is CommonJS: require gives all its functions, which an ESM import does not.
      const keytar = createRequire(import.meta.url)('keytar') as Keytar;
      const serviceUrl = `https://classtray-test-${randomUUID()}.invalid/api`;
      const token = `real-${randomUUID()}`;
      const { log, lines: warnings } = recordingLogger();
      const newRun = () => new TokenVault({ env: {}, log });
      try {
        const status = await newRun().setToken(serviceUrl, token);
        expect(status, warnings.join('\n')).toEqual({ location: 'keychain', hasToken: true });
        await expect(keytar.getPassword(KEYCHAIN_SERVICE, serviceUrl)).resolves.toBe(token);

        const nextRun = newRun();
        await expect(nextRun.getToken(serviceUrl)).resolves.toBe(token);
        await expect(nextRun.forgetToken(serviceUrl)).resolves.toEqual({
          location: 'keychain',
          hasToken: false,
        });
        await expect(keytar.getPassword(KEYCHAIN_SERVICE, serviceUrl)).resolves.toBeNull();
        expect(warnings).toEqual([]);
      } finally {
        await keytar.deletePassword(KEYCHAIN_SERVICE, serviceUrl).catch(() => false);
      }
    });
  },
);
