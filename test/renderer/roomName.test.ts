import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { roomName, roomNickname } from '../../src-renderer/views/roomName';
import type { ClassTrayData } from '../../src-renderer/store/classTrayStore';

/** Only what naming a room reads: the open classroom, the recent ones, the account's mode. */
const data = (nickname: string | null) =>
  ({
    classroom: { id: 'room-a', nickname, recent: [] },
    temporalAccesses: [],
    account: { mode: 'live' },
  }) as unknown as Pick<ClassTrayData, 'classroom' | 'temporalAccesses' | 'account'>;
const t = ((key: string, values: { id: string }) =>
  key === 'header.roomById' ? `${values.id} (room ID)` : key) as unknown as TFunction;

describe("a room's name", () => {
  it('is the nickname, or none: the readiness report then names the room by its id once', () => {
    expect(roomNickname(data('Maths 1'), 'room-a', t)).toBe('Maths 1');
    expect(roomNickname(data(null), 'room-a', t)).toBeNull();
    expect(roomName(data(null), 'room-a', t)).toBe('room-a (room ID)');
  });
});
