/**
 * The updater: its decisions with electron-updater's events mocked (as Gitify tests its
 * updater), and electron-updater itself reading a generic feed served on 127.0.0.1 through the
 * configuration a packaged app carries (resources/app-update.yml): a newer version, an older one
 * offered under a channel, a latest-linux.yml that never ends, a feed that never answers, and an
 * installer whose sha512 does not match.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedPolicy } from '../../../src-main/core/policy/policyChecker';
import type { Installer } from '../../../src-main/electron/updates/installs';
import { METADATA_LIMITS } from '../../../src-main/electron/updates/updateDownloads';
import type {
  Updater,
  UpdateOptions,
  UpdateStatus,
} from '../../../src-main/electron/updates/updates';
import {
  CHECK_EVERY_MS,
  failureLine,
  loadAutoUpdater,
  startUpdates,
} from '../../../src-main/electron/updates/updates';
import { manualTimers } from '../../support/manualTimers';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';

/** electron-updater's autoUpdater, as the mocked module hands it out; its channel setter too. */
class MockUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = false;
  #channel: string | null = null;
  get channel(): string | null {
    return this.#channel;
  }
  // As AppUpdater's: setting a channel allows downgrades.
  set channel(value: string | null) {
    this.#channel = value;
    this.allowDowngrade = true;
  }
  updateConfigPath: string | null = 'never set';
  httpExecutor = { createRequest: vi.fn(), request: vi.fn(), downloadToBuffer: vi.fn() };
  setFeedURL = vi.fn();
  checkForUpdates = vi.fn(async (): Promise<{ downloadPromise?: Promise<unknown> } | null> => null);
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

