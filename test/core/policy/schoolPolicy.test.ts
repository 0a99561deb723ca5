/**
 * The school's policy through the core's API: what a locked key refuses, what a default does,
 * and a policy that changes while ClassTray runs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassTray, ClassTrayOptions } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import { runAction } from '../../../src-main/core/api/apiMethods';
import { silentLogger } from '../../../src-main/core/logger';
import type { ManagedPolicy } from '../../../src-main/core/policy/policyChecker';
import { NO_POLICY } from '../../../src-main/core/policy/policyChecker';
import { PolicyReader, systemPolicySystem } from '../../../src-main/core/policy/policySources';
import { POLICIES, POLICY_NAMES } from '../../../src-main/core/policy/policyTable';
import { PREFERENCE_KEYS } from '../../../src-main/core/settings/preferences';
import {
  APPLIED_DEFAULTS_FILE,
  POLICY_RECHECK_MS,
  settingsPatch,
} from '../../../src-main/core/policy/schoolPolicy';
import { SETTINGS_CONFIG_NAME, openSettings } from '../../../src-main/core/settings/settings';
import { defaultSettings } from '../../../src-main/core/settings/settingsSchema';
import { startDemoSchool } from '../../../src-main/hosts/demoSchool';
import { manualTimers } from '../../support/manualTimers';
import { recordingLogger } from '../../support/recordingLogger';
import { SAMPLES } from '../../support/policySamples';
import { tempDir } from '../../support/tempDir';

const SCHOOL_URL = 'https://remote.school.example/api';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function core(
  dataDir: string,
  policy: () => ManagedPolicy,
  options: Partial<ClassTrayOptions> = {},
): Promise<ClassTray> {
  const classTray = await createClassTray({
    dataDir,
    env: {},
    loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
    demoSchool: () => startDemoSchool(),
    log: silentLogger,
    policy: { read: async () => policy(), report: { inForce: [], ignored: [] } },
    ...options,
  });
  cleanups.push(() => classTray.close());
  return classTray;
}

const savedSettings = async (dataDir: string) =>
  JSON.parse(await readFile(path.join(dataDir, `${SETTINGS_CONFIG_NAME}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** The refusal an action met, or a failure of the test when it went through. */
async function refusalOf(action: Promise<unknown>) {
  try {
    await action;
  } catch (error) {
    return { message: (error as Error).message, refusal: (error as { refusal?: unknown }).refusal };
  }
  throw new Error('the action was not refused');
}

describe('locked keys', () => {
  it('are written into the settings and shown to the window as set by the school', async () => {
    const dataDir = await tempDir();
    const classTray = await core(dataDir, () => ({
      locked: { ServiceUrl: SCHOOL_URL, AuthHeader: 'X-School', PollVisibleSeconds: 30 },
      defaults: {},
    }));
    const { account, preferences } = await classTray.getState();
    expect(account).toMatchObject({
      serviceUrl: SCHOOL_URL,
      authHeader: 'X-School',
      setBySchool: ['ServiceUrl', 'AuthHeader', 'PollVisibleSeconds'],
    });
    expect(preferences.poll.visibleSeconds).toBe(30);
    expect(await savedSettings(dataDir)).toMatchObject({
      serviceUrl: SCHOOL_URL,
      authHeader: 'X-School',
    });
  });

  it('keep the demo away when it is not allowed, in words the window translates', async () => {
    const dataDir = await tempDir();
    const classTray = await core(dataDir, () => ({
      locked: { ServiceUrl: SCHOOL_URL, DemoDataAllowed: false },
      defaults: {},
    }));
    expect((await classTray.getState()).account.mode).toBe('service');
    const before = await savedSettings(dataDir);
    expect(await refusalOf(classTray.setMode({ mode: 'demo' }))).toEqual({
      message: 'Your school set this (DemoDataAllowed), so it cannot be changed here.',
      refusal: { code: 'setBySchool', values: { setting: 'DemoDataAllowed' } },
    });
    await classTray.setMode({ mode: 'service' });
    expect(await savedSettings(dataDir)).toEqual(before);
  });

  it('win over a --service-url the host was launched with', async () => {
    const { log, lines } = recordingLogger();
    const classTray = await core(
      await tempDir(),
      () => ({ locked: { ServiceUrl: SCHOOL_URL }, defaults: {} }),
      { launchServiceUrl: 'https://elsewhere.example', log },
    );
    expect((await classTray.getState()).account.serviceUrl).toBe(SCHOOL_URL);
    expect(lines).toContain(
      '--service-url is ignored: the school set the service URL (ServiceUrl).',
    );
  });

  it('let through the same value, and every key the school left to the teacher', async () => {
    const classTray = await core(await tempDir(), () => ({
      locked: { ServiceUrl: SCHOOL_URL, StartAtLogin: true },
      defaults: {},
    }));
    await classTray.updatePreferences({
      startAtLogin: true,
      compactView: true,
      poll: { visibleSeconds: 7 },
    });
    // The school's URL without a token to check: saved as it is, and the window asks for one.
    expect(await classTray.connectService({ serviceUrl: SCHOOL_URL })).toEqual({
      outcome: 'no-token',
    });
    const { preferences, account } = await classTray.getState();
    expect(preferences).toMatchObject({
      compactView: true,
      startAtLogin: true,
      poll: { visibleSeconds: 7 },
    });
    expect(account.mode).toBe('service');
  });
});

