/**
 * `npm run readiness`, run in-process against the local service on 127.0.0.1: the devices not
 * ready with their names, remote ids and times from ClassTray's history, never a student's name;
 * exit 1 while one is offline, 0 once every device is back, 2 on bad input. And what a room's
 * check costs: its classroom pages and the account pages that hold its devices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { deviceListsOf } from '../../src-main/core/classroom/deviceLists';
import { Availability } from '../../src-main/core/readiness/availability';
import { lookAtRoom } from '../../src-main/core/readiness/roomCheck';
import { silentLogger } from '../../src-main/core/logger';
import { createServiceClient } from '../../src-main/core/service/client';
import { runReadiness } from '../../src-main/morningCheck/readinessCommand';
import { device } from '../support/fixtures';
import { callerOf } from '../support/localServiceControl';
import { tempDir } from '../support/tempDir';

const TOKEN = 'readiness-token-0123456789';
const T0 = Date.parse('2026-03-02T08:10:00.000Z');

const fixture: AccountData = {
  classrooms: [
    { id: 'room-12', name: 'Room 12' },
    { id: 'lab-1', name: 'Computer Lab 1' },
  ],
  devices: [
    ...[1, 2, 3, 4].map((n) => device(n, { classroom: 'room-12', is_online: true })),
    ...Array.from({ length: 200 }, (_, i) => device(100 + i, { classroom: 'lab-1' })),
  ],
  temporal_accesses: [],
};

let service: RunningLocalService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function run(argv: string[], env: Record<string, string | undefined>) {
  let out = '';
  let err = '';
  const code = await runReadiness({
    argv,
    env,
    out: (text) => (out += text),
    err: (text) => (err += text),
    now: () => T0 + 5 * 60_000,
    timeZone: 'UTC',
  });
  return { code, out, err };
}

describe('npm run readiness', () => {
  it('prints the devices not ready with their times, exits 1, and 0 once they are back', async () => {
    service = await startLocalService({ token: TOKEN, fixture });
    const dataDir = await tempDir();
    // ClassTray watched PC-2 go offline at 08:10 (its history in the data folder).
    const history = new Availability(dataDir, silentLogger, () => T0);
    history.saw(service.url, [{ remoteId: '100000002', online: true }], T0 - 60_000);
    history.saw(service.url, [{ remoteId: '100000002', online: false }], T0);
    await history.flushed();
    const call = callerOf(service);
    for (const id of ['100000002', '100000003']) {
      expect((await call('PATCH', `/_local/devices/${id}`, { is_online: false })).status).toBe(200);
    }
    // A student's name on an access to one of them: never in the report.
    const access = await call('POST', '/_local/temporal-access', { remote_id: '100000002' });
    expect(access.status).toBe(201);
    const env = { CLASSTRAY_TOKEN: TOKEN, CLASSTRAY_DATA_DIR: dataDir };

    const notReady = await run(['--classroom', 'room-12', '--service-url', service.url], env);
    expect(notReady.err).toBe('');
    expect(notReady.code).toBe(1);
    expect(notReady.out).toContain('Room: id room-12');
    expect(notReady.out).toContain('Ready: 2 of 4. Offline: 2.');
    expect(notReady.out).toContain(
      '- PC-2 (remote id 100000002): offline since Mar 2, 2026, 08:10',
    );
    expect(notReady.out).toContain('- PC-3 (remote id 100000003): offline\n');
    expect(notReady.out).not.toContain('PC-1 ');
    expect(notReady.out).not.toContain(TOKEN);
    expect(notReady.out).not.toContain('pw-');

    const json = await run(['--classroom', 'room-12', '--json'], {
      ...env,
      CLASSTRAY_SERVICE_URL: service.url,
    });
    expect(json.code).toBe(1);
    const [room] = (
      JSON.parse(json.out) as {
        rooms: { notReady: { remoteId: string; offlineSince: string }[] }[];
      }
    ).rooms;
    expect(room?.notReady.map(({ remoteId }) => remoteId)).toEqual(['100000002', '100000003']);
    expect(room?.notReady[0]?.offlineSince).toBe(new Date(T0).toISOString());

    for (const id of ['100000002', '100000003']) {
      await call('PATCH', `/_local/devices/${id}`, { is_online: true });
    }
    const ready = await run(['--classroom', 'room-12', '--service-url', service.url], env);
    expect(ready.code).toBe(0);
    expect(ready.out).toContain('Every device is ready.');
  });

  it.each([
    ['no classroom', ['--service-url', 'http://127.0.0.1:1'], { CLASSTRAY_TOKEN: TOKEN }],
    ['no service', ['--classroom', 'room-12'], { CLASSTRAY_TOKEN: TOKEN }],
    ['no token', ['--classroom', 'room-12', '--service-url', 'http://127.0.0.1:1'], {}],
    ['an unknown flag', ['--classroom', 'room-12', '--room', 'x'], { CLASSTRAY_TOKEN: TOKEN }],
  ])('exits 2 with its usage on %s', async (_case, argv, env) => {
    const result = await run(argv, env);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Usage: npm run readiness');
  });

  it('exits 2 for a classroom the service does not know', async () => {
    service = await startLocalService({ token: TOKEN, fixture });
    const result = await run(['--classroom', 'room-99', '--service-url', service.url], {
      CLASSTRAY_TOKEN: TOKEN,
      CLASSTRAY_DATA_DIR: await tempDir(),
    });
    expect(result.code).toBe(2);
    expect(result.err).toContain('no classroom with the id "room-99"');
  });
});

describe("a room's check", () => {
  it('reads every account page once, then only the pages that hold its devices', async () => {
    service = await startLocalService({ token: TOKEN, fixture });
    const client = createServiceClient({ baseUrl: service.url, token: TOKEN });
    const lists = deviceListsOf(client);
    const history = new Availability(await tempDir(), silentLogger, () => T0);
    const look = () =>
      lookAtRoom(lists, 'room-12', (ids) => history.pagesOf(service?.url ?? '', ids));
    const first = await look();
    // 204 devices: 5 account pages, read whole the first time (no page known).
    expect(first.accountPagesRead).toBe(5);
    history.saw(service.url, first.sightings, T0);
    const second = await look();
    // Room 12's four devices are the account list's first four: one page.
    expect(second.accountPagesRead).toBe(1);
    expect(second.devices.map(({ online }) => online)).toEqual([true, true, true, true]);
    await history.flushed();
  });
});
