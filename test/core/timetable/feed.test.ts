import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MAX_FEED_REDIRECTS,
  TimetableFeedError,
  fetchFeed,
  feedUrl,
  redirectRefused,
} from '../../../src-main/core/timetable/feed';
import { en } from '../../../src-shared/i18n/en';
import { feedServers } from '../../support/feedServer';
import { requestTimeouts } from '../../support/requestTimeouts';

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
    const timeouts = requestTimeouts();
    const fetching = fetchFeed(feed.url, {
      fetch,
      timeoutMs: 600,
      timeoutSignal: timeouts.timeoutSignal,
    });
    // The body has begun to trickle in when the time limit runs out.
    await feed.nextRequest();
    timeouts.fire();
    expect(await failure(fetching, feed.url)).toBe(
      'The timetable server did not send the timetable within 0.6 s.',
    );
    expect(timeouts.asked).toEqual([600]);
  });

  it('is called off at once when ClassTray stops', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'slow-body';
    const stopping = new AbortController();
    const fetching = fetchFeed(feed.url, { fetch, signal: stopping.signal });
    await feed.nextRequest();
    stopping.abort();
    expect(await failure(fetching, feed.url)).toBe('The timetable fetch was called off.');
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

  it('refuses an address with a user name or password, and says so (fetch would only fail)', async () => {
    const feed = await startFeed(calendar);
    const withCredentials = feed.url.replace('http://', 'http://teacher:s3cr3t@');
    const error = await fetchFeed(withCredentials, { fetch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TimetableFeedError);
    expect((error as TimetableFeedError).message).toBe(en.refusals.addressCredentials);
    expect((error as TimetableFeedError).refusal).toEqual({
      code: 'addressCredentials',
      values: {},
    });
    expect(feed.paths).toEqual([]);
  });

  it('refuses plain http:// off this computer, as the service URL rule does', () => {
    expect(() => feedUrl('http://timetable.school.example/cal.ics')).toThrow(
      en.refusals.addressNotHttps,
    );
    expect(feedUrl('http://localhost:8080/cal.ics?key=1').search).toBe('?key=1');
  });

  it('follows a redirect on the same computer, judging each hop', async () => {
    const target = await startFeed(calendar);
    const mover = await startFeed(calendar);
    mover.behaviour = 'redirect';
    mover.location = target.url;
    expect(await fetchFeed(mover.url, { fetch })).toMatchObject({ kind: 'fresh', text: calendar });
    expect(target.paths).toHaveLength(1);
  });

  it('never follows a redirect to a link-local address (a cloud metadata service)', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'redirect';
    for (const location of [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://[::ffff:169.254.169.254]/',
    ]) {
      feed.location = location;
      expect(await failure(fetchFeed(feed.url, { fetch }), feed.url)).toMatch(
        /^The timetable server sent ClassTray on to an address it does not follow/,
      );
    }
  });

  it('gives up after a few redirects', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'redirect';
    feed.location = '/again';
    expect(await failure(fetchFeed(feed.url, { fetch }), feed.url)).toMatch(
      /^The timetable server redirected more than 5 times/,
    );
    expect(feed.paths).toHaveLength(MAX_FEED_REDIRECTS + 1);
  });

  it('never follows a public server to this computer, nor to plain http', async () => {
    const local = await startFeed(calendar);
    for (const location of [local.url, 'http://calendar.example/next.ics']) {
      const asked: string[] = [];
      // A public server, played by a fetch that answers for it: only its redirect is real.
      const publicFetch: typeof fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        asked.push(url.host);
        if (url.hostname === 'calendar.example') {
          return new Response(null, { status: 302, headers: { location } });
        }
        return fetch(input, init);
      };
      expect(
        await failure(
          fetchFeed('https://calendar.example/cal.ics', { fetch: publicFetch }),
          local.url,
        ),
      ).toMatch(/^The timetable server sent ClassTray on to an address it does not follow/);
      expect(asked).toEqual(['calendar.example']);
    }
    expect(local.paths).toEqual([]);
    expect(
      redirectRefused(new URL('https://calendar.example/a'), new URL('https://other.example/b')),
    ).toBe(false);
  });

  it('refuses with codes the window translates', async () => {
    const feed = await startFeed(calendar);
    feed.behaviour = 'redirect';
    feed.location = 'https://169.254.169.254/latest/meta-data/';
    await expect(fetchFeed(feed.url, { fetch })).rejects.toMatchObject({
      refusal: { code: 'timetableRedirectRefused', values: {} },
    });
    feed.location = '/again';
    await expect(fetchFeed(feed.url, { fetch })).rejects.toMatchObject({
      refusal: { code: 'timetableTooManyRedirects', values: { hops: MAX_FEED_REDIRECTS } },
    });
    expect(() => feedUrl('https://169.254.169.254/')).toThrow(
      expect.objectContaining({ refusal: { code: 'timetableAddressLinkLocal', values: {} } }),
    );
  });

  it('takes webcal:// as https:// and refuses other schemes', () => {
    expect(feedUrl('webcal://example.org/cal.ics').href).toBe('https://example.org/cal.ics');
    expect(() => feedUrl('file:///etc/passwd')).toThrow(TimetableFeedError);
    expect(() => feedUrl('not an address')).toThrow(TimetableFeedError);
  });
});
