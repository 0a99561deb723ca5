/**
 * The teacher's browser asking the preview, each time on a new socket (no pooled one). `count`
 * requests one after the other, printing "failed <why>" for each not answered 200 and "answered
 * <n> of <count>" at the end; or, with "on-signal", a browser the busy computer slows between
 * connecting and sending: each SIGUSR2 alternately connects (printing "connected <n>") and sends
 * the request (printing "answered <n>" or "failed <why>"). The cookie comes in PREVIEW_COOKIE (not
 * the command line, which other users see in ps).
 * Usage: freshRequests.ts <url> <count> | freshRequests.ts <url> on-signal
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';

const url = new URL(process.argv[2] ?? '');
const cookie = process.env.PREVIEW_COOKIE ?? '';
let answered = 0;

async function ask(): Promise<string | undefined> {
  const request = http.get(`${url.origin}/api/state`, { headers: { cookie }, agent: false });
  try {
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    response.resume();
    await once(response, 'end');
    return response.statusCode === 200 ? undefined : `status ${response.statusCode}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/** Connects now; the returned function sends the request and resolves with what failed, if any. */
async function connectFirst(): Promise<() => Promise<string | undefined>> {
  const socket = net.connect(Number(url.port), url.hostname);
  let reply = '';
  let failure: string | undefined;
  socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
  socket.on('error', (error: NodeJS.ErrnoException) => (failure ??= error.code ?? String(error)));
  // Not once(): it would reject on the error, which is reported as the failure instead.
  const closed = new Promise((resolve) => socket.once('close', resolve));
  await once(socket, 'connect');
  return async () => {
    socket.write(
      `GET /api/state HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    await closed;
    const status = /^HTTP\/1\.1 (\d+)/.exec(reply)?.[1];
    return failure ?? (status === '200' ? undefined : `status ${status ?? 'none'}`);
  };
}

function report(failure: string | undefined): void {
  if (failure === undefined) answered += 1;
  process.stdout.write(failure === undefined ? `answered ${answered}\n` : `failed ${failure}\n`);
}

if (process.argv[3] === 'on-signal') {
  let connections = 0;
  let send: Promise<() => Promise<string | undefined>> | undefined;
  process.on('SIGUSR2', () => {
    if (send === undefined) {
      send = connectFirst();
      void send.then(() => process.stdout.write(`connected ${(connections += 1)}\n`));
    } else {
      void send.then(async (request) => report(await request()));
      send = undefined;
    }
  });
  // Waits for signals until it is killed.
  setInterval(() => undefined, 3_600_000);
  process.stdout.write('ready\n');
} else {
  const count = Number(process.argv[3]);
  for (let index = 0; index < count; index += 1) {
    const failure = await ask();
    if (failure === undefined) answered += 1;
    else process.stdout.write(`failed ${failure}\n`);
  }
  process.stdout.write(`answered ${answered} of ${count}\n`);
}
