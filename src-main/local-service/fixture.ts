/**
 * The local service's account data: the fixture users and tests bring, and the data file it
 * persists. One format for both, so a data file is itself a valid fixture.
 *
 * Devices reuse the wire schema and add what only the service knows: the classroom a device
 * sits in. Records are strict: a misspelt field is an error naming it, not a silent default.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { accountDeviceSchema, temporalAccessTokenSchema } from '../contract/wire';

const MAX_ID_LENGTH = 200;

export const classroomRecordSchema = z.strictObject({
  id: z.string().min(1).max(MAX_ID_LENGTH),
  name: z.string().min(1).max(MAX_ID_LENGTH),
});

export const deviceRecordSchema = z.strictObject({
  ...accountDeviceSchema.shape,
  remote_id: z.string().min(1).max(MAX_ID_LENGTH),
  classroom: z.string().nullable(),
});

export const temporalAccessStateSchema = z.enum(['active', 'invalidated', 'expired']);

export const temporalAccessRecordSchema = z.strictObject({
  token: temporalAccessTokenSchema,
  remote_id: z.string().min(1),
  state: temporalAccessStateSchema,
  /** When an active access runs out by itself; null or absent: it does not. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Set on invalidation: when the service ends the session (the next 30-second boundary). */
  session_expires_at: z.iso.datetime({ offset: true }).optional(),
});

/** Online drift for demos: each period, a seeded share of devices shows the opposite status. */
export const driftSchema = z.strictObject({
  seed: z.number().int(),
  period_seconds: z.number().positive().max(86_400),
  share: z.number().min(0).max(1),
});

export const accountDataSchema = z
  .strictObject({
    classrooms: z.array(classroomRecordSchema),
    devices: z.array(deviceRecordSchema),
    temporal_accesses: z.array(temporalAccessRecordSchema).default([]),
    drift: driftSchema.optional(),
  })
  .superRefine((data, ctx) => {
    const classroomIds = new Set<string>();
    data.classrooms.forEach((classroom, i) => {
      if (classroomIds.has(classroom.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['classrooms', i, 'id'],
          message: `duplicate classroom id "${classroom.id}"`,
        });
      }
      classroomIds.add(classroom.id);
    });
    const deviceIds = new Set<string>();
    data.devices.forEach((device, i) => {
      if (deviceIds.has(device.remote_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['devices', i, 'remote_id'],
          message: `duplicate remote_id "${device.remote_id}"`,
        });
      }
      deviceIds.add(device.remote_id);
      if (device.classroom !== null && !classroomIds.has(device.classroom)) {
        ctx.addIssue({
          code: 'custom',
          path: ['devices', i, 'classroom'],
          message: `no classroom with id "${device.classroom}"`,
        });
      }
    });
    const tokens = new Set<string>();
    data.temporal_accesses.forEach((access, i) => {
      const token = access.token.toLowerCase();
      if (tokens.has(token)) {
        ctx.addIssue({
          code: 'custom',
          path: ['temporal_accesses', i, 'token'],
          message: `duplicate token "${access.token}"`,
        });
      }
      tokens.add(token);
      if (!deviceIds.has(access.remote_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['temporal_accesses', i, 'remote_id'],
          message: `no device with remote_id "${access.remote_id}"`,
        });
      }
    });
  });

export type AccountData = z.output<typeof accountDataSchema>;
/** What a fixture file may contain (temporal_accesses may be left out). */
export type Fixture = z.input<typeof accountDataSchema>;
export type DeviceRecord = z.output<typeof deviceRecordSchema>;
export type TemporalAccessRecord = z.output<typeof temporalAccessRecordSchema>;
export type TemporalAccessState = z.output<typeof temporalAccessStateSchema>;
export type Drift = z.output<typeof driftSchema>;

/** A fixture or data file that cannot be used; the message names the file and the bad field. */
export class AccountDataError extends Error {
  override name = 'AccountDataError';
}

/** Validates parsed JSON as account data. `source` names where it came from, for the message. */
export function parseAccountData(json: unknown, source: string): AccountData {
  const result = accountDataSchema.safeParse(json);
  if (!result.success) {
    throw new AccountDataError(`${source} is not valid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export async function readAccountDataFile(path: string): Promise<AccountData> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AccountDataError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AccountDataError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseAccountData(json, path);
}
