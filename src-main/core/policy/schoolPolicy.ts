/**
 * The school's policy in the core: read at start, read again every minute (a changed file or
 * registry key is followed without a restart), written into the settings, and asked before an
 * action changes a setting. Locked values are written on every read, so everything else in the
 * core reads the settings as usual; a default is written once per value IT sets, so the teacher
 * may change it afterwards, until IT sets another value (kept in policy-defaults.json).
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { refused } from '../api/apiInput';
import type { Clock } from '../../../src-shared/clock';
import type { Logger } from '../logger';
import type { Timers } from '../classroom/refreshSchedule';
import type { SettingsStore } from '../settings/settings';
import type { DeepReadonly, Settings, SettingsPatch } from '../settings/settingsSchema';
import type { ManagedPolicy, PolicySection } from './policyChecker';
import { NO_POLICY, isLocked } from './policyChecker';
import type { PolicyName } from './policyTable';
import { POLICIES, POLICY_NAMES } from './policyTable';
import { PRIVATE_FILE_MODE, writeFileNoFollow } from '../../dataFolder/privateFolder';
import { FILE_CAPS, readSmallFile } from '../../dataFolder/fileCaps';

export const POLICY_RECHECK_MS = 60_000;
export const APPLIED_DEFAULTS_FILE = 'policy-defaults.json';

export interface SchoolPolicyOptions {
  read: () => Promise<ManagedPolicy>;
  settings: SettingsStore;
  dataDir: string;
  timers: Timers;
  /** Stamps a policy-defaults.json set aside for its size. */
  clock: Clock;
  log: Logger;
  /** A read changed the policy: the settings hold its values now; the core follows. */
  onChange: (before: DeepReadonly<Settings>) => Promise<void>;
}

export class SchoolPolicy {
  readonly #options: SchoolPolicyOptions;
  #policy: ManagedPolicy = NO_POLICY;
  #handle: unknown;
  #stopped = false;

  constructor(options: SchoolPolicyOptions) {
    this.#options = options;
  }

  get current(): ManagedPolicy {
    return this.#policy;
  }

  /**
   * The locked keys, for the window's "Set by your school"; the demo allowed is no restriction,
   * so its switch stays the teacher's.
   */
  get locked(): PolicyName[] {
    return POLICY_NAMES.filter(
      (name) =>
        isLocked(this.#policy, name) &&
        !(name === 'DemoDataAllowed' && this.#policy.locked.DemoDataAllowed === true),
    );
  }

  /** The first read, applied before the first session opens. */
  async start(): Promise<void> {
    this.#apply(await this.#read());
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#handle !== undefined) this.#options.timers.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  /**
   * Refuses an action's change of a setting a locked key stands for; `change` is what the action
   * would write (the same value as the locked one is no change, so a form sent back passes).
   */
  checkChange(change: SettingsPatch): void {
    const changes = policyValuesOf(change);
    for (const name of POLICY_NAMES) {
      const value = changes[name];
      if (value === undefined || !isLocked(this.#policy, name)) continue;
      if (value !== this.#policy.locked[name]) throw refused('setBySchool', { setting: name });
    }
  }

  async #read(): Promise<ManagedPolicy> {
    try {
      return await this.#options.read();
    } catch (error) {
      this.#options.log.error('Reading the school policy failed', error);
      return this.#policy;
    }
  }

  #arm(): void {
    if (this.#stopped) return;
    this.#handle = this.#options.timers.setTimeout(() => {
      this.#handle = undefined;
      void this.#recheck();
    }, POLICY_RECHECK_MS);
  }

  async #recheck(): Promise<void> {
    const next = await this.#read();
    if (this.#stopped) return;
    if (!isDeepStrictEqual(next, this.#policy)) {
      const before = this.#options.settings.get();
      this.#apply(next);
      this.#options.log.info('The school policy changed: applied.');
      await this.#options.onChange(before).catch((error: unknown) => {
        this.#options.log.error('Following the school policy failed', error);
      });
    }
    this.#arm();
  }

  #apply(policy: ManagedPolicy): void {
    this.#policy = policy;
    const { settings, log } = this.#options;
    const appliedFile = path.join(this.#options.dataDir, APPLIED_DEFAULTS_FILE);
    const applied = readApplied(appliedFile, this.#options.clock(), (message) => log.warn(message));
    const newDefaults: PolicySection = {};
    for (const name of POLICY_NAMES) {
      const value = policy.defaults[name];
      if (value !== undefined && applied[name] !== value)
        Object.assign(newDefaults, { [name]: value });
    }
    try {
      settings.update(settingsPatch(newDefaults, settings.get().serviceUrl));
      settings.update(settingsPatch(policy.locked, settings.get().serviceUrl));
    } catch (error) {
      log.error('The school policy could not be written into the settings', error);
      return;
    }
    if (Object.keys(newDefaults).length > 0) {
      try {
        writeFileNoFollow(
          appliedFile,
          `${JSON.stringify({ ...applied, ...newDefaults }, null, 2)}\n`,
          PRIVATE_FILE_MODE,
        );
      } catch (error) {
        log.warn(`${appliedFile} could not be written (${(error as Error).message}).`);
      }
    }
  }
}

/**
 * The defaults already written into the settings, by key; none when the file is missing, or over
 * its cap (set aside: the defaults are written again, as at a first start).
 */
function readApplied(
  file: string,
  now: number,
  warn: (message: string) => void,
): Record<string, unknown> {
  try {
    const text = readSmallFile(file, FILE_CAPS.small, now, warn);
    if (text === undefined) return {};
    const raw: unknown = JSON.parse(text);
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The settings a set of policy values stands for, each key's at the setting it names. */
export function settingsPatch(values: PolicySection, serviceUrl: string | null): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const name of POLICY_NAMES) {
    const { setting } = POLICIES[name];
    const value = values[name];
    if (setting === null || value === undefined) continue;
    // A later key reads the service URL as the earlier ones leave it.
    const settings = { serviceUrl: (patch['serviceUrl'] as string | undefined) ?? serviceUrl };
    const written = setting.toSetting ? setting.toSetting(value as never, settings) : value;
    if (written === undefined) continue;
    const [top, field] = setting.path.split('.') as [string, string | undefined];
    patch[top] =
      field === undefined ? written : { ...(patch[top] as object | undefined), [field]: written };
  }
  return patch;
}

/** The policy values a change of the settings stands for: what the lock check compares. */
export function policyValuesOf(change: SettingsPatch): PolicySection {
  const values: Record<string, unknown> = {};
  for (const name of POLICY_NAMES) {
    const { setting } = POLICIES[name];
    if (setting === null) continue;
    const [top, field] = setting.path.split('.') as [keyof SettingsPatch, string | undefined];
    const group: unknown = change[top];
    const given: unknown =
      field === undefined ? group : (group as Record<string, unknown> | undefined)?.[field];
    if (given === undefined) continue;
    const value = setting.fromSetting ? setting.fromSetting(given as never) : given;
    if (value !== undefined) values[name] = value;
  }
  return values;
}
