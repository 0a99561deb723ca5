/**
 * Where the API token lives: the OS keychain through keytar (service "ClassTray", account = the
 * service URL), else an injected encrypted store (Electron's safeStorage in the tray app), else
 * this process's memory for this run only. CLASSTRAY_TOKEN overrides all of them and is never
 * written anywhere.
 *
 * CLASSTRAY_TOKEN belongs to the service it came with: CLASSTRAY_SERVICE_URL, else the
 * --service-url the host was launched with. It is used for that service only (same origin and
 * path), never for an address the window switches to later, and without either it is not used
 * at all: a token from the environment must not follow whatever URL a window asks for.
 *
 * Nothing here ever puts the token in an error, a log line or a status: callers learn only
 * whether a token is set and where it is kept.
 *
 * Policies:
 * - A store that fails once (keytar missing, no Secret Service on the bus) is not tried again
 *   this run, so the status stays true to where a token just went.
 * - Every keychain call has a bound (KEYCHAIN_BOUND_MS): one that has not answered by then never
 *   holds up what asked (the start, a status): the keychain is *waiting*, skipped until that call
 *   answers, and its status says so (keychainWaiting). The call itself is not cut short: a keyring
 *   prompt the teacher answers in a few seconds still completes it. The first late answer brings
 *   the keychain back: what was given or forgotten meanwhile (kept for this run) is written to it,
 *   then `whenKeychainAnswers` listeners run, so the saved token is used without asking again. A
 *   late call that fails (libsecret gives up after its own D-Bus timeout) keeps it waiting, and
 *   the keychain is asked again later (KEYCHAIN_RETRY_MS, doubling to KEYCHAIN_RETRY_MAX_MS).
 * - Reads go through the working stores in order and take the first token found, so a token the
 *   fallback kept during an earlier run without a keychain is still found.
 * - setToken while CLASSTRAY_TOKEN is set still saves the token (for later runs without the
 *   variable); the variable keeps winning for this run, and status says so.
 */
import type { Logger } from '../logger';
import { createLogger } from '../logger';
import { englishRefusal } from '../api/apiInput';
import { TeacherFacingError } from '../api/teacherFacing';
import type { RefusalCode } from '../../../src-shared/refusal';
import { refusal } from '../../../src-shared/refusal';
import type { Timers } from '../classroom/refreshSchedule';
import { systemTimers } from '../classroom/refreshSchedule';

export const KEYCHAIN_SERVICE = 'ClassTray';
export const TOKEN_ENV = 'CLASSTRAY_TOKEN';
export const SERVICE_URL_ENV = 'CLASSTRAY_SERVICE_URL';

/** How long a keychain call may hold up what asked for it (the start, a status). */
export const KEYCHAIN_BOUND_MS = 3_000;
/** After a late keychain call failed: the wait before asking again, doubling up to the max. */
export const KEYCHAIN_RETRY_MS = 10_000;
export const KEYCHAIN_RETRY_MAX_MS = 5 * 60_000;

/** The part of keytar the vault uses. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A secondary secret store, keyed by service URL; the Electron host backs it with safeStorage. */
export interface SecretFallback {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export type TokenLocation = 'keychain' | 'fallback' | 'memory' | 'environment';

export interface VaultStatus {
  /** Where the token is kept, or where one would be kept if none is set. */
  location: TokenLocation;
  hasToken: boolean;
  /** A plain sentence whenever the token is not simply in the keychain. */
  reason?: string;
  /**
   * The keychain did not answer within its bound: a token saved there is used as soon as it
   * answers (what the window says instead of "no keychain").
   */
  keychainWaiting?: true;
}

export interface TokenVaultOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The --service-url of the launch: CLASSTRAY_TOKEN's service when CLASSTRAY_SERVICE_URL is unset. */
  launchServiceUrl?: string;
  /** Resolves to keytar's module (or keytar itself); rejects when it cannot load. */
  loadKeytar?: () => Promise<unknown>;
  fallback?: SecretFallback;
  log?: Logger;
  /** The bound's and the retries' timers; default the system's. */
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** Default KEYCHAIN_BOUND_MS. */
  keychainBoundMs?: number;
}

