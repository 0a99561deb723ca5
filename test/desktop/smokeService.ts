/**
 * The service the smoke test's app talks to once a token is saved: the local service, run by the
 * test on the demo account with a data file, so the test reads what the app changed (an access
 * invalidated) from the service's own record rather than from the app.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemoAccount, startLocalService } from '../../src-main/local-service/index';
import { callerOf } from '../support/localServiceControl';
import type { SmokeService } from './smokeSteps';

/** The classroom a first run shows (demoSchool.ts). */
const DEMO_ROOM = 'room-12';

export async function startSmokeService(): Promise<SmokeService & { close(): Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-smoke-service-'));
  const dataFile = path.join(folder, 'account.json');
  const account = createDemoAccount(Date.now());
  const service = await startLocalService({
    token: randomBytes(24).toString('base64url'),
    fixture: account,
    dataFile,
  });
  const call = callerOf(service);
  const device = account.devices.find((one) => one.classroom === DEMO_ROOM);
  if (!device) throw new Error(`The demo account has no device in ${DEMO_ROOM}.`);
  return {
    url: service.url,
    token: service.token,
    demoRoomNames: account.devices
      .filter((one) => one.classroom === DEMO_ROOM)
      .map((one) => one.remote_alias ?? one.remote_id),
    async newAccessLink() {
      const response = await call('POST', '/_local/temporal-access', {
        remote_id: device.remote_id,
      });
      if (response.status !== 201)
        throw new Error(`The service made no access (${response.status}).`);
      return ((await response.json()) as { token: string }).token;
    },
    // Every reply waits for its write, so the file holds each invalidation the app was told of.
    async invalidations() {
      const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as {
        temporal_accesses: { state: string }[];
      };
      return saved.temporal_accesses.filter((access) => access.state === 'invalidated').length;
    },
    async close() {
      await service.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
