import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  accountDevicePageSchema,
  classroomDevicePageSchema,
  invalidateResultSchema,
} from '../../src-main/contract/wire';
import { ACTIVE_TOKEN, accessFixture, accountFixture, device } from '../support/fixtures';
import { AUTH, localApp } from '../support/localApp';

const HEADERS = { ...AUTH, 'content-type': 'application/json' };

/** A request to the service's own control routes (/_local), JSON with the token. */
function control(
  app: ReturnType<typeof localApp>,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
) {
  return app.inject({
    method,
    url,
    headers: HEADERS,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function accountList(app: ReturnType<typeof localApp>) {
  return accountDevicePageSchema.parse(
    (await app.inject({ url: '/api/v1/devices', headers: AUTH })).json(),
  ).data;
}

describe('PATCH /_local/devices/{remote_id}', () => {
  it('changes what the lists show and answers with the device', async () => {
    const app = localApp(accountFixture(6));
    const response = await control(app, 'PATCH', '/_local/devices/100000001', {
      is_online: false,
      status: 'disabled',
      remote_alias: null,
      classroom: 'room-a',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      remote_id: '100000001',
      is_online: false,
      status: 'disabled',
      remote_alias: null,
      classroom: 'room-a',
    });
    const listed = (await accountList(app)).find((d) => d.remote_id === '100000001');
    expect(listed).toMatchObject({ is_online: false, status: 'disabled', remote_alias: null });
    const room = classroomDevicePageSchema.parse(
      (await app.inject({ url: '/api/v1/classrooms/room-a/devices', headers: AUTH })).json(),
    );
    // Joined the classroom in account order: between devices 0 and 3.
    expect(room.data.map((d) => d.remote_id)).toEqual(['100000000', '100000001', '100000003']);
  });

  it.each([
    ['an unknown field', { online: true }, /online/],
    ['a wrong type', { is_online: 'yes' }, /is_online/],
    ['a bad status', { status: 'broken' }, /status/],
    ['nothing to change', {}, /at least one/],
    ['an unknown classroom', { classroom: 'nope' }, /classroom/],
  ])('refuses %s with 422 naming the field, changing nothing', async (_, payload, message) => {
    const app = localApp(accountFixture(3));
    const before = await accountList(app);
    const response = await control(app, 'PATCH', '/_local/devices/100000001', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(message);
    expect(await accountList(app)).toEqual(before);
  });

  it('answers an unknown device with 404', async () => {
    const app = localApp(accountFixture(3));
    const response = await control(app, 'PATCH', '/_local/devices/nope', { is_online: true });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST and DELETE /_local/devices', () => {
  it('appends a device at the end of the account list', async () => {
    const app = localApp(accountFixture(3));
    const added = device(99, { classroom: 'empty' });
    const response = await control(app, 'POST', '/_local/devices', added);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(added);
    expect((await accountList(app)).at(-1)?.remote_id).toBe(added.remote_id);
    const room = (
      await app.inject({ url: '/api/v1/classrooms/empty/devices', headers: AUTH })
    ).json();
    expect(room.meta.total).toBe(1);
  });

  it('refuses a duplicate remote_id with 409 and an incomplete device with 422', async () => {
    const app = localApp(accountFixture(3));
    const duplicate = await control(app, 'POST', '/_local/devices', device(1));
    expect(duplicate.statusCode).toBe(409);
    const { has_2fa: _, ...incomplete } = device(50);
    const missing = await control(app, 'POST', '/_local/devices', incomplete);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatch(/has_2fa/);
    const empty = await control(app, 'POST', '/_local/devices');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toMatch(/body is required/);
  });

  it('removes a device and its temporal accesses', async () => {
    const app = localApp(accessFixture());
    const removed = await control(app, 'DELETE', '/_local/devices/100000000');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await accountList(app)).map((d) => d.remote_id)).not.toContain('100000000');
    const invalidate = await app.inject({
      method: 'PATCH',
      url: `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`,
      headers: AUTH,
    });
    expect(invalidate.statusCode).toBe(404);
    const again = await control(app, 'DELETE', '/_local/devices/100000000');
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /_local/temporal-access', () => {
  it('creates an active access that can be invalidated once', async () => {
    const app = localApp(accountFixture(3));
    const created = await control(app, 'POST', '/_local/temporal-access', {
      remote_id: '100000002',
    });
    expect(created.statusCode).toBe(201);
    const access = created.json();
    expect(access).toMatchObject({ remote_id: '100000002', state: 'active', expires_at: null });
    const url = `/api/v1/temporal-access/${access.token}/invalidate`;
    const first = await app.inject({ method: 'PATCH', url, headers: AUTH });
    expect(invalidateResultSchema.parse(first.json()).status).toBe('Invalidated');
    expect((await app.inject({ method: 'PATCH', url, headers: AUTH })).statusCode).toBe(422);
  });

  it('lets an access run out after expires_in_seconds', async () => {
    let now = Date.parse('2026-11-22T09:00:00Z');
    const app = localApp(accountFixture(3), { clock: () => now });
    const access = (
      await control(app, 'POST', '/_local/temporal-access', {
        remote_id: '100000000',
        expires_in_seconds: 60,
      })
    ).json();
    expect(access.expires_at).toBe('2026-11-22T09:01:00.000Z');
    now += 60_000;
    const late = await app.inject({
      method: 'PATCH',
      url: `/api/v1/temporal-access/${access.token}/invalidate`,
      headers: AUTH,
    });
    expect(late.statusCode).toBe(422);
  });

  it('refuses an unknown device or a bad expiry with 422', async () => {
    const app = localApp(accountFixture(3));
    for (const payload of [
      { remote_id: 'nope' },
      { remote_id: '100000000', expires_in_seconds: 0 },
      { remote_id: '100000000', expires_in_seconds: 1.5 },
    ]) {
      const response = await control(app, 'POST', '/_local/temporal-access', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('GET /_local/stats', () => {
  it('counts requests in total and per route', async () => {
    const app = localApp(accountFixture(3));
    await app.inject({ url: '/api/v1/devices', headers: AUTH });
    await app.inject({ url: '/api/v1/devices?page=2', headers: AUTH });
    await app.inject({ url: '/api/v1/classrooms/room-a/devices', headers: AUTH });
    await app.inject({ url: '/api/v1/devices' });
    const stats = (await app.inject({ url: '/_local/stats', headers: AUTH })).json();
    expect(stats.requests).toEqual({
      total: 4,
      'GET /api/v1/devices': 3,
      'GET /api/v1/classrooms/:classroom/devices': 1,
    });
  });
});
