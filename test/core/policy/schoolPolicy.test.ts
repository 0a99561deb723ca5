/**
 * The school's policy through the core's API: what a locked key refuses, what a default does,
 * and a policy that changes while ClassTray runs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassTray, ClassTrayOptions } from '../../../src-main/core/classTray';
import { createClassTray } from '../../../src-main/core/classTray';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import { runAction } from '../../../src-main/core/api/classTrayApi';
import { silentLogger } from '../../../src-main/core/logger';
import type { ManagedPolicy } from '../../../src-main/core/policy/managedPolicy';
import { POLICY_NAMES } from '../../../src-main/core/policy/policyTable';
import {
  APPLIED_DEFAULTS_FILE,
  POLICY_RECHECK_MS,
  settingsPatch,
} from '../../../src-main/core/policy/schoolPolicy';
import { SETTINGS_CONFIG_NAME } from '../../../src-main/core/settings/settings';
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
    readPolicy: async () => policy(),
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

  it('are refused by the API, in words the window translates, changing nothing', async () => {
    const dataDir = await tempDir();
    const classTray = await core(dataDir, () => ({
      locked: {
        ServiceUrl: SCHOOL_URL,
        AuthHeader: 'X-School',
        DemoDataAllowed: false,
        PollVisibleSeconds: 30,
        PollHiddenSeconds: 120,
        StartAtLogin: true,
        DeviceChangeNotifications: false,
      },
      defaults: {},
    }));
    const before = await savedSettings(dataDir);
    const attempts: [string, Promise<unknown>][] = [
      ['ServiceUrl', classTray.connectService({ serviceUrl: 'https://other.example' })],
      [
        'AuthHeader',
        classTray.connectService({ serviceUrl: SCHOOL_URL, authHeader: 'X-Other', token: 't' }),
      ],
      ['DemoDataAllowed', classTray.setMode({ mode: 'demo' })],
      ['PollVisibleSeconds', classTray.updatePreferences({ poll: { visibleSeconds: 10 } })],
      [
        'PollHiddenSeconds',
        runAction(classTray, 'updatePreferences', { poll: { hiddenSeconds: 60 } }),
      ],
      ['StartAtLogin', runAction(classTray, 'updatePreferences', { startAtLogin: false })],
      [
        'DeviceChangeNotifications',
        classTray.updatePreferences({ notifications: { deviceChanges: true } }),
      ],
    ];
    for (const [setting, attempt] of attempts) {
      expect(await refusalOf(attempt)).toEqual({
        message: `Your school set this (${setting}), so it cannot be changed here.`,
        refusal: { code: 'setBySchool', values: { setting } },
      });
    }
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
  const settingOf: Record<string, unknown> = {
    ServiceUrl: { serviceUrl: SAMPLES.ServiceUrl.valid },
    AuthHeader: { authHeader: SAMPLES.AuthHeader.valid },
    DemoDataAllowed: {},
    PollVisibleSeconds: { poll: { visibleSeconds: SAMPLES.PollVisibleSeconds.valid } },
    PollHiddenSeconds: { poll: { hiddenSeconds: SAMPLES.PollHiddenSeconds.valid } },
    StartAtLogin: { startAtLogin: SAMPLES.StartAtLogin.valid },
    DeviceChangeNotifications: {
      notifications: { deviceChanges: SAMPLES.DeviceChangeNotifications.valid },
    },
    // The updater's: no setting of the teacher's holds them.
    UpdatesEnabled: {},
    UpdateFeedUrl: {},
    UpdateChannel: {},
    AllowUpdateDowngrade: {},
  };

  it.each(POLICY_NAMES)('%s stands for its setting', (name) => {
    expect(settingsPatch({ [name]: SAMPLES[name].valid }, null)).toEqual(settingOf[name]);
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