/** Everything that escaped as an unhandled rejection while a test ran. */
const escaped: unknown[] = [];
const onEscape = (reason: unknown): void => {
  escaped.push(reason);
};
beforeEach(() => {
  escaped.length = 0;
  process.on('unhandledRejection', onEscape);
});
afterEach(() => {
  process.off('unhandledRejection', onEscape);
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

function start(options: Partial<Omit<UpdateOptions, 'policy'>> & { policy?: ManagedPolicy } = {}) {
  const manual = manualTimers(Date.now());
  const { log, lines } = recordingLogger();
  const onChange = vi.fn((_status: UpdateStatus) => undefined);
  const loadUpdater = vi.fn(loadAutoUpdater);
  let policy: ManagedPolicy = options.policy ?? { locked: {}, defaults: {} };
  const updates = startUpdates({
    installer: { kind: 'self-updating' },
    loadUpdater,
    scheduledEndsSettled: async () => undefined,
    timers: manual.timers,
    log,
    onChange,
    ...options,
    policy: () => policy,
  });
  cleanups.push(() => updates.stop());
  /** IT changes the policy; the next read of it (followPolicy) applies it. */
  const setPolicy = (next: ManagedPolicy): void => {
    policy = next;
    updates.followPolicy();
  };
  return { updates, manual, lines, onChange, loadUpdater, setPolicy };
}

describe('when ClassTray updates (electron-updater mocked)', () => {
  it.each<[Installer, UpdateStatus['by'], string[]]>([
    [{ kind: 'not-installed' }, 'none', []],
    [{ kind: 'msi' }, 'school-msi', ['Installed from the MSI: the school deploys each version.']],
    [
      { kind: 'deb' },
      'school-deb',
      ['Installed from the deb package: the school deploys each version.'],
    ],
    [
      { kind: 'nsis-per-machine', administrator: false },
      'school-admin-rights',
      ['Installed for every user, without admin rights here: the school deploys each version.'],
    ],
    [
      { kind: 'unsigned' },
      'unsigned-build',
      [
        'This build is not signed (no publisherName in app-update.yml): updates are off, the school deploys each version.',
      ],
    ],
  ])('never for %j: electron-updater is not even loaded', async (installer, by, said) => {
    const { updates, loadUpdater, lines } = start({ installer });
    await settle();
    expect(updates.status).toEqual({ by, ready: null, failed: false });
    expect(loadUpdater).not.toHaveBeenCalled();
    expect(lines).toEqual(said);
  });

  it.each<[string, ManagedPolicy]>([
    ['locked', { locked: { UpdatesEnabled: false }, defaults: {} }],
    ['a default', { locked: {}, defaults: { UpdatesEnabled: false } }],
  ])('never when the school turned updates off (%s)', async (_, policy) => {
    const { updates, loadUpdater, lines } = start({ policy });
    await settle();
    expect(updates.status.by).toBe('school-policy');
    expect(loadUpdater).not.toHaveBeenCalled();
    expect(lines).toEqual(['Updates are off: the school deploys each version.']);
  });

  it('checks at start and then daily, downloading in the background', async () => {
    const { updates, manual } = start();
    await settle();
    expect(updates.status.by).toBe('app');
    expect(updater.autoDownload).toBe(true);
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    // The feed of app-update.yml, and no channel of its own.
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.updateConfigPath).toBeNull();
    expect(updater.channel).toBeNull();
    manual.advance(CHECK_EVERY_MS - 1);
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    manual.advance(1);
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(manual.waits()).toEqual([CHECK_EVERY_MS]);
  });

  it("takes the school's feed and channel, and still refuses a downgrade after the channel", async () => {
    const feed = 'https://updates.school.example/classtray';
    start({ policy: { locked: { UpdateFeedUrl: feed }, defaults: { UpdateChannel: 'beta' } } });
    await settle();
    expect(updater.setFeedURL).toHaveBeenCalledExactlyOnceWith({ provider: 'generic', url: feed });
    expect(updater.channel).toBe('beta');
    expect(updater.allowDowngrade).toBe(false);
  });

  it('allows a downgrade only when IT does (AllowUpdateDowngrade)', async () => {
    start({ policy: { locked: { AllowUpdateDowngrade: true }, defaults: {} } });
    await settle();
    expect(updater.allowDowngrade).toBe(true);
  });

  it('follows a change of the update keys at the next read of the policy, no restart', async () => {
    const { updates, setPolicy, lines, manual } = start();
    await settle();
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(updates.status.ready).toBe('0.2.0');

    // Off: nothing offered, nothing installed on quit, no more checks.
    setPolicy({ locked: { UpdatesEnabled: false }, defaults: {} });
    await settle();
    expect(updates.status).toEqual({ by: 'school-policy', ready: null, failed: false });
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(manual.waits()).toEqual([]);

    // On again, under another feed and channel: checked at once with them.
    const feed = 'https://updates.school.example/classtray';
    setPolicy({ locked: { UpdateFeedUrl: feed, UpdateChannel: 'beta' }, defaults: {} });
    await settle();
    expect(updates.status.by).toBe('app');
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(updater.setFeedURL).toHaveBeenLastCalledWith({ provider: 'generic', url: feed });
    expect(updater.channel).toBe('beta');
    expect(updater.allowDowngrade).toBe(false);

    // Both gone: back to app-update.yml's feed and the latest channel.
    setPolicy({ locked: {}, defaults: {} });
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(3);
    expect(updater.updateConfigPath).toBeNull();
    expect(updater.channel).toBe('latest');
    expect(updater.allowDowngrade).toBe(false);
    // The same policy read again changes nothing.
    setPolicy({ locked: {}, defaults: {} });
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(3);
    expect(lines).toContain('The update policy changed: checking again under it.');
  });

  it('offers the downloaded version, and restarts into it silently once no scheduled end runs', async () => {
    let endDone: () => void = () => undefined;
    const settled = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          endDone = resolve;
        }),
    );
    const { updates, onChange, lines } = start({ scheduledEndsSettled: settled });
    await settle();
    expect(updates.status.ready).toBeNull();
    // Nothing downloaded yet: nothing to restart into.
    await updates.restart();
    expect(settled).not.toHaveBeenCalled();
    updater.autoInstallOnAppQuit = false;

    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(updates.status.ready).toBe('0.2.0');
    expect(onChange).toHaveBeenLastCalledWith({ by: 'app', ready: '0.2.0', failed: false });
    expect(lines).toContain('Update 0.2.0 downloaded: offered as Restart to update.');
    expect(updater.autoInstallOnAppQuit).toBe(true);

    const restarting = updates.restart();
    await settle();
    expect(settled).toHaveBeenCalledOnce();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    endDone();
    await restarting;
    // Silent (no installer pages), and started again once installed.
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
  });

  it('per machine, for an administrator: installs only when asked, never on quit', async () => {
    const { updates } = start({ installer: { kind: 'nsis-per-machine', administrator: true } });
    await settle();
    expect(updates.status.by).toBe('app');
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await updates.restart();
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
  });

  it('logs a failure once, says it in the tray until a check succeeds, and lets nothing escape', async () => {
    const failure = new Error('sha512 checksum mismatch, expected abc, got def\nHeaders: {}');
    updater.checkForUpdates.mockImplementationOnce(async () => {
      // As electron-updater does: the error event, and the download's promise rejected with it.
      updater.emit('error', failure);
      return { downloadPromise: Promise.reject(failure) };
    });
    const { updates, lines, onChange, manual } = start();
    await settle();
    expect(lines).toEqual(['Update failed: sha512 checksum mismatch, expected abc, got def']);
    expect(updates.status.failed).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith({ by: 'app', ready: null, failed: true });

    // A rejection electron-updater did not emit is logged all the same.
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_NAME_NOT_RESOLVED'));
    manual.advance(CHECK_EVERY_MS);
    await settle();
    expect(lines.at(-1)).toBe('Update failed: net::ERR_NAME_NOT_RESOLVED');

    manual.advance(CHECK_EVERY_MS);
    await settle();
    expect(updates.status.failed).toBe(false);
    expect(escaped).toEqual([]);
  });

  it('keeps updates off when the updater cannot be bounded, and says so', async () => {
    Reflect.deleteProperty(updater, 'httpExecutor');
    const { updates, lines } = start();
    await settle();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    expect(updates.status.failed).toBe(true);
    expect(lines).toEqual([
      "Update failed: electron-updater's downloads cannot be bounded (no HttpExecutor found)",
    ]);
  });

  it('writes a failure as one printable line of at most 200 characters', () => {
    expect(failureLine(new Error('first\u0007 line\nsecond line'))).toBe('first  line');
    expect(failureLine('x'.repeat(300))).toHaveLength(200);
  });
});

