/**
 * One look at a room that is not the open one (the next lesson's, the command line's): its
 * classroom pages, then only the account pages its devices were last listed on. Only when one of
 * its devices has no known page, or is not on it any more, are all the account's pages read.
 * Every device on the pages read is a sighting (with its page), so the next check of any room
 * needs fewer pages.
 */
import type { DeviceLists, DeviceView, OnlineState } from '../classroom/liveStatus';
import type { Page } from '../../contract/wire';
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
  const ids = classroom.map((device) => device.remote_id);
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
  const devices = classroom.map((device) => ({
    remoteId: device.remote_id,
    alias: device.remote_alias,
    online: online.get(device.remote_id) ?? null,
    status: device.status,
    has2fa: device.has_2fa,
  }));
  return { devices, sightings, accountPagesRead: read };
}

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
