/**
 * Live status of one classroom: its devices (every page of the classroom list) with is_online
 * joined from the account-wide list, which is the only one that carries it.
 *
 * The account list can run to many pages, so a refresh must not cost the whole account: we
 * remember which account page held each of the classroom's devices and re-read only those
 * pages. A full sweep happens only when that memory is in doubt: a device is no longer on its
 * remembered page, the account total changed, a device we have no page for joined the class,
 * or every `sweepEvery`-th refresh as a safety net.
 *
 * A refresh either succeeds whole or changes nothing: the view the next refresh diffs against,
 * the page memory, the safety-net count and the passwords are all committed together, after
 * every read has succeeded. A failed refresh rejects (a ServiceError from the lists), so the
 * caller keeps showing the last view as it was, with its age, rather than a half-read one.
 */
import type { AccountDevice, ClassroomDevice, Page } from '../contract/wire';

/** What the live status needs from the service client; a signal calls a read off. */
export interface DeviceLists {
  /** Every device of the classroom; rejects when the list could not be read consistently. */
  classroomDevices(classroomId: string, signal?: AbortSignal): Promise<ClassroomDevice[]>;
  /** The given pages of the account list, in the order asked. */
  accountPages(pages: readonly number[], signal?: AbortSignal): Promise<Page<AccountDevice>[]>;
  /** Every page of the account list, in order; rejects when it could not be read consistently. */
  allAccountPages(signal?: AbortSignal): Promise<Page<AccountDevice>[]>;
}

/** A classroom device as the window shows it. No password: that stays in main memory. */
export interface DeviceView {
  remoteId: string;
  alias: string | null;
  /** null: the account list does not list this device, so nobody can say. */
  online: boolean | null;
  status: ClassroomDevice['status'];
  has2fa: boolean;
}

export type DeviceChange =
  | { type: 'device-added'; device: DeviceView }
  | { type: 'device-removed'; remoteId: string }
  | { type: 'device-changed'; device: DeviceView }
  | { type: 'online-changed'; remoteId: string; online: boolean | null };

export interface RefreshResult {
  devices: DeviceView[];
  changes: DeviceChange[];
  /**
   * The account pages this refresh read, in the order read: the remembered pages, then every
   * page when it swept (a sweep that had to look twice lists them twice).
   */
  accountPagesRead: number[];
  swept: boolean;
}

export interface LiveStatusOptions {
  /** Every n-th refresh sweeps all account pages even when nothing calls for it. Default 30. */
  sweepEvery?: number;
}

/** What the account list told us about the classroom, committed only when a refresh succeeds. */
interface AccountMemory {
  /** remote id -> the account page it was last seen on. */
  pageOf: Map<string, number>;
  /** Classroom devices the account list did not show at the last sweep. */
  absent: Set<string>;
  total: number;
}

interface Join {
  online: Map<string, boolean>;
  pagesRead: number[];
  /** Set when this refresh swept: the memory to keep. */
  swept?: AccountMemory;
}

const DEFAULT_SWEEP_EVERY = 30;

export class ClassroomLiveStatus {
  private memory: AccountMemory | undefined;
  /** Refreshes since the last sweep, for the safety net. */
  private sinceSweep = 0;
  private previous: DeviceView[] | undefined;
  private passwords = new Map<string, string>();
  private readonly sweepEvery: number;

  constructor(
    private readonly lists: DeviceLists,
    readonly classroomId: string,
    options: LiveStatusOptions = {},
  ) {
    this.sweepEvery = options.sweepEvery ?? DEFAULT_SWEEP_EVERY;
    if (!Number.isSafeInteger(this.sweepEvery) || this.sweepEvery < 1) {
      throw new RangeError('sweepEvery is a whole number of refreshes, 1 or more.');
    }
  }

  /** Starts from a cached view (no passwords), so changes are reported against what was shown. */
  seed(devices: readonly DeviceView[]): void {
    this.previous = devices.map((device) => ({ ...device }));
  }

  /** The password of a device of this classroom, for an explicit copy action only. */
  password(remoteId: string): string | undefined {
    return this.passwords.get(remoteId);
  }

