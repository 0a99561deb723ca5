/**
 * The preview's Open log folder and Copy diagnostics routes (protocol.ts): the folder and the
 * text for the authenticated page only, from its own origin, with no input.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src-main/core/logger';
import { openLogFile } from '../../src-main/hosts/logFile';
import { previewSupport } from '../../src-main/preview/supportActions';
import { FakeClassTray } from '../support/fakeClassTray';
import { classTrayState } from '../support/classTrayState';
import { tempDir } from '../support/tempDir';
import type { PreviewTestApp } from './previewApp';
import { HOST, previewTestApp } from './previewApp';

let preview: PreviewTestApp | undefined;
afterEach(async () => {
  await preview?.close();
  preview = undefined;
});

async function withSupport() {
  const logFile = openLogFile(path.join(await tempDir(), 'logs'), {
    console: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const log = createLogger(logFile.sink, 'core');
  for (let index = 1; index <= 210; index++) log.info(`line ${index}`);
  const core = new FakeClassTray(
    classTrayState({
      schoolPolicy: {
        inForce: [
          { name: 'AuthHeader', value: 'X-Secret-Name', how: 'locked', source: '/tmp/p.json' },
        ],
        ignored: [],
      },
    }),
  );
  const app = await previewTestApp({ support: previewSupport(core, logFile) });
  preview = app;
  return { logFile, app };
}

describe('POST /api/log-folder', () => {
  it('answers where the log is: a page cannot open a folder', async () => {
    const { logFile, app } = await withSupport();
    const response = await app.post('/api/log-folder', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ folder: logFile.folder, opened: false });
  });

  it('takes no input, and answers 404 where the host has no log', async () => {
    const { app } = await withSupport();
    expect((await app.post('/api/log-folder', { folder: '/etc' })).statusCode).toBe(422);
    await app.close();
    const without = await previewTestApp();
    preview = without;
    expect((await without.post('/api/log-folder', {})).statusCode).toBe(404);
    expect((await without.post('/api/diagnostics', {})).statusCode).toBe(404);
  });
});

describe('POST /api/diagnostics', () => {
  it('answers the text for support: the preview, Node, the policy by key and source, the last 200 lines', async () => {
    const { logFile, app } = await withSupport();
    const response = await app.post('/api/diagnostics', {});
    expect(response.statusCode).toBe(200);
    const text = response.json<{ text: string }>().text;
    expect(text).toMatch(/^ClassTray diagnostics, /);
    expect(text).toMatch(/\nClassTray \d+\.\d+\.\d+ \(browser preview\)\n/);
    expect(text).toContain(`Electron: none (plain Node), Node ${process.versions.node}`);
    expect(text).toContain(`Log folder: ${logFile.folder}`);
    expect(text).toContain('  AuthHeader: locked, from /tmp/p.json');
    expect(text).not.toContain('X-Secret-Name');
    const logged = [...text.matchAll(/\[core\] line (\d+)$/gm)].map((match) => Number(match[1]));
    expect(logged).toEqual(Array.from({ length: 200 }, (_, index) => 11 + index));
  });

  it('answers no one but the preview page from its own origin', async () => {
    const { app } = await withSupport();
    const anonymous = await app.app.inject({
      method: 'POST',
      url: '/api/diagnostics',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await app.postAsIs('/api/diagnostics', {
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(JSON.stringify([anonymous.json(), crossSite.json()])).not.toContain('line 210');
  });
});
