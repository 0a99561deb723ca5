/**
 * What each host adds to the one API: the actions a renderer holds that each host implements its
 * own way (a password to the clipboard, the log folder, diagnostics), and the controls only a
 * host holds (visibility, sleep, the launch's check, updates' waits).
 */
import type { ManagedPolicy } from '../policy/policyChecker';
import type { LaunchCheck } from '../account/accountView';
import type { ClassTrayApi } from './apiMethods';
import type { DeviceInput } from './classTrayApi';
import type { InstallationView } from './installationView';

/**
 * What copying a device's password did, and when the host takes it off the clipboard again (only
 * if the clipboard still holds it): after so many seconds, only when ClassTray quits, or `never`
 * where the host cannot read the clipboard back to check (the browser preview without permission).
 */
export type PasswordCopy =
  { copied: false } | { copied: true; cleared: { afterSeconds: number } | 'on-quit' | 'never' };

/**
 * Where the log is (the tray app's `app.getPath('logs')`, the preview's `<data folder>/logs`), and
 * whether the host opened it in the system's file manager: the preview, a page in a browser,
 * answers with the folder only, and the window shows it.
 */
export interface LogFolderView {
  folder: string;
  opened: boolean;
}

/**
 * What a renderer holds: the core API plus the actions each host implements its own way: copying
 * a password, opening the log folder, copying diagnostics for support.
 */
export interface RendererApi extends ClassTrayApi {
  /**
   * Puts a device's password on the clipboard without showing it: Electron's main process writes
   * the clipboard itself; the preview hands it to its authenticated page for the Clipboard API.
   * Not copied when the device is not in the current classroom.
   */
  copyDevicePassword(input: DeviceInput): Promise<PasswordCopy>;
  /** "Open log folder": the tray app opens it (shell.openPath); the preview says where it is. */
  openLogFolder(): Promise<LogFolderView>;
  /**
   * "Copy diagnostics" for support (src-main/hosts/diagnostics.ts: versions, OS, the policy in
   * force by key and source, the log's last lines; no secret): Electron's main process writes the
   * clipboard; the preview hands the text to its authenticated page for the Clipboard API.
   */
  copyDiagnostics(): Promise<void>;
}

/** Host-only: never exposed to a renderer as such. */
export interface ClassTrayHostControls {
  setWindowVisible(visible: boolean): void;
  suspend(): void;
  resume(): void;
  /**
   * Asks the service the host was launched for once, keeping what it confirms; undefined when
   * nothing of the launch is left to confirm (or the run is on the demo school).
   */
  checkLaunch(): Promise<LaunchCheck | undefined>;
  /** For an explicit copy action; the host decides where the password goes. */
  devicePassword(input: DeviceInput): Promise<string | null>;
  /** What the school's IT set (the updater reads its keys). */
  schoolPolicy(): ManagedPolicy;
  /** What the host knows of this copy (who updates it, its sandbox): the window shows it. */
  setInstallation(installation: InstallationView): void;
  /** Resolves once no scheduled end is running: an update restarts only then. */
  scheduledEndsSettled(): Promise<void>;
  close(): Promise<void>;
}
