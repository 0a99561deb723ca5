/**
 * The teacher's settings: one zod schema, persisted as JSON through `conf` in plain Node and
 * through electron-store (which extends conf) inside Electron.
 *
 * No secret ever lives here: the API token is in the keychain (see vault.ts). Every object in
 * the schema is strict, so a stray field such as `apiToken` is rejected on update and dropped on
 * load instead of being carried along.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Conf from 'conf';
import { z } from 'zod';
import type { Clock } from '../../../src-shared/clock';
import { errnoCode, folderProblem } from '../../writerLock';
import {
  CLIPBOARD_CLEAR_SECONDS,
  ENDED_RETENTION_HOURS,
  HIDDEN_POLL_SECONDS,
  MAX_SCHEDULED_ENDS,
  VISIBLE_POLL_SECONDS,
} from '../../../src-shared/limits';
import { LANGUAGES } from '../../../src-shared/locale';
import { scheduleTargetKey } from '../../../src-shared/scheduleTarget';
import { DEFAULT_AUTH_HEADER, temporalAccessTokenSchema } from '../../contract/wire';
import { issueProblems } from '../../contract/zodIssues';
import type { ConnectionProblem } from '../api/classTrayApi';
import type { Logger } from '../logger';
import { createLogger } from '../logger';
import { TeacherFacingError } from '../api/teacherFacing';

export const APP_NAME = 'ClassTray';
export const SETTINGS_CONFIG_NAME = 'settings';
export const MAX_RECENT_CLASSROOMS = 10;

const isoTimeSchema = z.iso.datetime({ offset: true });

const recentClassroomSchema = z.strictObject({
  id: z.string().min(1),
  nickname: z.string().min(1).optional(),
});

/** Every kind of problem an end can meet (a ConnectionProblem's kinds), so a failure is kept. */
const PROBLEM_KINDS = [
  'unauthorized',
  'no-token',
  'classroom-not-found',
  'access-not-found',
  'already-ended',
  'rate-limited',
  'network',
  'server',
  'bad-response',
  'bad-request',
  'internal',
] as const satisfies readonly ConnectionProblem['kind'][];
/** Fails to compile when a problem kind is missing above. */
export type _EveryProblemKindIsKept = Assert<
  [Exclude<ConnectionProblem['kind'], (typeof PROBLEM_KINDS)[number]>] extends [never]
    ? true
    : false
>;
type Assert<Condition extends true> = Condition;

/**
 * What the service last answered when ClassTray asked it to end the access (none: never asked).
 * invalidated: 200, the session ends at sessionExpiresAt. already-ended: 422. unknown: 404, the
 * service does not know the token. failed: any other failure, kept with its problem so a restart
 * still shows why (files written before failures were kept have only the first two).
 */
const accessOutcomeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('invalidated'),
    sessionExpiresAt: isoTimeSchema,
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('already-ended'),
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('unknown'),
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('failed'),
    problem: z.strictObject({ kind: z.enum(PROBLEM_KINDS), detail: z.string() }),
    learnedAt: isoTimeSchema,
  }),
]);

const trackedTemporalAccessSchema = z.strictObject({
  token: temporalAccessTokenSchema,
  label: z.string().min(1).optional(),
  remoteId: z.string().min(1).optional(),
  // Recorded when added, so the access is named and warned about outside its classroom too.
  classroomId: z.string().min(1).optional(),
  deviceAlias: z.string().min(1).optional(),
  has2fa: z.boolean().optional(),
  addedAt: isoTimeSchema,
  lastOutcome: accessOutcomeSchema.optional(),
});

/**
 * An end the teacher scheduled ("End at 10:50"): of one tracked access, or of every access of a
 * classroom still running then (also those added after it was scheduled). Kept until it ran.
 */
const scheduledEndSchema = z.strictObject({
  at: isoTimeSchema,
  target: z.union([
    z.strictObject({ token: temporalAccessTokenSchema }),
    z.strictObject({ classroomId: z.string().min(1) }),
  ]),
});

/** RFC 9110 field-name characters: anything else could not be sent as a header. */
const headerNameSchema = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name such as X-Token-SVC');

const serviceUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
  // Credentials in the URL would put a secret in the settings file.
  .refine((url) => {
    // zod runs this check even after the URL check failed, which reports that case already.
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  }, 'must not contain a user name or password')
  // The client asks at the path alone, so a query or fragment is never needed: refusing every
  // one refuses ?token=, ?api_key=, ?password= and any other name a secret might go by.
  .refine((url) => {
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.search === '' && parsed.hash === '' && !/[?#]/.test(url);
  }, 'must not contain a query (?…) or fragment (#…): a token goes in the token field, never in the address');

/** "08:05": a time of day on the 24-hour clock. */
const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 08:05');

/** A lesson typed in the weekly table: ISO weekday (1 Monday … 7 Sunday), start, end, classroom. */
const weeklyLessonSchema = z
  .strictObject({
    weekday: z.number().int().min(1).max(7),
    start: clockTimeSchema,
    end: clockTimeSchema,
    classroomId: z.string().min(1),
  })
  .refine((lesson) => lesson.start < lesson.end, 'must end after it starts');

/**
 * The teacher's timetable (issue 18): where its lessons come from (the subscription's address is
 * in the keychain, its last copy in timetable.ics), which classroom each place is, and whether a
 * lesson's end ends its room's accesses (null: not asked yet).
 */
const timetableSchema = z
  .strictObject({
    source: z.enum(['none', 'subscription', 'file', 'weekly']).default('none'),
    weekly: z.array(weeklyLessonSchema).max(70).default([]),
    /** A place (LOCATION, else SUMMARY) and its classroom; null: not a ClassTray room. */
    places: z
      .array(
        z.strictObject({
          place: z.string().min(1).max(200),
          classroomId: z.string().min(1).nullable(),
        }),
      )
      .max(500)
      .default([]),
    endAtBell: z.boolean().nullable().default(null),
    /** Lessons after which the teacher keeps the accesses, by lesson key. */
    kept: z.array(z.string().min(1).max(600)).max(100).default([]),
    /** The scheduled ends the timetable set (scheduledEndKey): never a teacher's own. */
    bellEnds: z.array(z.string().min(1).max(400)).max(MAX_SCHEDULED_ENDS).default([]),
  })
  .prefault({});

const secondsSchema = (limits: { min: number; max: number; default: number }) =>
  z.number().int().min(limits.min).max(limits.max).default(limits.default);

export const settingsSchema = z.strictObject({
  serviceUrl: serviceUrlSchema.nullable().default(null),
  authHeader: headerNameSchema.default(DEFAULT_AUTH_HEADER),
  mode: z.enum(['demo', 'service']).default('demo'),
  classrooms: z
    .strictObject({
      current: z.string().min(1).nullable().default(null),
      /** Most recent first. */
      recent: z
        .array(recentClassroomSchema)
        .max(MAX_RECENT_CLASSROOMS)
        .refine(
          (recent) => new Set(recent.map((classroom) => classroom.id)).size === recent.length,
          'must not list a classroom twice',
        )
        .default([]),
    })
    .prefault({}),
  poll: z
    .strictObject({
      visibleSeconds: secondsSchema(VISIBLE_POLL_SECONDS),
      hiddenSeconds: secondsSchema(HIDDEN_POLL_SECONDS),
    })
    .prefault({}),
  notifications: z.strictObject({ deviceChanges: z.boolean().default(false) }).prefault({}),
  language: z.enum(LANGUAGES).default('system'),
  startAtLogin: z.boolean().default(false),
  compactView: z.boolean().default(false),
  /** Ended accesses are cleared from the list this long after they ended. */
  endedRetentionHours: z
    .number()
    .int()
    .min(ENDED_RETENTION_HOURS.min)
    .max(ENDED_RETENTION_HOURS.max)
    .default(ENDED_RETENTION_HOURS.default),
  /** A copied device password is cleared after this long if still on the clipboard; 0: on quit only. */
  clipboardClearSeconds: z
    .number()
    .int()
    .min(0)
    .max(Math.max(...CLIPBOARD_CLEAR_SECONDS.choices))
    .default(CLIPBOARD_CLEAR_SECONDS.default),
  /** Offline and recently changed devices at the top of the list, above the fold. */
  problemsFirst: z.boolean().default(true),
  /** The teacher closed the demo school's notice: the "Demo data" badge still says it. */
  demoNoticeDismissed: z.boolean().default(false),
  temporalAccesses: z
    .array(trackedTemporalAccessSchema)
    .refine(
      (accesses) =>
        new Set(accesses.map((access) => access.token.toLowerCase())).size === accesses.length,
      'must not track a temporal access twice',
    )
    .default([]),
  /** Soonest first; one per access or classroom. */
  scheduledEnds: z
    .array(scheduledEndSchema)
    .max(MAX_SCHEDULED_ENDS)
    .refine(
      (ends) => new Set(ends.map(({ target }) => scheduleTargetKey(target))).size === ends.length,
      'must not schedule the end of an access or classroom twice',
    )
    .default([]),
  timetable: timetableSchema,
});

export type Settings = z.infer<typeof settingsSchema>;
export type Mode = Settings['mode'];
export type Language = Settings['language'];
export type PollSettings = Settings['poll'];
export type RecentClassroom = z.infer<typeof recentClassroomSchema>;
export type TrackedTemporalAccess = z.infer<typeof trackedTemporalAccessSchema>;
export type AccessOutcome = z.infer<typeof accessOutcomeSchema>;
export type ScheduledEnd = z.infer<typeof scheduledEndSchema>;
export type ScheduleTarget = ScheduledEnd['target'];
export type TimetableSettings = Settings['timetable'];
export type WeeklyLesson = z.infer<typeof weeklyLessonSchema>;

export type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** Top-level fields replace; the nested groups (classrooms, poll, notifications) merge one level. */
export type SettingsPatch = {
  readonly [K in keyof Settings]?: Settings[K] extends
    readonly unknown[] | string | number | boolean | null
    ? DeepReadonly<Settings[K]>
    : Partial<DeepReadonly<Settings[K]>>;
};

export const defaultSettings = (): Settings => settingsSchema.parse({});

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
    this.#save(next, 'Your change was not saved');
    this.#current = deepFreeze(next);
    return this.#current;
  }

  /** Writes through the backend; a failure is a SettingsFileError and changes nothing in memory. */
  #save(settings: Settings, what: string): void {
    try {
      this.#backend.store = settings;
    } catch (error) {
      throw new SettingsFileError(`${what}: ${writeProblem(this.#backend.path, error)}`);
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
    const { settings, problems } = repair(raw);
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

/** The keys conf keeps for itself (migrations); never ours to judge. */
const isBackendInternal = (key: string): boolean => key === '__internal__';

function repair(raw: unknown): { settings: Settings; problems: string[] } {
  if (!isPlainObject(raw)) {
    return { settings: defaultSettings(), problems: ['not an object'] };
  }
  const problems: string[] = [];
  const fields: Record<string, unknown> = {};
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const result = shape[key].safeParse(raw[key]);
    if (result.success) {
      fields[key] = result.data;
    } else if (key === 'temporalAccesses' && Array.isArray(raw[key])) {
      // Each tracked access is a teacher's record: a bad one costs only itself.
      fields[key] = repairTrackedAccesses(raw[key], problems);
    } else if (key === 'scheduledEnds' && Array.isArray(raw[key])) {
      // So is each scheduled end.
      fields[key] = repairScheduledEnds(raw[key], problems);
    } else {
      problems.push(describeIssues(result.error.issues, [key]).map(formatProblem).join(', '));
    }
  }
  for (const key of Object.keys(raw)) {
    if (!(key in shape) && !isBackendInternal(key)) problems.push(`${key} is not a setting`);
  }
  // Fields left out take their defaults here.
  return { settings: settingsSchema.parse(fields), problems };
}

