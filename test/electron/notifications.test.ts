import { Notification } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { ClassTrayChange } from '../../src-main/core/classTrayApi';
import { labels } from '../../src-main/electron/labels';
import { deviceNotice, heldNotifications, showNotice } from '../../src-main/electron/notifications';
import type { FakeNotification } from './electronMock';
import { roomState } from './stateFixture';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());

const offline: ClassTrayChange = { type: 'online-changed', remoteId: '100000001', online: false };
const back: ClassTrayChange = { type: 'online-changed', remoteId: '100000019', online: true };
const optedOut = () => {
  const state = roomState();
  return {
    ...state,
    preferences: { ...state.preferences, notifications: { deviceChanges: false } },
  };
};

describe('device notifications', () => {
  it('tells a teacher who opted in, with the window hidden', () => {
    expect(deviceNotice([offline, back], roomState(), false, labels.en)).toEqual({
      title: 'ClassTray: Room 12',
      body: 'R12-PC01 went offline\nR12-PC19 is back online',
    });
  });

  it("reads a refresh's batched device changes", () => {
    const batch: ClassTrayChange = {
      type: 'devices',
      changes: [
        { type: 'online-changed', remoteId: '100000001', online: false },
        { type: 'online-changed', remoteId: '100000019', online: true },
      ],
    };
    expect(deviceNotice([batch], roomState(), false, labels.en)?.body).toBe(
      'R12-PC01 went offline\nR12-PC19 is back online',
    );
  });

  it('stays quiet with the window open or without the opt-in', () => {
    expect(deviceNotice([offline], roomState(), true, labels.en)).toBeNull();
    expect(deviceNotice([offline], optedOut(), false, labels.en)).toBeNull();
  });

  it('ignores other changes and statuses that were unknown before', () => {
    const state = roomState();
    const unknown = {
      ...state,
      classroom: {
        ...state.classroom,
        devices: state.classroom.devices.map((d) => ({ ...d, online: null })),
      },
    };
    const added: ClassTrayChange = { type: 'device-removed', remoteId: '100000001' };
    expect(deviceNotice([offline], unknown, false, labels.en)).toBeNull();
    expect(deviceNotice([added], state, false, labels.en)).toBeNull();
  });

  it('sums up a whole room going dark in one notification', () => {
    const changes = Array.from({ length: 10 }, (_, index): ClassTrayChange => ({
      type: 'online-changed',
      remoteId: String(100_000_001 + index),
      online: false,
    }));
    const notice = deviceNotice(changes, roomState(), false, labels.en);
    expect(notice?.body.split('\n')).toEqual([
      'R12-PC01 went offline',
      'R12-PC02 went offline',
      'R12-PC03 went offline',
      'and 7 more',
    ]);
  });

  it('holds each shown notification until it is closed or clicked, and logs a failure', () => {
    const warn = vi.fn();
    vi.mocked(Notification).mockClear();
    for (let index = 0; index < 3; index += 1) showNotice({ title: 't', body: `${index}` }, warn);
    const [closed, clicked, failed] = vi
      .mocked(Notification)
      .mock.results.map((result) => result.value as FakeNotification);
    expect(closed?.show).toHaveBeenCalled();
    expect([...heldNotifications]).toEqual([closed, clicked, failed]);
    closed?.emit('close', {});
    clicked?.emit('click', {});
    expect([...heldNotifications]).toEqual([failed]);
    failed?.emit('failed', {}, 'Notifications are not allowed for this application');
    expect(heldNotifications.size).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      'A desktop notification could not be shown: Notifications are not allowed for this application',
    );
  });

  it('holds only the newest ten when the OS never says they went away', () => {
    vi.mocked(Notification).mockClear();
    for (let index = 0; index < 12; index += 1)
      showNotice({ title: 't', body: `${index}` }, vi.fn());
    const shown = vi.mocked(Notification).mock.results.map((result) => result.value as unknown);
    expect([...heldNotifications]).toEqual(shown.slice(2));
    heldNotifications.clear();
  });

  it('shows it through Electron where notifications are supported', () => {
    showNotice({ title: 't', body: 'b' }, vi.fn());
    expect(Notification).toHaveBeenCalledWith({ title: 't', body: 'b' });
    vi.mocked(Notification).mockClear();
    vi.mocked(Notification.isSupported).mockReturnValue(false);
    showNotice({ title: 't', body: 'b' }, vi.fn());
    expect(Notification).not.toHaveBeenCalled();
  });
});
