/**
 * Updates of the installed tray app through electron-updater: a generic feed (a static folder
 * holding latest.yml and the installers; resources/app-update.yml names the project's, a
 * school's policy may name its own, pick a channel or turn updates off), checked at start and
 * daily, downloaded in the background, offered as "Restart to update" in the tray menu. Never in
 * an unpackaged run (nor in the preview, which never loads this module); a restart waits for a
 * scheduled end running at that moment.
 *
 * - Never a downgrade unless IT allows it (AllowUpdateDowngrade): electron-updater's `channel`
 *   setter turns `allowDowngrade` on, so it is set again after the channel, every time.
 * - Each request is bounded in bytes and time (updateDownloads.ts).
 * - A failure is logged once and said in one tray line; it never escapes as a rejection (the
 *   promise of the download, which `checkForUpdates()` resolves with, is awaited too).
 * - The update keys of the policy apply when the policy is read again (followPolicy), no restart.
 * - Who installs depends on the install (installs.ts): an MSI install, or a per-machine one for
 *   an account without admin rights, is updated by IT, so the updater is never even loaded.
 */
import { isDeepStrictEqual } from 'node:util';
import type { UpdatesBy } from '../../core/api/installationView';
import type { Logger } from '../../core/logger';
import type { ManagedPolicy } from '../../core/policy/policyChecker';
import type { Installer } from './installs';
import { limitDownloads, type LimitTimers } from './updateDownloads';

export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

/** What checkForUpdates resolves with, as far as it is used here. */
interface CheckResult {
  /** Set when an update was found and is being downloaded (autoDownload). */
  downloadPromise?: Promise<unknown> | null;
}

/** What is used of electron-updater's AppUpdater: its real instance satisfies it as it is. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  /** Null: the feed's default channel (latest). Setting it turns allowDowngrade on. */
  channel: string | null;
  /** Back to resources/app-update.yml: null drops a feed set by setFeedURL. */
  updateConfigPath: string | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<CheckResult | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateStatus {
  by: UpdatesBy;
  /** The version downloaded and waiting for a restart, or null. */
  ready: string | null;
  /** The last check or download failed (said in the tray until one succeeds). */
  failed: boolean;
}

export interface UpdateOptions {
  installer: Installer;
  loadUpdater: () => Promise<Updater>;
  /** The school's policy as last read (the core's schoolPolicy()). */
  policy: () => ManagedPolicy;
  /** Resolves once no scheduled end is running (the core's scheduledEndsSettled). */
  scheduledEndsSettled: () => Promise<void>;
  timers: LimitTimers;
  log: Logger;
  /** The status changed: the tray menu and the window follow. */
  onChange: (status: UpdateStatus) => void;
}

export interface Updates {
  readonly status: UpdateStatus;
  /** The policy was read again: a change of its update keys applies now. */
  followPolicy(): void;
  /** Restarts into the downloaded update, once no scheduled end is running. */
  restart(): Promise<void>;
  stop(): void;
}

/** The update keys of a policy; the teacher has no update setting, so a default counts as much. */
interface UpdateSettings {
  enabled: boolean;
  feedUrl: string | undefined;
  channel: string | undefined;
  allowDowngrade: boolean;
}

function updateSettings(policy: ManagedPolicy): UpdateSettings {
  const values = { ...policy.defaults, ...policy.locked };
  return {
    enabled: values.UpdatesEnabled !== false,
    feedUrl: values.UpdateFeedUrl,
    channel: values.UpdateChannel,
    allowDowngrade: values.AllowUpdateDowngrade === true,
  };
}

/** Who updates this install, before the policy has its say. */
function updatesBy(installer: Installer): UpdatesBy {
  switch (installer.kind) {
    case 'not-installed':
      return 'none';
    case 'msi':
      return 'school-msi';
    case 'deb':
      return 'school-deb';
    case 'nsis-per-machine':
      return installer.administrator ? 'app' : 'school-admin-rights';
    case 'self-updating':
      return 'app';
    case 'unsigned':
      return 'unsigned-build';
  }
}

