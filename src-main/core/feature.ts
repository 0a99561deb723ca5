/**
 * How a feature plugs into the core: what the core gives it (CoreContext), and what it gives the
 * API (Feature: the actions it answers, the parts of the window's state it makes, and what it
 * does when ClassTray starts, opens a session, changes settings, sleeps, wakes or closes).
 * classTray.ts composes the features and holds no feature's rules.
 */
import type { Clock } from '../../src-shared/clock';
import type { ActionHandlers } from './api/apiMethods';
import type { ApiAction, ClassTrayChange, ClassTrayState } from './api/classTrayApi';
import type { Session, Sessions } from './account/sessions';
import type { TokenVault } from './account/vault';
import type { Timers } from './classroom/refreshSchedule';
import type { Logger } from './logger';
import type { SettingsStore } from './settings/settings';
import type { DeepReadonly, Settings } from './settings/settingsSchema';

/** What the core gives every feature. */
export interface CoreContext {
  clock: Clock;
  timers: Timers;
  log: Logger;
  /** Where the settings file, the classroom cache and the timetable's copy live. */
  dataDir: string;
  settings: SettingsStore;
  /** The keychain: the service's token, the timetable's subscription address. */
  vault: TokenVault;
  /** The account in use (demo or service) and its notebook, switched in order. */
  sessions: Sessions;
  /** How the service and the timetable's server are asked (Electron passes net.fetch). */
  fetch: typeof fetch;
  /** Tells every subscriber (the window, the tray) of a change of the state. */
  emit(change: ClassTrayChange): void;
}

/** A part of the state the window is shown. */
export type StatePart = keyof ClassTrayState;

/**
 * What a feature gives the core. The core calls each hook of every feature, in the order it
 * composes them; a feature leaves out the hooks it has nothing to do in.
 */
export interface Feature<Actions extends ApiAction = never, Parts extends StatePart = never> {
  /** The API's actions it answers; their input is parsed already. */
  readonly actions: Pick<ActionHandlers, Actions>;
  /** The parts of the window's state it makes. */
  readonly views: { readonly [Part in Parts]: () => ClassTrayState[Part] };
  /** Before the first session opens. */
  start?(): Promise<void>;
  /** A session opened: ClassTray started, or the account or the demo was switched to. */
  sessionOpened?(session: Session): Promise<void> | void;
  /** The settings changed: the teacher's preferences, or the school's policy. */
  settingsChanged?(before: DeepReadonly<Settings>): Promise<void> | void;
  /** The teacher asked for fresh data (Refresh). */
  refresh?(): Promise<void>;
  setWindowVisible?(visible: boolean): void;
  /**
   * The computer goes to sleep: nothing fires until resume(), but what is sent at once (the
   * scheduled ends under the 'end-at-sleep' rule): the system gives no time to wait for answers.
   */
  suspend?(): void;
  resume?(): void;
  /** ClassTray closes: its timers stop; resolves once nothing of the feature runs. */
  stop?(): Promise<void> | void;
}
