/**
 * `npm run web -- --service-url URL --classroom ID` as a laptop meets it in the morning: the
 * flags name the account of this run whatever the network says, and only what the service
 * confirms is saved. In-process, on the real core, with a keychain that cannot load.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { silentLogger } from '../../src-main/core/logger';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { parseAccountData } from '../../src-main/local-service/fixture';
import type { RunningPreview } from '../../src-main/preview/runPreview';
import { runPreview } from '../../src-main/preview/runPreview';
import { accountFixture } from '../support/fixtures';
import { freePort } from '../support/freePort';
import { tempDir } from '../support/tempDir';
import { rendererDir } from './previewApp';
import { signIn } from './session';

const TOKEN = 'launch-token-0123456789';

let dataDir: string;
let staticDir: string;
let printed: string[];
let preview: RunningPreview | null;
let service: RunningLocalService | null;
let serviceUrl: string;

beforeEach(async () => {
  dataDir = await tempDir('classtray-launch-data');
  staticDir = await rendererDir();
  printed = [];
  preview = null;
  service = null;
  serviceUrl = `http://127.0.0.1:${await freePort()}`;
});
afterEach(async () => {
  await preview?.close();
  await service?.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** The local service on the launch's port, from now on. */
async function serviceComesUp(): Promise<void> {
  service = await startLocalService({
    token: TOKEN,
    fixture: parseAccountData(accountFixture(12), 'test fixture'),
    port: Number(new URL(serviceUrl).port),
  });
}

async function start(env: Record<string, string>, ...args: string[]) {
  const running = await runPreview(
    ['--data-dir', dataDir, '--port', '0', '--no-open', '--service-url', serviceUrl, ...args],
    env,
    {
      rendererDir: staticDir,
      print: (line) => printed.push(line),
      classTray: {
        loadKeytar: () => Promise.reject(new Error('no keychain in tests')),
        log: silentLogger,
      },
    },
  );
  if (running === null) throw new Error('runPreview printed its help instead of starting.');
  preview = running;
  const cookie = await signIn(running);
  return {
    state: async (): Promise<ClassTrayState> =>
      (await fetch(`${running.url}/api/state`, { headers: { cookie } })).json(),
    refresh: () =>
      fetch(`${running.url}/api/actions/refresh`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      }),
  };
}

/** What settings.json holds (nothing at all is fine: nothing was saved). */
async function saved(): Promise<{ serviceUrl?: string; classrooms?: { current?: string } }> {
  const file = join(dataDir, 'settings.json');
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : {};
}

describe('launch flags while the service does not answer yet', () => {
  it('starts on that account and classroom, says so, and saves nothing', async () => {
    const window = await start({ CLASSTRAY_TOKEN: TOKEN }, '--classroom', 'room-a');
    await vi.waitFor(async () => expect((await window.state()).connection.status).toBe('offline'), {
      timeout: 10_000,
    });
    const state = await window.state();
    expect(state.account).toMatchObject({ mode: 'service', serviceUrl });
    expect(state.classroom.id).toBe('room-a');
    expect(printed[0]).toMatch(
      new RegExp(
        `^ClassTray preview: ${serviceUrl} cannot be reached yet \\(.+\\): .+ nothing is saved until it answers\\.$`,
      ),
    );
    expect(printed.join('\n')).not.toMatch(/demo data|no classroom with the id/);
    expect((await saved()).serviceUrl ?? null).toBeNull();
    expect((await saved()).classrooms?.current ?? null).toBeNull();
  });

  it('shows the room once the service answers, and only then saves the account and classroom', async () => {
    const window = await start({ CLASSTRAY_TOKEN: TOKEN }, '--classroom', 'room-a');
    await serviceComesUp();
    await window.refresh();
    const state = await window.state();
    expect(state.connection.status).toBe('ok');
    expect(state.classroom.devices).toHaveLength(4);
    expect(await saved()).toMatchObject({ serviceUrl, classrooms: { current: 'room-a' } });
  });

  it('runs on that account without --classroom, not on the demo school', async () => {
    const window = await start({ CLASSTRAY_TOKEN: TOKEN });
    expect((await window.state()).account).toMatchObject({ mode: 'service', serviceUrl });
    expect(printed.at(-2)).toMatch(/\(service http:\/\/127\.0\.0\.1:\d+\)$/);
  });
});

describe('launch flags against a service that answers', () => {
  it('says no API token is saved when there is none, never that one was rejected', async () => {
    await serviceComesUp();
    const window = await start({}, '--classroom', 'room-a');
    const { connection } = await window.state();
    expect(connection).toMatchObject({ status: 'unauthorized', problem: { kind: 'no-token' } });
    expect(printed).toEqual([
      expect.stringMatching(/; no API token: set CLASSTRAY_TOKEN\)$/),
      expect.stringMatching(/^ClassTray preview: sign in by opening file:/),
    ]);
    expect((await saved()).serviceUrl ?? null).toBeNull();
  });

  it('says the token was rejected, stays on that account and saves nothing', async () => {
    await serviceComesUp();
    const window = await start({ CLASSTRAY_TOKEN: 'not-the-token' }, '--classroom', 'room-a');
    expect(printed[0]).toMatch(
      new RegExp(
        `^ClassTray preview: ${serviceUrl} rejected the API token \\(.+\\): set the right one in Settings or CLASSTRAY_TOKEN; nothing is saved until it answers\\.$`,
      ),
    );
    const state = await window.state();
    expect(state.account).toMatchObject({ mode: 'service', serviceUrl });
    expect((await saved()).serviceUrl ?? null).toBeNull();
    // In the log too (the terminal is not kept), never the token.
    const log = await readFile(join(dataDir, 'logs', 'classtray.log'), 'utf8');
    expect(log).toMatch(
      new RegExp(`\\[warn\\] +\\[preview\\] ${serviceUrl} rejected the API token \\(`),
    );
    expect(log).not.toContain('not-the-token');
  });

  it("refuses a classroom on the service's own 404, with the sentence the window uses", async () => {
    await serviceComesUp();
    await expect(start({ CLASSTRAY_TOKEN: TOKEN }, '--classroom', 'room-zz')).rejects.toThrow(
      'The service has no classroom with the id "room-zz".',
    );
    expect((await saved()).classrooms?.current ?? null).toBeNull();
  });

  it('saves the account and classroom it confirmed at launch', async () => {
    await serviceComesUp();
    await start({ CLASSTRAY_TOKEN: TOKEN }, '--classroom', 'room-a');
    // The address and its launch page: nothing to say about the launch.
    expect(printed).toHaveLength(2);
    expect(await saved()).toMatchObject({ serviceUrl, classrooms: { current: 'room-a' } });
  });
});
