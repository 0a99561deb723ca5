/**
 * The one API between a renderer and the core: a state snapshot, a subscription to changes, and
 * every action. Both hosts (Electron's IPC bridge and the browser preview) expose it unchanged;
 * the renderer imports only these types. Everything a renderer sends is untrusted: each action's
 * input has a schema here, and the core parses with it before acting.
 *
 * Nothing here carries the API token; a device password leaves the core only through
 * `devicePassword`, which hosts call for an explicit copy action.
 */
import { z } from 'zod';
import type { DeviceChange, DeviceView } from './liveStatus';
import type { ServiceErrorKind } from './serviceErrors';
import type { AccessOutcome, Language, Mode, PollSettings, RecentClassroom } from './settings';
import { settingsSchema } from './settings';
import type { InvalidationOutcome, TokenProblem } from './temporalAccess';
import type { TokenLocation } from './vault';

export type { DeviceChange, DeviceView, InvalidationOutcome, ServiceErrorKind, TokenProblem };

/**
 * ok: fresh data. stale: showing the last known devices because the latest refresh failed (or
 * they come from the disk cache). offline: the service cannot be reached. unauthorized: the
 * token is missing or rejected. classroom-not-found: the service does not know this classroom.
 * connecting: no answer yet. no-classroom: none chosen.
 */
export type ConnectionStatus =
  | 'connecting'
  | 'ok'
  | 'stale'
  | 'offline'
  | 'unauthorized'
  | 'classroom-not-found'
  | 'no-classroom';

export interface ConnectionView {
  status: ConnectionStatus;
  /** ISO time of the last successful refresh, or null. */
  lastSuccessAt: string | null;
  /** What went wrong last, while it is still wrong. */
  problem: { kind: ServiceErrorKind; detail: string } | null;
  /** ISO time of the next automatic attempt, or null while paused. */
  nextAttemptAt: string | null;
}

export interface ClassroomView {
  id: string | null;
  nickname: string | null;
  recent: RecentClassroom[];
  devices: DeviceView[];
}

export interface TrackedAccessView {
  token: string;
  label: string | null;
  remoteId: string | null;
  /** The device's alias when it is in the current classroom. */
  deviceAlias: string | null;
  addedAt: string;
  lastOutcome: AccessOutcome | null;
  /** The linked device has no 2FA: the service cannot end the access by itself when it runs out. */
  warnNo2fa: boolean;
}

export interface AccountView {
  mode: Mode;
  serviceUrl: string | null;
  authHeader: string;
  token: { set: boolean; location: TokenLocation; note: string | null };
}

export interface PreferencesView {
  poll: PollSettings;
  notifications: { deviceChanges: boolean };
  language: Language;
  startAtLogin: boolean;
  compactView: boolean;
}

export interface ClassTrayState {
  account: AccountView;
  classroom: ClassroomView;
  connection: ConnectionView;
  temporalAccesses: TrackedAccessView[];
  preferences: PreferencesView;
}

/** Pushed to subscribers: device-level changes, or a part of the state that was replaced. */
export type ClassTrayChange =
  | DeviceChange
  | { type: 'connection'; connection: ConnectionView }
  | { type: 'classroom'; classroom: ClassroomView }
  | { type: 'temporal-accesses'; temporalAccesses: TrackedAccessView[] }
  | { type: 'account'; account: AccountView }
  | { type: 'preferences'; preferences: PreferencesView };

export type AddAccessResult =
  | { ok: true; access: TrackedAccessView }
  | { ok: false; problem: TokenProblem | 'already-tracked' };

export type InvalidateResultView =
  | (InvalidationOutcome & { warnNo2fa: boolean })
  | { kind: 'failed'; problem: { kind: ServiceErrorKind; detail: string } };

const classroomId = z.string().trim().min(1).max(200);
const nickname = z.string().trim().min(1).max(60);
const remoteId = z.string().min(1).max(200);
const pollSettings = settingsSchema.shape.poll.unwrap();

