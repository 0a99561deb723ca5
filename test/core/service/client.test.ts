import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { paginate } from '../../../src-main/local-service/pagination';
import { nextInvalidationBoundary, servicePaths } from '../../../src-main/contract/wire';
import type { Fixture } from '../../../src-main/local-service/fixture';
import type { ServiceClientOptions } from '../../../src-main/core/service/client';
import { createServiceClient } from '../../../src-main/core/service/client';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import {
  ACTIVE_TOKEN,
  EXPIRED_TOKEN,
  accessFixture,
  accountFixture,
  device,
} from '../../support/fixtures';
import type { Behaviour } from '../../support/misbehavingService';
import { fault, inOrder } from '../../support/misbehavingService';
import type { RequestTimeouts } from '../../support/requestTimeouts';
import { requestTimeouts } from '../../support/requestTimeouts';
import { testServers } from '../../support/testServers';

const TOKEN = 'client-test-token-5d41402abc4b2a76';
/**
 * Where nothing listens: port 2 (port 1 is one fetch refuses to use). Not a port a test's server
 * just closed, which another test file's server (in another worker) may be given a moment later,
 * and then answer this test's requests.
 */
const REFUSING = 'http://127.0.0.1:2';

const servers = testServers(TOKEN);

const { localService, misbehaving } = servers;

/**
 * A client that never sleeps: it records the waits it would have made. Its requests time out
 * only when the test fires `timeouts` (no real timer races the server).
 */
function clientFor(
  baseUrl: string,
  options: Partial<ServiceClientOptions> = {},
  timeouts: RequestTimeouts = requestTimeouts(),
) {
  const waits: number[] = [];
  const client = createServiceClient({
    baseUrl,
    token: TOKEN,
    random: () => 0.5,
    timeoutSignal: timeouts.timeoutSignal,
    ...options,
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options.retry,
    },
  });
  return { client, waits, timeouts };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError))
    throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const wireDevices = (count: number) =>
  Array.from({ length: count }, (_, n) => {
    const { classroom: _classroom, ...wire } = device(n);
    return wire;
  });

describe('against the local service', () => {
  it('reads an account page with online status', async () => {
    const service = await localService(accountFixture(132));
    const page = await clientFor(service.url).client.accountDevicesPage(3);
    expect(page.meta).toEqual({ total: 132, per_page: 50, current_page: 3, last_page: 3 });
    expect(page.data).toHaveLength(32);
    expect(page.data[0]).toEqual({
      remote_id: '100000100',
      remote_alias: 'PC-100',
      remote_password: 'pw-100',
      has_2fa: true,
      status: 'enabled',
      is_online: true,
    });
  });

  it('reads a classroom page, whose devices carry no online status', async () => {
    const service = await localService(accountFixture(10));
    const page = await clientFor(service.url).client.classroomDevicesPage('room-a', 1);
    expect(page.data.map((d) => d.remote_id)).toEqual([
      '100000000',
      '100000003',
      '100000006',
      '100000009',
    ]);
    expect(page.data[0]).not.toHaveProperty('is_online');
  });

  it('reaches a classroom whose id needs encoding in the path', async () => {
    const fixture: Fixture = {
      classrooms: [{ id: 'Room 2/B?', name: 'Room 2B' }],
      devices: [device(1, { classroom: 'Room 2/B?' })],
    };
    const service = await localService(fixture);
    const page = await clientFor(service.url).client.classroomDevicesPage('Room 2/B?', 1);
    expect(page.data.map((d) => d.remote_id)).toEqual(['100000001']);
  });

  it('says so when the classroom does not exist', async () => {
    const service = await localService(accountFixture(3));
    const error = await failure(clientFor(service.url).client.classroomDevicesPage('nope', 1));
    expect(error.kind).toBe('classroom-not-found');
    expect(error.detail).toMatch(/Classroom not found/);
  });

  it('invalidates once; the second time the access is already ended', async () => {
    const now = Date.parse('2025-03-01T10:00:15.000Z');
    const service = await localService(accessFixture(), { clock: () => now });
    const { client } = clientFor(service.url);
    expect(await client.invalidate(ACTIVE_TOKEN)).toEqual({
      status: 'Invalidated',
      session_expires_at: new Date(nextInvalidationBoundary(now)).toISOString(),
    });
    expect((await failure(client.invalidate(ACTIVE_TOKEN))).kind).toBe('already-ended');
    expect((await failure(client.invalidate(EXPIRED_TOKEN))).kind).toBe('already-ended');
  });

  it('says so when the temporal access does not exist', async () => {
    const service = await localService(accessFixture());
    const error = await failure(
      clientFor(service.url).client.invalidate('99999999-9999-4999-8999-999999999999'),
    );
    expect(error.kind).toBe('access-not-found');
  });

  it('reports a wrong token as unauthorized, without retrying', async () => {
    const service = await localService(accountFixture(3));
    const { client, waits } = clientFor(service.url, { token: 'wrong-token' });
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(waits).toEqual([]);
  });

  it('sends the token in a custom auth header', async () => {
    const service = await localService(accountFixture(3), { authHeader: 'X-Api-Key' });
    const custom = clientFor(service.url, { authHeader: 'X-Api-Key' }).client;
    expect((await custom.accountDevicesPage(1)).meta.total).toBe(3);
    const standard = clientFor(service.url).client;
    expect((await failure(standard.accountDevicesPage(1))).kind).toBe('unauthorized');
  });

  it('accepts a base URL with a trailing slash', async () => {
    const service = await localService(accountFixture(3));
    const page = await clientFor(`${service.url}/`).client.accountDevicesPage(1);
    expect(page.meta.total).toBe(3);
  });
});

