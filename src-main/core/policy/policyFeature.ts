/**
 * policy/: what a school's IT set or locked for every teacher (policyTable.ts, the one table),
 * read from each OS (policySources.ts), written into the settings and asked before an action
 * changes one (schoolPolicy.ts); this file plugs it into the core.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClassTrayHostControls } from '../api/hostApi';
import type { CoreContext, Feature } from '../feature';
import type { DeepReadonly, Settings, SettingsPatch } from '../settings/settingsSchema';
import type { ManagedPolicy } from './policyChecker';
import { NO_POLICY } from './policyChecker';
import type { PolicyReading, PolicyReport } from './policySources';
import type { PolicyName } from './policyTable';
import { SchoolPolicy } from './schoolPolicy';

export interface PolicyFeature
  extends Feature<never, 'schoolPolicy'>, Pick<ClassTrayHostControls, 'schoolPolicy'> {
  /** The first read, applied before the first session opens (it opens on the school's account). */
  load(): Promise<void>;
  /** The keys the window shows as "Set by your school". */
  readonly locked: PolicyName[];
  /** Refuses an action's change of a setting the school locked (the same value passes). */
  checkChange(change: SettingsPatch): void;
  /** The launch's --service-url, unless the school locked another one (then said in the log). */
  launchAllowed(serviceUrl: string | undefined): string | undefined;
}

export function policyFeature(
  core: Pick<CoreContext, 'settings' | 'dataDir' | 'timers' | 'clock' | 'log' | 'emit'>,
  options: {
    /** What the school's IT set, and what its last read found; default: nothing. */
    reading: PolicyReading | undefined;
    /** A read changed the policy: the settings hold its values now, and the core follows. */
    settingsChanged: (before: DeepReadonly<Settings>) => Promise<void>;
  },
): PolicyFeature {
  const { settings, dataDir, timers, clock, log } = core;
  const { reading } = options;
  let report: PolicyReport = { inForce: [], ignored: [] };
  // Each read: the window's "Set by your school" follows what it found.
  const read = async (): Promise<ManagedPolicy> => {
    if (reading === undefined) return NO_POLICY;
    const read = await reading.read();
    if (!isDeepStrictEqual(reading.report, report)) {
      report = reading.report;
      core.emit({ type: 'school-policy', schoolPolicy: report });
    }
    return read;
  };
  const policy = new SchoolPolicy({
    read,
    settings,
    dataDir,
    timers,
    clock,
    log: log.child('policy'),
    onChange: options.settingsChanged,
  });
  return {
    actions: {},
    views: { schoolPolicy: () => report },
    load: () => policy.start(),
    get locked() {
      return policy.locked;
    },
    checkChange: (change) => policy.checkChange(change),
    launchAllowed(serviceUrl) {
      const locked = policy.current.locked.ServiceUrl;
      if (serviceUrl === undefined || locked === undefined || locked === serviceUrl) {
        return serviceUrl;
      }
      log.warn('--service-url is ignored: the school set the service URL (ServiceUrl).');
      return undefined;
    },
    schoolPolicy: () => policy.current,
    stop: () => policy.stop(),
  };
}
