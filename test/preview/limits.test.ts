/**
 * What one browser may cost the preview: a stalled event stream is dropped past its buffer bound,
 * and sockets are limited in number and idle time. Raw sockets on 127.0.0.1, so the test decides
 * exactly when (and whether) the client reads.
 */
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningPreviewServer } from '../../src-main/preview/server';
import { PREVIEW_LIMITS, buildPreviewApp } from '../../src-main/preview/server';
import { FakeClassTray } from '../support/fakeClassTray';
import { classTrayState, device } from '../support/classTrayState';
import { rendererDir, servePreview } from './previewApp';
import { signIn } from './session';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A raw TCP client on the preview's port; destroyed after the test. */
async function socketTo(server: RunningPreviewServer): Promise<net.Socket> {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  cleanups.push(() => socket.destroy());
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.closed) resolve();
    else socket.once('close', () => resolve());
  });

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a browser that stops reading its event stream', () => {
  it('is dropped once the events waiting for it pass the bound, and only that stream', async () => {
    const core = new FakeClassTray();
    const server = await servePreview(cleanups, { eventBufferBytes: 256 * 1024 }, core);
    const cookie = await signIn(server);
    const stalled = await socketTo(server);
    const host = new URL(server.url).host;
    stalled.write(`GET /api/events HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`);
    await once(stalled, 'data');
    stalled.pause();
    expect(core.listenerCount).toBe(1);

    // A 2,000-device classroom is ~250 KB of JSON; push it until the stream is dropped.
    const classroom = classTrayState({
      devices: Array.from({ length: 2_000 }, (_, n) => device(n + 1)),
    }).classroom;
    let pushed = 0;
    while (core.listenerCount > 0 && pushed < 400) {
      core.push({ type: 'classroom', classroom });
      pushed++;
      await turn();
    }
    // Kernel buffers take a few MB before anything waits in the server; 400 pushes are ~100 MB.
    expect(core.listenerCount).toBe(0);
    expect(pushed).toBeLessThan(400);
  });
});

describe('connection limits', () => {
  it('closes a socket once its idle timer, set to the idle limit, fires', async () => {
    const staticDir = await rendererDir();
    cleanups.push(() => rm(staticDir, { recursive: true, force: true }));
    // Long enough never to fire on its own: the test fires the socket's idle timer itself.
    const idleMs = 3_600_000;
    let port = 0;
    const app = buildPreviewApp({
      classTray: new FakeClassTray(),
      staticDir,
      session: 's',
      launch: { redeem: () => false, fileUrl: 'file:///launch.html' },
      port: () => port,
      limits: { idleMs },
    });
    cleanups.push(() => app.close());
    const accepted = once(app.server, 'connection') as Promise<[net.Socket]>;
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = Number((app.server.address() as net.AddressInfo).port);
    const idle = net.connect(port, '127.0.0.1');
    cleanups.push(() => idle.destroy());
    idle.on('error', () => undefined);
    await once(idle, 'connect');
    const [serverSide] = await accepted;
    // Node's idle timer for the socket (no bytes either way) is armed with the limit.
    expect(serverSide.timeout).toBe(idleMs);
    await turn();
    expect(idle.closed).toBe(false);
    serverSide.emit('timeout');
    await closed(idle);
    expect(serverSide.destroyed).toBe(true);
  });

  it('refuses sockets past the maximum count, and serves again once one closes', async () => {
    const server = await servePreview(cleanups, { maxConnections: 3 });
    const held = [await socketTo(server), await socketTo(server), await socketTo(server)];
    const extra = await socketTo(server);
    await closed(extra);
    expect(held.every((socket) => !socket.closed)).toBe(true);
    held[0]?.destroy();
    await closed(held[0] as net.Socket);
    await turn();
    const later = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(later.status).toBe(401);
  });

  it('sets the head, request and keep-alive timeouts and the connection cap by default', async () => {
    const staticDir = await rendererDir();
    cleanups.push(() => rm(staticDir, { recursive: true, force: true }));
    const app = buildPreviewApp({
      classTray: new FakeClassTray(),
      staticDir,
      session: 's',
      launch: { redeem: () => false, fileUrl: 'file:///launch.html' },
      port: () => 0,
    });
    cleanups.push(() => app.close());
    expect(app.server).toMatchObject({
      headersTimeout: PREVIEW_LIMITS.headersTimeoutMs,
      requestTimeout: PREVIEW_LIMITS.requestTimeoutMs,
      keepAliveTimeout: PREVIEW_LIMITS.keepAliveTimeoutMs,
      maxConnections: PREVIEW_LIMITS.maxConnections,
      timeout: PREVIEW_LIMITS.idleMs,
    });
  });
});
