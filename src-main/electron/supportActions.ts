/**
 * What the tray app offers IT and support (Settings and the tray menu): "Open log folder" opens
 * `app.getPath('logs')` in the system's file manager, and "Copy diagnostics" puts the diagnostics
 * text (src-main/hosts/diagnostics.ts) on the clipboard from main; the page learns only that it
 * worked.
 */
import { app, clipboard, shell } from 'electron';
import type { LogFolderView } from '../core/api/hostApi';
import type { ClassTray } from '../core/classTray';
import type { Logger } from '../core/logger';
import { englishRefusal } from '../core/api/apiInput';
import { TeacherFacingError } from '../core/api/teacherFacing';
import { refusal } from '../../src-shared/refusal';
import { diagnosticsText } from '../hosts/diagnostics';
import { DIAGNOSTICS_LOG_LINES } from '../hosts/diagnostics';
import type { LogFile } from '../hosts/logFile';

export interface HostSupport {
  openLogFolder(): Promise<LogFolderView>;
  copyDiagnostics(): Promise<void>;
}

/** The clipboard refused the diagnostics: worded by the window (the cause is in the log). */
export class SupportRefusal extends TeacherFacingError {
  override readonly name = 'SupportRefusal';
  override readonly refusal = refusal('diagnosticsNotCopied', {});

  constructor() {
    super(englishRefusal('diagnosticsNotCopied', {}));
  }
}

export function electronSupport(
  classTray: Pick<ClassTray, 'getState'>,
  logFile: Pick<LogFile, 'folder' | 'lastLines'>,
  log: Logger,
): HostSupport {
  return {
    async openLogFolder() {
      // '' once the file manager has it; otherwise the reason it could not be opened.
      const problem = await shell.openPath(logFile.folder);
      if (problem !== '') log.warn(`The log folder could not be opened: ${problem}`);
      return { folder: logFile.folder, opened: problem === '' };
    },
    async copyDiagnostics() {
      const { schoolPolicy } = await classTray.getState();
      const text = diagnosticsText({
        version: app.getVersion(),
        host: 'tray app',
        versions: process.versions,
        schoolPolicy,
        logFolder: logFile.folder,
        logLines: logFile.lastLines(DIAGNOSTICS_LOG_LINES),
        now: new Date(),
      });
      try {
        await clipboard.writeText(text);
      } catch (error) {
        log.warn(
          `Writing the diagnostics to the clipboard failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw new SupportRefusal();
      }
    },
  };
}
