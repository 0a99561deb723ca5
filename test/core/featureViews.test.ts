import { describe, expect, it } from 'vitest';
import type { DeviceView } from '../../src-main/core/classroom/liveStatus';
import { defaultSettings } from '../../src-main/core/settings/settingsSchema';
import { accessView, accessViews } from '../../src-main/core/accesses/accessView';
import { accountView } from '../../src-main/core/account/accountView';
import { classroomView, statusOf } from '../../src-main/core/classroom/classroomView';
import { preferencesView } from '../../src-main/core/settings/preferencesView';

const devices: DeviceView[] = [
  { remoteId: '1', alias: 'LAB-PC01', online: true, status: 'enabled', has2fa: false },
];
const notebook = {
  current: 'room-a',
  recent: [{ id: 'room-a', nickname: 'Room A' }, { id: 'room-b' }],
  accesses: [
    { token: 't1', remoteId: '1', addedAt: '2026-01-05T09:00:00.000Z' },
    { token: 't2', label: 'Ana', remoteId: '9', addedAt: '2026-01-05T09:00:00.000Z' },
  ],
  scheduledEnds: [],
};

describe('views', () => {
  it('name the current classroom by its nickname', () => {
    expect(classroomView(notebook, devices)).toMatchObject({ id: 'room-a', nickname: 'Room A' });
    expect(classroomView(undefined, [])).toEqual({
      id: null,
      nickname: null,
      recent: [],
      devices: [],
      activity: {},
    });
  });

  it("carry each classroom device's activity, and only theirs", () => {
    const seen = { changedAt: '2026-01-05T09:00:00.000Z', lastSeenOnlineAt: null };
    const activity = new Map([
      [devices[0]?.remoteId ?? '', seen],
      ['not-in-this-classroom', seen],
    ]);
    expect(classroomView(notebook, devices, activity).activity).toEqual({
      [devices[0]?.remoteId ?? '']: seen,
    });
  });

  it("show an access's device and its missing 2FA when the device is in the classroom", () => {
    expect(accessViews(notebook, devices)).toMatchObject([
      {
        token: 't1',
        deviceAlias: 'LAB-PC01',
        warnNo2fa: true,
        studentName: null,
        classroomId: null,
      },
      { token: 't2', deviceAlias: null, warnNo2fa: false, studentName: 'Ana' },
    ]);
  });

  it('carry the device and its missing 2FA as recorded when added, until the access ends', () => {
    const recorded = {
      token: 't3',
      remoteId: '77',
      classroomId: 'room-b',
      deviceAlias: 'R12-PC06',
      has2fa: false,
      addedAt: '2026-01-05T09:00:00.000Z',
    };
    expect(accessView(recorded, devices)).toMatchObject({
      classroomId: 'room-b',
      deviceAlias: 'R12-PC06',
      warnNo2fa: true,
    });
    const ended = {
      ...recorded,
      lastOutcome: { kind: 'already-ended' as const, learnedAt: '2026-01-05T09:10:00.000Z' },
    };
    expect(accessView(ended, devices).warnNo2fa).toBe(false);
  });

  it("say the session's mode while it differs from the saved one, and never a token", () => {
    const account = accountView(
      defaultSettings(),
      'service',
      {
        location: 'memory',
        hasToken: true,
        reason: 'for this run only',
      },
      [],
    );
    expect(account).toEqual({
      mode: 'service',
      serviceUrl: null,
      authHeader: 'X-Token-SVC',
      token: { set: true, location: 'memory', note: 'for this run only', keychainWaiting: false },
      setBySchool: [],
      demoLinks: [],
    });
  });

  it('say that the keychain is not answering while it waits', () => {
    const status = { location: 'memory', hasToken: false, keychainWaiting: true } as const;
    expect(accountView(defaultSettings(), 'service', status, []).token).toEqual({
      set: false,
      location: 'memory',
      note: null,
      keychainWaiting: true,
    });
  });

  it('copy the preferences out of the (frozen) settings', () => {
    const settings = defaultSettings();
    const preferences = preferencesView(settings);
    preferences.poll.visibleSeconds = 99;
    expect(settings.poll.visibleSeconds).toBe(10);
  });

  it('put a bug among the stale, not among the service being offline', () => {
    expect(statusOf({ kind: 'internal', detail: '' })).toBe('stale');
    expect(statusOf({ kind: 'network', detail: '' })).toBe('offline');
  });
});
