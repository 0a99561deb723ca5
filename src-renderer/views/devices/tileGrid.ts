/**
 * The compact view as a grid of tiles: tiles in a stable order (by name, as a teacher numbers the
 * seats: store/deviceOrder's byName), each showing what tells its device apart from the room's others, at a width that fits
 * the longest of those.
 */
import type { ClassTrayData } from '../../store/classTrayStore';

/** Where a name's parts meet: "R12-PC07", "Lab 2 PC 7", "lab1_pc07", "room.12.pc7". */
const SEPARATOR = /[-_ .:/]/;

/**
 * What every name starts with, up to and including its last separator, when each name keeps
 * something after it: "R12-" for R12-PC01 to R12-PC30. Nothing for one device, or when the
 * names share no whole part.
 */
export function sharedPrefix(names: readonly string[]): string {
  const [first, ...others] = names;
  if (first === undefined || others.length === 0) return '';
  let length = first.length;
  for (const name of others) {
    let same = 0;
    while (same < length && same < name.length && name[same] === first[same]) same++;
    length = same;
    if (length === 0) return '';
  }
  let cut = length;
  while (cut > 0 && !SEPARATOR.test(first[cut - 1] ?? '')) cut--;
  // A name that is all prefix would show nothing.
  return names.some((name) => name.length <= cut) ? '' : first.slice(0, cut);
}

/** The name a tile shows: the device's, without the part the whole room shares. */
export const tileName = (name: string, prefix: string): string =>
  prefix !== '' && name.startsWith(prefix) ? name.slice(prefix.length) : name;

/** Every device's name in the open classroom, in the service's order. */
export const roomNames = (data: Pick<ClassTrayData, 'devices' | 'deviceIds'>): string[] =>
  data.deviceIds.map((id) => {
    const device = data.devices.get(id);
    return device?.alias ?? device?.remoteId ?? id;
  });
