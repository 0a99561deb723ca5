// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  connectStore,
  fromSnapshot,
} from '../../../src-renderer/store/classTrayStore';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';

const start = () => fromSnapshot(classTrayState({ devices: [device(1), device(2), device(3)] }));

describe('applying pushed changes', () => {
  it('keeps the devices by id in the service order', () => {
    const data = start();
    expect(data.deviceIds).toEqual(['100000001', '100000002', '100000003']);
    expect(data.devices.get('100000002')?.alias).toBe('LAB-PC02');
  });

  it('appends an added device', () => {
    const data = applyChanges(start(), [{ type: 'device-added', device: device(4) }]);
    expect(data.deviceIds.at(-1)).toBe('100000004');
    expect(data.devices.get('100000004')?.alias).toBe('LAB-PC04');
  });

  it('replaces a changed device and keeps every other device object', () => {
    const before = start();
    const after = applyChanges(before, [
      { type: 'device-changed', device: device(2, { alias: 'Teacher PC' }) },
    ]);
    expect(after.devices.get('100000002')?.alias).toBe('Teacher PC');
    expect(after.devices.get('100000001')).toBe(before.devices.get('100000001'));
    expect(after.deviceIds).toEqual(before.deviceIds);
  });

  it('drops a removed device', () => {
    const data = applyChanges(start(), [{ type: 'device-removed', remoteId: '100000002' }]);
    expect(data.deviceIds).toEqual(['100000001', '100000003']);
    expect(data.devices.has('100000002')).toBe(false);
  });

  it('sets the online status of one device', () => {
    const before = start();
    const after = applyChanges(before, [
      { type: 'online-changed', remoteId: '100000003', online: null },
    ]);
    expect(after.devices.get('100000003')?.online).toBeNull();
    expect(after.devices.get('100000001')).toBe(before.devices.get('100000001'));
  });

  it("keeps a refresh's device activity as news, and a new classroom's replaces it", () => {
    const seen = { changedAt: '2026-01-05T09:30:00.000Z', lastSeenOnlineAt: null };
    const data = applyChanges(start(), [
      {
        type: 'devices',
        changes: [{ type: 'online-changed', remoteId: '100000002', online: false }],
        activity: { 100000002: seen },
      },
    ]);
    expect(data.activity.get('100000002')).toEqual(seen);
    expect(data.news).toEqual(['100000002']);
    expect(data.devices.get('100000002')?.online).toBe(false);
    const switched = applyChanges(data, [
      {
        type: 'classroom',
        classroom: { id: 'b', nickname: null, recent: [], devices: [], activity: {} },
      },
    ]);
    expect(switched.activity.size).toBe(0);
    expect(switched.news).toEqual([]);
  });

  it('replaces the whole classroom, devices included', () => {
    const data = applyChanges(start(), [
      {
        type: 'classroom',
        classroom: {
          id: 'room-12',
          nickname: 'Room 12',
          recent: [],
          devices: [device(9)],
          activity: {},
        },
      },
    ]);
    expect(data.classroom.id).toBe('room-12');
    expect(data.deviceIds).toEqual(['100000009']);
  });

  it('replaces the connection, accesses, account and preferences', () => {
    const state = classTrayState();
    const data = applyChanges(start(), [
      { type: 'connection', connection: { ...state.connection, status: 'offline' } },
      { type: 'temporal-accesses', temporalAccesses: [trackedAccess()] },
      { type: 'account', account: { ...state.account, mode: 'demo' } },
      { type: 'preferences', preferences: { ...state.preferences, language: 'es' } },
    ]);
    expect(data.connection.status).toBe('offline');
    expect(data.temporalAccesses).toHaveLength(1);
    expect(data.account.mode).toBe('demo');
    expect(data.preferences.language).toBe('es');
  });

  it('leaves the devices untouched by changes to other parts', () => {
    const before = start();
    const after = applyChanges(before, [
      { type: 'connection', connection: { ...before.connection, status: 'stale' } },
    ]);
    expect(after.devices).toBe(before.devices);
    expect(after.deviceIds).toBe(before.deviceIds);
  });
});

describe('connecting the store', () => {
  it('applies changes pushed while the snapshot was on its way', async () => {
    const fake = new FakeClassTray(classTrayState({ devices: [device(1)] }));
    const connecting = connectStore(fake);
    fake.push({ type: 'online-changed', remoteId: '100000001', online: false });
    const { store } = await connecting;
    expect(store.getState().devices.get('100000001')?.online).toBe(false);
  });

  it('applies a burst of changes as one store update', async () => {
    const fake = new FakeClassTray(classTrayState({ devices: [device(1), device(2)] }));
    const { store } = await connectStore(fake);
    let updates = 0;
    store.subscribe(() => updates++);
    fake.push(
      { type: 'online-changed', remoteId: '100000001', online: false },
      { type: 'online-changed', remoteId: '100000002', online: false },
    );
    await Promise.resolve();
    expect(updates).toBe(1);
    expect(store.getState().devices.get('100000002')?.online).toBe(false);
  });

  it("applies a refresh's batched device changes, arriving as one event, as one store update", async () => {
    const devices = Array.from({ length: 5_000 }, (_, n) => device(n + 1));
    const fake = new FakeClassTray(classTrayState({ devices }));
    const { store } = await connectStore(fake);
    const before = store.getState();
    let updates = 0;
    store.subscribe(() => updates++);
    const flipped = devices.filter((_, n) => n % 3 === 0);
    fake.push({
      type: 'devices',
      changes: flipped.map((d) => ({
        type: 'online-changed',
        remoteId: d.remoteId,
        online: !d.online,
      })),
    });
    // As over IPC or SSE: the event comes in its own task, and nothing else follows it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updates).toBe(1);
    const after = store.getState();
    for (const d of flipped) expect(after.devices.get(d.remoteId)?.online).toBe(!d.online);
    expect(after.devices.get(devices[1]?.remoteId ?? '')).toBe(
      before.devices.get(devices[1]?.remoteId ?? ''),
    );
    expect(after.deviceIds).toBe(before.deviceIds);
  });

  it('stops listening when disconnected', async () => {
    const fake = new FakeClassTray();
    const { disconnect } = await connectStore(fake);
    disconnect();
    expect(fake.listenerCount).toBe(0);
  });
});