/**
 * The valid items of a list setting, each once by `keyOf` (the first wins); a problem, naming
 * the item, for every other.
 */
function repairItems<Item>(
  key: 'temporalAccesses' | 'scheduledEnds',
  items: unknown[],
  problems: string[],
  rule: { schema: z.ZodType<Item>; keyOf: (item: Item) => string; twice: string },
): Item[] {
  const kept: Item[] = [];
  const keys = new Set<string>();
  items.forEach((item, index) => {
    const result = rule.schema.safeParse(item);
    if (!result.success) {
      const at = [key, index];
      problems.push(
        `${describeIssues(result.error.issues, at).map(formatProblem).join(', ')} (dropped)`,
      );
    } else if (keys.has(rule.keyOf(result.data))) {
      problems.push(`${key}.${index} ${rule.twice} (dropped)`);
    } else {
      keys.add(rule.keyOf(result.data));
      kept.push(result.data);
    }
  });
  return kept;
}

/** The valid tracked accesses, each token once. */
const repairTrackedAccesses = (items: unknown[], problems: string[]): TrackedTemporalAccess[] =>
  repairItems('temporalAccesses', items, problems, {
    schema: trackedTemporalAccessSchema,
    keyOf: (access) => access.token.toLowerCase(),
    twice: 'tracks a temporal access twice',
  });

