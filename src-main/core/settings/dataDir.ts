/**
 * Where ClassTray keeps its files: `--data-dir`, else CLASSTRAY_DATA_DIR, else the folder
 * Electron uses as userData for ClassTray, so the preview and the tray app share one settings file.
 */
import os from 'node:os';
import path from 'node:path';
import { TeacherFacingError } from '../api/teacherFacing';

export const APP_NAME = 'ClassTray';

export interface DataDirSources {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  homeDir?: string;
}

/**
 * `--data-dir <dir>` (or `--data-dir=<dir>`), else CLASSTRAY_DATA_DIR, else the directory
 * Electron uses as userData for ClassTray, so the preview and the tray app share one file.
 * (conf's own default comes from env-paths, which differs: ~/Library/Preferences and a
 * `-nodejs` suffix.)
 */
export function resolveDataDir(sources: DataDirSources): string {
  const fromArgs = dataDirArgument(sources.argv);
  if (fromArgs !== undefined) return path.resolve(fromArgs);
  const fromEnv = sources.env['CLASSTRAY_DATA_DIR'];
  if (fromEnv) return path.resolve(fromEnv);

  const platform = sources.platform ?? process.platform;
  const home = sources.homeDir ?? os.homedir();
  const { env } = sources;
  if (platform === 'win32') {
    return path.win32.join(env['APPDATA'] || path.win32.join(home, 'AppData', 'Roaming'), APP_NAME);
  }
  if (platform === 'darwin') {
    return path.posix.join(home, 'Library', 'Application Support', APP_NAME);
  }
  const xdgConfig = env['XDG_CONFIG_HOME'];
  // The XDG spec says relative values are to be ignored.
  const configHome =
    xdgConfig && path.posix.isAbsolute(xdgConfig) ? xdgConfig : path.posix.join(home, '.config');
  return path.posix.join(configHome, APP_NAME);
}

/** --data-dir given without a folder: a sentence for whoever started ClassTray. */
export class DataDirArgumentError extends TeacherFacingError {
  override readonly name = 'DataDirArgumentError';
}

function dataDirArgument(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  // The last occurrence wins, as with most command-line tools.
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--data-dir') {
      found = argv[index + 1];
      if (found === undefined || found.startsWith('--')) {
        throw new DataDirArgumentError(
          '--data-dir needs a directory, as in --data-dir ./classtray-data',
        );
      }
      index += 1;
    } else if (arg?.startsWith('--data-dir=')) {
      found = arg.slice('--data-dir='.length);
      if (found === '') throw new DataDirArgumentError('--data-dir= needs a directory');
    }
  }
  return found;
}