/** A failure in one line for the log: a feed's answer may hold anything, newlines included. */
export function failureLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n')[0] ?? '').replace(/\p{Cc}/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export function startUpdates(options: UpdateOptions): Updates {
  const { log, timers, installer } = options;
  const installBy = updatesBy(installer);
  // elevate.exe asks UAC for each install: only when the teacher asked (installs.ts).
  const installOnQuit = installer.kind !== 'nsis-per-machine';
  let status: UpdateStatus = { by: installBy, ready: null, failed: false };
  let applied: UpdateSettings | undefined;
  let updater: Promise<Updater> | undefined;
  let handle: unknown;
  let stopped = false;
  // Each failure is logged once: electron-updater emits 'error' and also rejects with it.
  const reported = new WeakSet<object>();

  const setStatus = (next: Partial<UpdateStatus>): void => {
    const changed = { ...status, ...next };
    if (isDeepStrictEqual(changed, status)) return;
    status = changed;
    options.onChange(status);
  };
  const failed = (error: unknown): void => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    log.warn(`Update failed: ${failureLine(error)}`);
    setStatus({ failed: true });
  };

  const load = (): Promise<Updater> =>
    (updater ??= options.loadUpdater().then((loaded) => {
      limitDownloads(loaded, timers);
      loaded.autoDownload = true;
      loaded.on('update-downloaded', ({ version }) => {
        if (stopped || status.by !== 'app') return;
        // Set before electron-updater adds its quit handler, which reads it.
        loaded.autoInstallOnAppQuit = installOnQuit;
        log.info(`Update ${version} downloaded: offered as Restart to update.`);
        setStatus({ ready: version, failed: false });
      });
      loaded.on('error', failed);
      return loaded;
    }));

  const configure = (target: Updater, settings: UpdateSettings): void => {
    // Until a download under these settings, nothing downloaded before is installed on quit.
    target.autoInstallOnAppQuit = false;
    if (settings.feedUrl === undefined) target.updateConfigPath = null;
    else target.setFeedURL({ provider: 'generic', url: settings.feedUrl });
    // A channel once set cannot be unset (the setter refuses null): latest is the default one.
    if (settings.channel !== undefined || target.channel !== null) {
      target.channel = settings.channel ?? 'latest';
    }
    // After the channel, every time: its setter has just turned downgrades on.
    target.allowDowngrade = settings.allowDowngrade;
  };

  const check = async (): Promise<void> => {
    try {
      const target = await load();
      if (stopped || status.by !== 'app' || applied === undefined) return;
      configure(target, applied);
      const result = await target.checkForUpdates();
      await result?.downloadPromise;
      setStatus({ failed: false });
    } catch (error) {
      failed(error);
    }
  };
  const checkNowAndDaily = (): void => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
    if (stopped || status.by !== 'app') return;
    void check();
    handle = timers.setTimeout(checkNowAndDaily, CHECK_EVERY_MS);
  };

  const followPolicy = (): void => {
    if (stopped || installBy !== 'app') return;
    const next = updateSettings(options.policy());
    if (isDeepStrictEqual(next, applied)) return;
    const first = applied === undefined;
    applied = next;
    if (!next.enabled) {
      log.info('Updates are off: the school deploys each version.');
      // Nothing is installed on quit either; a downloaded version is no longer offered.
      updater
        ?.then((target) => {
          target.autoInstallOnAppQuit = false;
        })
        // A load that failed was said by the check that tried it.
        .catch(() => undefined);
      setStatus({ by: 'school-policy', ready: null, failed: false });
      if (handle !== undefined) timers.clearTimeout(handle);
      handle = undefined;
      return;
    }
    if (!first) log.info('The update policy changed: checking again under it.');
    setStatus({ by: 'app', ready: null, failed: false });
    checkNowAndDaily();
  };

  if (installBy === 'school-msi') {
    log.info('Installed from the MSI: the school deploys each version.');
  } else if (installBy === 'school-deb') {
    log.info('Installed from the deb package: the school deploys each version.');
  } else if (installBy === 'unsigned-build') {
    log.info(
      'This build is not signed (no publisherName in app-update.yml): updates are off, the school deploys each version.',
    );
  } else if (installBy === 'school-admin-rights') {
    log.info(
      'Installed for every user, without admin rights here: the school deploys each version.',
    );
  }
  followPolicy();

  return {
    get status() {
      return status;
    },
    followPolicy,
    async restart() {
      if (status.ready === null || updater === undefined) return;
      const target = await updater;
      await options.scheduledEndsSettled();
      // Silent (no installer pages), and ClassTray starts again once installed.
      target.quitAndInstall(true, true);
    },
    stop() {
      stopped = true;
      if (handle !== undefined) timers.clearTimeout(handle);
      handle = undefined;
    },
  };
}

/** electron-updater's updater for this OS, loaded only when a packaged run updates. */
export async function loadAutoUpdater(): Promise<Updater> {
  const { default: electronUpdater } = await import('electron-updater');
  return electronUpdater.autoUpdater;
}
