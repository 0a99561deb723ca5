/**
 * account/: which account is in use, the demo school or the teacher's service (sessions.ts,
 * switched in order), with its token in the keychain (vault.ts); this file plugs it into the core:
 * connecting, forgetting the token, switching between the demo and the service.
 */
import type { ClassTrayHostControls } from '../api/hostApi';
import { accountView } from './accountView';
import type { ConnectResult } from './accountView';
import type { CoreContext, Feature } from '../feature';
import type { PolicyFeature } from '../policy/policyFeature';

export type AccountFeature = Feature<'connectService' | 'forgetToken' | 'setMode', 'account'> &
  Pick<ClassTrayHostControls, 'checkLaunch'>;

export function accountFeature(
  core: Pick<CoreContext, 'sessions' | 'settings' | 'emit' | 'log'>,
  policy: Pick<PolicyFeature, 'locked' | 'checkChange'>,
): AccountFeature {
  const { sessions, settings } = core;
  const log = core.log.child('account');
  /**
   * A rejected token or a service out of reach, into the log too (the window shows it and
   * forgets it): the service's origin and what answered, never the token. The launch's check is
   * logged by the host that reports it (runPreview.ts).
   */
  const logged = (serviceUrl: string, result: ConnectResult): ConnectResult => {
    if (result.outcome === 'token-rejected' || result.outcome === 'unreachable') {
      const service = URL.canParse(serviceUrl) ? new URL(serviceUrl).origin : 'the service';
      const what =
        result.outcome === 'token-rejected'
          ? 'the service rejected the API token'
          : 'the service could not be reached';
      log.warn(`Connecting to ${service}: ${what} (${result.detail}).`);
    }
    return result;
  };
  const view = () =>
    accountView(
      sessions.account(),
      sessions.current?.mode,
      sessions.tokenStatus,
      sessions.demoLinks,
      policy.locked,
    );
  /** The locks the window was last shown: "Set by your school" changes with them. */
  let shownLocks = '';
  const show = () => {
    const account = view();
    shownLocks = account.setBySchool.join();
    core.emit({ type: 'account', account });
  };
  return {
    actions: {
      async connectService(connecting) {
        const { serviceUrl, authHeader } = connecting;
        policy.checkChange({ serviceUrl, ...(authHeader === undefined ? {} : { authHeader }) });
        return logged(serviceUrl, await sessions.connect(connecting));
      },
      forgetToken: () => sessions.forgetToken(),
      async setMode({ mode }) {
        policy.checkChange({ mode });
        return sessions.setMode(mode);
      },
    },
    views: { account: view },
    sessionOpened: show,
    async settingsChanged(before) {
      const after = settings.get();
      const switched =
        before.serviceUrl !== after.serviceUrl ||
        before.authHeader !== after.authHeader ||
        before.mode !== after.mode;
      // A new session says the account itself; else only what is locked may have changed.
      if (switched) await sessions.open();
      else if (policy.locked.join() !== shownLocks) show();
    },
    checkLaunch: () => sessions.checkLaunch(),
  };
}
