/**
 * The account's part of the window's state (demo or service, the token's place, what the school
 * locked), and what asking a service once found.
 */
import type { PolicyName } from '../policy/policyTable';
import type { DeepReadonly, Settings } from '../settings/settingsSchema';
import type { Mode } from './accountSettings';
import type { TokenLocation, VaultStatus } from './vault';

export interface AccountView {
  mode: Mode;
  serviceUrl: string | null;
  authHeader: string;
  /**
   * keychainWaiting: the system keychain did not answer within its bound; a token saved there is
   * used as soon as it answers (the window says so, not that there is no keychain).
   */
  token: { set: boolean; location: TokenLocation; note: string | null; keychainWaiting: boolean };
  /** The settings the school's policy locked: the window shows them as "Set by your school". */
  setBySchool: PolicyName[];
  /** The demo school's links to try adding (its own accesses); none outside the demo. */
  demoLinks: readonly string[];
}

/**
 * What saving the account found when it asked the service once (the account's devices, page 1):
 * only `connected` is saved (and `no-token`, the URL alone, with nothing to check). token-rejected: 401/403. unreachable: no answer. not-this-service:
 * an answer that is not this kind of service's JSON (or no such endpoint). service-failed: the
 * service answered with a failure of its own (5xx, 429).
 */
export type ConnectResult =
  | { outcome: 'connected' | 'no-token' }
  | {
      outcome: 'token-rejected' | 'unreachable' | 'not-this-service' | 'service-failed';
      detail: string;
    };

/** What asking the launch's service once found; `classroom-unknown` is the service's own 404. */
export type LaunchCheck = ConnectResult | { outcome: 'classroom-unknown'; classroomId: string };

export function accountView(
  settings: Pick<DeepReadonly<Settings>, 'serviceUrl' | 'authHeader' | 'mode'>,
  /** The mode of the session in use, when there is one: it may differ while switching. */
  sessionMode: Settings['mode'] | undefined,
  token: VaultStatus | undefined,
  demoLinks: readonly string[],
  setBySchool: PolicyName[] = [],
): AccountView {
  return {
    mode: sessionMode ?? settings.mode,
    serviceUrl: settings.serviceUrl,
    authHeader: settings.authHeader,
    token: {
      set: token?.hasToken ?? false,
      location: token?.location ?? 'keychain',
      note: token?.reason ?? null,
      keychainWaiting: token?.keychainWaiting === true,
    },
    setBySchool,
    demoLinks,
  };
}
