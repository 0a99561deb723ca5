import { describe, expect, it } from 'vitest';
import { LocalAccount } from '../../src-main/local-service/account';
import { createDemoAccount } from '../../src-main/local-service/demoAccount';
import { AccountDataError, parseAccountData } from '../../src-main/local-service/fixture';
import { ACTIVE_TOKEN, accessFixture, accountFixture, device } from '../support/fixtures';

describe('fixture validation', () => {
  const invalid = (json: unknown) => () => parseAccountData(json, 'my-fixture.json');

  it.each([
    [
      'a field of the wrong type',
      { ...accountFixture(3), devices: [device(1, { has_2fa: 'yes' as never })] },
      'devices[0].has_2fa',
    ],
    [
      'a misspelt field',
      { ...accountFixture(0), devices: [{ ...device(1), has2fa: true }] },
      'has2fa',
    ],
    ['a missing list', { devices: [] }, 'classrooms'],
    [
      'a bad status',
      { ...accountFixture(0), devices: [device(1, { status: 'on' as never })] },
      'devices[0].status',
    ],
    [
      'a duplicate remote_id',
      { ...accountFixture(0), devices: [device(1), device(1)] },
      'duplicate remote_id',
    ],
    [
      'an unknown classroom',
      { ...accountFixture(0), devices: [device(1, { classroom: 'attic' })] },
      'no classroom with id "attic"',
    ],
    [
      'a duplicate classroom',
      {
        classrooms: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
        devices: [],
      },
      'duplicate classroom id',
    ],
    [
      'an access to an unknown device',
      { ...accessFixture(), devices: [] },
      'temporal_accesses[0].remote_id',
    ],
    [
      'a token that is not UUID-shaped',
      {
        ...accountFixture(1),
        temporal_accesses: [{ token: 'abc', remote_id: '100000000', state: 'active' }],
      },
      'temporal_accesses[0].token',
    ],
    ['not an object', [1, 2, 3], 'expected object'],
  ])('refuses %s, naming the file and the field', (_, json, field) => {
    expect(invalid(json)).toThrow(AccountDataError);
    expect(invalid(json)).toThrow('my-fixture.json');
    expect(invalid(json)).toThrow(field);
  });

  it('accepts a fixture without temporal accesses', () => {
    const { temporal_accesses: _, ...fixture } = accountFixture(2);
    expect(parseAccountData(fixture, 'f').temporal_accesses).toEqual([]);
  });
});

describe('the built-in demo account', () => {
  const now = Date.parse('2026-11-22T09:00:00Z');
  const demo = createDemoAccount(now);

  it('has several classrooms, paginated lists and every kind of device', () => {
    expect(demo.classrooms.length).toBeGreaterThanOrEqual(3);
    expect(demo.devices.length).toBeGreaterThanOrEqual(120);
    expect(demo.devices.some((d) => d.remote_alias === null)).toBe(true);
    expect(demo.devices.some((d) => !d.has_2fa)).toBe(true);
    expect(demo.devices.some((d) => d.status === 'disabled')).toBe(true);
    expect(demo.devices.some((d) => d.classroom === null)).toBe(true);
    const sizes = demo.classrooms.map(
      (c) => demo.devices.filter((d) => d.classroom === c.id).length,
    );
    expect(Math.max(...sizes)).toBeGreaterThan(50);
    expect(sizes).toContain(0);
  });

  it('has a few active temporal accesses, one on a device without 2FA', () => {
    const active = demo.temporal_accesses.filter((a) => a.state === 'active');
    expect(active.length).toBeGreaterThanOrEqual(3);
    const byId = new Map(demo.devices.map((d) => [d.remote_id, d]));
    expect(active.some((a) => byId.get(a.remote_id)?.has_2fa === false)).toBe(true);
  });

  it('is the same school on every run', () => {
    expect(createDemoAccount(now)).toEqual(demo);
  });

  it('drifts online status over time, the same way on every run', () => {
    let clock = now;
    const account = new LocalAccount(createDemoAccount(now), () => clock);
    const statuses = () => account.devices().map((d) => account.toAccountDevice(d).is_online);
    const first = statuses();
    clock += 20_000;
    const second = statuses();
    const changed = first.filter((online, i) => online !== second[i]).length;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(first.length / 4);
    const replay = new LocalAccount(createDemoAccount(now), () => clock);
    expect(replay.devices().map((d) => replay.toAccountDevice(d).is_online)).toEqual(second);
  });

  it('does not drift a fixture that asks for no drift', () => {
    let clock = now;
    const account = new LocalAccount(parseAccountData(accessFixture(), 'f'), () => clock);
    const before = account.devices().map((d) => account.toAccountDevice(d).is_online);
    clock += 3_600_000;
    expect(account.devices().map((d) => account.toAccountDevice(d).is_online)).toEqual(before);
    expect(account.invalidate(ACTIVE_TOKEN).kind).toBe('invalidated');
  });
});
