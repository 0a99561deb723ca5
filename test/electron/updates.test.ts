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
const mocked = vi.hoisted(() => ({ updater: undefined as unknown }));
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
    let endDone = () => undefined as void;
    const settled = vi.fn(() => new Promise<void>((resolve) => (endDone = resolve)));
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
