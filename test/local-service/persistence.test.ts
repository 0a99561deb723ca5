import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalService } from '../../src-main/local-service';
import {
  AccountDataError,
  parseAccountData,
  startLocalService,
} from '../../src-main/local-service';
import { ACTIVE_TOKEN, accessFixture, accountFixture } from '../support/fixtures';
import { callerOf } from '../support/localServiceControl';
import { tempDir } from '../support/tempDir';

let directory: string;
let dataFile: string;
const running: RunningLocalService[] = [];

beforeEach(async () => {
  directory = await tempDir('classtray-data');
  dataFile = join(directory, 'state.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
});

async function start(fixture = accessFixture()): Promise<RunningLocalService> {
  const service = await startLocalService({
    token: 'T',
    fixture: parseAccountData(fixture, 'fixture'),
    dataFile,
  });
  running.push(service);
  return service;
}

function call(service: RunningLocalService, method: string, path: string, body?: unknown) {
  return callerOf(service)(method, path, body);
}

describe('--data-file', () => {
  it('is created from the fixture on first start, readable only by its owner', async () => {
    await start();
    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.devices).toHaveLength(4);
    if (process.platform !== 'win32') expect((await stat(dataFile)).mode & 0o777).toBe(0o600);
  });

  it('keeps an invalidation across a restart', async () => {
    const first = await start();
    const invalidate = `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    expect((await call(first, 'PATCH', invalidate)).status).toBe(200);
    await first.close();
    const second = await start();
    expect((await call(second, 'PATCH', invalidate)).status).toBe(422);
  });

  it('keeps control changes across a restart, and the file wins over the fixture', async () => {
    const first = await start();
    await call(first, 'PATCH', '/_local/devices/100000001', {
      is_online: false,
      remote_alias: 'Renamed',
    });
    await call(first, 'DELETE', '/_local/devices/100000002');
    const created = await (
      await call(first, 'POST', '/_local/temporal-access', { remote_id: '100000001' })
    ).json();
    await first.close();

    const second = await start(accountFixture(200));
    const list = await (await call(second, 'GET', '/api/v1/devices')).json();
    expect(list.meta.total).toBe(3);
    expect(list.data.find((d: { remote_id: string }) => d.remote_id === '100000001')).toMatchObject(
      {
        is_online: false,
        remote_alias: 'Renamed',
      },
    );
    const invalidate = await call(
      second,
      'PATCH',
      `/api/v1/temporal-access/${created.token}/invalidate`,
    );
    expect(invalidate.status).toBe(200);
  });

  it('leaves no temporary files behind after a burst of changes', async () => {
    const service = await start(accountFixture(30));
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(service, 'PATCH', `/_local/devices/${100_000_000 + i}`, { is_online: i % 2 === 0 }),
      ),
    );
    expect(await readdir(directory)).toEqual(['state.json']);
    const saved = parseAccountData(JSON.parse(await readFile(dataFile, 'utf8')), 'saved');
    expect(saved.devices.map((d) => d.is_online)).toEqual(
      Array.from({ length: 30 }, (_, i) => i % 2 === 0),
    );
  });

  it('refuses to start on a corrupt data file and leaves it untouched', async () => {
    const corrupt = '{"classrooms": [], "devices": [{"remote_id": 5}]}';
    await writeFile(dataFile, corrupt);
    await expect(start()).rejects.toThrow(AccountDataError);
    await expect(start()).rejects.toThrow(/devices\[0\]\.remote_id/);
    expect(await readFile(dataFile, 'utf8')).toBe(corrupt);
  });
});
