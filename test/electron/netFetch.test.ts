/**
 * netFetch over the mocked net module: a plain fetch is net.fetch's; with `redirect: 'manual'` a
 * net.request answers a redirect with the 3xx itself (not net.fetch's rejection), streams a
 * response's body, passes headers, body and method, and stops on the caller's signal.
 */
import { EventEmitter } from 'node:events';
import { net } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { netFetch } from '../../src-main/electron/netFetch';
import type { FakeClientRequest } from './electronMock';

vi.mock('electron', async () => (await import('./electronMock')).electronMock());
const mocked = net as unknown as {
  fetch: ReturnType<typeof vi.fn>;
  request: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  vi.clearAllMocks();
});

/** The request netFetch made last. */
const lastRequest = (): FakeClientRequest =>
  mocked.request.mock.results.at(-1)?.value as FakeClientRequest;

/** Chromium's answer: its status, headers as Node gives them, and the body in chunks. */
function answer(
  request: FakeClientRequest,
  statusCode: number,
  headers: Record<string, string | string[]>,
  chunks: string[] = [],
): void {
  const response = Object.assign(new EventEmitter(), { statusCode, headers });
  request.emit('response', response);
  for (const chunk of chunks) response.emit('data', Buffer.from(chunk));
  response.emit('end');
}

describe('netFetch', () => {
  it('leaves a fetch that follows redirects to net.fetch', async () => {
    const init = { headers: { Accept: 'application/json' } };
    await netFetch('https://service.example/api', init);
    expect(mocked.fetch).toHaveBeenCalledWith('https://service.example/api', init);
    expect(mocked.request).not.toHaveBeenCalled();
  });

  it("answers a redirect with its 3xx and location, unfollowed, when asked for 'manual'", async () => {
    const fetched = netFetch(new URL('https://calendar.example/cal.ics'), {
      redirect: 'manual',
      headers: { 'If-None-Match': '"v1"' },
    });
    const request = lastRequest();
    expect(request.options).toEqual({
      url: 'https://calendar.example/cal.ics',
      method: 'GET',
      redirect: 'manual',
    });
    expect(request.headers).toEqual({ 'if-none-match': '"v1"' });
    expect(request.ended).toBe(true);
    request.emit('redirect', 302, 'GET', 'http://169.254.169.254/');
    const response = await fetched;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://169.254.169.254/');
    expect(request.aborted).toBe(true);
    expect(mocked.fetch).not.toHaveBeenCalled();
  });

  it('streams the body of an answer, its headers joined', async () => {
    const fetched = netFetch(new Request('https://calendar.example/cal.ics'), {
      redirect: 'manual',
    });
    answer(lastRequest(), 200, { etag: '"v2"', 'set-cookie': ['a=1', 'b=2'] }, [
      'BEGIN:',
      'VCALENDAR',
    ]);
    const response = await fetched;
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"v2"');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await response.text()).toBe('BEGIN:VCALENDAR');
  });

  it('gives a 304 no body, and sends a method and a body as asked', async () => {
    const fetched = netFetch('https://service.example/end', {
      redirect: 'manual',
      method: 'POST',
      body: '{"token":"t"}',
    });
    const request = lastRequest();
    expect(request.options.method).toBe('POST');
    expect(request.written).toEqual(['{"token":"t"}']);
    answer(request, 304, {});
    const response = await fetched;
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
  });

  it('rejects, never throws in main, on a status no Response can hold (an informational 1xx)', async () => {
    const fetched = netFetch('https://calendar.example/cal.ics', { redirect: 'manual' });
    answer(lastRequest(), 103, {});
    await expect(fetched).rejects.toThrow(RangeError);
  });

  it("rejects with the request's error", async () => {
    const fetched = netFetch('https://calendar.example/cal.ics', { redirect: 'manual' });
    const error = new Error('net::ERR_NAME_NOT_RESOLVED');
    lastRequest().emit('error', error);
    await expect(fetched).rejects.toBe(error);
  });

  it("stops on the caller's signal, before and while it runs, with its reason", async () => {
    const before = new AbortController();
    const reason = new Error('ClassTray is quitting');
    before.abort(reason);
    await expect(
      netFetch('https://calendar.example/cal.ics', { redirect: 'manual', signal: before.signal }),
    ).rejects.toBe(reason);
    expect(lastRequest().aborted).toBe(true);

    const during = new AbortController();
    const fetched = netFetch('https://calendar.example/cal.ics', {
      redirect: 'manual',
      signal: during.signal,
    });
    const request = lastRequest();
    during.abort(reason);
    await expect(fetched).rejects.toBe(reason);
    expect(request.aborted).toBe(true);
  });
});