describe('requests', () => {
  it('carry the auth header, Accept and Content-Type on every call', async () => {
    const service = await misbehaving(({ method }) =>
      method === 'PATCH'
        ? {
            type: 'json',
            status: 200,
            body: { status: 'Invalidated', session_expires_at: '2025-01-01T00:00:30.000Z' },
          }
        : fault.page([]),
    );
    const { client } = clientFor(service.url);
    await client.accountDevicesPage(1);
    await client.classroomDevicesPage('room-a', 1);
    await client.invalidate(ACTIVE_TOKEN);
    expect(service.requests).toHaveLength(3);
    for (const request of service.requests) {
      expect(request.headers).toMatchObject({
        'x-token-svc': TOKEN,
        accept: 'application/json',
        'content-type': 'application/json',
      });
    }
  });

  it('keep the base URL path prefix and encode path parameters', async () => {
    const service = await misbehaving(({ method }) =>
      method === 'PATCH' ? fault.status(422) : fault.page(wireDevices(120)),
    );
    const { client } = clientFor(`${service.url}/svc/v2/`);
    await client.accountDevicesPage(2);
    await client.classroomDevicesPage('a b/c?d', 1);
    await failure(client.invalidate('x/../y'));
    expect(service.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /svc/v2${servicePaths.accountDevices}?page=2`,
      'GET /svc/v2/api/v1/classrooms/a%20b%2Fc%3Fd/devices?page=1',
      'PATCH /svc/v2/api/v1/temporal-access/x%2F..%2Fy/invalidate',
    ]);
  });

  it('never let an id of "." or ".." address another resource', async () => {
    const service = await misbehaving(inOrder(fault.page([])));
    const { client } = clientFor(service.url);
    expect((await failure(client.classroomDevicesPage('..', 1))).kind).toBe('classroom-not-found');
    expect((await failure(client.classroomDevicesPage('.', 1))).kind).toBe('classroom-not-found');
    expect((await failure(client.invalidate('..'))).kind).toBe('access-not-found');
    expect(service.requests).toHaveLength(0);
  });

  it('refuse a page number that is not a whole number from 1, before sending', async () => {
    const service = await misbehaving(inOrder(fault.page([])));
    const { client } = clientFor(service.url);
    for (const page of [0, -1, 1.5, Number.NaN]) {
      await expect(client.accountDevicesPage(page)).rejects.toThrow(RangeError);
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('faults on the device lists', () => {
  it('a service that never answers times out, after a bounded number of tries', async () => {
    const timeouts = requestTimeouts();
    const service = await misbehaving(timeouts.neverAnswers);
    const { client } = clientFor(service.url, { timeoutMs: 2_500 }, timeouts);
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toMatchObject({ kind: 'network', cause: 'timeout' });
    expect(service.requests).toHaveLength(3);
    expect(timeouts.asked).toEqual([2_500, 2_500, 2_500]);
  });

  it('times each request with a timer of its own, 10 s unless told otherwise, cleared once answered', async () => {
    // The client's 10 s timers are caught and fired by hand: no real timer races the server.
    // Only the client's own: Node 24's fetch may set a 10 s timer of its own too (one such run of
    // this test on Node 24 caught two timers for one request), and so may what runs beside it.
    const realSetTimeout = globalThis.setTimeout;
    const caught: { fire: () => void; handle: NodeJS.Timeout }[] = [];
    const timed = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation((callback: () => void, ms?: number) => {
        const fromClient = /service[\\/]client\.ts/.test(new Error().stack ?? '');
        if (ms !== 10_000 || !fromClient) return realSetTimeout(callback, ms);
        const handle = realSetTimeout(() => undefined, 60_000);
        caught.push({ fire: callback, handle });
        return handle;
      });
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const service = await misbehaving(({ index }) => {
        if (index === 0) return fault.page(wireDevices(3));
        caught.at(-1)?.fire();
        return fault.hang();
      });
      const client = createServiceClient({
        baseUrl: service.url,
        token: TOKEN,
        retry: { attempts: 1 },
      });
      expect((await client.accountDevicesPage(1)).data).toHaveLength(3);
      expect(caught).toHaveLength(1);
      expect(cleared).toHaveBeenCalledWith(caught[0]?.handle);
      const error = await failure(client.accountDevicesPage(1));
      expect(error.problem).toMatchObject({ kind: 'network', cause: 'timeout' });
      expect(caught).toHaveLength(2);
    } finally {
      timed.mockRestore();
      cleared.mockRestore();
      for (const { handle } of caught) clearTimeout(handle);
    }
  });

  it('a 500 is retried, and a later success is returned', async () => {
    const service = await misbehaving(inOrder(fault.status(500), fault.page(wireDevices(3))));
    const { client, waits } = clientFor(service.url);
    expect((await client.accountDevicesPage(1)).data).toHaveLength(3);
    expect(service.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('a lasting 500 becomes a server error after the last try', async () => {
    const service = await misbehaving(inOrder(fault.status(500, 'Database down')));
    const { client } = clientFor(service.url, { retry: { attempts: 4 } });
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'server', status: 500, detail: 'Database down' });
    expect(service.requests).toHaveLength(4);
  });

  it('backs off exponentially with jitter, up to a ceiling', async () => {
    const service = await misbehaving(inOrder(fault.status(503)));
    const { client, waits } = clientFor(service.url, {
      random: () => 1,
      retry: { attempts: 5, baseDelayMs: 100, maxDelayMs: 500 },
    });
    await failure(client.accountDevicesPage(1));
    expect(waits).toEqual([100, 200, 400, 500]);
    const low = clientFor(service.url, {
      random: () => 0,
      retry: { attempts: 3, baseDelayMs: 100 },
    });
    await failure(low.client.accountDevicesPage(1));
    expect(low.waits).toEqual([50, 100]);
  });

  it('a 429 waits as long as Retry-After says (seconds), then succeeds', async () => {
    const service = await misbehaving(inOrder(fault.rateLimited('2'), fault.page(wireDevices(1))));
    const { client, waits } = clientFor(service.url);
    expect((await client.accountDevicesPage(1)).data).toHaveLength(1);
    expect(waits).toEqual([2000]);
  });

  it('a 429 reads Retry-After given as an HTTP date', async () => {
    const now = Date.parse('2025-03-01T10:00:00.000Z');
    const service = await misbehaving(
      inOrder(fault.rateLimited('Sat, 01 Mar 2025 10:00:04 GMT'), fault.page([])),
    );
    const { client, waits } = clientFor(service.url, { clock: () => now });
    await client.accountDevicesPage(1);
    expect(waits).toEqual([4000]);
  });

  it('a 429 asking for longer than the cap is handed to the caller, not waited out', async () => {
    const service = await misbehaving(inOrder(fault.rateLimited('120'), fault.page([])));
    const { client, waits } = clientFor(service.url);
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 });
    expect(error.retryAfterMs).toBe(120_000);
    expect(waits).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it('a 429 without Retry-After backs off and, if it lasts, says rate limited', async () => {
    const service = await misbehaving(inOrder(fault.rateLimited()));
    const { client, waits } = clientFor(service.url);
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'rate-limited', detail: 'Too many requests.' });
    expect(error.retryAfterMs).toBeUndefined();
    expect(waits).toHaveLength(2);
  });

  it('truncated JSON is a bad response, not retried', async () => {
    const service = await misbehaving(inOrder(fault.truncatedJson(), fault.page([])));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.kind).toBe('bad-response');
    expect(error.detail).toMatch(/not valid JSON/);
    expect(service.requests).toHaveLength(1);
  });

  it('an HTML page with 200 is a bad response naming the content type', async () => {
    const service = await misbehaving(inOrder(fault.html(200)));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'bad-response', detail: 'expected JSON, got text/html' });
  });

  it('an HTML error page with 502 is a server error, retried', async () => {
    const service = await misbehaving(inOrder(fault.html(502)));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'server', status: 502, detail: '' });
    expect(service.requests).toHaveLength(3);
  });

  it('a connection reset is retried, and a later success is returned', async () => {
    const service = await misbehaving(inOrder(fault.reset(), fault.page(wireDevices(2))));
    expect((await clientFor(service.url).client.accountDevicesPage(1)).data).toHaveLength(2);
    expect(service.requests).toHaveLength(2);
  });

  it.each([
    ['before the answer', false],
    ['in the middle of the body', true],
  ])('a lasting connection reset %s is a network error', async (_, afterHeaders) => {
    const service = await misbehaving(inOrder(fault.reset(afterHeaders)));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toMatchObject({ kind: 'network', cause: 'reset' });
    expect(service.requests).toHaveLength(3);
  });

  it('a refused connection is a network error saying so', async () => {
    const error = await failure(clientFor(REFUSING).client.accountDevicesPage(1));
    expect(error.problem).toMatchObject({ kind: 'network', cause: 'refused' });
    expect(error.message).toMatch(/connection refused/);
  });

  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['EHOSTUNREACH', 'other'],
  ])('a fetch failing with %s is a network error (%s)', async (code, cause) => {
    const failing: typeof fetch = () =>
      Promise.reject(
        new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} x`), { code }) }),
      );
    const { client } = clientFor('http://service.invalid', { fetch: failing });
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'network', cause, detail: `${code} x` });
  });

  it('a device of the wrong shape is a bad response saying where', async () => {
    const items: unknown[] = wireDevices(5);
    items[3] = { ...wireDevices(4)[3], has_2fa: 'yes' };
    const service = await misbehaving(inOrder(fault.page(items)));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toEqual({
      kind: 'bad-response',
      detail: 'data[3].has_2fa: expected boolean, received string',
    });
  });

  it('maps devices named after the remote-desktop tool', async () => {
    const items = wireDevices(2).map(({ remote_id, remote_alias, remote_password, ...rest }) => ({
      ...rest,
      anydesk_id: remote_id,
      anydesk_alias: remote_alias,
      anydesk_password: remote_password,
    }));
    const service = await misbehaving(inOrder(fault.page(items)));
    const page = await clientFor(service.url).client.accountDevicesPage(1);
    expect(page.data).toEqual(wireDevices(2));
  });

  it('an ambiguous device is a bad response naming the fields', async () => {
    const items = [{ ...wireDevices(1)[0], anydesk_id: '9', anydesk_alias: null }];
    const service = await misbehaving(inOrder(fault.page(items)));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.detail).toBe(
      'data[0]: partial remote-desktop fields: anydesk_id and anydesk_alias without anydesk_password',
    );
  });

  it('a page other than the one asked for is a bad response', async () => {
    const wrongPage = paginate(
      wireDevices(120),
      1,
      (n) => `http://x/?page=${n}`,
      (d) => d,
    );
    const service = await misbehaving(inOrder({ type: 'json', status: 200, body: wrongPage }));
    const error = await failure(clientFor(service.url).client.accountDevicesPage(2));
    expect(error.detail).toBe('asked for page 2, got page 1');
  });

  it('a redirect is not followed, so the token never reaches another host', async () => {
    const elsewhere = await misbehaving(inOrder(fault.page([])));
    const service = await misbehaving(
      inOrder({ type: 'json', status: 302, body: {}, headers: { Location: `${elsewhere.url}/` } }),
    );
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.kind).toBe('bad-response');
    expect(error.detail).toContain(elsewhere.url);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'refused'],
    ['net::ERR_NAME_NOT_RESOLVED', 'dns'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls'],
    ['net::ERR_PROXY_CONNECTION_FAILED', 'other'],
  ])('net.fetch failing with %s is a network error (%s)', async (message, cause) => {
    const netFetch: typeof fetch = () => Promise.reject(new Error(message));
    const { client } = clientFor('https://service.example', { fetch: netFetch });
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toEqual({ kind: 'network', cause, detail: message });
  });
});

