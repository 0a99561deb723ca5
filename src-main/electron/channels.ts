/**
 * Every IPC channel of the tray app, in one place (main and preload both import it).
 *
 * The action channels are built from the plain action names of src-shared/actions.ts, not from
 * the core's table: the sandboxed preload bundles whatever it imports, and classTrayApi.ts pulls
 * in zod and the settings module (node:fs, conf). The table does not compile unless its keys are
 * exactly those names.
 */
import { byAction } from '../../src-shared/actions';
import type { ActionName } from '../../src-shared/actions';

type ActionChannels = { readonly [Action in ActionName]: `classtray:action:${Action}` };

export const channels = {
  /** One invoke channel per API action; the argument is the action's input. */
  actions: byAction<ActionChannels>((action) => `classtray:action:${action}`),
  /** invoke: the ClassTrayState snapshot. */
  state: 'classtray:state',
  /** main -> renderer push: one ClassTrayChange per message. */
  changes: 'classtray:changes',
  /** invoke { remoteId }: main writes the password to the clipboard, answers a boolean. */
  copyPassword: 'classtray:copy-password',
  /** invoke: main opens the log folder; answers a LogFolderView. */
  openLogFolder: 'classtray:open-log-folder',
  /** invoke: main writes the diagnostics to the clipboard; answers nothing. */
  copyDiagnostics: 'classtray:copy-diagnostics',
} as const;

/** The global name the preload gives the RendererApi (`window.classTray`). */
export const BRIDGE_NAME = 'classTray';
