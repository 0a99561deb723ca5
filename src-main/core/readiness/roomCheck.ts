/**
 * One look at a room that is not the open one (the next lesson's, the command line's): its
 * classroom pages, then only the account pages its devices were last listed on. Only when one of
 * its devices has no known page, or is not on it any more, are all the account's pages read.
 * Every device on the pages read is a sighting (with its page), so the next check of any room
 * needs fewer pages.
 */
import type { DeviceLists, DeviceView, OnlineState } from '../classroom/liveStatus';
import pLimit from 'p-limit';
import type { ClassroomDevice, Page } from '../../contract/wire';
import type { Sighting } from './availability';

export interface RoomLook {
  devices: DeviceView[];
  sightings: Sighting[];
  /** How many account pages were read. */
  accountPagesRead: number;
}

export async function lookAtRoom(
  lists: DeviceLists,
  classroomId: string,
  knownPages: (remoteIds: readonly string[]) => ReadonlyMap<string, number>,
  signal?: AbortSignal,
): Promise<RoomLook> {
  const classroom = await lists.classroomDevices(classroomId, signal);
  const account = await onlineOf(
    lists,
    classroom.map((device) => device.remote_id),
    knownPages,
    signal,
  );
  return {
    devices: viewsOf(classroom, account.online),
    sightings: account.sightings,
    accountPagesRead: account.pagesRead,
  };
}

/** A room of a school's check: its devices, or why it could not be read. */
export type SchoolRoomLook =
  { classroomId: string; devices: DeviceView[] } | { classroomId: string; error: unknown };

export interface SchoolLook {
  /** In the order asked. */
  rooms: SchoolRoomLook[];
  sightings: Sighting[];
  accountPagesRead: number;
}

/**
 * One look at many rooms (the command line's morning check): each room's classroom pages, at
 * most `concurrency` rooms at a time, then the account pages once for all of them: only those
 * their devices were last listed on, or every page when one of them has no known page. A room
 * the service cannot read (unknown, an outage) is said as such and the others are still read;
 * when the account pages cannot be read, no room's devices can be.
 */
export async function lookAtRooms(
  lists: DeviceLists,
  classroomIds: readonly string[],
  knownPages: (remoteIds: readonly string[]) => ReadonlyMap<string, number>,
  { concurrency = 4, signal }: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<SchoolLook> {
  const limit = pLimit(concurrency);
  const read = await Promise.all(
    classroomIds.map((classroomId) =>
      limit(async () => {
        try {
          return { classroomId, classroom: await lists.classroomDevices(classroomId, signal) };
        } catch (error) {
          return { classroomId, error };
        }
      }),
    ),
  );
  const ids = [
    ...new Set(
      read.flatMap((room) =>
        'classroom' in room ? room.classroom.map((device) => device.remote_id) : [],
      ),
    ),
  ];
  let account: Awaited<ReturnType<typeof onlineOf>>;
  try {
    account = await onlineOf(lists, ids, knownPages, signal);
  } catch (error) {
    return {
      rooms: read.map((room) => ({
        classroomId: room.classroomId,
        error: 'error' in room ? room.error : error,
      })),
      sightings: [],
      accountPagesRead: 0,
    };
  }
  return {
    rooms: read.map((room) =>
      'classroom' in room
        ? { classroomId: room.classroomId, devices: viewsOf(room.classroom, account.online) }
        : { classroomId: room.classroomId, error: room.error },
    ),
    sightings: account.sightings,
    accountPagesRead: account.pagesRead,
  };
}

/**
 * Whether each of these devices is online: the account pages they were last listed on, and every
 * page when one has no known page or is not on it any more. Every device on the pages read is a
 * sighting; a device of these not listed, one with an unknown status.
 */
async function onlineOf(
  lists: DeviceLists,
  ids: readonly string[],
  knownPages: (remoteIds: readonly string[]) => ReadonlyMap<string, number>,
  signal?: AbortSignal,
) {
  const known = knownPages(ids);
  let pages: Page<OnlineState>[] = [];
  let read = 0;
  if (ids.length > 0 && ids.every((id) => known.has(id))) {
    const wanted = [...new Set(known.values())].sort((a, b) => a - b);
    pages = await lists.accountPages(wanted, signal);
    read += pages.length;
  }
  const found = (all: readonly Page<OnlineState>[]) => {
    const online = new Map<string, boolean>();
    for (const page of all)
      for (const device of page.data) online.set(device.remote_id, device.is_online);
    return online;
  };
  let online = found(pages);
  if (ids.length > 0 && !ids.every((id) => online.has(id))) {
    pages = await lists.allAccountPages(signal);
    read += pages.length;
    online = found(pages);
  }
  const sightings = sightingsOf(pages);
  for (const id of ids) if (!online.has(id)) sightings.push({ remoteId: id, online: null });
  return { online, sightings, pagesRead: read };
}

const viewsOf = (
  classroom: readonly ClassroomDevice[],
  online: ReadonlyMap<string, boolean>,
): DeviceView[] =>
  classroom.map((device) => ({
    remoteId: device.remote_id,
    alias: device.remote_alias,
    online: online.get(device.remote_id) ?? null,
    status: device.status,
    has2fa: device.has_2fa,
  }));

/** Every device on these account pages: whether it is online, and its page. */
export function sightingsOf(pages: readonly Page<OnlineState>[]): Sighting[] {
  const sightings: Sighting[] = [];
  for (const page of pages) {
    for (const device of page.data) {
      sightings.push({
        remoteId: device.remote_id,
        online: device.is_online,
        page: page.meta.current_page,
      });
    }
  }
  return sightings;
}