describe('invalidate after an ambiguous failure', () => {
  it.each([
    ['a 500', fault.status(500), { kind: 'server', status: 500 }],
    ['a connection reset', fault.reset(), { kind: 'network', cause: 'reset' }],
    ['no answer', fault.hang(), { kind: 'network', cause: 'timeout' }],
  ])('is not retried: %s may have ended the session already', async (_, behaviour, problem) => {
    const timeouts = requestTimeouts();
    const service = await misbehaving(
      behaviour.type === 'hang' ? timeouts.neverAnswers : inOrder(behaviour),
    );
    const error = await failure(
      clientFor(service.url, {}, timeouts).client.invalidate(ACTIVE_TOKEN),
    );
    expect(error.problem).toMatchObject(problem);
    expect(service.requests).toHaveLength(1);
  });

  it('is retried when the connection was refused: nothing was sent', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const error = await failure(
      clientFor(REFUSING, { fetch: counting }).client.invalidate(ACTIVE_TOKEN),
    );
    expect(error.problem).toMatchObject({ kind: 'network', cause: 'refused' });
    expect(calls).toBe(3);
  });

  it('is retried after a 429: the service refused it unprocessed', async () => {
    const result = { status: 'Invalidated', session_expires_at: '2025-01-01T00:00:30.000Z' };
    const service = await misbehaving(
      inOrder(fault.rateLimited('1'), { type: 'json', status: 200, body: result }),
    );
    const { client, waits } = clientFor(service.url);
    expect(await client.invalidate(ACTIVE_TOKEN)).toEqual(result);
    expect(waits).toEqual([1000]);
  });

  it('a 200 with an unexpected body is a bad response', async () => {
    const service = await misbehaving(
      inOrder({
        type: 'json',
        status: 200,
        body: { status: 'Pending', session_expires_at: 'soon' },
      }),
    );
    const error = await failure(clientFor(service.url).client.invalidate(ACTIVE_TOKEN));
    expect(error.kind).toBe('bad-response');
    expect(error.detail).toMatch(/^status: expected "Invalidated" \(and 1 more problem\)$/);
  });
});