/** electron-updater itself, not the mock: its Linux deb updater, as a packaged app makes it. */
const real = createRequire(import.meta.url)('electron-updater') as {
  DebUpdater: new (
    options: null,
    app: unknown,
  ) => Updater & EventEmitter & { httpExecutor: unknown };
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

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A feed on 127.0.0.1, its files answered by `routes` (by path, without the query). */
async function serve(routes: Record<string, Route>) {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    const file = new URL(request.url ?? '/', 'http://feed').pathname;
    asked.push(file);
    const route = routes[file];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked };
}

/** latest-linux.yml naming one .deb of `version`, and that file (`served`: other bytes). */
function debFeed(version: string, served?: Buffer): Record<string, Route> {
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
  return {
    '/latest-linux.yml': (_, response) => response.end(latest),
    [`/${debName}`]: (_, response) => response.end(served ?? deb),
  };
}

/** electron-updater's deb updater of an installed 0.1.0, its app-update.yml naming `feedUrl`. */
async function installedDebUpdater(feedUrl: string) {
  const dir = await tempDir();
  // As electron-builder writes it from `publish` (test/electron/packaging.test.ts), the URL
  // pointed at this feed.
  const appUpdateConfig = path.join(dir, 'app-update.yml');
  fs.writeFileSync(
    appUpdateConfig,
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: classtray-updater\n`,
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
  const downloaded = vi.fn();
  debUpdater.on('update-downloaded', downloaded);
  const notAvailable = vi.fn();
  debUpdater.on('update-not-available', notAvailable);
  const errors: Error[] = [];
  debUpdater.on('error', (error: Error) => errors.push(error));
  return { debUpdater, app, dir, downloaded, notAvailable, errors };
}

describe('a generic feed on 127.0.0.1, read by electron-updater through app-update.yml', () => {
  it('finds the newer version in latest-linux.yml, downloads it, checks it and offers it', async () => {
    const feed = await serve(debFeed('0.2.0'));
    const { debUpdater, app, dir, downloaded } = await installedDebUpdater(feed.url);
    const { updates, onChange, lines } = start({ loadUpdater: async () => debUpdater });
    await vi.waitFor(() => expect(downloaded).toHaveBeenCalled());

    expect(onChange).toHaveBeenLastCalledWith({ by: 'app', ready: '0.2.0', failed: false });
    expect(updates.status.ready).toBe('0.2.0');
    expect(feed.asked).toEqual(['/latest-linux.yml', '/classtray_0.2.0_amd64.deb']);
    expect(
      fs
        .readdirSync(path.join(dir, 'classtray-updater', 'pending'))
        .filter((f) => f.endsWith('.deb')),
    ).toEqual(['classtray_0.2.0_amd64.deb']);
    expect(lines).toContain('Update 0.2.0 downloaded: offered as Restart to update.');
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('refuses 0.0.9 offered to an installed 0.1.0 although UpdateChannel is set', async () => {
    const feed = await serve(debFeed('0.0.9'));
    const { debUpdater, downloaded, notAvailable } = await installedDebUpdater(feed.url);
    const policy = { locked: { UpdateChannel: 'latest' as const }, defaults: {} };
    const { updates, lines } = start({ loadUpdater: async () => debUpdater, policy });
    await vi.waitFor(() => expect(notAvailable).toHaveBeenCalled());
    await settle();
    expect(debUpdater.channel).toBe('latest');
    expect(debUpdater.allowDowngrade).toBe(false);
    expect(downloaded).not.toHaveBeenCalled();
    expect(updates.status.ready).toBeNull();
    expect(feed.asked).toEqual(['/latest-linux.yml']);
    expect(lines).toEqual([]);
  });

  it('takes the older version when IT allows downgrades', async () => {
    const feed = await serve(debFeed('0.0.9'));
    const { debUpdater, downloaded } = await installedDebUpdater(feed.url);
    const policy = {
      locked: { UpdateChannel: 'latest' as const, AllowUpdateDowngrade: true },
      defaults: {},
    };
    const { updates } = start({ loadUpdater: async () => debUpdater, policy });
    await vi.waitFor(() => expect(downloaded).toHaveBeenCalled());
    expect(updates.status.ready).toBe('0.0.9');
  });

  it('stops a latest-linux.yml that never ends at 1 MiB: logged, said, no crash', async () => {
    let sent = 0;
    let closed: () => void = () => undefined;
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const line = Buffer.from(`# ${'x'.repeat(1021)}\n`);
    const feed = await serve({
      '/latest-linux.yml': (_, response) => {
        response.writeHead(200, { 'content-type': 'text/yaml' });
        const more = (): void => {
          while (!response.destroyed && response.write(line)) sent += line.length;
          if (!response.destroyed) response.once('drain', more);
        };
        response.on('close', closed);
        more();
      },
    });
    const { debUpdater, errors } = await installedDebUpdater(feed.url);
    const { updates, lines } = start({ loadUpdater: async () => debUpdater });
    await vi.waitFor(() => expect(updates.status.failed).toBe(true), { timeout: 10_000 });
    await connectionClosed;
    console.log(
      `endless latest-linux.yml: ${(sent / 2 ** 20).toFixed(1)} MiB sent before the close`,
    );

    expect(lines).toEqual(['Update failed: the update feed sent more than 1 MiB for one file']);
    expect(errors.map((error) => error.name)).toEqual(['UpdateDownloadError']);
    // What the app could have held: what the feed got out before the connection closed.
    expect(sent).toBeLessThan(32 * 2 ** 20);
    expect(escaped).toEqual([]);
  });

  it('gives up on a feed that never answers after its time limit', async () => {
    const feed = await serve({ '/latest-linux.yml': () => undefined });
    const { debUpdater } = await installedDebUpdater(feed.url);
    const { updates, lines, manual } = start({ loadUpdater: async () => debUpdater });
    await vi.waitFor(() => expect(feed.asked).toEqual(['/latest-linux.yml']));
    expect(updates.status.failed).toBe(false);
    manual.advance(METADATA_LIMITS.timeoutMs);
    await vi.waitFor(() => expect(updates.status.failed).toBe(true));
    expect(lines).toEqual([
      `Update failed: the update feed took longer than ${METADATA_LIMITS.timeoutMs / 1000} s for one file`,
    ]);
  });

  it('says an installer whose sha512 does not match once, never as an unhandled rejection', async () => {
    const feed = await serve(debFeed('0.2.0', Buffer.from('something else entirely')));
    const { debUpdater, downloaded } = await installedDebUpdater(feed.url);
    const { updates, lines } = start({ loadUpdater: async () => debUpdater });
    await vi.waitFor(() => expect(updates.status.failed).toBe(true), { timeout: 10_000 });
    await settle();
    expect(downloaded).not.toHaveBeenCalled();
    expect(updates.status.ready).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^Update failed: sha512 checksum mismatch/)]);
    expect(escaped).toEqual([]);
  });
});
