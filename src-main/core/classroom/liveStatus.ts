/**
 * Live status of one classroom: its devices (every page of the classroom list) with is_online
 * joined from the account-wide list, which is the only one that carries it.
 *
 * The account list can run to many pages, so a refresh must not cost the whole account: we
 * remember which account page held each of the classroom's devices and re-read only those
 * pages, plus one more page in turn (the rolling sweep), so that every page is looked at once a
 * cycle without a refresh that reads them all at once: a service's rate limit sees the peak,
 * not the mean. The page in turn finds a classroom device the account list did not show before
 * (it appears on that page) and a device listed on a page other than its own.
 *
 * Every page is read at once (a search) when the memory is in doubt: on the first refresh, when
 * a device is no longer on its remembered page or shows up on another one, when the account
 * total changed, or when a device we have no page for joined the class.
 *
 * A refresh either succeeds whole or changes nothing: the view the next refresh diffs against,
 * the page memory, the page in turn and the passwords are all committed together, after every
 * read has succeeded. A failed refresh rejects (a ServiceError from the lists), so the caller
 * keeps showing the last view as it was, with its age, rather than a half-read one.
 */
import type { AccountDevice, ClassroomDevice, Page } from '../../contract/wire';

/** What the live status reads of an account device: whether it is online. */
export type OnlineState = Pick<AccountDevice, 'remote_id' | 'is_online'>;

/** What the live status needs from the service client; a signal calls a read off. */
export interface DeviceLists {
  /** Every device of the classroom; rejects when the list could not be read consistently. */
  classroomDevices(classroomId: string, signal?: AbortSignal): Promise<ClassroomDevice[]>;
  /** The given pages of the account list, in the order asked. */
  accountPages(pages: readonly number[], signal?: AbortSignal): Promise<Page<OnlineState>[]>;
  /** Every page of the account list, in order; rejects when it could not be read consistently. */
  allAccountPages(signal?: AbortSignal): Promise<Page<OnlineState>[]>;
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
  /** Frozen, as each device in it. */
  devices: readonly DeviceView[];
  changes: DeviceChange[];
  /**
   * The account pages this refresh read, in the order read: the remembered pages and the page in
   * turn, then every page when it searched (a search that had to look twice lists them twice).
   */
  accountPagesRead: number[];
  /** True when this refresh read every account page (a search). */
  searched: boolean;
}

/** What the account list told us about the classroom, committed only when a refresh succeeds. */
interface AccountMemory {
  /** remote id -> the account page it was last seen on. */
  pageOf: Map<string, number>;
  /** Classroom devices the account list did not show when last searched. */
  absent: Set<string>;
  total: number;
  lastPage: number;
  /** Where the rolling sweep goes on: the next page in turn is the first from here not read anyway. */
  turn: number;
}

interface Join {
  online: Map<string, boolean>;
  pagesRead: number[];
  memory: AccountMemory;
  searched: boolean;
}

export class ClassroomLiveStatus {
  private memory: AccountMemory | undefined;
  /**
   * The last view: what the next refresh is diffed against. Frozen, each device and the list, so
   * it can be handed out as it is: no caller can change what we diff against.
   */
  private previous: readonly DeviceView[] = [];
  private passwords = new Map<string, string>();
  /** The classroom's devices the last view was made from, as the client gave them. */
  private readFrom: readonly ClassroomDevice[] = [];

  constructor(
    private readonly lists: DeviceLists,
    readonly classroomId: string,
  ) {}

  /** Starts from a cached view (no passwords), so changes are reported against what was shown. */
  seed(devices: readonly DeviceView[]): void {
    this.previous = Object.freeze(devices.map((device) => Object.freeze({ ...device })));
  }

  /** The password of a device of this classroom, for an explicit copy action only. */
  password(remoteId: string): string | undefined {
    return this.passwords.get(remoteId);
  }

  /** `signal` calls the refresh off (its deadline): it then rejects and commits nothing. */
  async refresh(signal?: AbortSignal): Promise<RefreshResult> {
    const classroom = await this.lists.classroomDevices(this.classroomId, signal);
    const join = await this.joinOnline(classroom, signal);

    const devices: DeviceView[] = [];
    const before = this.previous;
    // An unchanged classroom page comes from the client as the same objects (answerMemory.ts):
    // when every device is, their passwords are the ones already kept.
    let sameDevices = classroom.length === this.readFrom.length;
    for (const [index, device] of classroom.entries()) {
      sameDevices &&= device === this.readFrom[index];
      const online = join.online.get(device.remote_id) ?? null;
      // A device as it was is its view as it was (already frozen): in a lesson most are, and
      // 5,000 views made afresh each refresh were garbage for the collector.
      const was = before[index];
      devices.push(
        was?.remoteId === device.remote_id &&
          was.alias === device.remote_alias &&
          was.online === online &&
          was.status === device.status &&
          was.has2fa === device.has_2fa
          ? was
          : Object.freeze({
              remoteId: device.remote_id,
              alias: device.remote_alias,
              online,
              status: device.status,
              has2fa: device.has_2fa,
            }),
      );
    }
    const passwords = sameDevices
      ? this.passwords
      : new Map(classroom.map((device) => [device.remote_id, device.remote_password]));
    const changes = diff(this.previous, devices);

    // Every read succeeded: commit. Nothing above touched the state.
    this.memory = join.memory;
    this.passwords = passwords;
    this.readFrom = classroom;
    // Frozen, not copied (a copy of 5,000 views a refresh was garbage for the collector).
    this.previous = Object.freeze(devices);
    return { devices, changes, accountPagesRead: join.pagesRead, searched: join.searched };
  }

