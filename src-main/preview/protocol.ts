/**
 * The browser preview's HTTP protocol, as types only: the host implements it and the renderer's
 * preview adapter speaks it, so the renderer imports nothing at run time from src-main.
 *
 * - The browser opens the launch page (a file in the data folder, launchPage.ts), which posts
 *   `key=<launch key>` as a form to `POST /launch`; the host answers a key it wrote, once, with
 *   an HttpOnly cookie and a page that goes on to `/`, and every later request is authenticated
 *   by that cookie (401 without it, with a sentence naming the launch page).
 * - `GET /api/state`: the ClassTrayState snapshot.
 * - `GET /api/events`: Server-Sent Events, one stream per browser tab. The first event is `tab`,
 *   whose data `{ "tab": "<id>" }` (TabEvent) names this stream's tab: a random id, new for every
 *   stream, so a tab whose stream reconnects gets a new one. Then each `change` event's data is
 *   one ClassTrayChange. After a reconnect the adapter reads /api/state again (changes may have
 *   been missed).
 * - `POST /api/actions/<action>`: the action's input as the JSON body (`{}` when it takes none);
 *   200 `{ "result": <the action's result, or null> }`, or an error status with `{ "error" }`.
 * - `POST /api/copy-password` `{ "remoteId" }`: 200 `{ "password": string | null,
 *   "clearAfterSeconds": number }`; the tab writes it to the clipboard, never shows it, and
 *   clears it after that long (0: the teacher's "until quit") where it can read it back.
 * - `POST /api/log-folder` `{}`: 200 `{ "folder": string, "opened": false }` (LogFolderReply):
 *   where the preview writes its log (`<data folder>/logs`); a page cannot open a folder, so the
 *   window shows it.
 * - `POST /api/diagnostics` `{}`: 200 `{ "text": string }` (DiagnosticsReply): the diagnostics
 *   for support (no secret in them); the tab writes them to the clipboard.
 * - `POST /api/visibility` `{ "tab": "<id>", "visible": boolean }` (VisibilityReport): the tab
 *   with that stream's id is shown or hidden; sent once the tab has its id (every stream's
 *   id, after a reconnect too) and on every change. 204; 422 for an id whose stream is not open.
 *   The host tells the core the window is visible while at least one open tab last reported
 *   visible (a tab that has not reported yet counts as hidden), hidden otherwise; a tab's
 *   report ends with its stream. Only the poll cadence depends on it.
 *
 * "Page" in ClassTray means a page of a paginated service answer; a browser tab is a tab.
 */
import type { ActionName } from '../../src-shared/actions';
import type { Refusal } from '../../src-shared/refusal';
import type { ClassTrayChange, ClassTrayState } from '../core/api/classTrayApi';
import type { LogFolderView } from '../core/api/hostApi';

export type PreviewRoute =
  | '/api/state'
  | '/api/events'
  | `/api/actions/${ActionName}`
  | '/api/copy-password'
  | '/api/log-folder'
  | '/api/diagnostics'
  | '/api/visibility';

export type StateReply = ClassTrayState;
export type ChangeEvent = ClassTrayChange;
/** The data of the `tab` event, the first on every event stream. */
export interface TabEvent {
  tab: string;
}
/** The body of `POST /api/visibility`. */
export interface VisibilityReport {
  tab: string;
  visible: boolean;
}
export interface ActionReply {
  result: unknown;
}
export interface CopyPasswordReply {
  password: string | null;
  /** The teacher's preference (clipboardClearSeconds). */
  clearAfterSeconds: number;
}
export type LogFolderReply = LogFolderView;
export interface DiagnosticsReply {
  text: string;
}
export interface ErrorReply {
  error: string;
  /** A refusal the window translates; `error` says it in English. */
  refusal?: Refusal | undefined;
}
