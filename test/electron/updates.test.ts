/**
 * The updater: its decisions with electron-updater's events mocked (as Gitify tests its
 * updater), and electron-updater itself reading a generic feed served on 127.0.0.1 through the
 * configuration a packaged app carries (resources/app-update.yml).
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedPolicy } from '../../src-main/core/policy/managedPolicy';
import type { Updater, UpdateOptions } from '../../src-main/electron/updates';
import { CHECK_EVERY_MS, loadAutoUpdater, startUpdates } from '../../src-main/electron/updates';
import { manualTimers } from '../support/manualTimers';
import { recordingLogger } from '../support/recordingLogger';
import { tempDir } from '../support/tempDir';

/** electron-updater's autoUpdater, as the mocked module hands it out. */
class MockUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  channel: string | null = null;
  setFeedURL = vi.fn();
  checkForUpdates = vi.fn(async () => null);
  quitAndInstall = vi.fn();
}
const mocked = vi.hoisted((): { updater: unknown } => ({ updater: undefined }));
vi.mock('electron-updater', () => ({
  default: {
    get autoUpdater() {
      return mocked.updater;
    },
  },
}));

let updater: MockUpdater;
beforeEach(() => {
  updater = new MockUpdater();
  mocked.updater = updater;
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(options: Partial<UpdateOptions> = {}) {
  const manual = manualTimers(Date.now());
  const { log, lines } = recordingLogger();
  const onReady = vi.fn();
  const loadUpdater = vi.fn(loadAutoUpdater);
  const started = startUpdates({
    isPackaged: true,
    loadUpdater,
    policy: { locked: {}, defaults: {} },
    scheduledEndsSettled: async () => undefined,
    timers: manual.timers,
    log,
    onReady,
    ...options,
  }).then((updates) => {
    if (updates) cleanups.push(() => updates.stop());
    return updates;
  });
  return { started, manual, lines, onReady, loadUpdater };
}

describe('when ClassTray updates (electron-updater mocked)', () => {
  it('never in an unpackaged run: electron-updater is not even loaded', async () => {
    const { started, loadUpdater } = start({ isPackaged: false });
    expect(await started).toBeUndefined();
    expect(loadUpdater).not.toHaveBeenCalled();
  });

  it.each<[string, ManagedPolicy]>([
    ['locked', { locked: { UpdatesEnabled: false }, defaults: {} }],
    ['a default', { locked: {}, defaults: { UpdatesEnabled: false } }],
  ])('never when the school turned updates off (%s)', async (_, policy) => {
    const { started, loadUpdater, lines } = start({ policy });
    expect(await started).toBeUndefined();
    expect(loadUpdater).not.toHaveBeenCalled();
    expect(lines).toEqual(['Updates are off: the school deploys each version.']);
  });

  it('checks at start and then daily, downloading in the background', async () => {
    const { started, manual } = start();
    await started;
    expect(updater.autoDownload).toBe(true);
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    manual.advance(CHECK_EVERY_MS - 1);
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    manual.advance(1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(manual.waits()).toEqual([CHECK_EVERY_MS]);
  });

  it("takes the school's feed and channel", async () => {
    const feed = 'https://updates.school.example/classtray';
    const { started } = start({
      policy: { locked: { UpdateFeedUrl: feed }, defaults: { UpdateChannel: 'beta' } },
    });
    await started;
    expect(updater.setFeedURL).toHaveBeenCalledExactlyOnceWith({ provider: 'generic', url: feed });
    expect(updater.channel).toBe('beta');
  });

  it('offers the downloaded version, and restarts into it only once no scheduled end runs', async () => {
    let endDone: () => void = () => undefined;
    const settled = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          endDone = resolve;
        }),
    );
    const { started, onReady, lines } = start({ scheduledEndsSettled: settled });
    const updates = await started;
    expect(updates?.ready).toBeNull();
    // Nothing downloaded yet: nothing to restart into.
    await updates?.restart();
    expect(settled).not.toHaveBeenCalled();

    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(updates?.ready).toBe('0.2.0');
    expect(onReady).toHaveBeenCalledOnce();
    expect(lines).toContain('Update 0.2.0 downloaded: offered as Restart to update.');

    const restarting = updates?.restart();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toHaveBeenCalledOnce();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    endDone();
    await restarting;
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('logs a failed check and goes on', async () => {
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const { started, lines } = start();
    await started;
    updater.emit('error', new Error('sha512 checksum mismatch'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      'Update check failed: net::ERR_NAME_NOT_RESOLVED',
      'Update check failed: sha512 checksum mismatch',
    ]);
  });
});

/** electron-updater itself, not the mock: its Linux deb updater, as a packaged app makes it. */
const real = createRequire(import.meta.url)('electron-updater') as {
  DebUpdater: new (options: null, app: unknown) => Updater & { httpExecutor: unknown };
};
const { ElectronHttpExecutor } = createRequire(import.meta.url)(
  'electron-updater/out/electronHttpExecutor',
) as { ElectronHttpExecutor: new () => object };

/** electron-updater's own requests and downloads, through Node's http instead of Electron's net. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
    const request = http.request(options);
    request.on('response', callback);
    return request;
  }
}

/** A generic feed on 127.0.0.1: latest-linux.yml naming one .deb, and that file. */
async function serveFeed(version: string) {
  const deb = Buffer.from(`not really a deb, version ${version}`);
  const sha512 = createHash('sha512').update(deb).digest('base64');
  const debName = `classtray_${version}_amd64.deb`;
  const latest = [
    `version: ${version}`,
    'files:',
    `  - url: ${debName}`,
    `    sha512: ${sha512}`,
    `    size: ${deb.length}`,
    `path: ${debName}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-24T09:00:00.000Z'",
  ].join('\n');
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    const file = new URL(request.url ?? '/', 'http://feed').pathname;
    asked.push(file);
    if (file === '/latest-linux.yml') response.end(latest);
    else if (file === `/${debName}`) response.end(deb);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked };
}

describe('a generic feed on 127.0.0.1, read by electron-updater through app-update.yml', () => {
  it('finds the newer version in latest-linux.yml, downloads it, checks it and offers it', async () => {
    const feed = await serveFeed('0.2.0');
    const dir = await tempDir();
    // As electron-builder writes it from `publish` (test/electron/packaging.test.ts), the URL
    // pointed at this feed.
    const appUpdateConfig = path.join(dir, 'app-update.yml');
    fs.writeFileSync(
      appUpdateConfig,
      `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: classtray-updater\n`,
    );
    const app = {
      version: '0.1.0',
      name: 'ClassTray',
      isPackaged: true,
      appUpdateConfigPath: appUpdateConfig,
      userDataPath: dir,
      baseCachePath: dir,
      whenReady: async () => undefined,
      relaunch: vi.fn(),
      quit: vi.fn(),
      onQuit: () => undefined,
    };
    const debUpdater = new real.DebUpdater(null, app);
    // Electron's net stands in for Node's http outside Electron.
    debUpdater.httpExecutor = new NodeHttpExecutor();
    const downloaded = new Promise((resolve) => debUpdater.on('update-downloaded', resolve));

    const { started, onReady, lines } = start({ loadUpdater: async () => debUpdater });
    const updates = await started;
    await downloaded;

    expect(onReady).toHaveBeenCalledOnce();
    expect(updates?.ready).toBe('0.2.0');
    expect(feed.asked.map((file) => file.replace(/\?.*$/, ''))).toEqual([
      '/latest-linux.yml',
      '/classtray_0.2.0_amd64.deb',
    ]);
    expect(
      fs
        .readdirSync(path.join(dir, 'classtray-updater', 'pending'))
        .filter((f) => f.endsWith('.deb')),
    ).toEqual(['classtray_0.2.0_amd64.deb']);
    expect(lines).toContain('Update 0.2.0 downloaded: offered as Restart to update.');
    expect(app.quit).not.toHaveBeenCalled();
  });
});
