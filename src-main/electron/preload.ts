/**
 * The sandboxed preload: exposes exactly the RendererApi as `window.classTray` and nothing of
 * ipcRenderer itself. Bundled to one CommonJS file; it may import only types, channels.ts and
 * src-shared.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { byAction, type ActionName } from '../../src-shared/actions';
import type { ClassTrayChange } from '../core/api/classTrayApi';
import type { RendererApi } from '../core/api/hostApi';
import { BRIDGE_NAME, channels } from './channels';

type Actions = Pick<RendererApi, ActionName>;

/** Electron's wrapping of a handler's rejection: "Error invoking remote method 'ch': Error: …". */
const REMOTE_ERROR = /^Error invoking remote method '[^']*': Error: /;

/** The page shows main's sentence to the teacher, as in the preview, without Electron's wrapping. */
const unwrapped = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    if (error instanceof Error) throw new Error(error.message.replace(REMOTE_ERROR, ''));
    throw error;
  });

const invoke =
  (channel: string) =>
  // Only the input crosses: the renderer's other arguments, if any, are dropped here.
  (input?: unknown): Promise<never> =>
    unwrapped(ipcRenderer.invoke(channel, input) as Promise<never>);

const api: RendererApi = {
  ...byAction<Actions>((action) => invoke(channels.actions[action])),
  getState: () => unwrapped(ipcRenderer.invoke(channels.state) as Promise<never>),
  subscribe(listener) {
    // The IPC event (with its sender) stays here; the page sees only the change.
    const forward = (_event: IpcRendererEvent, change: ClassTrayChange): void => listener(change);
    ipcRenderer.on(channels.changes, forward);
    return () => {
      ipcRenderer.removeListener(channels.changes, forward);
    };
  },
  copyDevicePassword: invoke(channels.copyPassword),
  openLogFolder: invoke(channels.openLogFolder),
  copyDiagnostics: invoke(channels.copyDiagnostics),
};

contextBridge.exposeInMainWorld(BRIDGE_NAME, api);
