import { describe, expect, it } from 'vitest';
import type { DeviceActivity } from '../../../src-main/core/classroom/classroomView';
import { fromSnapshot, type ClassTrayData } from '../../../src-renderer/store/classTrayStore';
import {
  arrange,
  changedSince,
  changedToTop,
  shownIds,
} from '../../../src-renderer/store/deviceOrder';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';

const NOW = Date.parse('2026-01-05T09:30:00Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

/** PC1 to PC4: PC2 offline; the store's data as the window holds it. */
const room = (): ClassTrayData =>
  fromSnapshot(
    classTrayState({
      devices: [1, 2, 3, 4].map((n) => device(n, { alias: `PC${n}`, online: n !== 2 })),
    }),
  );

/** The data after a device's status changed at `changedAt`. */
function flipped(data: ClassTrayData, n: number, changedAt: string): ClassTrayData {
  const id = `10000000${n}`;
  const before = data.devices.get(id);
  if (!before) throw new Error(`no device ${n}`);
  const activity = new Map<string, DeviceActivity>(data.activity);
  activity.set(id, { changedAt, lastSeenOnlineAt: null });
  return {
    ...data,
    devices: new Map(data.devices).set(id, { ...before, online: !before.online }),
    activity,
  };
}

const aliases = (data: ClassTrayData, ids: readonly string[]) =>
  ids.map((id) => data.devices.get(id)?.alias);

describe('the rows that stay put', () => {
  it('sorts problems first when made, and keeps that order as devices change', () => {
    const data = room();
    const sorted = arrange(data, 'all', NOW);
    expect(aliases(data, sorted.order)).toEqual(['PC2', 'PC1', 'PC3', 'PC4']);
    const later = flipped(flipped(data, 4, at(10)), 2, at(5));
    expect(aliases(later, shownIds(later, sorted, 'all', ''))).toEqual([
      'PC2',
      'PC1',
      'PC3',
      'PC4',
    ]);
    // Two changed since: the latest first.
    expect(aliases(later, changedSince(later, sorted))).toEqual(['PC2', 'PC4']);
  });

  it('keeps a filter’s rows until the teacher asks, then brings the changed ones on top', () => {
    const data = room();
    const offline = arrange(data, 'offline', NOW);
    expect(aliases(data, offline.order)).toEqual(['PC2']);
    // PC2 comes back, PC3 goes: the Offline tab still lists PC2 (marked), not yet PC3.
    const later = flipped(flipped(data, 2, at(8)), 3, at(4));
    expect(aliases(later, shownIds(later, offline, 'offline', ''))).toEqual(['PC2']);
    const asked = changedToTop(later, offline, 'offline');
    expect(aliases(later, shownIds(later, asked, 'offline', ''))).toEqual(['PC3']);
    expect(changedSince(later, asked)).toEqual([]);
  });

  it('drops a removed device and adds a new one at the end', () => {
    const data = room();
    const sorted = arrange(data, 'all', null);
    const devices = new Map(data.devices);
    devices.delete('100000001');
    devices.set('100000009', device(9, { alias: 'PC9' }));
    const later = { ...data, devices, deviceIds: [...data.deviceIds.slice(1), '100000009'] };
    expect(aliases(later, shownIds(later, sorted, 'all', ''))).toEqual([
      'PC3',
      'PC4',
      'PC2',
      'PC9',
    ]);
  });

  it('finds a student first, then devices by name or id', () => {
    const data = {
      ...room(),
      temporalAccesses: [trackedAccess({ remoteId: '100000004', studentName: 'Pablo' })],
    };
    const sorted = arrange(data, 'all', null);
    expect(aliases(data, shownIds(data, sorted, 'all', 'p'))).toEqual(['PC4', 'PC1', 'PC3', 'PC2']);
    expect(aliases(data, shownIds(data, sorted, 'all', '1000 00003'))).toEqual(['PC3']);
    expect(shownIds(data, sorted, 'all', 'nobody')).toEqual([]);
  });
});
