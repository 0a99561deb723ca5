/**
 * The core's API on IPC: one `ipcMain.handle` per action, the state snapshot, the host's own
 * actions (copy a password, open the log folder, copy diagnostics), and the push of changes to
 * the window. Only frames of our own `app://` origin may call; inputs
 * are checked against the action table's schemas before the core sees them (runAction).
 * As in the preview host, only sentences written for the teacher reach the page when a call
 * fails; anything unexpected is logged here and the page gets a generic sentence.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ACTION_NAMES } from '../../src-shared/actions';
import { messageWithRefusal } from '../../src-shared/refusal';
import { parseInput } from '../core/api/apiInput';
import type { ClassTray } from '../core/classTray';
import type { PasswordCopy } from '../core/api/hostApi';
import { deviceInput } from '../core/api/classTrayApi';
import { runAction } from '../core/api/apiMethods';
import type { Logger } from '../core/logger';
import { createLogger } from '../core/logger';
import { TeacherFacingError, shownFailure } from '../core/api/teacherFacing';
import { channels } from './channels';
import type { PasswordClipboard } from './clipboardSecret';
import { passwordClipboard } from './clipboardSecret';
import { isAppUrl } from './security';
import type { HostSupport } from './supportActions';

export class IpcRefusal extends TeacherFacingError {
  override readonly name = 'IpcRefusal';
}

/**
 * Registers every handler; returns a function that removes them. `support`: the log folder and
 * diagnostics actions (supportActions.ts); without it those two channels are not handled.
 */
export function registerIpc(
  classTray: ClassTray,
  log: Logger = createLogger(console, 'ipc'),
  passwords: PasswordClipboard = passwordClipboard({ warn: log.warn }),
  support?: HostSupport,
): () => void {
  const registered: string[] = [];
  const handle = (channel: string, run: (input: unknown) => unknown): void => {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown) => {
      try {
        checkSender(event, channel);
        return await run(input);
      } catch (error) {
        throw shownError(channel, error, log);
      }
    });
    registered.push(channel);
  };

  handle(channels.state, () => classTray.getState());
  for (const action of ACTION_NAMES) {
    handle(channels.actions[action], (input) => runAction(classTray, action, input));
  }
  handle(channels.copyPassword, async (input): Promise<PasswordCopy> => {
    const password = await classTray.devicePassword(
      parseInput('copyDevicePassword', deviceInput, input),
    );
    if (password === null) return { copied: false };
    const { clipboardClearSeconds } = (await classTray.getState()).preferences;
    // The password goes from main to the clipboard; the renderer learns only that it worked,
    // and when it goes again. Since Electron 44 the write is a Promise: a refusal must reach
    // the page as a sentence.
    try {
      return { copied: true, cleared: await passwords.copy(password, clipboardClearSeconds) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        `Writing a password to the clipboard failed: ${reason.replaceAll(password, '[password]')}`,
      );
      throw new IpcRefusal('The password could not be copied to the clipboard: try again.');
    }
  });

  if (support) {
    handle(channels.openLogFolder, () => support.openLogFolder());
    handle(channels.copyDiagnostics, () => support.copyDiagnostics());
  }

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

/**
 * What the page may learn of a failure. Electron sends only the error's text across, so an
 * unexpected error (whose text nobody checked for secrets) is replaced by a generic sentence,
 * and a refusal the window translates rides in that text.
 */
function shownError(channel: string, error: unknown, log: Logger): Error {
  const failure = shownFailure(error, {
    log,
    context: channel,
    internalMessage: 'ClassTray failed unexpectedly.',
  });
  return new Error(messageWithRefusal(failure));
}
