/**
 * A keychain that does not answer never holds the start (issue 33): each keytar call has a bound
 * on injected timers; past it the vault goes on without the keychain, says that it is not
 * answering, and uses the token saved there as soon as the call answers. Keytar stand-ins: one
 * that never replies, one whose replies the test releases when it likes. No wall-clock waits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassTray } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import {
  KEYCHAIN_BOUND_MS,
  KEYCHAIN_RETRY_MS,
  KEYCHAIN_SERVICE,
  TokenVault,
  type Keytar,
} from '../../../src-main/core/account/vault';
import { silentLogger } from '../../../src-main/core/logger';
import { startDemoSchool } from '../../../src-main/hosts/demoSchool';
import { parseAccountData } from '../../../src-main/local-service/fixture';
import { startLocalService } from '../../../src-main/local-service/index';
import { accountFixture } from '../../support/fixtures';
import { manualTimers } from '../../support/manualTimers';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';

const SERVICE_URL = 'https://school.example.com/api';
const TOKEN = 'saved-token-5d1c3a-0123456789';
const NEW_TOKEN = 'pasted-token-9e8f7a-0123456789';

/** Lets every promise chain that can move on do so (no time passes). */
const settle = async (): Promise<void> => {
  for (let round = 0; round < 20; round += 1) await new Promise((done) => setImmediate(done));
};

/** Tells whether a promise has settled yet, without waiting for it. */
function watch<T>(promise: Promise<T>): { readonly done: boolean; readonly value: T | undefined } {
  const state: { done: boolean; value: T | undefined } = { done: false, value: undefined };
  promise.then(
    (value) => {
      state.done = true;
      state.value = value;
    },
    () => {
      state.done = true;
    },
  );
  return state;
}

/**
 * A Secret Service stand-in: each call waits until the test answers it (`answerAll`), or never
 * (`stuck`). Once `responsive`, calls answer at once. Entries persist like the real keychain's.
 */
class SlowKeytar implements Keytar {
  readonly entries = new Map<string, string>();
  readonly waiting: { answer: () => void; fail: (error: Error) => void }[] = [];
  calls = 0;
  responsive = false;

  #call<T>(run: () => T): Promise<T> {
    this.calls += 1;
    if (this.responsive) return Promise.resolve(run());
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ answer: () => resolve(run()), fail: reject });
    });
  }
  getPassword(service: string, account: string): Promise<string | null> {
    return this.#call(() => this.entries.get(`${service}|${account}`) ?? null);
  }
  setPassword(service: string, account: string, password: string): Promise<void> {
    return this.#call(() => {
      this.entries.set(`${service}|${account}`, password);
    });
  }
  deletePassword(service: string, account: string): Promise<boolean> {
    return this.#call(() => this.entries.delete(`${service}|${account}`));
  }
  /** A keychain that holds TOKEN for SERVICE_URL, saved there by an earlier run. */
  static holdingToken(): SlowKeytar {
    const keytar = new SlowKeytar();
    keytar.entries.set(`${KEYCHAIN_SERVICE}|${SERVICE_URL}`, TOKEN);
    return keytar;
  }
  /** The keyring wakes up: what waited answers, and what comes next answers at once. */
  answerAll(): void {
    this.responsive = true;
    for (const call of this.waiting.splice(0)) call.answer();
  }
  failAll(): void {
    for (const call of this.waiting.splice(0)) call.fail(new Error('Timeout was reached'));
  }
}

function vaultWith(keytar: Keytar) {
  const clock = manualTimers(0);
  const { log, lines } = recordingLogger();
  const vault = new TokenVault({
    env: {},
    loadKeytar: async () => keytar,
    timers: clock.timers,
    log,
  });
  return { vault, clock, lines };
}

/** Lets the keychain calls asked so far start, then lets their bound pass. */
async function outlastTheBound(clock: ReturnType<typeof manualTimers>): Promise<void> {
  await settle();
  clock.advance(KEYCHAIN_BOUND_MS);
  await settle();
}

