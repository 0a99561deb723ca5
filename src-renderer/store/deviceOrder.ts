/**
 * The order of the device rows, which stays put while the window is visible: a device that
 * changes is marked where it stands, and the rows are sorted again only when the window opens
 * (or shows again), when the teacher changes what the list shows, or when the teacher asks for
 * the changed devices on top. A teacher reading a row must not see it leave under the pointer.
 */
import { belongsTo } from '../../src-shared/accessState';
import type { ClassTrayData } from './classTrayStore';

export type DeviceFilter = 'all' | 'online' | 'offline';

/** How long a change stays marked, and sorts its device near the top under Problems first. */
export const RECENT_MS = 5 * 60_000;

type Activity = ClassTrayData['activity'];
type OrderData = Pick<ClassTrayData, 'devices' | 'deviceIds' | 'activity'>;

export const changedRecently = (
  activity: { changedAt: string | null } | undefined,
  now: number,
): boolean => activity?.changedAt != null && now - Date.parse(activity.changedAt) < RECENT_MS;

/** The rows as sorted last, and what each device's last change was then. */
export interface Arrangement {
  /** The open classroom when it was made: another one is sorted afresh. */
  classroomId: string | null;
  /** The ids in the order shown (the filter applied then: a row does not leave as it changes). */
  order: readonly string[];
  /** Each device's last change when sorted (absent: none), to tell which changed since. */
  seen: ReadonlyMap<string, string>;
  /** The room's devices when sorted, listed or not: any other was added since. */
  known: ReadonlySet<string>;
}

const lastChanges = (activity: Activity): Map<string, string> => {
  const seen = new Map<string, string>();
  for (const [id, entry] of activity) if (entry.changedAt !== null) seen.set(id, entry.changedAt);
  return seen;
};

const passes = (online: boolean | null | undefined, filter: DeviceFilter): boolean =>
  filter === 'all' || (filter === 'online' ? online === true : online === false);

/**
 * The rows sorted as the window opens: with Problems first (`problemsFirstAt`, the time now),
 * devices that changed in the last minutes on top (the latest first), then offline ones, then
 * online ones, then the rest; without it, online devices first. Otherwise the service's order.
 */
export function arrange(
  data: OrderData & Pick<ClassTrayData, 'classroom'>,
  filter: DeviceFilter,
  problemsFirstAt: number | null,
): Arrangement {
  const recent: { id: string; at: number }[] = [];
  const problems: string[] = [];
  const online: string[] = [];
  const others: string[] = [];
  for (const id of data.deviceIds) {
    const device = data.devices.get(id);
    if (!device || !passes(device.online, filter)) continue;
    const activity = data.activity.get(id);
    if (problemsFirstAt !== null && changedRecently(activity, problemsFirstAt)) {
      recent.push({ id, at: Date.parse(activity?.changedAt ?? '') });
    } else if (problemsFirstAt !== null && device.online === false) problems.push(id);
    else (device.online === true ? online : others).push(id);
  }
  // Stable: devices that changed in the same refresh keep the service's order.
  recent.sort((a, b) => b.at - a.at);
  return {
    classroomId: data.classroom.id,
    order: recent.map(({ id }) => id).concat(problems, online, others),
    seen: lastChanges(data.activity),
    known: new Set(data.deviceIds),
  };
}

/** The room's devices whose online status changed since the rows were sorted, latest first. */
export function changedSince(data: OrderData, arrangement: Arrangement): string[] {
  const changed: { id: string; at: string }[] = [];
  for (const [id, entry] of data.activity) {
    if (entry.changedAt === null || entry.changedAt === arrangement.seen.get(id)) continue;
    if (data.devices.has(id)) changed.push({ id, at: entry.changedAt });
  }
  return changed.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).map(({ id }) => id);
}

/**
 * "3 changed", pressed: the devices that changed since the last sort on top (the latest first,
 * those the filter takes now), every other row in the order it had.
 */
export function changedToTop(
  data: OrderData & Pick<ClassTrayData, 'classroom'>,
  arrangement: Arrangement,
  filter: DeviceFilter,
): Arrangement {
  const changed = changedSince(data, arrangement);
  const moved = new Set(changed);
  const top = changed.filter((id) => passes(data.devices.get(id)?.online, filter));
  return {
    classroomId: data.classroom.id,
    order: top.concat(arrangement.order.filter((id) => !moved.has(id))),
    seen: lastChanges(data.activity),
    known: new Set(data.deviceIds),
  };
}

/** The student on each device's row: the newest access given on it in the open classroom. */
export function studentsByDevice(
  data: Pick<ClassTrayData, 'temporalAccesses' | 'classroom'>,
): Map<string, string> {
  const students = new Map<string, string>();
  const done = new Set<string>();
  for (const access of data.temporalAccesses) {
    const id = access.remoteId;
    if (id === null || done.has(id) || !belongsTo(access, data.classroom.id)) continue;
    done.add(id);
    if (access.studentName !== null) students.set(id, access.studentName);
  }
  return students;
}

/**
 * The ids to show, in the arrangement's order: those still in the room, then devices added
 * since (that the filter takes); for a search, the devices whose student matches first,
 * then those whose name or id does. Ids are often read out in groups ("123 456 789"), so spaces
 * never stop an id from matching.
 */
export function shownIds(
  data: OrderData & Pick<ClassTrayData, 'temporalAccesses' | 'classroom'>,
  arrangement: Arrangement,
  filter: DeviceFilter,
  query: string,
  /** How each group is ordered (the compact view's plan sorts by name). */
  within: (ids: string[]) => string[] = (ids) => ids,
): string[] {
  const ids = arrangement.order
    .filter((id) => data.devices.has(id))
    .concat(
      data.deviceIds.filter(
        (id) => !arrangement.known.has(id) && passes(data.devices.get(id)?.online, filter),
      ),
    );
  const text = query.trim().toLocaleLowerCase();
  if (text === '') return within(ids);
  const digits = text.replace(/\s+/g, '');
  const students = studentsByDevice(data);
  const byStudent: string[] = [];
  const byDevice: string[] = [];
  for (const id of ids) {
    const device = data.devices.get(id);
    if (students.get(id)?.toLocaleLowerCase().includes(text)) byStudent.push(id);
    else if (
      device?.alias?.toLocaleLowerCase().includes(text) ||
      (digits !== '' && id.toLocaleLowerCase().includes(digits))
    ) {
      byDevice.push(id);
    }
  }
  return within(byStudent).concat(within(byDevice));
}

/** Made when first needed (the tile grid): a collator's making costs the window's start 10 ms. */
let collator: Intl.Collator | undefined;

/** By name, numbers as numbers (PC2 before PC10), then by id: the same order on every refresh. */
export function byName(data: Pick<ClassTrayData, 'devices'>, ids: string[]): string[] {
  const nameOf = (id: string) => {
    const device = data.devices.get(id);
    return device?.alias ?? device?.remoteId ?? id;
  };
  const { compare } = (collator ??= new Intl.Collator(undefined, {
    numeric: true,
    sensitivity: 'base',
  }));
  return ids
    .map((id) => ({ id, name: nameOf(id) }))
    .sort((a, b) => compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id }) => id);
}