  private async joinOnline(
    classroom: readonly ClassroomDevice[],
    signal: AbortSignal | undefined,
  ): Promise<Join> {
    const memory = this.memory;
    if (memory === undefined) return this.searchAll(classroom, memory, [], signal);
    // Devices the account list did not show when last searched are left to the page in turn.
    const everyone = new Set<string>();
    const wanted: string[] = [];
    const remembered = new Set<number>();
    for (const { remote_id: id } of classroom) {
      everyone.add(id);
      if (memory.absent.has(id)) continue;
      const page = memory.pageOf.get(id);
      if (page === undefined) return this.searchAll(classroom, memory, [], signal);
      wanted.push(id);
      remembered.add(page);
    }

    const pages = [...remembered].sort((a, b) => a - b);
    // An empty classroom has nothing to look for.
    const inTurn = classroom.length > 0 ? pageInTurn(memory, pages) : undefined;
    const asked = inTurn === undefined ? pages : [...pages, inTurn];
    const read = await this.lists.accountPages(asked, signal);

    const online = new Map<string, boolean>();
    const found = new Map<string, number>();
    let elsewhere = false;
    for (const page of read) {
      const shown = page.meta.current_page;
      for (const device of page.data) {
        if (!everyone.has(device.remote_id)) continue;
        const known = memory.pageOf.get(device.remote_id) ?? found.get(device.remote_id);
        if (known === undefined) found.set(device.remote_id, shown);
        else if (known !== shown) elsewhere = true;
        online.set(device.remote_id, device.is_online);
      }
    }
    const sameTotal = read.every((page) => page.meta.total === memory.total);
    // A device on another page than remembered: the pages shifted, or list it twice.
    if (elsewhere || !sameTotal || !wanted.every((id) => online.has(id))) {
      return this.searchAll(classroom, memory, asked, signal);
    }
    // The memory is never changed in place, so a refresh that found nothing new shares it.
    const next: AccountMemory = {
      ...memory,
      pageOf: found.size === 0 ? memory.pageOf : new Map([...memory.pageOf, ...found]),
      absent:
        found.size === 0
          ? memory.absent
          : new Set([...memory.absent].filter((id) => !found.has(id))),
      turn: inTurn === undefined ? memory.turn : (inTurn % memory.lastPage) + 1,
    };
    return { online, pagesRead: asked, memory: next, searched: false };
  }

  /**
   * Reads every account page. A list that shifts under the walk without changing its total (one
   * device gone before ours, one added after) can carry a device from a page not yet read to one
   * already read, so the walk misses it. Before calling a device newly missing from the account
   * list we look once more; devices the last search already missed are not looked for twice.
   */
  private async searchAll(
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
    return { online: result.online, pagesRead, memory: result.memory, searched: true };
  }
}

/**
 * The first page from the turn on, going round, that the refresh does not read anyway; none when
 * the remembered pages are every page.
 */
function pageInTurn(memory: AccountMemory, remembered: readonly number[]): number | undefined {
  const { lastPage, turn } = memory;
  for (let step = 0; step < lastPage; step++) {
    const page = ((turn - 1 + step) % lastPage) + 1;
    if (!remembered.includes(page)) return page;
  }
  return undefined;
}

/** Where each of `ids` sits in the account list, and its online status; the turn starts over. */
function locate(
  all: readonly Page<OnlineState>[],
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
  const meta = all[0]?.meta;
  return {
    online,
    memory: { pageOf, absent, total: meta?.total ?? 0, lastPage: meta?.last_page ?? 1, turn: 1 },
  };
}

/**
 * What changed between two views of the classroom, device by device: in the new view's order,
 * then the devices gone, in the old one's.
 */
export function diff(before: readonly DeviceView[], after: readonly DeviceView[]): DeviceChange[] {
  const changes: DeviceChange[] = [];
  // The list's order rarely changes: a device is looked for where it was, else by its id.
  let byId: Map<string, DeviceView> | undefined;
  let kept = 0;
  after.forEach((device, index) => {
    let previous = before[index];
    if (previous?.remoteId !== device.remoteId) {
      byId ??= new Map(before.map((each) => [each.remoteId, each]));
      previous = byId.get(device.remoteId);
    }
    if (!previous) {
      changes.push({ type: 'device-added', device });
      return;
    }
    kept += 1;
    if (
      previous.alias !== device.alias ||
      previous.status !== device.status ||
      previous.has2fa !== device.has2fa
    ) {
      changes.push({ type: 'device-changed', device });
    } else if (previous.online !== device.online) {
      changes.push({ type: 'online-changed', remoteId: device.remoteId, online: device.online });
    }
  });
  if (kept < before.length) {
    const present = new Set(after.map((device) => device.remoteId));
    for (const { remoteId } of before) {
      if (present.has(remoteId)) continue;
      changes.push({ type: 'device-removed', remoteId });
      present.add(remoteId);
    }
  }
  return changes;
}