describe('the API token', () => {
  /** Every way a hostile service could try to get the token echoed into an error. */
  const echoes: ((token: string) => Behaviour)[] = [
    (token) => ({ type: 'json', status: 401, body: { error: `Bad token ${token}` } }),
    (token) => ({ type: 'json', status: 404, body: { error: `No classroom for ${token}` } }),
    (token) => ({ type: 'json', status: 500, body: { error: `${token}`.repeat(40) } }),
    (token) => ({
      type: 'json',
      status: 429,
      body: { error: token },
      headers: { 'Retry-After': token },
    }),
    (token) => ({
      type: 'json',
      status: 302,
      body: {},
      headers: { Location: `http://x/${token}` },
    }),
    (token) => ({ type: 'raw', status: 200, contentType: `text/${token}`, body: token }),
    (token) => ({ type: 'raw', status: 200, contentType: 'application/json', body: `{"${token}` }),
  ];

  it('never appears in an error, whatever the service echoes', async () => {
    const service = await misbehaving((request) => {
      const presented = String(request.headers['x-token-svc']);
      const echo = echoes[request.index % echoes.length];
      return echo ? echo(presented) : fault.status(500);
    });
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
          minLength: 16,
          maxLength: 40,
        }),
        async (token) => {
          const { client } = clientFor(service.url, { token, retry: { attempts: 1 } });
          for (let i = 0; i < echoes.length; i++) {
            const error = await failure(client.classroomDevicesPage('room-a', 1));
            const everything = [
              error.message,
              error.detail,
              error.stack,
              JSON.stringify(error),
            ].join('\n');
            expect(everything).not.toContain(token);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('with a line break is refused before anything is sent', async () => {
    const service = await misbehaving(inOrder(fault.page([])));
    const token = 'abc\r\nX-Injected: yes';
    const error = await failure(clientFor(service.url, { token }).client.accountDevicesPage(1));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).not.toContain(token);
    expect(service.requests).toHaveLength(0);
  });
});

describe('bounded against a hostile service', () => {
  /** A page as the service would send it, with its meta then overridden. */
  const pageWith = (items: readonly unknown[], page: number, meta: Record<string, number>) => {
    const body = paginate(
      items,
      page,
      (n) => `http://x/?page=${n}`,
      (d) => d,
    );
    return {
      type: 'json',
      status: 200,
      body: { ...body, meta: { ...body.meta, ...meta } },
    } as const;
  };

  it('cuts an endless body off at the cap, as a bad response, and stops reading', async () => {
    const service = await misbehaving(inOrder(fault.endless()));
    const { client } = clientFor(service.url);
    const error = await failure(client.accountDevicesPage(1));
    expect(error.problem).toEqual({
      kind: 'bad-response',
      detail: `the answer is larger than ${4 * 1024 * 1024} bytes, more than any page needs; it was cut off`,
    });
    expect(service.requests).toHaveLength(1);
    // What sockets and kernel buffers took past the cap, not the 256 MiB the server offers.
    expect(service.endlessBytesSent()).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a body of declared length over the cap', async () => {
    const service = await misbehaving(
      inOrder({
        type: 'raw',
        status: 200,
        contentType: 'application/json',
        body: 'x'.repeat(2_000),
      }),
    );
    const { client } = clientFor(service.url, { maxBodyBytes: 1_000 });
    const error = await failure(client.accountDevicesPage(1));
    expect(error.kind).toBe('bad-response');
    expect(error.detail).toMatch(/larger than 1000 bytes/);
  });

  it('a page holding more items than per_page is a bad response', async () => {
    const crowded = pageWith(wireDevices(60), 1, { total: 60, last_page: 2 });
    const service = await misbehaving(
      inOrder({ ...crowded, body: { ...crowded.body, data: wireDevices(60) } }),
    );
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toEqual({
      kind: 'bad-response',
      detail: 'page 1 holds 60 items, more than per_page (50)',
    });
  });

  it('an empty page claiming 500,000 devices is a bad response on the first request', async () => {
    const service = await misbehaving(
      inOrder(pageWith([], 1, { total: 500_000, last_page: 10_000 })),
    );
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.problem).toEqual({
      kind: 'bad-response',
      detail: 'page 1 holds 0 items, but a total of 500000 at 50 per page puts 50 on it',
    });
    expect(service.requests).toHaveLength(1);
  });

  it('a last page short of what the total implies is a bad response', async () => {
    const service = await misbehaving(
      inOrder(pageWith(wireDevices(3), 1, { total: 5, last_page: 1 })),
    );
    const error = await failure(clientFor(service.url).client.accountDevicesPage(1));
    expect(error.detail).toBe('page 1 holds 3 items, but a total of 5 at 50 per page puts 5 on it');
  });

  it('a refresh called off aborts the request in flight with its reason, and retries nothing', async () => {
    const service = await misbehaving(inOrder(fault.hang()));
    const { client, waits } = clientFor(service.url);
    const controller = new AbortController();
    const reading = failure(client.accountDevicesPage(1, controller.signal));
    while (service.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const reason = new ServiceError({ kind: 'network', cause: 'timeout', detail: 'called off' });
    controller.abort(reason);
    expect(await reading).toBe(reason);
    expect(service.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
