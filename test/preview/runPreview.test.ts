/**
 * `npm run web` in-process, on the real core in demo mode: a temporary data directory, no
 * CLASSTRAY_TOKEN and a keychain that cannot load, so nothing outside the test is touched.
 */
import { existsSync } from 'node:fs';
import { chmod, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import type { RunningPreview } from '../../src-main/preview/runPreview';
import { runPreview } from '../../src-main/preview/runPreview';
import { rendererDir } from './previewApp';
import { launchKey, openEvents, signIn } from './session';
import { tempDir } from '../support/tempDir';

let dataDir: string;
let staticDir: string;
let printed: string[];
let opened: string[];
let preview: RunningPreview | null;

beforeEach(async () => {
  dataDir = await tempDir('classtray-preview-data');
  staticDir = await rendererDir();
  printed = [];
  opened = [];
  preview = null;
});
afterEach(async () => {
  await preview?.close();
  await rm(staticDir, { recursive: true, force: true });
});

async function start(...args: string[]): Promise<RunningPreview> {
  const running = await runPreview(
    ['--data-dir', dataDir, '--port', '0', ...args],
    {},
    {
      rendererDir: staticDir,
      print: (line) => printed.push(line),
      openBrowser: async (url) => opened.push(url),
      classTray: {
        loadKeytar: () => Promise.reject(new Error('no keychain in tests')),
        log: silentLogger,
      },
    },
  );
  if (running === null) throw new Error('runPreview printed its help instead of starting.');
  preview = running;
  return running;
}

function post(running: RunningPreview, cookie: string, path: string, body: unknown) {
  return fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('runPreview', () => {
  it('prints the address with the mode, and the launch page in the data folder, never its key', async () => {
    const running = await start('--no-open');
    const launchUrl = pathToFileURL(join(dataDir, 'preview-launch.html')).href;
    expect(running.launchUrl).toBe(launchUrl);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed).toEqual([
      `ClassTray preview: ${running.url}  (demo data)`,
      `ClassTray preview: sign in by opening ${launchUrl} in a browser on this computer; the address above then works in that browser.`,
    ]);
    expect(printed.join('\n')).not.toContain(await launchKey(launchUrl));
  });

  it('opens nothing with --no-open', async () => {
    await start('--no-open');
    expect(opened).toEqual([]);
  });

  it('opens the launch page in the browser without --no-open: the key is on no command line', async () => {
    const running = await start();
    expect(opened).toEqual([running.launchUrl]);
    expect(opened.join(' ')).not.toContain(await launchKey(running.launchUrl));
  });

  it('signs a browser in with the launch page, and removes it when it stops', async () => {
    // One left by a start that was killed, and wider than it should be: replaced whole.
    const file = join(dataDir, 'preview-launch.html');
    await writeFile(file, 'name="key" value="an-earlier-key"', { mode: 0o644 });
    await chmod(file, 0o644);
    const running = await start('--no-open');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await launchKey(running.launchUrl)).not.toBe('an-earlier-key');
    const cookie = await signIn(running);
    expect((await fetch(`${running.url}/api/state`, { headers: { cookie } })).status).toBe(200);
    await running.close();
    preview = null;
    expect(existsSync(join(dataDir, 'preview-launch.html'))).toBe(false);
  });

  it('says how to go on when no browser can be opened', async () => {
    const running = await runPreview(
      ['--data-dir', dataDir, '--port', '0'],
      {},
      {
        rendererDir: staticDir,
        print: (line) => printed.push(line),
        openBrowser: () => Promise.reject(new Error('xdg-open: not found')),
        classTray: {
          loadKeytar: () => Promise.reject(new Error('no keychain')),
          log: silentLogger,
        },
      },
    );
    preview = running;
    expect(printed.at(-1)).toBe('No browser could be opened: open the launch page above yourself.');
  });

  it('applies --classroom and --poll-seconds through the core', async () => {
    const running = await start('--no-open', '--classroom', 'library', '--poll-seconds', '30');
    const cookie = await signIn(running);
    const state = await (await fetch(`${running.url}/api/state`, { headers: { cookie } })).json();
    expect(state.classroom.id).toBe('library');
    expect(state.preferences.poll.visibleSeconds).toBe(30);
  });

  it('says plainly when the port is taken', async () => {
    const running = await start('--no-open');
    const port = new URL(running.url).port;
    await expect(
      runPreview(
        ['--data-dir', join(dataDir, 'second'), '--port', port, '--no-open'],
        {},
        {
          rendererDir: staticDir,
          classTray: {
            loadKeytar: () => Promise.reject(new Error('no keychain')),
            log: silentLogger,
          },
        },
      ),
    ).rejects.toThrow(`port ${port} is already in use.`);
  });

  it('prints help and starts nothing for --help', async () => {
    const running = await runPreview(['--help'], {}, { print: (line) => printed.push(line) });
    expect(running).toBeNull();
    expect(printed[0]).toMatch(/^Usage: npm run web/);
  });
});

describe('the preview on the real core (demo data)', () => {
  it('serves the demo classroom after the key exchange', async () => {
    const running = await start('--no-open', '--classroom', 'room-12');
    const cookie = await signIn(running);
    await vi.waitFor(
      async () => {
        const state = await (
          await fetch(`${running.url}/api/state`, { headers: { cookie } })
        ).json();
        expect(state.account.mode).toBe('demo');
        expect(state.classroom.devices).toHaveLength(24);
      },
      { timeout: 10_000 },
    );
  });

  it('answers 401 to a request without the cookie', async () => {
    const running = await start('--no-open');
    expect((await fetch(`${running.url}/api/state`)).status).toBe(401);
  });

  it('runs an action and shows its effect in the next snapshot', async () => {
    const running = await start('--no-open');
    const cookie = await signIn(running);
    const reply = await post(running, cookie, '/api/actions/selectClassroom', { id: 'library' });
    expect(await reply.json()).toEqual({ result: null });
    const state = await (await fetch(`${running.url}/api/state`, { headers: { cookie } })).json();
    expect(state.classroom.id).toBe('library');
  });

  it('answers 422 with the core sentence for input the core refuses', async () => {
    const running = await start('--no-open');
    const cookie = await signIn(running);
    const reply = await post(running, cookie, '/api/actions/selectClassroom', { id: '' });
    expect(reply.status).toBe(422);
    expect((await reply.json()).error).toMatch(/^selectClassroom: id: .+\.$/);
  });

  it('pushes the change an action makes to the event stream', async () => {
    const running = await start('--no-open');
    const cookie = await signIn(running);
    const events = await openEvents(running, cookie);
    try {
      await post(running, cookie, '/api/actions/updatePreferences', { language: 'es' });
      let change: unknown;
      do change = await events.nextChange();
      while ((change as { type: string }).type !== 'preferences');
      expect(change).toMatchObject({ preferences: { language: 'es' } });
    } finally {
      events.close();
    }
  });
});
