/**
 * settings/: the features' parts composed, repaired, stored (here); preferences, notebook, data.
 *
 * The teacher's settings, persisted: one JSON file, written through `conf` in plain Node and
 * through electron-store (which extends conf) inside Electron; validated by the composed schema
 * (settingsSchema.ts) on every update, and repaired on load (settingsRepair.ts).
 *
 * No secret ever lives here: the API token is in the keychain (see account/vault.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Conf from 'conf';
import type { Clock } from '../../../src-shared/clock';
import { refusal, type Refusal } from '../../../src-shared/refusal';
import { FILE_CAPS, mebibytes, readCapped, type CappedText } from '../../dataFolder/fileCaps';
import { errnoCode, folderProblem } from '../../dataFolder/writerLock';
import type { Logger } from '../logger';
import { createLogger } from '../logger';
import { ApiInputError } from '../api/apiInput';
import { TeacherFacingError } from '../api/teacherFacing';
import type { DeepReadonly, Settings, SettingsPatch } from './settingsSchema';
import { defaultSettings, settingsSchema } from './settingsSchema';
import { describeIssues, isPlainObject, repair } from './settingsRepair';
import {
  FolderReplacedError,
  PRIVATE_FILE_MODE,
  confirmFolder,
  writeFileNoFollow,
} from '../../dataFolder/privateFolder';

export const SETTINGS_CONFIG_NAME = 'settings';

/** A rejected update. `field` is the first offending dotted path (e.g. `poll.visibleSeconds`). */
export class SettingsValidationError extends TeacherFacingError {
  override readonly name = 'SettingsValidationError';
  readonly field: string;
  readonly fields: readonly string[];

