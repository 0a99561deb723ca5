/**
 * What the host knows of this copy of ClassTray (who updates it, its sandbox), passed on to the
 * window as it is: nothing to say until a host says it (the preview never does).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CoreContext, Feature } from '../feature';
import type { ClassTrayHostControls } from './hostApi';
import type { InstallationView } from './installationView';

export function installationFeature(
  core: Pick<CoreContext, 'emit'>,
): Feature<never, 'installation'> & Pick<ClassTrayHostControls, 'setInstallation'> {
  let installation: InstallationView = { updates: 'none', sandboxOff: false };
  return {
    actions: {},
    views: { installation: () => installation },
    setInstallation(next) {
      if (isDeepStrictEqual(next, installation)) return;
      installation = next;
      core.emit({ type: 'installation', installation });
    },
  };
}
