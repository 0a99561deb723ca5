import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningPreviewServer } from '../../src-main/preview/server';
import { startPreviewServer } from '../../src-main/preview/server';
import { rm } from 'node:fs/promises';
import { FakeClassTray } from '../support/fakeClassTray';
import { tempDir } from '../support/tempDir';
import { rendererDir } from './previewApp';
import type { EventStream } from './session';
import { openEvents, signIn } from './session';

let core: FakeClassTray;
let server: RunningPreviewServer;
let staticDir: string;
let cookie: string;
const streams: EventStream[] = [];

beforeEach(async () => {
  core = new FakeClassTray();
  staticDir = await rendererDir();
  const dataDir = await tempDir('classtray-preview-data');
  server = await startPreviewServer({ classTray: core, staticDir, dataDir, port: 0 });
  cookie = await signIn(server);
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await server.close();
  await rm(staticDir, { recursive: true, force: true });
});

async function tab(): Promise<EventStream> {
  const stream = await openEvents(server, cookie);
  streams.push(stream);
  return stream;
}

function report(tab: string, visible: boolean) {
  return fetch(`${server.url}/api/visibility`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ tab, visible }),
  });
}

describe('GET /api/events', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('delivers a change the core pushes as a change event', async () => {
    const stream = await tab();
    const change = { type: 'online-changed', remoteId: '100000002', online: true } as const;
    core.push(change);
    expect(await stream.nextChange()).toEqual(change);
  });

  it('delivers each change to every open tab', async () => {
    const first = await tab();
    const second = await tab();
    core.push({ type: 'device-removed', remoteId: '100000001' });
    expect(await first.nextChange()).toEqual({ type: 'device-removed', remoteId: '100000001' });
    expect(await second.nextChange()).toEqual({ type: 'device-removed', remoteId: '100000001' });
  });

  it('stops listening to the core when the tab goes', async () => {
    const stream = await tab();
    expect(core.listenerCount).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(core.listenerCount).toBe(0), { timeout: 10_000 });
  });

  it('refuses a tab without the cookie with 401', async () => {
    const response = await fetch(`${server.url}/api/events`);
    expect(response.status).toBe(401);
  });
});

describe('window visibility', () => {
  /** Opens a tab as the preview client does: the stream, then its visibility under its id. */
  async function open(visible: boolean): Promise<EventStream> {
    const stream = await tab();
    expect((await report(stream.tab, visible)).status).toBe(204);
    return stream;
  }

  it('gives every event stream its own tab id first', async () => {
    const first = await tab();
    const second = await tab();
    expect(first.tab).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.tab).not.toBe(first.tab);
  });

  it('tells the core the window is visible once a tab says it is', async () => {
    const stream = await tab();
    expect(core.windowVisible).toEqual([]);
    await report(stream.tab, true);
    expect(core.windowVisible).toEqual([true]);
  });

  it('is hidden only when both of two tabs are hidden', async () => {
    const first = await open(true);
    const second = await open(true);
    await report(first.tab, false);
    expect(core.windowVisible).toEqual([true]);
    await report(first.tab, false);
    expect(core.windowVisible).toEqual([true]);
    await report(second.tab, false);
    expect(core.windowVisible).toEqual([true, false]);
    await report(second.tab, true);
    expect(core.windowVisible).toEqual([true, false, true]);
  });

  it('tells the core the window is hidden when the last visible tab goes', async () => {
    await open(false);
    const shown = await open(true);
    shown.close();
    await vi.waitFor(() => expect(core.windowVisible).toEqual([true, false]), { timeout: 10_000 });
  });

  it('stays visible when a hidden tab goes and a visible one remains', async () => {
    await open(true);
    const hidden = await open(false);
    hidden.close();
    await vi.waitFor(() => expect(core.listenerCount).toBe(1), { timeout: 10_000 });
    expect(core.windowVisible).toEqual([true]);
  });

  it('answers 422 to a report for an unknown tab and changes nothing', async () => {
    const response = await report('no-such-tab', true);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/tab id/);
    expect(core.windowVisible).toEqual([]);
  });

  it('answers 422 to a report for a tab whose stream closed', async () => {
    const stream = await open(true);
    stream.close();
    await vi.waitFor(() => expect(core.windowVisible).toEqual([true, false]), { timeout: 10_000 });
    expect((await report(stream.tab, true)).status).toBe(422);
    expect(core.windowVisible).toEqual([true, false]);
  });
});
