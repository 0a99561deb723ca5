/**
 * A timetable subscription server for the tests, on 127.0.0.1 with a port the OS picks: it
 * serves a calendar with an ETag and Last-Modified (304 to a matching conditional request), or
 * misbehaves as asked: a redirect, 500, a body that trickles in slower than any timeout, a body that never
 * ends. Stopped after every test. Call once at the top of a test file.
 */
import { once } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export type FeedBehaviour = 'calendar' | 'error-500' | 'slow-body' | 'endless-body' | 'redirect';

export interface FeedServer {
  /** The subscription address (with a secret-looking query, as WebUntis and Google write it). */
  url: string;
  behaviour: FeedBehaviour;
  /** The calendar it serves; changing it changes the ETag. */
  calendar: string;
  requests: IncomingHttpHeaders[];
  /** The paths asked, in order. */
  paths: string[];
  /** Where 'redirect' sends the client (302), relative to the request or absolute. */
  location: string;
  /** Resolves when the server has the next request (and has begun to answer it). */
  nextRequest(): Promise<void>;
}

export function feedServers() {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  return async function start(calendar: string): Promise<FeedServer> {
    const timers = new Set<NodeJS.Timeout>();
    const waiting: (() => void)[] = [];
    const feed: FeedServer = {
      url: '',
      behaviour: 'calendar',
      calendar,
      requests: [],
      paths: [],
      location: '',
      nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    };
    const server = createServer((request, response) => {
      feed.requests.push(request.headers);
      feed.paths.push(request.url ?? '');
      serve(feed, request.headers, response, timers);
      for (const resolve of waiting.splice(0)) resolve();
    });
    // A connection kept open longer than any gap between a test's fetches: Node's 5 s default
    // closed one as the next fetch reused it on a loaded machine ("could not be reached").
    server.keepAliveTimeout = 120_000;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    feed.url = `http://127.0.0.1:${port}/ical/teacher.ics?key=s3cr3t-feed-key`;
    stops.push(async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    });
    return feed;
  };
}

const LAST_MODIFIED = 'Tue, 24 Nov 2026 06:00:00 GMT';

function serve(
  feed: FeedServer,
  headers: IncomingHttpHeaders,
  response: ServerResponse,
  timers: Set<NodeJS.Timeout>,
): void {
  const etag = `"${feed.calendar.length}-${hash(feed.calendar)}"`;
  switch (feed.behaviour) {
    case 'redirect':
      response.writeHead(302, { location: feed.location }).end();
      return;
    case 'error-500':
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      return;
    case 'slow-body':
    case 'endless-body': {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      const chunk = `X-FILLER:${'x'.repeat(feed.behaviour === 'slow-body' ? 10 : 60_000)}\r\n`;
      const timer = setInterval(
        () => response.write(chunk),
        feed.behaviour === 'slow-body' ? 200 : 1,
      );
      timers.add(timer);
      response.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
      return;
    }
    case 'calendar':
      if (headers['if-none-match'] === etag) {
        response.writeHead(304, { etag }).end();
        return;
      }
      response
        .writeHead(200, {
          'content-type': 'text/calendar; charset=utf-8',
          etag,
          'last-modified': LAST_MODIFIED,
        })
        .end(feed.calendar);
  }
}

function hash(text: string): number {
  let value = 0;
  for (let index = 0; index < text.length; index += 1) {
    value = (value * 31 + text.charCodeAt(index)) | 0;
  }
  return value >>> 0;
}