/** Bad input to the vault, with the refusal a window words. The message never holds the token. */
export class VaultError extends TeacherFacingError {
  override readonly name = 'VaultError';
  override readonly refusal;

  constructor(code: Extract<RefusalCode, `token${string}` | 'noServiceUrl'>) {
    super(englishRefusal(code, {}));
    this.refusal = refusal(code, {});
  }
}

type StoreKind = 'keychain' | 'fallback' | 'memory';

/** A keychain call passed its bound: the keychain is waiting (not an error of the keychain). */
class KeychainWaiting extends Error {
  override readonly name = 'KeychainWaiting';
}

interface SecretStore {
  kind: StoreKind;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/**
 * What makes the keychain usable where keytar did not build. keytar is an optional dependency, and
 * npm deletes one whose build failed, so `npm rebuild keytar` would find nothing to build.
 */
export const KEYCHAIN_FIX = 'apt-get install libsecret-1-dev && npm ci';

const IN_FALLBACK = "the token is kept in the app's encrypted store instead.";
const THIS_RUN_ONLY = 'the token is kept for this run only.';

export class TokenVault {
  readonly #env: TokenVaultOptions['env'];
  readonly #launchServiceUrl: string | undefined;
  readonly #loadKeytar: () => Promise<unknown>;
  readonly #fallback: SecretFallback | undefined;
  readonly #warn: Logger['warn'];
  readonly #info: Logger['info'];
  readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  readonly #boundMs: number;
  readonly #memory = new Map<string, string>();
  /**
   * What this run gave (a token) or forgot (null) by account while the keychain was waiting:
   * it wins over every store until the keychain has taken it.
   */
  readonly #meanwhile = new Map<string, string | null>();
  readonly #listeners = new Set<() => void>();
  #keytar: Promise<Keytar | undefined> | undefined;
  /**
   * Why the keychain is out of use; undefined while it works. unavailable and failed hold for
   * the run; waiting lasts until a call answers.
   */
  #keychainProblem: 'unavailable' | 'failed' | 'waiting' | undefined;
  #fallbackFailed = false;
  /** The account of the last keychain call: what a retry asks for. */
  #lastAccount = '';
  #retry: unknown;
  #retryMs = KEYCHAIN_RETRY_MS;
  #stopped = false;

  constructor(options: TokenVaultOptions) {
    this.#env = options.env;
    this.#launchServiceUrl = options.launchServiceUrl;
    this.#loadKeytar = options.loadKeytar ?? loadKeytarModule;
    this.#fallback = options.fallback;
    const log = options.log ?? createLogger();
    this.#warn = log.warn;
    this.#info = log.info;
    this.#timers = options.timers ?? systemTimers;
    this.#boundMs = options.keychainBoundMs ?? KEYCHAIN_BOUND_MS;
  }