/** A token read that outlasts its bound, then fails (libsecret gave up waiting on the prompt). */
async function readFailingLate(
  keytar: SlowKeytar,
  vault: TokenVault,
  clock: ReturnType<typeof manualTimers>,
): Promise<void> {
  void vault.getToken(SERVICE_URL);
  await outlastTheBound(clock);
  keytar.failAll();
  await settle();
}

describe('a keychain call within its bound', () => {
  it('never holds a read past the bound when the Secret Service never replies', async () => {
    const keytar = new SlowKeytar();
    const { vault, clock, lines } = vaultWith(keytar);

    const status = watch(vault.status(SERVICE_URL));
    await settle();
    clock.advance(KEYCHAIN_BOUND_MS - 1);
    await settle();
    expect(status.done).toBe(false);
    clock.advance(1);
    await settle();

    expect(status.done).toBe(true);
    expect(status.value).toEqual({
      location: 'memory',
      hasToken: false,
      keychainWaiting: true,
      reason:
        'The system keychain is not answering: a token saved there is used as soon as it ' +
        'answers, and a token given meanwhile is kept for this run until then.',
    });
    expect(status.value?.reason).not.toContain('libsecret');
    expect(lines.join('\n')).toContain('did not answer within 3 s');

    // Skipped while it waits: the next reads answer at once, without another call.
    const calls = keytar.calls;
    const token = watch(vault.getToken(SERVICE_URL));
    await settle();
    expect(token).toMatchObject({ done: true, value: null });
    expect(keytar.calls).toBe(calls);
  });

  it('waits for a prompt answered within the bound (the call is not cut short)', async () => {
    const keytar = SlowKeytar.holdingToken();
    const { vault, clock } = vaultWith(keytar);

    const token = watch(vault.getToken(SERVICE_URL));
    await settle();
    clock.advance(KEYCHAIN_BOUND_MS - 500);
    keytar.answerAll();
    await settle();

    expect(token).toMatchObject({ done: true, value: TOKEN });
    await expect(vault.status(SERVICE_URL)).resolves.toEqual({
      location: 'keychain',
      hasToken: true,
    });
    expect(clock.waits()).toEqual([]);
  });

  it('uses the saved token as soon as a late call answers, and tells who asked', async () => {
    const keytar = SlowKeytar.holdingToken();
    const { vault, clock } = vaultWith(keytar);
    let answered = 0;
    vault.whenKeychainAnswers(() => (answered += 1));

    const first = watch(vault.getToken(SERVICE_URL));
    await outlastTheBound(clock);
    expect(first).toMatchObject({ done: true, value: null });
    expect(answered).toBe(0);

    keytar.answerAll();
    await settle();

    expect(answered).toBe(1);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
    await expect(vault.status(SERVICE_URL)).resolves.toEqual({
      location: 'keychain',
      hasToken: true,
    });
  });

  it('keeps a token pasted meanwhile, and writes it over the older one once the keychain answers', async () => {
    const keytar = SlowKeytar.holdingToken();
    const { vault, clock, lines } = vaultWith(keytar);

    void vault.status(SERVICE_URL);
    await outlastTheBound(clock);

    await expect(vault.setToken(SERVICE_URL, NEW_TOKEN)).resolves.toMatchObject({
      location: 'memory',
      hasToken: true,
      keychainWaiting: true,
    });
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(NEW_TOKEN);

    keytar.answerAll();
    await settle();

    expect(keytar.entries.get(`${KEYCHAIN_SERVICE}|${SERVICE_URL}`)).toBe(NEW_TOKEN);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(NEW_TOKEN);
    await expect(vault.status(SERVICE_URL)).resolves.toEqual({
      location: 'keychain',
      hasToken: true,
    });
    expect(lines.join('\n')).not.toContain(NEW_TOKEN);
  });

  it('forgets meanwhile too: the older token does not come back when the keychain answers', async () => {
    const keytar = SlowKeytar.holdingToken();
    const { vault, clock } = vaultWith(keytar);

    const forgetting = watch(vault.forgetToken(SERVICE_URL));
    await outlastTheBound(clock);
    expect(forgetting).toMatchObject({ done: true, value: { hasToken: false } });

    keytar.answerAll();
    await settle();

    expect(keytar.entries.size).toBe(0);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBeNull();
  });

  it('asks again later when a late call fails (libsecret gave up), until the keychain answers', async () => {
    const keytar = SlowKeytar.holdingToken();
    const { vault, clock, lines } = vaultWith(keytar);
    let answered = 0;
    vault.whenKeychainAnswers(() => (answered += 1));

    await readFailingLate(keytar, vault, clock);

    // Not retired for the run, as a keychain that failed at once would be.
    expect(await vault.status(SERVICE_URL)).toMatchObject({ keychainWaiting: true });
    expect(lines.join('\n')).toContain(`asking it again in ${KEYCHAIN_RETRY_MS / 1000} s`);
    const calls = keytar.calls;
    clock.advance(KEYCHAIN_RETRY_MS);
    await settle();
    expect(keytar.calls).toBe(calls + 1);

    keytar.answerAll();
    await settle();
    expect(answered).toBe(1);
    await expect(vault.getToken(SERVICE_URL)).resolves.toBe(TOKEN);
  });

  it('asks nothing more and tells nobody once stopped', async () => {
    const keytar = new SlowKeytar();
    const { vault, clock } = vaultWith(keytar);
    let answered = 0;
    vault.whenKeychainAnswers(() => (answered += 1));
    await readFailingLate(keytar, vault, clock);
    vault.stop();
    expect(clock.waits()).toEqual([]);
    keytar.answerAll();
    await settle();
    expect(answered).toBe(0);
  });
});

