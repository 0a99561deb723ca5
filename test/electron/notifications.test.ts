import { Notification } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { ClassTrayChange } from '../../src-main/core/api/classTrayApi';
import type { ScheduledEndRunView } from '../../src-main/core/scheduledEnds/scheduledEndsView';
import { labels } from '../../src-main/electron/mainSentences';
import {
  deviceNotice,
  heldNotifications,
  scheduledEndNotices,
  showNotice,
} from '../../src-main/electron/notifications';
import type { FakeNotification } from './electronMock';
import { anaAccess, localTime, roomEnd, roomState, run } from './stateFixture';

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

describe('scheduled end notifications', () => {
  const end = roomEnd(localTime(10, 50));
  /** The state after these runs (newest first), with `end` still pending while it is retried. */
  const after = (...ran: ScheduledEndRunView[]) =>
    roomState({
      temporalAccesses: [anaAccess],
      scheduledEnds: { pending: ran[0]?.retrying ? [end] : [], ran },
    });
  const hidden = false;

  it('tells each new run once, with how many accesses it ended', () => {
    const notices = scheduledEndNotices();
    expect(notices(after(), hidden, labels.en)).toEqual([]);
    const ran = run(end, { ended: 3 });
    expect(notices(after(ran), hidden, labels.en)).toEqual([
      { title: 'Scheduled end ran: Room 12 (all accesses)', body: 'Ended 3 accesses.' },
    ]);
    expect(notices(after(ran), hidden, labels.en)).toEqual([]);
  });

  it('tells the runs already there at start-up: a missed end ran late when ClassTray started', () => {
    const notices = scheduledEndNotices();
    const late = run(end, { ended: 1, lateMinutes: 12, ranAt: localTime(11, 2) });
    const access = run(
      { at: localTime(10, 55), target: { token: anaAccess.token } },
      { ranAt: localTime(11, 2) },
    );
    expect(notices(after(access, late), hidden, labels.en)).toEqual([
      {
        title: 'Scheduled end ran: Room 12 (all accesses)',
        body: 'Ended 1 access.\nIt ran 12 min late: the computer was asleep or ClassTray was closed.',
      },
      { title: 'Scheduled end ran: R12-PC03', body: 'No access was still running.' },
    ]);
    expect(notices(after(access, late), hidden, labels.en)).toEqual([]);
  });

  it('says an end ran as the computer went to sleep, at what time', () => {
    const asleep = { ...run(end, { ended: 3, ranAt: localTime(10, 42) }), atSleep: true as const };
    expect(scheduledEndNotices()(after(asleep), hidden, labels.en)).toEqual([
      {
        title: 'Scheduled end ran: Room 12 (all accesses)',
        body: 'Ended 3 accesses.\nIt ran early, at 10:42, when the computer went to sleep.',
      },
    ]);
  });

  it('names the student only when the teacher chose names in notifications', () => {
    const access = run({ at: localTime(10, 55), target: { token: anaAccess.token } });
    const state = after(access);
    const named = {
      ...state,
      preferences: {
        ...state.preferences,
        studentData: { ...state.preferences.studentData, namesInNotifications: true },
      },
    };
    expect(scheduledEndNotices()(state, hidden, labels.en)[0]?.title).toBe(
      'Scheduled end ran: R12-PC03',
    );
    expect(scheduledEndNotices()(named, hidden, labels.en)[0]?.title).toBe(
      'Scheduled end ran: Ana on R12-PC03',
    );
  });

  it('tells a failed run once, stays quiet while it is retried, and tells when it ends', () => {
    const notices = scheduledEndNotices();
    const first = run(end, { ended: 2, failedCount: 1, ranAt: localTime(10, 50) });
    expect(notices(after(first), hidden, labels.en)).toEqual([
      {
        title: 'Scheduled end ran: Room 12 (all accesses)',
        body: 'Ended 2 accesses.\nCould not end 1 access: retrying.',
      },
    ]);
    const again = run(end, { failedCount: 1, ranAt: localTime(10, 51) });
    expect(notices(after(again, first), hidden, labels.en)).toEqual([]);
    const done = run(end, { ended: 1, ranAt: localTime(10, 52) });
    expect(notices(after(done, again, first), hidden, labels.en)).toEqual([
      { title: 'Scheduled end ran: Room 12 (all accesses)', body: 'Ended 1 access.' },
    ]);
  });

  it('says when a run ended nothing yet and is retried', () => {
    const failed = { ...run(end), retrying: true };
    expect(scheduledEndNotices()(after(failed), hidden, labels.en)[0]?.body).toBe(
      'Not done yet: retrying.',
    );
  });

  it('leaves a run seen with the window open to the window, also once it hides', () => {
    const notices = scheduledEndNotices();
    const ran = run(end, { ended: 3 });
    expect(notices(after(ran), true, labels.en)).toEqual([]);
    expect(notices(after(ran), hidden, labels.en)).toEqual([]);
  });

  it('is not gated by the device-change opt-in, and speaks Spanish', () => {
    const state = after(run(end, { ended: 3, lateMinutes: 5, failedCount: 1 }));
    const optedOutState = { ...state, preferences: optedOut().preferences };
    expect(scheduledEndNotices()(optedOutState, hidden, labels.es)).toEqual([
      {
        title: 'Fin programado ejecutado: Aula 12 (todos los accesos)',
        body: [
          'Se terminaron 3 accesos.',
          'Se ejecutó con 5 min de retraso: el equipo estaba en suspensión o ClassTray estaba cerrado.',
          'No se pudo terminar 1 acceso. Reintentando.',
        ].join('\n'),
      },
    ]);
  });
});
