/** Builders for local-service fixtures, typed by the fixture format itself. */
import type { Fixture } from '../../src-main/local-service/fixture';
import type { AccountData } from '../../src-main/local-service/index';

type FixtureDevice = Fixture['devices'][number];

/** A device with readable defaults; `n` makes ids and aliases unique. */
export function device(n: number, overrides: Partial<FixtureDevice> = {}): FixtureDevice {
  return {
    remote_id: String(100_000_000 + n),
    remote_alias: `PC-${n}`,
    remote_password: `pw-${n}`,
    has_2fa: true,
    status: 'enabled',
    is_online: n % 3 !== 0,
    classroom: null,
    ...overrides,
  };
}

/**
 * An account of these classrooms (id: name, in order), holding `devices` and `accesses`: the
 * state an e2e file opens the window on (test/e2e/window.ts).
 */
export function account(
  classrooms: Readonly<Record<string, string>>,
  devices: readonly FixtureDevice[],
  accesses: AccountData['temporal_accesses'] = [],
): AccountData {
  return {
    classrooms: Object.entries(classrooms).map(([id, name]) => ({ id, name })),
    devices: [...devices],
    temporal_accesses: accesses,
  };
}

/**
 * `count` devices in `classroom`, numbered from `first` (PC-<n>, ids 100000000 + n), all online
 * unless `overrides` (given each device's place in the room, from 0) says otherwise.
 */
export function devicesIn(
  classroom: string,
  count: number,
  first = 1,
  overrides: (index: number) => Partial<FixtureDevice> = () => ({}),
): FixtureDevice[] {
  return Array.from({ length: count }, (_, i) =>
    device(first + i, { classroom, is_online: true, ...overrides(i) }),
  );
}

/**
 * `count` devices in `classroom` named as a school names them, `<prefix>01` on (R12-PC01…),
 * numbered from `first`; online as `device` has them unless `overrides` says.
 */
export function devicesNamed(
  classroom: string,
  prefix: string,
  count: number,
  first: number,
  overrides: Partial<FixtureDevice> = {},
): FixtureDevice[] {
  return Array.from({ length: count }, (_, i) =>
    device(first + i, {
      classroom,
      remote_alias: `${prefix}${String(i + 1).padStart(2, '0')}`,
      ...overrides,
    }),
  );
}

/** The remote id of the account's device named `alias`; a test naming no such device fails. */
export function remoteIdIn(account: AccountData, alias: string): string {
  const found = account.devices.find((one) => one.remote_alias === alias);
  if (!found) throw new Error(`no device ${alias}`);
  return found.remote_id;
}

/**
 * `count` devices; every `classroomEvery`-th one (default 3rd) sits in classroom "room-a",
 * so classroom pages interleave with account pages. Classroom "empty" has no devices.
 */
export function accountFixture(count: number, classroomEvery = 3): Fixture {
  return {
    classrooms: [
      { id: 'room-a', name: 'Room A' },
      { id: 'empty', name: 'Empty Room' },
    ],
    devices: Array.from({ length: count }, (_, i) =>
      device(i, { classroom: i % classroomEvery === 0 ? 'room-a' : null }),
    ),
    temporal_accesses: [],
  };
}

export const ACTIVE_TOKEN = '3f2c1a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
export const INVALIDATED_TOKEN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const EXPIRED_TOKEN = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
export const TIMED_OUT_TOKEN = '11111111-2222-4333-8444-555555555555';

/** A small account with one access in each state (the last active but past its expiry). */
export function accessFixture(): Fixture {
  const base = accountFixture(4);
  return {
    ...base,
    temporal_accesses: [
      { token: ACTIVE_TOKEN, remote_id: '100000000', state: 'active' },
      { token: INVALIDATED_TOKEN, remote_id: '100000001', state: 'invalidated' },
      { token: EXPIRED_TOKEN, remote_id: '100000002', state: 'expired' },
      {
        token: TIMED_OUT_TOKEN,
        remote_id: '100000003',
        state: 'active',
        expires_at: '2020-01-01T00:00:00.000Z',
      },
    ],
  };
}

/**
 * `count` devices of which those at `classroomIndices` sit in classroom "room-a", so a test
 * chooses the account pages the classroom lives on (index i is on page floor(i / 50) + 1).
 */
export function spreadClassroomFixture(
  count: number,
  classroomIndices: readonly number[],
): Fixture {
  const members = new Set(classroomIndices);
  return {
    ...accountFixture(0),
    devices: Array.from({ length: count }, (_, i) =>
      device(i, { classroom: members.has(i) ? 'room-a' : null }),
    ),
  };
}
