import { describe, expect, it } from 'vitest';
import { sharedPrefix, tileName } from '../../../src-renderer/views/devices/tileGrid';
import { byName } from '../../../src-renderer/store/deviceOrder';
import { device } from '../../support/classTrayState';

describe('the part of its name a tile shows', () => {
  it('drops what every name of the room starts with, up to a separator', () => {
    const room = Array.from({ length: 30 }, (_, i) => `R12-PC${String(i + 1).padStart(2, '0')}`);
    expect(sharedPrefix(room)).toBe('R12-');
    expect(tileName('R12-PC07', 'R12-')).toBe('PC07');
    expect(sharedPrefix(['LAB-NORTH-WORKSTATION-01', 'LAB-NORTH-WORKSTATION-75'])).toBe(
      'LAB-NORTH-WORKSTATION-',
    );
    expect(sharedPrefix(['Lab 2 PC 7', 'Lab 2 PC 12'])).toBe('Lab 2 PC ');
  });

  it('keeps whole names that share no whole part, or where one would be left empty', () => {
    expect(sharedPrefix(['PC10', 'PC11'])).toBe('');
    expect(sharedPrefix(['R12-PC01', '100000002'])).toBe('');
    expect(sharedPrefix(['R12-', 'R12-PC02'])).toBe('');
    expect(sharedPrefix(['R12-PC01'])).toBe('');
    expect(sharedPrefix([])).toBe('');
    expect(tileName('Window seat', 'R12-')).toBe('Window seat');
  });
});

describe('the tile grid order', () => {
  it('is by name with numbers as numbers, then by id, whatever the service order', () => {
    const devices = new Map(
      [
        device(1, { alias: 'PC10' }),
        device(2, { alias: 'PC2' }),
        device(3, { alias: null }),
        device(4, { alias: 'pc2' }),
      ].map((one) => [one.remoteId, one]),
    );
    expect(byName({ devices }, [...devices.keys()])).toEqual([
      '100000003',
      '100000002',
      '100000004',
      '100000001',
    ]);
  });
});