/** Inputs of every action, as a renderer may send them. */
export const actionInputs = {
  selectClassroom: z.strictObject({ id: classroomId, nickname: nickname.optional() }),
  renameClassroom: z.strictObject({ id: classroomId, nickname: nickname.nullable() }),
  forgetClassroom: z.strictObject({ id: classroomId }),
  addTemporalAccess: z.strictObject({
    linkOrToken: z.string().max(4_000),
    label: z.string().trim().max(80).optional(),
    remoteId: remoteId.optional(),
  }),
  temporalAccess: z.strictObject({ token: z.string().min(1).max(200) }),
  device: z.strictObject({ remoteId }),
  connectService: z.strictObject({
    serviceUrl: settingsSchema.shape.serviceUrl.unwrap().unwrap(),
    /** Absent: keep the token already saved for this URL. */
    token: z.string().trim().min(1).max(4_000).optional(),
    authHeader: settingsSchema.shape.authHeader.unwrap().optional(),
  }),
  setMode: z.strictObject({ mode: settingsSchema.shape.mode.unwrap() }),
  updatePreferences: z.strictObject({
    // The settings' rules without their defaults: an interval left out keeps its saved value.
    poll: z
      .strictObject({
        visibleSeconds: pollSettings.shape.visibleSeconds.unwrap().optional(),
        hiddenSeconds: pollSettings.shape.hiddenSeconds.unwrap().optional(),
      })
      .optional(),
    notifications: z.strictObject({ deviceChanges: z.boolean() }).optional(),
    language: settingsSchema.shape.language.unwrap().optional(),
    startAtLogin: z.boolean().optional(),
    compactView: z.boolean().optional(),
  }),
} as const;

export type ActionInput<Name extends keyof typeof actionInputs> = z.input<
  (typeof actionInputs)[Name]
>;

export interface ClassTrayApi {
  getState(): Promise<ClassTrayState>;
  subscribe(listener: (change: ClassTrayChange) => void): () => void;

  refresh(): Promise<void>;
  selectClassroom(input: ActionInput<'selectClassroom'>): Promise<void>;
  renameClassroom(input: ActionInput<'renameClassroom'>): Promise<void>;
  forgetClassroom(input: ActionInput<'forgetClassroom'>): Promise<void>;

  addTemporalAccess(input: ActionInput<'addTemporalAccess'>): Promise<AddAccessResult>;
  removeTemporalAccess(input: ActionInput<'temporalAccess'>): Promise<void>;
  invalidateTemporalAccess(input: ActionInput<'temporalAccess'>): Promise<InvalidateResultView>;

  /** Saves the URL (and token, in the keychain) and switches to the service. */
  connectService(input: ActionInput<'connectService'>): Promise<void>;
  forgetToken(): Promise<void>;
  /** Demo data or the configured service: one call. */
  setMode(input: ActionInput<'setMode'>): Promise<void>;
  updatePreferences(input: ActionInput<'updatePreferences'>): Promise<void>;
}

/** The actions of ClassTrayApi: each is one IPC channel and one preview route. */
export type ApiAction = Exclude<keyof ClassTrayApi, 'getState' | 'subscribe'>;

export const apiActions = [
  'refresh',
  'selectClassroom',
  'renameClassroom',
  'forgetClassroom',
  'addTemporalAccess',
  'removeTemporalAccess',
  'invalidateTemporalAccess',
  'connectService',
  'forgetToken',
  'setMode',
  'updatePreferences',
] as const satisfies readonly ApiAction[];

/** The input schema of each action (null: it takes none), for hosts that check at the door. */
export const actionInputOf: { readonly [Action in ApiAction]: z.ZodType | null } = {
  refresh: null,
  selectClassroom: actionInputs.selectClassroom,
  renameClassroom: actionInputs.renameClassroom,
  forgetClassroom: actionInputs.forgetClassroom,
  addTemporalAccess: actionInputs.addTemporalAccess,
  removeTemporalAccess: actionInputs.temporalAccess,
  invalidateTemporalAccess: actionInputs.temporalAccess,
  connectService: actionInputs.connectService,
  forgetToken: null,
  setMode: actionInputs.setMode,
  updatePreferences: actionInputs.updatePreferences,
};

/** What a renderer holds: the core API plus a copy action each host implements its own way. */
export interface RendererApi extends ClassTrayApi {
  /**
   * Puts a device's password on the clipboard without showing it: Electron's main process writes
   * the clipboard itself; the preview hands it to its authenticated page for the Clipboard API.
   * Resolves to false when the device is not in the current classroom.
   */
  copyDevicePassword(input: ActionInput<'device'>): Promise<boolean>;
}

/** Host-only: never exposed to a renderer as such. */
export interface ClassTrayHostControls {
  setWindowVisible(visible: boolean): void;
  suspend(): void;
  resume(): void;
  /** For an explicit copy action; the host decides where the password goes. */
  devicePassword(input: ActionInput<'device'>): Promise<string | null>;
  close(): Promise<void>;
}
