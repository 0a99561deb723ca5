/**
 * The state of the local service's account and every rule that changes it. HTTP lives in
 * server.ts; this module knows devices, classrooms and temporal accesses only.
 *
 * Mutations are synchronous, so two racing requests can never both see an access as active.
 * They run on a draft (see durableAccount.ts), which is shown only once it is on disk.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../src-shared/clock';
import type { AccountDevice } from '../contract/wire';
import { nextInvalidationBoundary } from '../contract/wire';
import type {
  AccountData,
  DeviceRecord,
  Drift,
  TemporalAccessRecord,
  TemporalAccessState,
} from './fixture';
import { deviceRecordSchema } from './fixture';
import { hashToUnit } from './seeded';

/**
 * The local service refusing a request: the HTTP status and the sentence the caller will read.
 * (The core's ServiceError is what a client makes of such an answer.)
 */
export class LocalServiceRefusal extends Error {
  override name = 'LocalServiceRefusal';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Ids echoed in messages are shortened: a 5,000-character id helps nobody in an error. */
export function quoted(id: string): string {
  return JSON.stringify(id.length > 64 ? `${id.slice(0, 61)}...` : id);
}

export const devicePatchSchema = deviceRecordSchema
  .pick({ is_online: true, status: true, has_2fa: true, remote_alias: true, classroom: true })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'name at least one of is_online, status, has_2fa, remote_alias, classroom',
  });
export type DevicePatch = z.infer<typeof devicePatchSchema>;

export const newTemporalAccessSchema = z.strictObject({
  remote_id: z.string().min(1),
  /** Up to 31 days; absent: the access does not run out by itself. */
  expires_in_seconds: z
    .number()
    .int()
    .min(1)
    .max(31 * 86_400)
    .optional(),
});
export type NewTemporalAccess = z.infer<typeof newTemporalAccessSchema>;

export type InvalidateOutcome =
  | { kind: 'invalidated'; sessionExpiresAt: string }
  | { kind: 'already-ended' }
  | { kind: 'unknown' };

export class LocalAccount {
  /** Bumped on every change; caches key on it. */
  private version = 0;
  private readonly devicesById = new Map<string, DeviceRecord>();
  private readonly classroomIds = new Set<string>();
  private readonly accessesByToken = new Map<string, TemporalAccessRecord>();
  private membership: { version: number; byClassroom: Map<string, DeviceRecord[]> } | undefined;

  constructor(
    private readonly data: AccountData,
    private readonly clock: Clock,
    /** A draft starts one past the account it copies, so caches keyed on the version drop. */
    version = 0,
  ) {
    this.version = version;
    for (const device of data.devices) this.devicesById.set(device.remote_id, device);
    for (const classroom of data.classrooms) this.classroomIds.add(classroom.id);
    for (const access of data.temporal_accesses) {
      this.accessesByToken.set(access.token.toLowerCase(), access);
    }
  }

  /**
   * Changes whenever anything a list shows may have changed: a stored change, or the next drift
   * period. Caches of list replies key on it.
   */
  listsRevision(): string {
    const drift = this.data.drift;
    return drift ? `${this.version}:${this.driftEpoch(drift)}` : String(this.version);
  }

  /** Counts stored changes: a draft whose count moved has something to write. */
  get changeCount(): number {
    return this.version;
  }

  /** A copy to change; this account stays as it is until the copy replaces it. */
  draft(): LocalAccount {
    return new LocalAccount(structuredClone(this.data), this.clock, this.version + 1);
  }

  /** The whole state, as the data file stores it. */
  snapshot(): AccountData {
    return this.data;
  }

  /** Every device in account order. */
  devices(): readonly DeviceRecord[] {
    return this.data.devices;
  }

  /** A device as the account list shows it: is_online as the remote-desktop tool reports it now. */
  toAccountDevice(device: DeviceRecord): AccountDevice {
    return {
      remote_id: device.remote_id,
      remote_alias: device.remote_alias,
      remote_password: device.remote_password,
      has_2fa: device.has_2fa,
      status: device.status,
      is_online: this.isOnline(device),
    };
  }

  /** The classroom's devices in account order, or undefined for an unknown classroom. */
  classroomDevices(classroomId: string): readonly DeviceRecord[] | undefined {
    if (!this.classroomIds.has(classroomId)) return undefined;
    if (this.membership?.version !== this.version) {
      const byClassroom = new Map<string, DeviceRecord[]>();
      for (const device of this.data.devices) {
        if (device.classroom === null) continue;
        let list = byClassroom.get(device.classroom);
        if (!list) byClassroom.set(device.classroom, (list = []));
        list.push(device);
      }
      this.membership = { version: this.version, byClassroom };
    }
    return this.membership.byClassroom.get(classroomId) ?? [];
  }