describe('defaults', () => {
  it('are written once per value: the teacher’s change stays until IT sets another value', async () => {
    const dataDir = await tempDir();
    let policy: ManagedPolicy = {
      locked: {},
      defaults: { PollVisibleSeconds: 30, StartAtLogin: true },
    };
    const first = await core(dataDir, () => policy);
    expect((await first.getState()).preferences).toMatchObject({
      poll: { visibleSeconds: 30 },
      startAtLogin: true,
    });
    expect((await first.getState()).account.setBySchool).toEqual([]);
    await first.updatePreferences({ poll: { visibleSeconds: 12 } });
    await first.close();

    const second = await core(dataDir, () => policy);
    expect((await second.getState()).preferences.poll.visibleSeconds).toBe(12);
    await second.close();
    expect(JSON.parse(await readFile(path.join(dataDir, APPLIED_DEFAULTS_FILE), 'utf8'))).toEqual({
      PollVisibleSeconds: 30,
      StartAtLogin: true,
    });

    policy = { locked: {}, defaults: { PollVisibleSeconds: 45, StartAtLogin: true } };
    const third = await core(dataDir, () => policy);
    expect((await third.getState()).preferences.poll.visibleSeconds).toBe(45);
  });

  it('turn the demo off only once there is a service to show instead', () => {
    expect(settingsPatch({ DemoDataAllowed: false }, null)).toEqual({});
    expect(settingsPatch({ DemoDataAllowed: false }, SCHOOL_URL)).toEqual({ mode: 'service' });
    expect(settingsPatch({ DemoDataAllowed: false, ServiceUrl: SCHOOL_URL }, null)).toEqual({
      serviceUrl: SCHOOL_URL,
      mode: 'service',
    });
  });
});

describe('each key', () => {
  it('names the teacher’s setting it stands for, but the seat plans’, the IT contact’s and the updater’s', () => {
    expect(POLICY_NAMES.filter((name) => POLICIES[name].setting === null)).toEqual([
      'RoomPlansFolder',
      'RoomPlansLocked',
      'SupportEmail',
      'UpdatesEnabled',
      'UpdateFeedUrl',
      'UpdateChannel',
      'AllowUpdateDowngrade',
    ]);
  });

  // DemoDataAllowed stands for the mode another way: above.
  const settingItself = POLICY_NAMES.filter((name) => {
    const { setting } = POLICIES[name];
    return setting !== null && setting.toSetting === undefined;
  });

  it.each(settingItself)('%s sets its setting, and only that one, to its value', async (name) => {
    const settings = openSettings({ dataDir: await tempDir(), log: silentLogger });
    const path = POLICIES[name].setting?.path ?? '';
    const [top = '', field] = path.split('.');
    const value = SAMPLES[name].valid;
    const expected: Record<string, unknown> = structuredClone(defaultSettings());
    if (field === undefined) expected[top] = value;
    else expected[top] = { ...(expected[top] as object), [field]: value };
    settings.update(settingsPatch({ [name]: value }, null));
    expect(settings.get()).toEqual(expected);
  });
});