  /** `signal` calls the refresh off (its deadline): it then rejects and commits nothing. */
  async refresh(signal?: AbortSignal): Promise<RefreshResult> {
    const classroom = await this.lists.classroomDevices(this.classroomId, signal);
    const join = await this.joinOnline(classroom, signal);

    const devices = classroom.map((device): DeviceView => ({
      remoteId: device.remote_id,
      alias: device.remote_alias,
      online: join.online.get(device.remote_id) ?? null,
      status: device.status,
      has2fa: device.has_2fa,
    }));
    const changes = diff(this.previous ?? [], devices);

    // Every read succeeded: commit. Nothing above touched the state.
    if (join.swept) this.memory = join.swept;
    this.sinceSweep = join.swept ? 0 : this.sinceSweep + 1;
    this.passwords = new Map(classroom.map((device) => [device.remote_id, device.remote_password]));
    // Our own copies: a caller editing the returned views must not change what we diff against.
    this.previous = devices.map((device) => ({ ...device }));
    return { devices, changes, accountPagesRead: join.pagesRead, swept: join.swept !== undefined };
  }

  private async joinOnline(
    classroom: readonly ClassroomDevice[],
    signal: AbortSignal | undefined,
  ): Promise<Join> {
    const memory = this.memory;
    if (memory === undefined || this.sinceSweep >= this.sweepEvery - 1) {
      return this.sweep(classroom, memory, [], signal);
    }
    // Devices the account list did not show at the last sweep are not looked for each time.
    const wanted = classroom
      .map((device) => device.remote_id)
      .filter((id) => !memory.absent.has(id));
    const remembered = wanted.map((id) => memory.pageOf.get(id));
    if (!remembered.every((page) => page !== undefined)) {
      return this.sweep(classroom, memory, [], signal);
    }

    const pages = [...new Set(remembered)].sort((a, b) => a - b);
    const read = await this.lists.accountPages(pages, signal);
    const online = new Map<string, boolean>();
    for (const page of read) {
      for (const device of page.data) {
        // Only on its remembered page: finding it elsewhere means the pages shifted.
        if (memory.pageOf.get(device.remote_id) === page.meta.current_page) {
          online.set(device.remote_id, device.is_online);
        }
      }
    }
    const sameTotal = read.every((page) => page.meta.total === memory.total);
    if (sameTotal && wanted.every((id) => online.has(id))) return { online, pagesRead: pages };
    return this.sweep(classroom, memory, pages, signal);
  }

  /**
   * Reads every account page. A list that shifts under the walk without changing its total (one
   * device gone before ours, one added after) can carry a device from a page not yet read to one
   * already read, so the walk misses it. Before calling a device newly missing from the account
   * list we look once more; devices the last sweep already missed are not looked for twice.
   */
  private async sweep(
    classroom: readonly ClassroomDevice[],
    before: AccountMemory | undefined,
    alreadyRead: number[],
    signal: AbortSignal | undefined,
  ): Promise<Join> {
    const everyone = new Set(classroom.map((device) => device.remote_id));
    const pagesRead = [...alreadyRead];
    const look = async () => {
      const all = await this.lists.allAccountPages(signal);
      pagesRead.push(...all.map((page) => page.meta.current_page));
      return locate(all, everyone);
    };
    let result = await look();
    if ([...result.memory.absent].some((id) => !before?.absent.has(id))) result = await look();
    return { online: result.online, pagesRead, swept: result.memory };
  }
}

/** Where each of `ids` sits in the account list, and its online status. */
function locate(
  all: readonly Page<AccountDevice>[],
  ids: ReadonlySet<string>,
): { online: Map<string, boolean>; memory: AccountMemory } {
  const pageOf = new Map<string, number>();
  const online = new Map<string, boolean>();
  for (const page of all) {
    for (const device of page.data) {
      if (!ids.has(device.remote_id)) continue;
      pageOf.set(device.remote_id, page.meta.current_page);
      online.set(device.remote_id, device.is_online);
    }
  }
  const absent = new Set([...ids].filter((id) => !pageOf.has(id)));
  return { online, memory: { pageOf, absent, total: all[0]?.meta.total ?? 0 } };
}

/** What changed between two views of the classroom, device by device. */
export function diff(before: readonly DeviceView[], after: readonly DeviceView[]): DeviceChange[] {
  const old = new Map(before.map((device) => [device.remoteId, device]));
  const changes: DeviceChange[] = [];
  for (const device of after) {
    const previous = old.get(device.remoteId);
    old.delete(device.remoteId);
    if (!previous) {
      changes.push({ type: 'device-added', device });
      continue;
    }
    if (
      previous.alias !== device.alias ||
      previous.status !== device.status ||
      previous.has2fa !== device.has2fa
    ) {
      changes.push({ type: 'device-changed', device });
    } else if (previous.online !== device.online) {
      changes.push({ type: 'online-changed', remoteId: device.remoteId, online: device.online });
    }
  }
  for (const remoteId of old.keys()) changes.push({ type: 'device-removed', remoteId });
  return changes;
}
