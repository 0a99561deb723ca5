import {
  chmod,
  lstat,
  mkdir,
  readFile,
  readdir,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalService } from '../../src-main/local-service';
import {
  AccountDataError,
  WriterLockError,
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

async function start(fixture = accessFixture(), file = dataFile): Promise<RunningLocalService> {
  const service = await startLocalService({
    token: 'T',
    fixture: parseAccountData(fixture, 'fixture'),
    dataFile: file,
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
    expect(await readdir(directory)).toEqual(['state.json', 'state.json.lock']);
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

  it('removes its own leftover temporary files at start, and nothing else', async () => {
    await writeFile(join(directory, '.classtray-tmp.state.json.0123456789ab'), 'passwords');
    await writeFile(join(directory, 'notes.txt'), 'mine');
    await start();
    expect((await readdir(directory)).sort()).toEqual([
      'notes.txt',
      'state.json',
      'state.json.lock',
    ]);
  });

  it('keeps a symlinked data file a symlink, writing through to its target', async () => {
    const real = join(directory, 'real');
    await mkdir(real);
    const link = join(directory, 'link.json');
    await symlink(join(real, 'state.json'), link);
    const service = await start(accessFixture(), link);
    const invalidate = `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    expect((await call(service, 'PATCH', invalidate)).status).toBe(200);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const saved = JSON.parse(await readFile(join(real, 'state.json'), 'utf8'));
    expect(
      saved.temporal_accesses.find((a: { token: string }) => a.token === ACTIVE_TOKEN).state,
    ).toBe('invalidated');
  });

  it.skipIf(process.platform === 'win32')('keeps the mode of an existing data file', async () => {
    await writeFile(dataFile, JSON.stringify(accessFixture()));
    await chmod(dataFile, 0o640);
    const service = await start();
    const invalidate = `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    expect((await call(service, 'PATCH', invalidate)).status).toBe(200);
    expect((await stat(dataFile)).mode & 0o777).toBe(0o640);
  });

  it('answers 503 with a sentence when a change cannot be saved, and keeps the old state', async () => {
    const service = await start();
    // A folder where the file was: the rename onto it fails, whoever runs the test.
    await rm(dataFile);
    await mkdir(dataFile);
    const invalidate = `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`;
    const failed = await call(service, 'PATCH', invalidate);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await failed.json();
    expect(body.error).toMatch(
      /^The change was not saved, so nothing changed: .*state\.json.*Try again\.$/,
    );
    // Nothing was shown in memory: once the file can be written, the retry succeeds.
    await rm(dataFile, { recursive: true });
    expect((await call(service, 'PATCH', invalidate)).status).toBe(200);
    expect((await call(service, 'PATCH', invalidate)).status).toBe(422);
  });

  it('says in a sentence that the folder of the data file does not exist', async () => {
    const missing = join(directory, 'no-such-folder', 'state.json');
    await expect(start(accessFixture(), missing)).rejects.toThrow(
      new AccountDataError(`The folder ${join(directory, 'no-such-folder')} does not exist.`),
    );
  });

  it('lets one service at a time use the file, and frees it on close', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(WriterLockError);
    await expect(start()).rejects.toThrow(/is in use by a local service \(process \d+/);
    await first.close();
    running.splice(running.indexOf(first), 1);
    expect(await readdir(directory)).toEqual(['state.json']);
    await start();
  });
});