  invalidate(token: string): InvalidateOutcome {
    const access = this.accessesByToken.get(token.toLowerCase());
    if (!access) return { kind: 'unknown' };
    if (this.stateOf(access) !== 'active') return { kind: 'already-ended' };
    const sessionExpiresAt = new Date(nextInvalidationBoundary(this.clock())).toISOString();
    access.state = 'invalidated';
    access.session_expires_at = sessionExpiresAt;
    this.changed();
    return { kind: 'invalidated', sessionExpiresAt };
  }

  updateDevice(remoteId: string, patch: DevicePatch): DeviceRecord {
    const device = this.deviceOrThrow(remoteId);
    if (patch.classroom !== undefined) this.checkClassroom(patch.classroom);
    Object.assign(device, patch);
    this.changed();
    return device;
  }

  addDevice(device: DeviceRecord): DeviceRecord {
    if (this.devicesById.has(device.remote_id)) {
      throw new LocalServiceRefusal(
        409,
        `A device with remote_id ${quoted(device.remote_id)} exists.`,
      );
    }
    this.checkClassroom(device.classroom);
    const record = { ...device };
    this.data.devices.push(record);
    this.devicesById.set(record.remote_id, record);
    this.changed();
    return record;
  }

  /** Removes the device and its temporal accesses (they cannot outlive the device). */
  removeDevice(remoteId: string): void {
    const device = this.deviceOrThrow(remoteId);
    this.data.devices.splice(this.data.devices.indexOf(device), 1);
    this.devicesById.delete(remoteId);
    this.data.temporal_accesses = this.data.temporal_accesses.filter((access) => {
      const keep = access.remote_id !== remoteId;
      if (!keep) this.accessesByToken.delete(access.token.toLowerCase());
      return keep;
    });
    this.changed();
  }

  createTemporalAccess(request: NewTemporalAccess): TemporalAccessRecord {
    if (!this.devicesById.has(request.remote_id)) {
      throw new LocalServiceRefusal(
        422,
        `remote_id: no device with remote_id ${quoted(request.remote_id)}.`,
      );
    }
    const access: TemporalAccessRecord = {
      token: randomUUID(),
      remote_id: request.remote_id,
      state: 'active',
      expires_at:
        request.expires_in_seconds === undefined
          ? null
          : new Date(this.clock() + request.expires_in_seconds * 1000).toISOString(),
    };
    this.data.temporal_accesses.push(access);
    this.accessesByToken.set(access.token, access);
    this.changed();
    return access;
  }

  /** One access as the service records it (its state as of now), for the control routes. */
  temporalAccess(token: string): TemporalAccessRecord {
    const access = this.accessesByToken.get(token.toLowerCase());
    if (!access) throw new LocalServiceRefusal(404, `No temporal access ${quoted(token)}.`);
    return { ...access, state: this.stateOf(access) };
  }

  /** A stored active access whose time has run out is expired, without anyone writing it. */
  private stateOf(access: TemporalAccessRecord): TemporalAccessState {
    if (
      access.state === 'active' &&
      access.expires_at &&
      Date.parse(access.expires_at) <= this.clock()
    ) {
      return 'expired';
    }
    return access.state;
  }

  private isOnline(device: DeviceRecord): boolean {
    const drift = this.data.drift;
    if (!drift || drift.share === 0) return device.is_online;
    const flips =
      hashToUnit(`${drift.seed}:${device.remote_id}:${this.driftEpoch(drift)}`) < drift.share;
    return flips ? !device.is_online : device.is_online;
  }

  private driftEpoch(drift: Drift): number {
    return Math.floor(this.clock() / (drift.period_seconds * 1000));
  }

  private deviceOrThrow(remoteId: string): DeviceRecord {
    const device = this.devicesById.get(remoteId);
    if (!device)
      throw new LocalServiceRefusal(404, `No device with remote_id ${quoted(remoteId)}.`);
    return device;
  }

  private checkClassroom(classroomId: string | null): void {
    if (classroomId !== null && !this.classroomIds.has(classroomId)) {
      throw new LocalServiceRefusal(422, `classroom: no classroom with id ${quoted(classroomId)}.`);
    }
  }

  private changed(): void {
    this.version++;
  }
}
