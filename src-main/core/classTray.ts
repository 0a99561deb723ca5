/**
 * The core: settings, token vault, service client, live classroom status and temporal accesses,
 * behind the one API both hosts expose (classTrayApi.ts). Plain Node; never imports electron.
 */
import type { Clock } from '../contract/wire';
import type { ClassTrayApi, ClassTrayHostControls } from './classTrayApi';
import type { Timers } from './refreshSchedule';
import type { OpenSettingsOptions } from './settings';
import type { SecretFallback } from './vault';

export interface ClassTrayOptions {
  /** Settings and the classroom cache live here. */
  dataDir: string;
  /** CLASSTRAY_TOKEN overrides the saved token for this run. Default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The Electron host passes electron-store; default conf. */
  createSettingsBackend?: OpenSettingsOptions['createBackend'];
  /** Default: import('keytar'). */
  loadKeytar?: () => Promise<unknown>;
  /** Where the token goes when keytar cannot (Electron's safeStorage in the tray app). */
  secretFallback?: SecretFallback;
  warn?: (message: string) => void;
  clock?: Clock;
  timers?: Timers;
  /** Per-request timeout and retry waits of the service client; tests shrink them. */
  request?: { timeoutMs?: number; retryBaseDelayMs?: number };
}

/** What a host holds: the renderer-facing API plus the host-only controls. */
export type ClassTray = ClassTrayApi & ClassTrayHostControls;

export declare function createClassTray(options: ClassTrayOptions): Promise<ClassTray>;
