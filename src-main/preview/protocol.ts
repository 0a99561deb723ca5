/**
 * The browser preview's HTTP protocol, as types only: the host implements it and the renderer's
 * preview adapter speaks it, so the renderer imports nothing at run time from src-main.
 *
 * - The page is opened at `/?key=<per-launch key>`; the host answers with an HttpOnly cookie and
 *   a redirect to `/`, and every later request is authenticated by that cookie.
 * - `GET /api/state`: the ClassTrayState snapshot.
 * - `GET /api/events`: Server-Sent Events; each `change` event's data is one ClassTrayChange.
 *   After a reconnect the adapter reads /api/state again (changes may have been missed).
 * - `POST /api/actions/<action>`: the action's input as the JSON body (`{}` when it takes none);
 *   200 `{ "result": <the action's result, or null> }`, or an error status with `{ "error" }`.
 * - `POST /api/copy-password` `{ "remoteId" }`: 200 `{ "password": string | null }`; the page
 *   writes it to the clipboard and never shows it.
 * - `POST /api/visibility` `{ "visible": boolean }`: the page was shown or hidden (poll cadence).
 */
import type { ApiAction, ClassTrayChange, ClassTrayState } from '../core/classTrayApi';

export type PreviewRoute =
  | '/api/state'
  | '/api/events'
  | `/api/actions/${ApiAction}`
  | '/api/copy-password'
  | '/api/visibility';

export type StateReply = ClassTrayState;
export type ChangeEvent = ClassTrayChange;
export interface ActionReply {
  result: unknown;
}
export interface CopyPasswordReply {
  password: string | null;
}
export interface ErrorReply {
  error: string;
}