describe('ClassTray on a keychain that does not answer', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts within the bound, says the keychain is not answering, then uses the saved token', async () => {
    const local = await startLocalService({
      token: TOKEN,
      fixture: parseAccountData(accountFixture(6), 'test fixture'),
    });
    cleanups.push(() => local.close());
    const dataDir = await tempDir('classtray-keychain');
    const keytar = new SlowKeytar();
    keytar.entries.set(`${KEYCHAIN_SERVICE}|${local.url}`, TOKEN);
    const clock = manualTimers(Date.now());

    const starting = watch(
      createClassTray({
        dataDir,
        env: {},
        // Launched for the service (--service-url): its token is the keychain's.
        launchServiceUrl: local.url,
        loadKeytar: async () => keytar,
        demoSchool: () => startDemoSchool(),
        log: silentLogger,
        timers: clock.timers,
      }),
    );
    // The start reads files before it asks the keychain (settings, student names, the readiness
    // history): real I/O, which a loaded machine may hold past a few turns. The bound's timer is
    // waiting once the keychain is asked.
    await expect.poll(() => clock.waits()).toContain(KEYCHAIN_BOUND_MS);
    expect(starting.done).toBe(false);
    clock.advance(KEYCHAIN_BOUND_MS);
    // Started: the host can show its tray and window now.
    await expect.poll(() => starting.done).toBe(true);
    const classTray = starting.value as ClassTray;
    cleanups.push(() => classTray.close());
    const before = await classTray.getState();
    expect(before.account.token).toMatchObject({ set: false, keychainWaiting: true });
    expect(before.account.token.note).toContain('not answering');
    await expect(classTray.checkLaunch()).resolves.toEqual({ outcome: 'no-token' });

    keytar.answerAll();
    await settle();

    const after = await classTray.getState();
    expect(after.account.token).toEqual({
      set: true,
      location: 'keychain',
      note: null,
      keychainWaiting: false,
    });
    // The session has its token: the service answers with it, nothing asked of the teacher.
    await expect(classTray.checkLaunch()).resolves.toEqual({ outcome: 'connected' });
  });
});
