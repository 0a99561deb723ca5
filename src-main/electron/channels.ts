/**
 * Every IPC channel of the tray app, in one place (main and preload both import it).
 *
 * The action channels are spelled out rather than built from `apiActions` at run time: the
 * sandboxed preload bundles whatever it imports, and classTrayApi.ts pulls in zod and the settings
 * module (node:fs, conf). The mapped type below still derives the list from ApiAction, so a new
 * action does not compile until it has its channel, and a test checks it against `apiActions`.
 */
import type { ApiAction } from '../core/classTrayApi';

type ActionChannels = { readonly [Action in ApiAction]: `classtray:action:${Action}` };

const actions = {
  refresh: 'classtray:action:refresh',
  selectClassroom: 'classtray:action:selectClassroom',
  renameClassroom: 'classtray:action:renameClassroom',
  forgetClassroom: 'classtray:action:forgetClassroom',
  addTemporalAccess: 'classtray:action:addTemporalAccess',
  removeTemporalAccess: 'classtray:action:removeTemporalAccess',
  invalidateTemporalAccess: 'classtray:action:invalidateTemporalAccess',
  connectService: 'classtray:action:connectService',
  forgetToken: 'classtray:action:forgetToken',
  setMode: 'classtray:action:setMode',
  updatePreferences: 'classtray:action:updatePreferences',
} as const satisfies ActionChannels;

export const channels = {
  /** One invoke channel per API action; the argument is the action's input. */
  actions,
  /** invoke: the ClassTrayState snapshot. */
  state: 'classtray:state',
  /** main -> renderer push: one ClassTrayChange per message. */
  changes: 'classtray:changes',
  /** invoke { remoteId }: main writes the password to the clipboard, answers a boolean. */
  copyPassword: 'classtray:copy-password',
} as const;

/** The global name the preload gives the RendererApi (`window.classTray`). */
export const BRIDGE_NAME = 'classTray';
