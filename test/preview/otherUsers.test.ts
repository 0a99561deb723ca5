/**
 * Another user of the computer cannot hold the preview (issue 47): 100 sockets from "nobody"
 * (when the tests run as root; else from this user, which TCP on 127.0.0.1 cannot tell apart),
 * each with half a request head, while the teacher's browser asks on a new socket of its own.
 */
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import type { TestContext } from 'vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningPreviewServer } from '../../src-main/preview/server';
import { childProcesses } from '../support/childProcesses';
import { servePreview } from './previewApp';
import { signIn } from './session';

const HALF_REQUESTS = path.join(import.meta.dirname, '..', 'support', 'halfRequests.ts');
const startChild = childProcesses();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The teacher's request on a socket of its own (no pooled one): its status. */
async function teacherAsks(server: RunningPreviewServer, cookie: string): Promise<number> {
  const request = http.get(`${server.url}/api/state`, { headers: { cookie }, agent: false });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.statusCode ?? 0;
}

/** The other user, once it holds 100 sockets to the server, each with half a request head. */
async function otherUserHolding100(test: TestContext, server: RunningPreviewServer) {
  const other = await startChild.unprivileged(
    test,
    HALF_REQUESTS,
    [new URL(server.url).port, '100'],
    /holding 100\n/,
  );
  await other.ready;
  return other;
}

/** How many of the other user's sockets the server has closed so far. */
const closedSoFar = (output: string): number =>
  Math.max(0, ...[...output.matchAll(/^closed (\d+)$/gm)].map((match) => Number(match[1])));

describe('another user holding half-sent requests', { timeout: 60_000 }, () => {
  it("does not stop the teacher's requests: the oldest socket not signed in makes way", async (test) => {
    // Never closed by their timer during the test: only the making way is looked at.
    const server = await servePreview(cleanups, { notSignedInMs: 3_600_000, maxNotSignedIn: 8 });
    const cookie = await signIn(server);
    const other = await otherUserHolding100(test, server);
    expect(await teacherAsks(server, cookie)).toBe(200);
    expect(await teacherAsks(server, cookie)).toBe(200);
    // Of the 100, at most maxNotSignedIn (8) were ever left open.
    await vi.waitFor(() => expect(closedSoFar(other.output().stdout)).toBeGreaterThanOrEqual(92));
  });

  it('closes every socket that does not sign in within the time allowed', async (test) => {
    const server = await servePreview(cleanups, { notSignedInMs: 50 });
    const other = await otherUserHolding100(test, server);
    await vi.waitFor(() => expect(closedSoFar(other.output().stdout)).toBe(100), {
      timeout: 30_000,
    });
    // The teacher still gets in.
    expect(await teacherAsks(server, await signIn(server))).toBe(200);
  });
});
