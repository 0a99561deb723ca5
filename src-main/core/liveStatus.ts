/**
 * Live status of one classroom: its devices (every page of the classroom list) with is_online
 * joined from the account-wide list, which is the only one that carries it.
 *
 * The account list can run to many pages, so a refresh must not cost the whole account: we
 * remember which account page held each of the classroom's devices and re-read only those
 * pages. A full sweep happens only when that memory is in doubt: a device is no longer on its
 * remembered page, the account total changed, a device we have no page for joined the class,
 * or every `sweepEvery` refreshes as a safety net.
 */
import type { AccountDevice, ClassroomDevice, Page } from '../contract/wire';

/** What the live status needs from the service client. */
export interface DeviceLists {
  classroomDevices(classroomId: string): Promise<ClassroomDevice[]>;
  /** The given pages of the account list, in the order asked. */
  accountPages(pages: readonly number[]): Promise<Page<AccountDevice>[]>;
  /** Every page of the account list, in order. */
  allAccountPages(): Promise<Page<AccountDevice>[]>;
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
  /** Which account pages this refresh read, and whether it swept them all. */
  accountPagesRead: number[];
  swept: boolean;
}

export class ClassroomLiveStatus {
  /** remote id -> the account page it was last seen on. */
  private readonly pageOf = new Map<string, number>();
  /** Classroom devices the account list did not show at the last sweep. */
  private readonly absent = new Set<string>();
  private accountTotal: number | undefined;
  private refreshes = 0;
  private previous: DeviceView[] | undefined;
  private readonly passwords = new Map<string, string>();

  constructor(
    private readonly lists: DeviceLists,
    readonly classroomId: string,
    private readonly options: { sweepEvery?: number } = {},
  ) {}

  /** Starts from a cached view (no passwords), so changes are reported against what was shown. */
  seed(devices: DeviceView[]): void {
    this.previous = devices;
  }

  /** The password of a device of this classroom, for an explicit copy action only. */
  password(remoteId: string): string | undefined {
    return this.passwords.get(remoteId);
  }

  async refresh(): Promise<RefreshResult> {
    const classroom = await this.lists.classroomDevices(this.classroomId);
    const { online, pagesRead, swept } = await this.joinOnline(classroom);
    this.refreshes++;

    this.passwords.clear();
    for (const device of classroom) this.passwords.set(device.remote_id, device.remote_password);
    const devices = classroom.map((device): DeviceView => ({
      remoteId: device.remote_id,
      alias: device.remote_alias,
      online: online.get(device.remote_id) ?? null,
      status: device.status,
      has2fa: device.has_2fa,
    }));
    const changes = diff(this.previous ?? [], devices);
    this.previous = devices;
    return { devices, changes, accountPagesRead: pagesRead, swept };
  }

  private async joinOnline(
    classroom: ClassroomDevice[],
  ): Promise<{ online: Map<string, boolean>; pagesRead: number[]; swept: boolean }> {
    // Devices the account list did not show at the last sweep are not looked for each time.
    const wanted = new Set(
      classroom.map((device) => device.remote_id).filter((id) => !this.absent.has(id)),
    );
    const sweepEvery = this.options.sweepEvery ?? 30;
    const safetyNet = this.refreshes % sweepEvery === sweepEvery - 1;
    const known = [...wanted].every((id) => this.pageOf.has(id));

    if (this.accountTotal !== undefined && !safetyNet && known) {
      const pages = [...new Set([...wanted].map((id) => this.pageOf.get(id) ?? 0))].sort(
        (a, b) => a - b,
      );
      const read = await this.lists.accountPages(pages);
      const online = new Map<string, boolean>();
      for (const page of read) {
        for (const device of page.data) {
          if (this.pageOf.get(device.remote_id) === page.meta.current_page) {
            online.set(device.remote_id, device.is_online);
          }
        }
      }
      const unchanged = read.every((page) => page.meta.total === this.accountTotal);
      if (unchanged && [...wanted].every((id) => online.has(id))) {
        return { online, pagesRead: pages, swept: false };
      }
    }

    const all = await this.lists.allAccountPages();
    const everyone = new Set(classroom.map((device) => device.remote_id));
    const online = new Map<string, boolean>();
    this.pageOf.clear();
    for (const page of all) {
      for (const device of page.data) {
        if (!everyone.has(device.remote_id)) continue;
        this.pageOf.set(device.remote_id, page.meta.current_page);
        online.set(device.remote_id, device.is_online);
      }
    }
    this.accountTotal = all[0]?.meta.total ?? 0;
    this.absent.clear();
    for (const id of everyone) if (!this.pageOf.has(id)) this.absent.add(id);
    return { online, pagesRead: all.map((page) => page.meta.current_page), swept: true };
  }
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
