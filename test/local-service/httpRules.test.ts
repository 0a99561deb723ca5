import { describe, expect, it } from 'vitest';
import {
  accountDeviceSchema,
  classroomDevicePageSchema,
  errorBodySchema,
} from '../../src-main/contract/wire';
import { ACTIVE_TOKEN, accessFixture, accountFixture } from '../support/fixtures';
import { AUTH, TOKEN, localApp } from '../support/localApp';

const JSON_HEADERS = { ...AUTH, accept: 'application/json', 'content-type': 'application/json' };

/** Every error the service sends is JSON {"error": "<sentence>"}. */
function errorOf(response: { headers: Record<string, unknown>; json: () => unknown }): string {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  return errorBodySchema.parse(response.json()).error;
}

describe('authentication', () => {
  const app = localApp(accountFixture(3));

  it.each([
    ['missing', {}],
    ['wrong', { 'x-token-svc': 'not-the-token' }],
    ['a prefix of the token', { 'x-token-svc': TOKEN.slice(0, -1) }],
    ['the token with a suffix', { 'x-token-svc': `${TOKEN}x` }],
    ['empty', { 'x-token-svc': '' }],
  ])('refuses a %s token with 401 on every endpoint', async (_, headers) => {
    for (const [method, url] of [
      ['GET', '/api/v1/devices'],
      ['GET', '/api/v1/classrooms/room-a/devices'],
      ['PATCH', `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`],
      ['GET', '/_local/stats'],
      ['GET', '/api/v1/unknown'],
    ] as const) {
      const response = await app.inject({ method, url, headers });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(response)).toMatch(/token/i);
    }
  });

  it('refuses the token sent twice in one header', async () => {
    const response = await app.inject({
      url: '/api/v1/devices',
      headers: { 'x-token-svc': [TOKEN, TOKEN] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('reads the token from a configured header name, and only from it', async () => {
    const custom = localApp(accountFixture(3), { authHeader: 'X-Token-AnyDesk' });
    const right = await custom.inject({
      url: '/api/v1/devices',
      headers: { 'x-token-anydesk': TOKEN },
    });
    const old = await custom.inject({ url: '/api/v1/devices', headers: AUTH });
    expect(right.statusCode).toBe(200);
    expect(old.statusCode).toBe(401);
  });

  it('never echoes the presented token in the error', async () => {
    const response = await app.inject({
      url: '/api/v1/devices',
      headers: { 'x-token-svc': 'secret-guess-123' },
    });
    expect(response.body).not.toContain('secret-guess-123');
  });
});

describe('addresses and methods', () => {
  const app = localApp(accessFixture());

  it('answers an unknown address with 404 and a JSON error', async () => {
    for (const url of ['/', '/api/v2/devices', '/api/v1/devices/', '/api/v1/nothing']) {
      const response = await app.inject({ url, headers: AUTH });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response)).toContain('Nothing here');
    }
  });

  it.each([
    ['/api/v1/devices', ['DELETE', 'POST', 'PUT', 'PATCH', 'OPTIONS'], 'GET, HEAD'],
    ['/api/v1/classrooms/room-a/devices', ['POST', 'DELETE'], 'GET, HEAD'],
    [
      `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`,
      ['GET', 'POST', 'DELETE', 'PUT'],
      'PATCH',
    ],
    ['/_local/devices', ['GET', 'PATCH'], 'POST'],
    ['/_local/devices/100000001', ['GET', 'POST'], 'PATCH, DELETE'],
    ['/_local/stats', ['POST'], 'GET, HEAD'],
  ] as const)('answers a wrong method on %s with 405 and Allow', async (url, methods, allow) => {
    for (const method of methods) {
      const response = await app.inject({ method, url, headers: AUTH });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(errorOf(response)).toContain(method);
    }
  });

  it('answers a malformed percent-encoding with 400, not 500', async () => {
    const response = await app.inject({
      url: '/api/v1/classrooms/%E0%A4%A/devices',
      headers: AUTH,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/not valid/);
  });
});

describe('the page parameter', () => {
  const app = localApp(accountFixture(120));

  it.each([
    '0',
    '-1',
    'abc',
    '1.5',
    '',
    ' 1',
    '1e3',
    '0x2',
    '+2',
    '2147483648',
    '99999999999999999999',
  ])('refuses page=%j with 422 naming the page', async (page) => {
    const response = await app.inject({
      url: `/api/v1/devices?page=${encodeURIComponent(page)}`,
      headers: AUTH,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatch(/^page/);
  });

  it('refuses page given twice', async () => {
    const response = await app.inject({ url: '/api/v1/devices?page=1&page=2', headers: AUTH });
    expect(response.statusCode).toBe(422);
  });

  it('ignores unknown query parameters', async () => {
    const response = await app.inject({ url: '/api/v1/devices?page=2&sort=x', headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.current_page).toBe(2);
  });
});

describe('the two device lists', () => {
  const fixture = accountFixture(10);
  const app = localApp(fixture);

  it('sends is_online in the account list', async () => {
    const body = (await app.inject({ url: '/api/v1/devices', headers: AUTH })).json();
    for (const item of body.data) {
      expect(accountDeviceSchema.strict().parse(item).is_online).toBeTypeOf('boolean');
    }
    expect(body.data.map((d: { is_online: boolean }) => d.is_online)).toEqual(
      fixture.devices.map((d) => d.is_online),
    );
  });

  it('never sends is_online (or the classroom) in the classroom list', async () => {
    const body = (
      await app.inject({ url: '/api/v1/classrooms/room-a/devices', headers: AUTH })
    ).json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual([
        'has_2fa',
        'remote_alias',
        'remote_id',
        'remote_password',
        'status',
      ]);
    }
  });

  it('lists a classroom in the same relative order as the account', async () => {
    const body = classroomDevicePageSchema.parse(
      (await app.inject({ url: '/api/v1/classrooms/room-a/devices', headers: AUTH })).json(),
    );
    expect(body.data.map((d) => d.remote_id)).toEqual(
      fixture.devices.filter((d) => d.classroom === 'room-a').map((d) => d.remote_id),
    );
  });

  it('answers an unknown classroom with 404 "Classroom not found"', async () => {
    const response = await app.inject({ url: '/api/v1/classrooms/nope/devices', headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toContain('Classroom not found');
  });

  it('answers a known classroom without devices with 200 and no data', async () => {
    const response = await app.inject({ url: '/api/v1/classrooms/empty/devices', headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    expect(response.json().meta.last_page).toBe(1);
  });
});

describe('request bodies', () => {
  it('accepts Content-Type: application/json with no body, on GET and on PATCH', async () => {
    const app = localApp(accessFixture());
    const list = await app.inject({ url: '/api/v1/devices', headers: JSON_HEADERS });
    const invalidate = await app.inject({
      method: 'PATCH',
      url: `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`,
      headers: JSON_HEADERS,
    });
    expect(list.statusCode).toBe(200);
    expect(invalidate.statusCode).toBe(200);
  });

  it.each([
    ['garbage JSON', 'application/json', '{"oops'],
    ['plain text', 'text/plain', 'hello'],
    ['a JSON object', 'application/json', '{"status":"active"}'],
  ])('ignores a PATCH invalidate body of %s', async (_, type, payload) => {
    const app = localApp(accessFixture());
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`,
      headers: { ...AUTH, 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('Invalidated');
  });

  it('refuses a body over 1 MB with 413, on the API and on the control surface', async () => {
    const app = localApp(accessFixture());
    const big = JSON.stringify({ pad: 'x'.repeat(1_048_577) });
    for (const [method, url] of [
      ['PATCH', `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`],
      ['POST', '/_local/devices'],
    ] as const) {
      const response = await app.inject({ method, url, headers: JSON_HEADERS, payload: big });
      expect(response.statusCode, url).toBe(413);
      expect(errorOf(response)).toContain('1 MB');
    }
    // The refused invalidation changed nothing.
    const after = await app.inject({
      method: 'PATCH',
      url: `/api/v1/temporal-access/${ACTIVE_TOKEN}/invalidate`,
      headers: AUTH,
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses garbage JSON on the control surface with 400, and a non-JSON type with 415', async () => {
    const app = localApp(accessFixture());
    const garbage = await app.inject({
      method: 'POST',
      url: '/_local/devices',
      headers: JSON_HEADERS,
      payload: '{"remote_id": ',
    });
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage)).toContain('not valid JSON');
    const text = await app.inject({
      method: 'POST',
      url: '/_local/devices',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      payload: 'remote_id=1',
    });
    expect(text.statusCode).toBe(415);
    errorOf(text);
  });
});

describe('hostile ids', () => {
  const app = localApp(accessFixture());
  const long = 'x'.repeat(5_000);

  it.each([
    ['GET', `/api/v1/classrooms/${long}/devices`],
    ['PATCH', `/api/v1/temporal-access/${long}/invalidate`],
    ['PATCH', `/_local/devices/${long}`],
    ['DELETE', `/_local/devices/${long}`],
  ] as const)(
    'answers %s with a 5,000-character id with 404 and a short message',
    async (method, url) => {
      const response = await app.inject({
        method,
        url,
        headers: JSON_HEADERS,
        ...(method === 'PATCH' && url.startsWith('/_local')
          ? { payload: { is_online: true } }
          : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).length).toBeLessThan(200);
    },
  );

  it('treats ids with quotes, slashes and unicode as plain unknown ids', async () => {
    for (const id of ['"><script>', '../../etc/passwd', 'ñandú-😀', '%00']) {
      const response = await app.inject({
        url: `/api/v1/classrooms/${encodeURIComponent(id)}/devices`,
        headers: AUTH,
      });
      expect(response.statusCode, id).toBe(404);
      errorOf(response);
    }
  });
});

describe('freshness of repeated reads', () => {
  const onlineOf = async (app: ReturnType<typeof localApp>, id: string) =>
    (await app.inject({ url: '/api/v1/devices', headers: AUTH }))
      .json()
      .data.find((d: { remote_id: string }) => d.remote_id === id).is_online;

  it('shows a change on the very next read of a page read before', async () => {
    const app = localApp(accountFixture(5));
    expect(await onlineOf(app, '100000001')).toBe(true);
    await app.inject({
      method: 'PATCH',
      url: '/_local/devices/100000001',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: { is_online: false },
    });
    expect(await onlineOf(app, '100000001')).toBe(false);
  });

  it('shows drifted statuses once the drift period turns', async () => {
    let now = 0;
    const fixture = { ...accountFixture(200), drift: { seed: 1, period_seconds: 20, share: 0.5 } };
    const app = localApp(fixture, { clock: () => now });
    const statuses = async () =>
      (await app.inject({ url: '/api/v1/devices', headers: AUTH }))
        .json()
        .data.map((d: { is_online: boolean }) => d.is_online);
    const first = await statuses();
    now = 19_999;
    expect(await statuses()).toEqual(first);
    now = 20_000;
    expect(await statuses()).not.toEqual(first);
  });
});
