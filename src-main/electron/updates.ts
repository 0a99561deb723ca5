/**
 * Updates of the installed tray app through electron-updater: a generic feed (a static folder
 * holding latest.yml and the installers; resources/app-update.yml names the project's, a
 * school's policy may name its own or turn updates off), checked at start and daily, downloaded
 * in the background, offered as "Restart to update" in the tray menu. Never in an unpackaged run
 * (nor in the preview, which never loads this module); a restart waits for a scheduled end
 * running at that moment.
 */
import type { ManagedPolicy } from '../core/policy/managedPolicy';
import type { Logger } from '../core/logger';

export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

/** What is used of electron-updater's AppUpdater: its real instance satisfies it as it is. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /** Null: the feed's default channel (latest). */
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateOptions {
  /** app.isPackaged: an unpackaged run has no app-update.yml and nothing to update. */
  isPackaged: boolean;
  loadUpdater: () => Promise<Updater>;
  policy: ManagedPolicy;
  /** Resolves once no scheduled end is running (the core's scheduledEndsSettled). */
  scheduledEndsSettled: () => Promise<void>;
  timers: {
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  log: Logger;
  /** An update was downloaded: the tray menu shows "Restart to update". */
  onReady: () => void;
}

export interface Updates {
  /** The version downloaded and waiting for a restart, or null. */
  readonly ready: string | null;
  /** Restarts into the downloaded update, once no scheduled end is running. */
  restart(): Promise<void>;
  stop(): void;
}

/** Starts checking, or undefined when this run does not update (unpackaged, or off by policy). */
export async function startUpdates(options: UpdateOptions): Promise<Updates | undefined> {
  const { log, timers } = options;
  if (!options.isPackaged) return undefined;
  // The teacher has no update setting, so IT's default counts as much as a locked value.
  const policy = { ...options.policy.defaults, ...options.policy.locked };
  if (policy.UpdatesEnabled === false) {
    log.info('Updates are off: the school deploys each version.');
    return undefined;
  }
  const updater = await options.loadUpdater();
  updater.autoDownload = true;
  // Installed on the next quit too: a teacher who never restarts still gets it.
  updater.autoInstallOnAppQuit = true;
  if (policy.UpdateFeedUrl !== undefined) {
    updater.setFeedURL({ provider: 'generic', url: policy.UpdateFeedUrl });
  }
  if (policy.UpdateChannel !== undefined) updater.channel = policy.UpdateChannel;

  let ready: string | null = null;
  let handle: unknown;
  let stopped = false;
  updater.on('update-downloaded', ({ version }) => {
    ready = version;
    log.info(`Update ${version} downloaded: offered as Restart to update.`);
    options.onReady();
  });
  // A feed that cannot be reached is normal on a school network: said, never shown.
  updater.on('error', (error) => log.warn(`Update check failed: ${error.message}`));
  const check = (): void => {
    if (stopped) return;
    updater.checkForUpdates().catch((error: unknown) => {
      log.warn(`Update check failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    handle = timers.setTimeout(check, CHECK_EVERY_MS);
  };
  check();

  return {
    get ready() {
      return ready;
    },
    async restart() {
      if (ready === null) return;
      await options.scheduledEndsSettled();
      updater.quitAndInstall();
    },
    stop() {
      stopped = true;
      if (handle !== undefined) timers.clearTimeout(handle);
    },
  };
}

/** electron-updater's updater for this OS, loaded only when a packaged run updates. */
export async function loadAutoUpdater(): Promise<Updater> {
  const { default: electronUpdater } = await import('electron-updater');
  return electronUpdater.autoUpdater;
}
