/**
 * The built-in demo account: what a teacher sees before connecting a real account, and what
 * `npm run local-service` serves without --fixture. Generated from a fixed seed, so every run
 * shows the same school; only the temporal accesses' expiry is relative to start-up.
 */
import type { AccountData, DeviceRecord, TemporalAccessRecord } from './fixture';
import { parseAccountData } from './fixture';
import { seededRandom } from './seeded';

const SEED = 20_261_122;

const CLASSROOMS = [
  { id: 'lab-1', name: 'Computer Lab 1', devices: 60, prefix: 'LAB1-PC' },
  { id: 'room-12', name: 'Room 12', devices: 24, prefix: 'R12-PC' },
  { id: 'library', name: 'Library', devices: 18, prefix: 'LIB-PC' },
  { id: 'music', name: 'Music Room', devices: 0, prefix: 'MUS-PC' },
] as const;

/** Devices rented by the account but not placed in any classroom yet. */
const UNASSIGNED_DEVICES = 30;

const HOUR_MS = 3_600_000;

/** How many of the demo's running accesses, the last of its list, are left for the user to add. */
export const DEMO_LINKS_TO_TRY = 3;

export function createDemoAccount(nowMs: number): AccountData {
  const random = seededRandom(SEED);
  const pick = (share: number) => random() < share;
  const digits = (count: number) =>
    Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

  const placed = CLASSROOMS.flatMap((classroom) =>
    Array.from({ length: classroom.devices }, (_, i) => ({
      classroom: classroom.id,
      alias: `${classroom.prefix}${String(i + 1).padStart(2, '0')}`,
    })),
  );
  const unassigned = Array.from({ length: UNASSIGNED_DEVICES }, (_, i) => ({
    classroom: null,
    alias: `SPARE-${String(i + 1).padStart(2, '0')}`,
  }));
  // Shuffle so a classroom's devices are spread across the account list's pages, as devices
  // rented over the years would be.
  const slots = [...placed, ...unassigned]
    .map((slot) => ({ slot, order: random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ slot }) => slot);

  const devices: DeviceRecord[] = slots.map((slot) => ({
    remote_id: `${1 + Math.floor(random() * 9)}${digits(8)}`,
    remote_alias: pick(0.12) ? null : slot.alias,
    remote_password: digits(4) + '-' + digits(4),
    has_2fa: !pick(0.15),
    status: pick(0.06) ? 'disabled' : 'enabled',
    is_online: pick(0.72),
    classroom: slot.classroom,
  }));

  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const inClass = (id: string) => devices.filter((device) => device.classroom === id);
  const later = new Date(nowMs + 8 * HOUR_MS).toISOString();
  const earlier = new Date(nowMs - 2 * HOUR_MS).toISOString();
  const access = (
    device: DeviceRecord | undefined,
    state: TemporalAccessRecord['state'],
  ): TemporalAccessRecord => ({
    token: uuid(),
    remote_id: device?.remote_id ?? '(the demo account lost a device)',
    state,
    expires_at: state === 'expired' ? earlier : later,
  });
  const room12 = inClass('room-12');
  const lab1 = inClass('lab-1');
  const temporal_accesses = [
    access(room12[0], 'active'),
    access(room12[1], 'active'),
    // A student of its own (not one of the devices above), on a device without 2FA.
    access(
      room12.find((device, index) => index > 2 && !device.has_2fa),
      'active',
    ),
    access(lab1[0], 'active'),
    access(lab1[1], 'active'),
    access(lab1[2], 'invalidated'),
    access(room12[2], 'expired'),
    // Not tracked by the demo's notebook: links a new user pastes to try adding and ending one.
    ...room12.slice(-DEMO_LINKS_TO_TRY).map((device) => access(device, 'active')),
  ];

  // Parsed like any fixture, so the demo can never drift from the format it documents.
  return parseAccountData(
    {
      classrooms: CLASSROOMS.map(({ id, name }) => ({ id, name })),
      devices,
      temporal_accesses,
      drift: { seed: SEED, period_seconds: 20, share: 0.05 },
    },
    'The built-in demo account',
  );
}
