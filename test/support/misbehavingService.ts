/**
 * A deliberately misbehaving HTTP server for fault injection: on 127.0.0.1, a port the OS
 * picks, and a script that decides per request what goes wrong. Valid pages come from the
 * local service's own paginator, so they are the contract's envelope, not a restatement of it.
 */
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paginate } from '../../src-main/local-service/pagination';

export type Behaviour =
  /** Never answers: for timeouts. */
  | { type: 'hang' }
  /** Any status with a JSON body (or raw text as the body, for truncated JSON). */
  | { type: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { type: 'raw'; status: number; contentType: string; body: string }
  /** Drops the connection: before answering, or after the headers and half the body. */
  | { type: 'reset'; afterHeaders?: boolean }
  /** A valid page (the one asked for in ?page=) of these wire items. */
  | { type: 'page'; items: readonly unknown[] }
  /**
   * A 200 JSON page whose data array never ends, written as fast as the client reads; it stops
   * (truncated) only after `stopAfterBytes`, so a client that reads everything still finishes.
   */
  | { type: 'endless'; stopAfterBytes?: number };

export interface RecordedRequest {
  /** 0 for the first request the server saw. */
  index: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The ?page= asked for, 1 when absent. */
  page: number;
  headers: IncomingHttpHeaders;
}

export type Script = (request: RecordedRequest) => Behaviour | Promise<Behaviour>;

export interface MisbehavingService {
  url: string;
  requests: RecordedRequest[];
  /** The most requests that were in flight at the same moment. */
  peakInFlight(): number;
  /** Body bytes the endless answers handed to their sockets so far. */
  endlessBytesSent(): number;
  close(): Promise<void>;
}

export const fault = {
  hang: (): Behaviour => ({ type: 'hang' }),
  status: (status: number, message = `Failure ${status}`): Behaviour => ({
    type: 'json',
    status,
    body: { error: message },
  }),
  rateLimited: (retryAfter?: string): Behaviour => ({
    type: 'json',
    status: 429,
    body: { error: 'Too many requests.' },
    ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
  }),
  truncatedJson: (): Behaviour => ({
    type: 'raw',
    status: 200,
    contentType: 'application/json',
    body: '{"data":[{"remote_id":"1","remote_al',
  }),
  html: (status: number): Behaviour => ({
    type: 'raw',
    status,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html><body><h1>${status} Bad Gateway</h1></body></html>`,
  }),
  reset: (afterHeaders = false): Behaviour => ({ type: 'reset', afterHeaders }),
  page: (items: readonly unknown[]): Behaviour => ({ type: 'page', items }),
  endless: (stopAfterBytes?: number): Behaviour =>
    stopAfterBytes === undefined ? { type: 'endless' } : { type: 'endless', stopAfterBytes },
};

/** 64 KiB of wire devices, each followed by a comma: what an endless data array repeats. */
const ENDLESS_CHUNK = (() => {
  const item = `${JSON.stringify({
    remote_id: '1',
    remote_alias: 'PC',
    remote_password: 'pw',
    has_2fa: false,
    status: 'enabled',
    is_online: true,
  })},`;
  return Buffer.from(item.repeat(Math.ceil(65_536 / item.length)));
})();

/** Plays the behaviours in order, one per request, then keeps repeating the last one. */
export function inOrder(...behaviours: Behaviour[]): Script {
  return ({ index }) => {
    const behaviour = behaviours[Math.min(index, behaviours.length - 1)];
    if (behaviour === undefined) throw new Error('inOrder needs at least one behaviour');
    return behaviour;
  };
}

/** A list that changes between requests: request n sees lists[n], the last list thereafter. */
export function changingList(...lists: (readonly unknown[])[]): Script {
  return inOrder(...lists.map((items) => fault.page(items)));
}

export async function startMisbehavingService(script: Script): Promise<MisbehavingService> {
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let peak = 0;
  let endlessBytes = 0;
  let origin = '';

  const server = createServer((request, response) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    response.on('close', () => inFlight--);
    const url = new URL(request.url ?? '/', origin);
    const recorded: RecordedRequest = {
      index: requests.length,
      method: request.method ?? '',
      url: request.url ?? '',
      page: Number(url.searchParams.get('page') ?? '1'),
      headers: request.headers,
    };
    requests.push(recorded);
    request.resume();
    void Promise.resolve()
      .then(() => script(recorded))
      .then((behaviour) => {
        switch (behaviour.type) {
          case 'hang':
            return;
          case 'reset':
            if (!behaviour.afterHeaders) {
              request.socket.destroy();
              return;
            }
            response.writeHead(200, {
              'Content-Type': 'application/json',
              'Content-Length': '1000',
            });
            response.write('{"data":[', () => request.socket.destroy());
            return;
          case 'json':
            response.writeHead(behaviour.status, {
              'Content-Type': 'application/json',
              ...behaviour.headers,
            });
            response.end(JSON.stringify(behaviour.body));
            return;
          case 'raw':
            response.writeHead(behaviour.status, { 'Content-Type': behaviour.contentType });
            response.end(behaviour.body);
            return;
          case 'endless': {
            const stopAfter = behaviour.stopAfterBytes ?? 256 * 1024 * 1024;
            let sent = 0;
            response.writeHead(200, { 'Content-Type': 'application/json' });
            response.write('{"data":[');
            // Writes while the socket takes it, then waits for 'drain': as fast as the reader.
            const pump = () => {
              while (!response.destroyed && sent < stopAfter) {
                sent += ENDLESS_CHUNK.length;
                endlessBytes += ENDLESS_CHUNK.length;
                if (!response.write(ENDLESS_CHUNK)) return;
              }
              if (!response.destroyed) response.end();
            };
            response.on('drain', pump);
            pump();
            return;
          }
          case 'page': {
            const page = paginate(
              behaviour.items,
              recorded.page,
              (n) => `${origin}${url.pathname}?page=${n}`,
              (item) => item,
            );
            response.writeHead(200, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify(page));
            return;
          }
        }
      })
      // A script that throws is a broken test: answer so the client does not wait for it.
      .catch((error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(`script failed: ${String(error)}`);
      });
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    peakInFlight: () => peak,
    endlessBytesSent: () => endlessBytes,
    close: async () => {
      // Hanging requests would keep close() waiting forever.
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