/**
 * The valid scheduled ends, soonest first, each target once and at most MAX_SCHEDULED_ENDS of
 * them (the soonest).
 */
function repairScheduledEnds(items: unknown[], problems: string[]): ScheduledEnd[] {
  const kept = repairItems('scheduledEnds', items, problems, {
    schema: scheduledEndSchema,
    keyOf: (end) => scheduleTargetKey(end.target),
    twice: 'schedules the end of the same target twice',
  }).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (kept.length > MAX_SCHEDULED_ENDS) {
    problems.push(
      `scheduledEnds holds more than ${MAX_SCHEDULED_ENDS} ends (the latest ${kept.length - MAX_SCHEDULED_ENDS} dropped)`,
    );
  }
  return kept.slice(0, MAX_SCHEDULED_ENDS);
}

function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): { field: string; message: string }[] {
  return issueProblems(issues, prefix).map(({ path, message }) => ({
    field: path.length === 0 ? 'settings' : path.map(String).join('.'),
    message: message === 'is not allowed' ? 'is not a setting' : message,
  }));
}

const formatProblem = ({ field, message }: { field: string; message: string }): string =>
  `${field} ${message}`;

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
  /** Defaults to `conf`; the Electron host passes electron-store: `new Store({ cwd, name })`. */
  createBackend?: (options: { cwd: string; configName: string }) => SettingsBackend;
}

export function openSettings(options: OpenSettingsOptions): SettingsStore {
  const { dataDir, createBackend = (conf) => new Conf<Record<string, unknown>>(conf) } = options;
  const log = options.log ?? createLogger();
  const now = options.now ?? Date.now;
  // conf and electron-store throw from their constructors on a file that is not JSON, and read
  // a JSON non-object as `{}`; so a file that is not a JSON object is set aside before either runs.
  const filePath = path.join(dataDir, `${SETTINGS_CONFIG_NAME}.json`);
  if (!holdsJsonObject(filePath)) {
    const aside = setAside(filePath, now, 'move');
    log.warn(`Settings file was not a JSON object: moved to ${aside}; using defaults.`);
  }
  let backend;
  try {
    backend = createBackend({ cwd: dataDir, configName: SETTINGS_CONFIG_NAME });
  } catch (error) {
    // conf creates the folder and reads the file at once.
    throw error instanceof SyntaxError ? error : readFailure(filePath, error);
  }
  return new SettingsStore(backend, { log, now });
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * True when the file is absent (first run) or holds a JSON object. A UTF-8 byte order mark, as
 * some Windows editors save, is taken off the file first: conf and electron-store read none.
 */
function holdsJsonObject(filePath: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return true;
    throw readFailure(filePath, error);
  }
  if (text.startsWith(BYTE_ORDER_MARK)) {
    text = text.slice(BYTE_ORDER_MARK.length);
    rewrite(filePath, text);
  }
  try {
    return isPlainObject(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Replaces the file's text atomically, keeping its mode. */
function rewrite(filePath: string, text: string): void {
  const temporary = `${filePath}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, text, { mode: fs.statSync(filePath).mode & 0o777 });
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
  if (errnoCode(error) === 'EISDIR') return `${filePath} is a folder.`;
  return folderProblem(path.dirname(filePath), error);
}

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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