  /**
   * Runs `listener` each time a keychain that was waiting answers again (what was given
   * meanwhile is in it by then): a status or token read now is the keychain's.
   */
  whenKeychainAnswers(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** No retry after this, and no listener runs: ClassTray is closing. */
  stop(): void {
    this.#stopped = true;
    this.#listeners.clear();
    if (this.#retry !== undefined) this.#timers.clearTimeout(this.#retry);
    this.#retry = undefined;
  }

  async getToken(serviceUrl: string): Promise<string | null> {
    checkServiceUrl(serviceUrl);
    const fromEnv = this.#envTokenFor(serviceUrl);
    if (fromEnv !== undefined) return fromEnv;
    return (await this.#find(serviceUrl))?.token ?? null;
  }

  /** Saves the token in the first store that works; resolves to the resulting status. */
  async setToken(serviceUrl: string, token: string): Promise<VaultStatus> {
    checkServiceUrl(serviceUrl);
    if (typeof token !== 'string') throw new VaultError('tokenNotText');
    const clean = token.trim();
    if (clean === '') throw new VaultError('tokenEmpty');
    if (hasControlCharacter(clean)) throw new VaultError('tokenControlCharacters');
    for (const store of await this.#stores()) {
      // While the keychain waits, kept for this run and for the keychain once it answers (not
      // in the fallback: the keychain's older token would win over it then).
      if (this.#keychainProblem === 'waiting') {
        this.#meanwhile.set(serviceUrl, clean);
        break;
      }
      if ((await this.#attempt(store, () => store.set(serviceUrl, clean), clean)).ok) {
        this.#meanwhile.delete(serviceUrl);
        break;
      }
    }
    return this.status(serviceUrl);
  }

  /** Removes the token from every store that answers. */
  async forgetToken(serviceUrl: string): Promise<VaultStatus> {
    checkServiceUrl(serviceUrl);
    for (const store of await this.#stores()) {
      await this.#attempt(store, () => store.delete(serviceUrl));
    }
    // A keychain still waiting is told once it answers; until then no token is found.
    if (this.#keychainProblem === 'waiting') this.#meanwhile.set(serviceUrl, null);
    else this.#meanwhile.delete(serviceUrl);
    return this.status(serviceUrl);
  }

  async status(serviceUrl: string): Promise<VaultStatus> {
    checkServiceUrl(serviceUrl);
    if (this.#envTokenFor(serviceUrl) !== undefined) {
      return {
        location: 'environment',
        hasToken: true,
        reason: `${TOKEN_ENV} is set: it overrides any saved token for this run and is never saved.`,
      };
    }
    const found = await this.#find(serviceUrl);
    const waiting = this.#keychainProblem === 'waiting';
    // The memory store always works, so there is always a first store; while the keychain is
    // waiting, a token given is kept in memory until it answers.
    const location =
      found?.kind ?? (waiting ? 'memory' : ((await this.#stores())[0]?.kind ?? 'memory'));
    const reason = joined(this.#elsewhere(), this.#reason(location));
    const status: VaultStatus = { location, hasToken: found !== undefined };
    if (reason !== undefined) status.reason = reason;
    if (waiting) status.keychainWaiting = true;
    return status;
  }

  #envToken(): string | undefined {
    const value = this.#env[TOKEN_ENV]?.trim();
    return value ? value : undefined;
  }

  /** The service CLASSTRAY_TOKEN came with, if the launch named one. */
  #envServiceUrl(): string | undefined {
    return this.#env[SERVICE_URL_ENV]?.trim() || this.#launchServiceUrl;
  }

  #envTokenFor(serviceUrl: string): string | undefined {
    const bound = this.#envServiceUrl();
    return bound !== undefined && sameService(bound, serviceUrl) ? this.#envToken() : undefined;
  }

  /** Why CLASSTRAY_TOKEN, though set, is not this service's token. */
  #elsewhere(): string | undefined {
    if (this.#envToken() === undefined) return undefined;
    const bound = this.#envServiceUrl();
    return bound === undefined
      ? `${TOKEN_ENV} is set but not used: set ${SERVICE_URL_ENV} (or --service-url) to the service it is for.`
      : `${TOKEN_ENV} is for ${bound} only, so it is not sent to this service.`;
  }

  async #find(serviceUrl: string): Promise<{ kind: StoreKind; token: string } | undefined> {
    const meanwhile = this.#meanwhile.get(serviceUrl);
    if (meanwhile !== undefined) {
      return meanwhile === null ? undefined : { kind: 'memory', token: meanwhile };
    }
    for (const store of await this.#stores()) {
      const answer = await this.#attempt(store, () => store.get(serviceUrl));
      if (answer.ok && answer.value !== null) return { kind: store.kind, token: answer.value };
    }
    return undefined;
  }

  /** The stores still in use this run, best first; memory is always last. */
  async #stores(): Promise<SecretStore[]> {
    const stores: SecretStore[] = [];
    const keytar = await this.#keychain();
    if (keytar && this.#keychainProblem === undefined) {
      stores.push({
        kind: 'keychain',
        get: (account) =>
          this.#bounded(account, () => keytar.getPassword(KEYCHAIN_SERVICE, account)),
        set: (account, secret) =>
          this.#bounded(account, () => keytar.setPassword(KEYCHAIN_SERVICE, account, secret)),
        delete: async (account) => {
          await this.#bounded(account, () => keytar.deletePassword(KEYCHAIN_SERVICE, account));
        },
      });
    }
    const fallback = this.#fallback;
    if (fallback && !this.#fallbackFailed) {
      stores.push({
        kind: 'fallback',
        get: (account) => fallback.get(account),
        set: (account, secret) => fallback.set(account, secret),
        delete: (account) => fallback.delete(account),
      });
    }
    stores.push({
      kind: 'memory',
      get: async (account) => this.#memory.get(account) ?? null,
      set: async (account, secret) => {
        this.#memory.set(account, secret);
      },
      delete: async (account) => {
        this.#memory.delete(account);
      },
    });
    return stores;
  }

  #keychain(): Promise<Keytar | undefined> {
    this.#keytar ??= this.#loadKeychain();
    return this.#keytar;
  }

  async #loadKeychain(): Promise<Keytar | undefined> {
    try {
      const keytar = asKeytar(await this.#loadKeytar());
      if (keytar) return keytar;
      this.#warn('keytar loaded without its functions; not using the keychain.');
    } catch (error) {
      this.#warn(`keytar could not be loaded: ${this.#redact(errorMessage(error))}`);
    }
    this.#keychainProblem = 'unavailable';
    return undefined;
  }

  /**
   * One keychain call within the bound: past it, rejects with KeychainWaiting while the call goes
   * on; its late answer (or failure) decides when the keychain is used again.
   */
  #bounded<T>(account: string, call: () => Promise<T>): Promise<T> {
    this.#lastAccount = account;
    return new Promise<T>((resolve, reject) => {
      let late = false;
      const timer = this.#timers.setTimeout(() => {
        late = true;
        reject(new KeychainWaiting(`no answer within ${this.#boundMs / 1000} s`));
      }, this.#boundMs);
      new Promise<T>((settle) => settle(call())).then(
        (value) => {
          if (late) void this.#lateAnswer(true);
          else {
            this.#timers.clearTimeout(timer);
            resolve(value);
          }
        },
        (error: unknown) => {
          if (late) void this.#lateAnswer(false, error);
          else {
            this.#timers.clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      );
    });
  }

  /** A call that had passed its bound answered (ok) or failed. */
  async #lateAnswer(ok: boolean, error?: unknown): Promise<void> {
    if (this.#stopped || this.#keychainProblem !== 'waiting') return;
    if (!ok) {
      this.#askAgainLater(error);
      return;
    }
    this.#keychainProblem = undefined;
    if (this.#retry !== undefined) this.#timers.clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#retryMs = KEYCHAIN_RETRY_MS;
    this.#info('The system keychain answered: it is used again.');
    // What was given or forgotten meanwhile goes to the keychain first, so what listeners read
    // is this run's latest.
    const keytar = await this.#keychain();
    for (const [account, token] of [...this.#meanwhile]) {
      if (keytar === undefined || this.#keychainProblem !== undefined) break;
      const store = (await this.#stores()).find(({ kind }) => kind === 'keychain');
      if (store === undefined) break;
      const written = await this.#attempt(
        store,
        () => (token === null ? store.delete(account) : store.set(account, token)),
        token ?? undefined,
      );
      if (written.ok && this.#meanwhile.get(account) === token) this.#meanwhile.delete(account);
    }
    if (this.#stopped || this.#keychainProblem !== undefined) return;
    for (const listener of [...this.#listeners]) listener();
  }

  /** A late call failed: the keychain stays waiting and is asked again after a while. */
  #askAgainLater(error: unknown): void {
    if (this.#retry !== undefined) return;
    const waitMs = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, KEYCHAIN_RETRY_MAX_MS);
    this.#warn(
      `The system keychain failed after not answering (${this.#redact(errorMessage(error))}): ` +
        `asking it again in ${waitMs / 1000} s.`,
    );
    this.#retry = this.#timers.setTimeout(() => {
      this.#retry = undefined;
      void this.#askAgain();
    }, waitMs);
  }

  async #askAgain(): Promise<void> {
    const keytar = await this.#keychain();
    if (this.#stopped || keytar === undefined || this.#keychainProblem !== 'waiting') return;
    // Not bounded: nothing waits for it, and its answer is the news.
    const account = this.#lastAccount;
    keytar.getPassword(KEYCHAIN_SERVICE, account).then(
      () => void this.#lateAnswer(true),
      (error: unknown) => void this.#lateAnswer(false, error),
    );
  }

  /** Runs one operation on a store; a failure retires that store for this run. */
  async #attempt<T>(
    store: SecretStore,
    operation: () => Promise<T>,
    secret?: string,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      return { ok: true, value: await operation() };
    } catch (error) {
      if (error instanceof KeychainWaiting) {
        if (this.#keychainProblem === undefined) {
          this.#keychainProblem = 'waiting';
          this.#warn(
            `The system keychain did not answer within ${this.#boundMs / 1000} s: ` +
              'ClassTray goes on without it, and uses it as soon as it answers.',
          );
        }
        return { ok: false };
      }
      if (store.kind === 'keychain') this.#keychainProblem = 'failed';
      if (store.kind === 'fallback') this.#fallbackFailed = true;
      this.#warn(
        `The ${store.kind === 'keychain' ? 'keychain' : "app's encrypted store"} failed, ` +
          `using the next place for the token: ${this.#redact(errorMessage(error), secret)}`,
      );
      return { ok: false };
    }
  }

  #reason(location: TokenLocation): string | undefined {
    if (location === 'keychain' || location === 'environment') return undefined;
    if (this.#keychainProblem === 'waiting') {
      return (
        'The system keychain is not answering: a token saved there is used as soon as it ' +
        'answers, and a token given meanwhile is kept for this run until then.'
      );
    }
    if (this.#keychainProblem === undefined) {
      // Only reachable for a token the fallback kept during an earlier run without a keychain.
      return `Saved by an earlier run that had no keychain: ${IN_FALLBACK}`;
    }
    const unavailable = this.#keychainProblem === 'unavailable';
    const keychain = unavailable
      ? `The system keychain needs keytar, which is not built here (on Debian: ${KEYCHAIN_FIX})`
      : 'No keychain answered';
    if (location === 'fallback') return `${keychain}: ${IN_FALLBACK}`;
    if (this.#fallback) {
      return unavailable
        ? `${keychain}, and the app's encrypted store did not answer: ${THIS_RUN_ONLY}`
        : `Neither the keychain nor the app's encrypted store answered: ${THIS_RUN_ONLY}`;
    }
    return `${keychain}: ${THIS_RUN_ONLY}`;
  }

  /** Errors from native code could quote what they were given: blank out every known token. */
  #redact(text: string, secret?: string): string {
    const secrets = [
      secret,
      this.#envToken(),
      ...this.#memory.values(),
      ...this.#meanwhile.values(),
    ];
    return secrets.reduce<string>(
      (redacted, known) => (known ? redacted.replaceAll(known, '[token]') : redacted),
      text,
    );
  }
}

/** Such a token could not be sent in an HTTP header; it is a paste gone wrong. */
const hasControlCharacter = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/**
 * One service: same scheme, host and port, and same path once trailing slashes go (the client
 * ignores the query). An address that does not parse is nobody's service.
 */
export function sameService(a: string, b: string): boolean {
  const key = (text: string) => {
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  };
  const keyOfA = key(a);
  return keyOfA !== undefined && keyOfA === key(b);
}

const joined = (...sentences: (string | undefined)[]): string | undefined => {
  const present = sentences.filter((sentence) => sentence !== undefined);
  return present.length === 0 ? undefined : present.join(' ');
};

function checkServiceUrl(serviceUrl: string): void {
  if (typeof serviceUrl !== 'string' || serviceUrl.trim() === '') {
    throw new VaultError('noServiceUrl');
  }
}

/**
 * keytar's module, loaded at run time by a name the compiler does not follow: keytar is optional
 * (npm leaves it out where its native build failed), so nothing may type-import it, or
 * type-checking would fail there. `Keytar` above is the project's own type, checked by asKeytar.
 */
const KEYTAR_MODULE = 'keytar';
export const loadKeytarModule = (): Promise<unknown> => import(/* @vite-ignore */ KEYTAR_MODULE);

/** keytar is CommonJS: its functions sit on the module itself or on its `default`. */
function asKeytar(loaded: unknown): Keytar | undefined {
  const candidates = [loaded, isObject(loaded) ? loaded['default'] : undefined];
  return candidates.find(isKeytar);
}

function isKeytar(candidate: unknown): candidate is Keytar {
  return (
    isObject(candidate) &&
    typeof candidate['getPassword'] === 'function' &&
    typeof candidate['setPassword'] === 'function' &&
    typeof candidate['deletePassword'] === 'function'
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
