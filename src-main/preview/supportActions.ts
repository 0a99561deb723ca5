/**
 * The preview's side of "Open log folder" and "Copy diagnostics": its log is in
 * `<data folder>/logs` (hosts/logFile.ts), and the diagnostics name the preview as the host,
 * package.json's version and this Node (no Electron).
 */
import fs from 'node:fs';
import type { ClassTray } from '../core/classTray';
import { DIAGNOSTICS_LOG_LINES, diagnosticsText } from '../hosts/diagnostics';
import type { LogFile } from '../hosts/logFile';
import type { PreviewSupport } from './server';

export function previewSupport(
  classTray: Pick<ClassTray, 'getState'>,
  logFile: Pick<LogFile, 'folder' | 'lastLines'>,
): PreviewSupport {
  return {
    logFolder: logFile.folder,
    async diagnostics() {
      const { schoolPolicy } = await classTray.getState();
      return diagnosticsText({
        version: previewVersion(),
        host: 'browser preview',
        versions: process.versions,
        schoolPolicy,
        logFolder: logFile.folder,
        logLines: logFile.lastLines(DIAGNOSTICS_LOG_LINES),
        now: new Date(),
      });
    },
  };
}

/** The preview runs from the repository: its package.json says the version. */
export function previewVersion(): string {
  try {
    const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const { version } = JSON.parse(text) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
