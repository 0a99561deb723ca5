import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TimetableFeedError, fetchFeed, feedUrl } from '../../../src-main/core/timetable/feed';
import { feedServers } from '../../support/feedServer';

const startFeed = feedServers();
const calendar = readFileSync(new URL('fixtures/webuntis.ics', import.meta.url), 'utf8');

/** The failure's sentence, checked never to quote the secret address. */
async function failure(promise: Promise<unknown>, url: string): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TimetableFeedError);
  const message = (error as Error).message;
  expect(message).not.toContain('s3cr3t');
  expect(message).not.toContain(new URL(url).host);
  return message;
}

describe('fetching the timetable subscription', () => {
  it('fetches the calendar with its validators, then asks conditionally and hears 304', async () => {
    const feed = await startFeed(calendar);
    const first = await fetchFeed(feed.url, { fetch });
    expect(first).toMatchObject({ kind: 'fresh', text: calendar });
    if (first.kind !== 'fresh') throw new Error('fresh expected');
    expect(first.etag).toMatch(/^"/);
    expect(first.lastModified).toBe('Tue, 24 Nov 2026 06:00:00 GMT');

    const second = await fetchFeed(feed.url, {
      fetch,
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second).toEqual({ kind: 'unchanged' });
    expect(feed.requests[1]?.['if-none-match']).toBe(first.etag);
    expect(feed.requests[1]?.['if-modified-since']).toBe(first.lastModified);

    feed.calendar = calendar.replace('Maths 3B', 'Maths 3C');
    const third = await fetchFeed(feed.url, { fetch, etag: first.etag });
    expect(third).toMatchObject({ kind: 'fresh' });
  });

  it('says a 500 in one sentence, without the address', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'error-500';
    expect(await failure(fetchFeed(feed.url, { fetch }), feed.url)).toBe(
      'The timetable server failed (HTTP 500); ClassTray tries again later.',
    );
  });

  it('gives up on a body slower than the timeout', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'slow-body';
    const started = Date.now();
    expect(await failure(fetchFeed(feed.url, { fetch, timeoutMs: 600 }), feed.url)).toBe(
      'The timetable server did not send the timetable within 0.6 s.',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is called off at once when ClassTray stops', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'slow-body';
    const stopping = new AbortController();
    const fetching = fetchFeed(feed.url, { fetch, signal: stopping.signal });
    setTimeout(() => stopping.abort(), 100);
    const started = Date.now();
    expect(await failure(fetching, feed.url)).toBe('The timetable fetch was called off.');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts an endless body off at the size cap', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'endless-body';
    expect(
      await failure(
        fetchFeed(feed.url, { fetch, maxBytes: 1024 * 1024, timeoutMs: 15_000 }),
        feed.url,
      ),
    ).toBe(
      'The timetable server sent more than 1 MiB, more than any timetable needs; it was cut off.',
    );
  });

  it('says an unreachable server without the address', async () => {
    const feed = await startFeed(calendar);
    const closedPort = feed.url.replace(/:\d+\//, ':1/');
    expect(await failure(fetchFeed(closedPort, { fetch }), closedPort)).toBe(
      'The timetable server could not be reached.',
    );
  });

  it('takes webcal:// as https:// and refuses other schemes', () => {
    expect(feedUrl('webcal://example.org/cal.ics').href).toBe('https://example.org/cal.ics');
    expect(() => feedUrl('file:///etc/passwd')).toThrow(TimetableFeedError);
    expect(() => feedUrl('not an address')).toThrow(TimetableFeedError);
  });
});
