/**
 * Many rooms in one look (the morning check): each room's pages under a bound, the account pages
 * once for all; a room the service fails for said as such while the others are read.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceLists, OnlineState } from '../../../src-main/core/classroom/liveStatus';
import type { ClassroomDevice, Page } from '../../../src-main/contract/wire';
import { lookAtRooms } from '../../../src-main/core/readiness/roomCheck';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';

const member = (id: string): ClassroomDevice => ({
  remote_id: id,
  remote_alias: `PC ${id}`,
  remote_password: 'pw-never-read',
  status: 'enabled',
  has_2fa: true,
});
const page = (n: number, ids: string[]): Page<OnlineState> => ({
  data: ids.map((remote_id) => ({ remote_id, is_online: remote_id !== 'b2' })),
  links: [],
  meta: { current_page: n, last_page: 2, per_page: 50, total: 4 },
});

/** Lists that count what they were asked, and how many rooms were read at once. */
function countingLists(rooms: Record<string, string[] | Error>) {
  const asked = { classrooms: [] as string[], accountWalks: 0, pagesAsked: [] as number[][] };
  let reading = 0;
  let most = 0;
  const lists: DeviceLists = {
    async classroomDevices(id) {
      asked.classrooms.push(id);
      reading += 1;
      most = Math.max(most, reading);
      await new Promise((resolve) => setImmediate(resolve));
      reading -= 1;
      const room = rooms[id];
      if (room === undefined) throw new ServiceError({ kind: 'classroom-not-found', detail: id });
      if (room instanceof Error) throw room;
      return room.map(member);
    },
    async accountPages(pages) {
      asked.pagesAsked.push([...pages]);
      return [];
    },
    async allAccountPages() {
      asked.accountWalks += 1;
      return [page(1, ['a1', 'a2']), page(2, ['b1', 'b2'])];
    },
  };
  return { lists, asked, most: () => most };
}

describe('a look at many rooms', () => {
  it('reads the account pages once for all, each room once, and says which rooms failed', async () => {
    const outage = new ServiceError({ kind: 'server', status: 503, detail: 'down' });
    const rooms: Record<string, string[] | Error> = {
      'room-a': ['a1', 'a2'],
      'room-b': ['b1', 'b2'],
      'room-x': outage,
    };
    for (let i = 0; i < 9; i++) rooms[`more-${String(i)}`] = ['a1'];
    const { lists, asked, most } = countingLists(rooms);
    const ids = ['room-a', 'room-b', 'room-x', 'room-gone', ...Object.keys(rooms).slice(3)];
    const look = await lookAtRooms(lists, ids, () => new Map(), { concurrency: 3 });

    expect(asked.accountWalks).toBe(1);
    expect(asked.classrooms.sort()).toEqual([...ids].sort());
    expect(most()).toBeLessThanOrEqual(3);
    expect(look.accountPagesRead).toBe(2);
    expect(look.rooms.map((room) => room.classroomId)).toEqual(ids);
    const [a, b, x, gone] = look.rooms;
    expect(a).toMatchObject({ devices: [{ remoteId: 'a1', online: true }, { remoteId: 'a2' }] });
    expect(b).toMatchObject({ devices: [{ online: true }, { remoteId: 'b2', online: false }] });
    expect(x).toEqual({ classroomId: 'room-x', error: outage });
    expect(gone && 'error' in gone && (gone.error as ServiceError).kind).toBe(
      'classroom-not-found',
    );
  });

  it('reads only the known account pages when every device has one', async () => {
    const { lists, asked } = countingLists({ 'room-a': ['a1'] });
    await lookAtRooms(lists, ['room-a'], () => new Map([['a1', 1]]));
    // The known page said nothing of a1 (the fake's pages are empty): then every page, once.
    expect(asked.pagesAsked).toEqual([[1]]);
    expect(asked.accountWalks).toBe(1);
  });

  it('says every room failed when the account pages cannot be read', async () => {
    const { lists } = countingLists({ 'room-a': ['a1'] });
    const down = new ServiceError({ kind: 'network', cause: 'refused', detail: 'refused' });
    lists.allAccountPages = async () => {
      throw down;
    };
    const look = await lookAtRooms(lists, ['room-a', 'room-gone'], () => new Map());
    expect(look.rooms[0]).toEqual({ classroomId: 'room-a', error: down });
    expect(look.rooms[1] && 'error' in look.rooms[1] && look.rooms[1].error).not.toBe(down);
  });
});