  constructor(problems: readonly { field: string; message: string }[]) {
    // zod's messages describe the rule, never the rejected value, so no input leaks in here.
    super(`Invalid settings: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    this.fields = problems.map((p) => p.field);
    this.field = this.fields[0] ?? 'settings';
  }
}

/**
 * The settings file could not be read or written: one sentence for the teacher, shown by the
 * hosts like every teacher-facing error, at start or after an action.
 */
export class SettingsFileError extends TeacherFacingError {
  override readonly name = 'SettingsFileError';

  /** `refusal` lets a window say it in its language; the message stays for everything else. */
  constructor(
    message: string,
    override readonly refusal?: Refusal,
  ) {
    super(message);
  }
}

/**
 * What the store needs from its persistence: exactly the `store` accessor and `path` of `conf`,
 * and so of electron-store, whose instances satisfy it as they are.
 */
export interface SettingsBackend {
  readonly path: string;
  get store(): Record<string, unknown>;
  set store(value: Record<string, unknown>);
}

export interface SettingsOptions {
  log?: Logger;
  now?: Clock;
}

export class SettingsStore {
  readonly #backend: SettingsBackend;
  readonly #warn: Logger['warn'];
  readonly #now: Clock;
  #current: DeepReadonly<Settings>;

  constructor(backend: SettingsBackend, options: SettingsOptions = {}) {
    this.#backend = backend;
    this.#warn = (options.log ?? createLogger()).warn;
    this.#now = options.now ?? Date.now;
    this.#current = deepFreeze(this.#load());
  }

  get path(): string {
    return this.#backend.path;
  }

  /** The current settings, validated and deeply frozen: safe to hand out and keep. */
  get(): DeepReadonly<Settings> {
    return this.#current;
  }

  /** Validates the merged result before anything is written; throws SettingsValidationError. */
  update(patch: SettingsPatch): DeepReadonly<Settings> {
    if (!isPlainObject(patch)) {
      throw new SettingsValidationError([{ field: 'settings', message: 'must be an object' }]);
    }
    const merged: Record<string, unknown> = { ...this.#current };
    for (const [key, value] of Object.entries(patch)) {
      const existing = merged[key];
      merged[key] =
        isPlainObject(existing) && isPlainObject(value) ? { ...existing, ...value } : value;
    }
    const result = settingsSchema.safeParse(merged);
    if (!result.success) {
      throw new SettingsValidationError(describeIssues(result.error.issues));
    }
    const next = toJson(result.data);
    if (isDeepStrictEqual(next, this.#current)) {
      return this.#current;
    }
    this.#save(next, 'Your change was not saved', true);
    this.#current = deepFreeze(next);
    return this.#current;
  }

  /**
   * Writes through the backend; a failure is a SettingsFileError and changes nothing in memory.
   * A teacher's change that failed is said in the window's language, and why in the log.
   */
  #save(settings: Settings, what: string, teachersChange = false): void {
    try {
      // conf writes by the path: first, that the folder is still the one checked at start.
      confirmFolder(path.dirname(this.#backend.path));
      this.#backend.store = settings;
    } catch (error) {
      const message = `${what}: ${writeProblem(this.#backend.path, error)}`;
      if (!teachersChange) throw new SettingsFileError(message);
      this.#warn(message);
      throw new SettingsFileError(
        message,
        refusal('settingsNotSaved', { file: this.#backend.path }),
      );
    }
  }

  /**
   * Recovery policy: a file that is not a JSON object is moved aside whole and defaults are used.
   * A JSON object is repaired field by field: each invalid top-level field falls back to its
   * default and unknown fields are dropped, so one bad poll interval does not cost the tracked
   * accesses; the original is still copied aside first, so nothing is lost.
   */
  #load(): Settings {
    let raw: unknown;
    try {
      raw = this.#backend.store;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw readFailure(this.#backend.path, error);
      const aside = setAside(this.#backend.path, this.#now, 'move');
      this.#warn(`Settings file was not valid JSON: moved to ${aside}; using defaults.`);
      return defaultSettings();
    }
    const { settings, problems, upgraded } = repair(raw);
    if (upgraded && problems.length === 0) {
      this.#save(toJson(settings), 'The settings could not be saved in their new form');
      this.#warn(
        'Settings file was written by an older version: saved in the form this version reads.',
      );
    }
    if (problems.length > 0) {
      const aside = setAside(this.#backend.path, this.#now, 'copy');
      this.#save(toJson(settings), 'The repaired settings could not be saved');
      this.#warn(
        `Settings file had invalid fields (${problems.join('; ')}): reset to defaults; the original is kept at ${aside}.`,
      );
    }
    return settings;
  }
}

/** Keeps a damaged file beside the original as `<name>.corrupt-<time>`; returns its path. */
function setAside(filePath: string, now: Clock, how: 'move' | 'copy'): string {
  // Colons are not allowed in Windows file names.
  const stamp = new Date(now()).toISOString().replaceAll(':', '-');
  const aside = `${filePath}.corrupt-${stamp}`;
  try {
    if (how === 'move') fs.renameSync(filePath, aside);
    else fs.copyFileSync(filePath, aside);
  } catch (error) {
    throw new SettingsFileError(
      `The damaged settings file could not be set aside: ${writeProblem(filePath, error)}`,
    );
  }
  return aside;
}

export interface OpenSettingsOptions extends SettingsOptions {
  dataDir: string;
  /**
   * Defaults to `conf`; the Electron host passes electron-store:
   * `new Store({ cwd, name, configFileMode })`. configFileMode is 0600: the teacher's alone.
   */
  createBackend?: (options: {
    cwd: string;
    configName: string;
    configFileMode: number;
  }) => SettingsBackend;
}

export function openSettings(options: OpenSettingsOptions): SettingsStore {
  const { dataDir, createBackend = (conf) => new Conf<Record<string, unknown>>(conf) } = options;
  const log = options.log ?? createLogger();
  const now = options.now ?? Date.now;
  // conf and electron-store throw from their constructors on a file that is not JSON, and read
  // a JSON non-object as `{}`; so a file that is not a JSON object is set aside before either runs.
  const filePath = path.join(dataDir, `${SETTINGS_CONFIG_NAME}.json`);
  const problem = fileProblem(filePath);
  if (problem !== undefined) {
    const aside = setAside(filePath, now, 'move');
    log.warn(`Settings file ${problem}: moved to ${aside}; using defaults.`);
  }
  let backend;
  try {
    backend = createBackend({
      cwd: dataDir,
      configName: SETTINGS_CONFIG_NAME,
      configFileMode: PRIVATE_FILE_MODE,
    });
  } catch (error) {
    // conf creates the folder and reads the file at once.
    throw error instanceof SyntaxError ? error : readFailure(filePath, error);
  }
  return new SettingsStore(backend, { log, now });
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Why the file cannot be the settings (over its cap, or not a JSON object); undefined when it is
 * absent (first run) or holds a JSON object. A UTF-8 byte order mark, as some Windows editors
 * save, is taken off the file first: conf and electron-store read none.
 */
function fileProblem(filePath: string): string | undefined {
  let read: CappedText;
  try {
    read = readCapped(filePath, FILE_CAPS.settings);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw readFailure(filePath, error);
  }
  if ('tooLarge' in read) {
    return `was ${mebibytes(read.tooLarge)}, over its cap of ${mebibytes(FILE_CAPS.settings)} (not read)`;
  }
  let { text } = read;
  if (text.startsWith(BYTE_ORDER_MARK)) {
    text = text.slice(BYTE_ORDER_MARK.length);
    rewrite(filePath, text);
  }
  try {
    return isPlainObject(JSON.parse(text)) ? undefined : 'was not a JSON object';
  } catch {
    return 'was not a JSON object';
  }
}

/** Replaces the file's text atomically, keeping its mode. */
function rewrite(filePath: string, text: string): void {
  const temporary = `${filePath}.${process.pid}.tmp`;
  try {
    writeFileNoFollow(temporary, text, fs.statSync(filePath).mode & 0o777);
    fs.renameSync(temporary, filePath);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw new SettingsFileError(
      `The settings file could not be rewritten without its byte order mark: ${writeProblem(filePath, error)}`,
    );
  }
}

/** Why the settings file cannot be read, as a sentence saying what to do. */
function readFailure(filePath: string, error: unknown): SettingsFileError {
  switch (errnoCode(error)) {
    case 'EISDIR':
      return new SettingsFileError(
        `ClassTray cannot read its settings: ${filePath} is a folder. Move it away and start ClassTray again.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new SettingsFileError(
        `ClassTray is not allowed to read its settings file ${filePath}. Give your user access to it and start ClassTray again.`,
      );
    default:
      return new SettingsFileError(
        `ClassTray cannot read its settings file ${filePath} (${errnoCode(error) ?? String(error)}).`,
      );
  }
}

/** Why the settings file cannot be written, as a sentence. */
function writeProblem(filePath: string, error: unknown): string {
  if (error instanceof FolderReplacedError) return error.message;
  if (errnoCode(error) === 'EISDIR') return `${filePath} is a folder.`;
  return folderProblem(path.dirname(filePath), error);
}

/** What is in memory equals what is on disk (no `undefined` members, no shared references). */
const toJson = (settings: Settings): Settings => JSON.parse(JSON.stringify(settings)) as Settings;

function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value as DeepReadonly<T>;
}

const isErrnoException = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && 'code' in error;

/** A settings write, a rejected value turned into an input error for the renderer. */
export function updateSettings(settings: SettingsStore, patch: SettingsPatch): void {
  writeChecked(() => settings.update(patch));
}

/** Runs a write to the settings (or a notebook kept there), refusing a bad value as input. */
export function writeChecked(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (error instanceof SettingsValidationError) throw new ApiInputError(error.message);
    throw error;
  }
}