describe('a locked key', () => {
  /** The teacher's way to change these settings: the preferences, or the account's form. */
  function teacherChanges(classTray: ClassTray, patch: Record<string, unknown>): Promise<unknown> {
    const keys = Object.keys(patch);
    if (keys.every((key) => (PREFERENCE_KEYS as string[]).includes(key))) {
      return runAction(classTray, 'updatePreferences', patch);
    }
    if (keys.every((key) => key === 'serviceUrl' || key === 'authHeader')) {
      return runAction(classTray, 'connectService', {
        serviceUrl: SCHOOL_URL,
        token: 't',
        ...patch,
      });
    }
    throw new Error(`No action of the teacher's changes ${keys.join(', ')}`);
  }

  // Each key that locks one of the teacher's settings to its own value; DemoDataAllowed, which
  // stands for the mode, is tried above.
  const lockingASetting = POLICY_NAMES.filter(
    (name) => Object.keys(settingsPatch({ [name]: SAMPLES[name].other }, SCHOOL_URL)).length > 0,
  );

  it('is every key that sets one of the teacher’s settings', () => {
    expect(lockingASetting.length).toBeGreaterThanOrEqual(6);
  });

  it.each(lockingASetting)('%s cannot be changed by the teacher', async (name) => {
    const dataDir = await tempDir();
    const classTray = await core(
      dataDir,
      () => ({ locked: { [name]: SAMPLES[name].valid }, defaults: {} }),
      // A check the core skipped must not reach a network.
      { fetch: () => Promise.reject(new Error('no network in this test')) },
    );
    const before = await savedSettings(dataDir);
    const change = settingsPatch({ [name]: SAMPLES[name].other }, SCHOOL_URL);
    expect(await refusalOf(teacherChanges(classTray, change))).toEqual({
      message: `Your school set this (${name}), so it cannot be changed here.`,
      refusal: { code: 'setBySchool', values: { setting: name } },
    });
    expect(await savedSettings(dataDir)).toEqual(before);
  });
});

describe('a policy that changes while ClassTray runs', () => {
  it('is read again every minute, and the window follows', async () => {
    const manual = manualTimers(Date.now());
    let policy: ManagedPolicy = { locked: {}, defaults: {} };
    const classTray = await core(await tempDir(), () => policy, { timers: manual.timers });
    const changes: ClassTrayChange[] = [];
    classTray.subscribe((change) => changes.push(change));

    policy = { locked: { PollVisibleSeconds: 40, StartAtLogin: true }, defaults: {} };
    manual.advance(POLICY_RECHECK_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(changes.filter((change) => change.type === 'preferences')).toEqual([]);

    manual.advance(1);
    await expect
      .poll(() => changes.find((change) => change.type === 'account'))
      .toMatchObject({ account: { setBySchool: ['PollVisibleSeconds', 'StartAtLogin'] } });
    expect(changes.find((change) => change.type === 'preferences')).toMatchObject({
      preferences: { poll: { visibleSeconds: 40 }, startAtLogin: true },
    });
    expect(classTray.schoolPolicy()).toEqual(policy);
    await expect(classTray.updatePreferences({ startAtLogin: false })).rejects.toThrow(
      'Your school set this (StartAtLogin)',
    );
  });
});

describe('what the window\'s "Set by your school" shows', () => {
  it('is what the last read found, and follows a read that finds something else', async () => {
    const manual = manualTimers(Date.now());
    const file = path.join(await tempDir(), 'policy.json');
    await writeFile(file, JSON.stringify({ ServiceUrl: SCHOOL_URL, Nonsense: 1 }));
    const reader = new PolicyReader(systemPolicySystem(), () => undefined, { draftFile: file });
    const classTray = await core(await tempDir(), () => NO_POLICY, {
      timers: manual.timers,
      policy: reader,
    });
    const { schoolPolicy } = await classTray.getState();
    expect(schoolPolicy).toEqual({
      inForce: [{ name: 'ServiceUrl', value: SCHOOL_URL, how: 'locked', source: file }],
      ignored: [{ source: file, name: 'Nonsense', why: { code: 'notClassTrayPolicy' } }],
    });
    const changes: ClassTrayChange[] = [];
    classTray.subscribe((change) => changes.push(change));

    // The same file again: nothing new to show.
    manual.advance(POLICY_RECHECK_MS);
    await new Promise((resolve) => setImmediate(resolve));
    expect(changes.filter((change) => change.type === 'school-policy')).toEqual([]);

    await writeFile(file, JSON.stringify({ Defaults: { StartAtLogin: true } }));
    manual.advance(POLICY_RECHECK_MS);
    await expect
      .poll(() => changes.find((change) => change.type === 'school-policy'))
      .toEqual({
        type: 'school-policy',
        schoolPolicy: {
          inForce: [{ name: 'StartAtLogin', value: true, how: 'default', source: file }],
          ignored: [],
        },
      });
  });
});
