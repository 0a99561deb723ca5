/**
 * The core's API on IPC: one `ipcMain.handle` per action, the state snapshot, the copy action,
 * and the push of changes to the window. Only frames of our own `app://` origin may call; inputs
 * are checked against the core's schemas before the core sees them (the core checks again).
 * As in the preview host, only sentences written for the teacher reach the page when a call
 * fails; anything unexpected is logged here and the page gets a generic sentence.
 */
import { clipboard, ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { z } from 'zod';
import { ApiInputError } from '../core/apiInput';
import type { ClassTray } from '../core/classTray';
import { actionInputOf, actionInputs, apiActions } from '../core/classTrayApi';
import { ServiceError } from '../core/serviceErrors';
import { SettingsValidationError } from '../core/settings';
import { VaultError } from '../core/vault';
import { channels } from './channels';
import { isAppUrl } from './security';

export class IpcRefusal extends Error {
  override readonly name = 'IpcRefusal';
}

/** Registers every handler; returns a function that removes them. */
export function registerIpc(
  classTray: ClassTray,
  warn: (message: string) => void = (message) => console.warn(message),
): () => void {
  const registered: string[] = [];
  const handle = (channel: string, run: (input: unknown) => unknown): void => {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown) => {
      try {
        checkSender(event, channel);
        return await run(input);
      } catch (error) {
        throw shownError(channel, error, warn);
      }
    });
    registered.push(channel);
  };

  handle(channels.state, () => classTray.getState());
  for (const action of apiActions) {
    handle(channels.actions[action], (input) => {
      checkInput(action, actionInputOf[action], input);
      // The original goes on: the core parses it itself (parsing here would fill in defaults).
      return (classTray[action] as (input: unknown) => Promise<unknown>)(input);
    });
  }
  handle(channels.copyPassword, async (input) => {
    checkInput('copyDevicePassword', actionInputs.device, input);
    const password = await classTray.devicePassword(input as z.input<typeof actionInputs.device>);
    if (password === null) return false;
    // The password goes from main to the clipboard; the renderer learns only that it worked.
    // Since Electron 44 the write is a Promise: a refusal must reach the page as a sentence.
    try {
      await clipboard.writeText(password);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      warn(
        `Writing a password to the clipboard failed: ${reason.replaceAll(password, '[password]')}`,
      );
      throw new IpcRefusal('The password could not be copied to the clipboard: try again.');
    }
    return true;
  });

  return () => {
    for (const channel of registered) ipcMain.removeHandler(channel);
  };
}

/** Sends every change of the core to the window while it exists; returns the unsubscribe. */
export function pushChanges(
  classTray: ClassTray,
  target: () => WebContents | undefined,
): () => void {
  return classTray.subscribe((change) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(channels.changes, change);
  });
}

function checkSender(event: IpcMainInvokeEvent, channel: string): void {
  const frame = event.senderFrame;
  // Only the top frame of our own page: never a navigated-away, embedded or foreign frame.
  if (!frame || frame.parent !== null || !isAppUrl(frame.url)) {
    throw new IpcRefusal(`${channel}: refused a call from outside the ClassTray window.`);
  }
}

function checkInput(action: string, schema: z.ZodType | null, input: unknown): void {
  if (schema === null) {
    if (input !== undefined) throw new IpcRefusal(`${action}: takes no input.`);
    return;
  }
  const result = schema.safeParse(input);
  if (result.success) return;
  // zod's messages state the rule, never the value, so nothing the renderer sent is echoed.
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'input';
  throw new IpcRefusal(`${action}: ${field}: ${issue?.message ?? 'not valid'}`);
}

/**
 * What the page may learn of a failure. Electron sends the error's text across as it is, so an
 * unexpected error (whose text nobody checked for secrets) is replaced by a generic sentence.
 */
function shownError(channel: string, error: unknown, warn: (message: string) => void): Error {
  if (
    error instanceof IpcRefusal ||
    error instanceof ApiInputError ||
    error instanceof SettingsValidationError ||
    error instanceof VaultError ||
    error instanceof ServiceError
  ) {
    return new Error(error.message);
  }
  warn(
    `${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return new Error('ClassTray failed unexpectedly.');
}
