/**
 * The log file IT and support read: the lines the console shows, each with its time and level,
 * in one folder (the tray app's `app.getPath('logs')`, the preview's `<data folder>/logs`).
 * electron-log's file transport writes it (sync appends, rotation at LOG_MAX_BYTES to
 * classtray.old.log, so the folder holds at most twice that). Its node entry is used in both
 * hosts: electron-log/main would also register an IPC channel through which any page could write
 * log lines, and the tray app's window needs none (main passes the folder itself).
 *
 * What reaches the file is the logger's lines, which never carry a token, a password, a calendar
 * address or a policy's value (the callers' rule, which test/preview/logFile.test.ts checks on a
 * whole run); as a second guard every web address is cut to its origin here, so a calendar
 * subscription, whose path and query are its secret, cannot end up in the file whole.
 *
 * The folder is kept private as a data folder is (privateFolder.ts: refused when another user
 * could reach it; the log files found there narrowed to 0600), a link found at the log folder's
 * name or at a log file's is removed, not followed, and every append opens the file with O_NOFOLLOW.
 */
import fs from 'node:fs';
import path from 'node:path';
import electronLog from 'electron-log/node';
import type { SchoolPolicyView } from '../core/policy/policyView';
import {
  APPEND_NO_FOLLOW,
  PrivateFolderError,
  confirmFolder,
  makePrivateFolder,
  type PrivateFolderReport,
} from '../dataFolder/privateFolder';
import type { LogSink } from '../core/logger';
import { SET_ASIDE_KEEP_DAYS, removeOldSetAside } from '../dataFolder/dataFiles';

export const LOG_FILE_NAME = 'classtray.log';
/** One file's cap: past it the file becomes classtray.old.log (replacing the older one). */
export const LOG_MAX_BYTES = 1024 * 1024;

type Level = keyof LogSink;

export interface LogFile {
  /** The folder the log files are in: what "Open log folder" opens. */
  readonly folder: string;
  /** What was narrowed or set aside in the folder, for the host to log. */
  readonly privateFolder: PrivateFolderReport;
  /** The file being written. */
  readonly file: string;
  /** Each line to the console (as before) and to the file. */
  readonly sink: LogSink;
  /** Each line to the file only: for lines the host already shows its own way. */
  readonly fileOnly: LogSink;
  /** The last `count` lines of the log, the archived file's first when the current one is short. */
  lastLines(count: number): string[];
  /**
   * Values the file must never hold, by the name it shows instead (policySecrets): from now on,
   * replacing those set before. The console still shows the lines as they are.
   */
  redact(secrets: Readonly<Record<string, string>>): void;
}

export interface LogFileOptions {
  /** Where the lines also go; default the console. */
  console?: LogSink;
  /** Default LOG_MAX_BYTES (tests shrink it). */
  maxBytes?: number;
  /** The time now, for what was set aside in the folder; default the system's. */
  now?: () => number;
}

/** electron-log keeps its loggers by id for the life of the process: one per folder. */
const loggers = new Map<string, ReturnType<typeof electronLog.create>>();

/**
 * Opens (creates, 0700) the folder and its log file (0600) and returns the sinks writing there.
 * Throws PrivateFolderError for a folder another user could reach. A folder that cannot be
 * written does not stop the host: electron-log reports it once on the console and the lines
 * still reach the console.
 */
export function openLogFile(folder: string, options: LogFileOptions = {}): LogFile {
  const resolved = path.resolve(folder);
  const file = path.join(resolved, LOG_FILE_NAME);
  let privateFolder: PrivateFolderReport = { narrowed: [] };
  try {
    privateFolder = makePrivateFolder(resolved, { kind: 'log' });
  } catch (error) {
    if (error instanceof PrivateFolderError) throw error;
    // electron-log tries again on the first line and says why it cannot write.
  }
  const removedLinks = [file, archivedLogFile(file)].filter(removeLink);
  const logger = fileLogger(resolved, file);
  logger.transports.file.maxSize = options.maxBytes ?? LOG_MAX_BYTES;
  const consoleSink = options.console ?? console;
  let secrets: [string, string][] = [];
  let replaced = false;
  const write = (level: Level, line: string): void => {
    // electron-log appends by the path: a folder swapped while ClassTray runs gets no line.
    try {
      confirmFolder(resolved);
    } catch (error) {
      if (!replaced) consoleSink.error(`[log] ${(error as Error).message}`);
      replaced = true;
      return;
    }
    const redacted = secrets.reduce(
      (text, [name, value]) => text.replaceAll(value, `[${name}]`),
      line,
    );
    logger[level](fileLine(redacted));
  };
  const both = (level: Level) => (line: string) => {
    consoleSink[level](line);
    write(level, line);
  };
  if (privateFolder.replacedLink !== undefined) {
    write(
      'warn',
      `[log] The log folder ${privateFolder.replacedLink} was a link: removed, not followed (the folder it pointed to is untouched); the log is written in a folder of its own.`,
    );
  }
  for (const removed of removeOldSetAside(resolved, (options.now ?? Date.now)())) {
    write(
      'info',
      `[log] ${removed} was set aside ${SET_ASIDE_KEEP_DAYS} days ago or more: removed.`,
    );
  }
  for (const link of removedLinks) {
    write(
      'warn',
      `[log] ${link} was a link: removed, not followed; the log is written in a file of its own.`,
    );
  }
  return {
    folder: resolved,
    privateFolder,
    file,
    sink: { info: both('info'), warn: both('warn'), error: both('error') },
    fileOnly: {
      info: (line) => write('info', line),
      warn: (line) => write('warn', line),
      error: (line) => write('error', line),
    },
    lastLines: (count) => lastLines(file, count),
    redact(named) {
      // Longest first, so a value inside another is not cut out of it first; too short a value
      // (a port, "beta") would blank ordinary words.
      secrets = Object.entries(named)
        .filter(([, value]) => value.length >= 6)
        .map(([name, value]): [string, string] => [name, value])
        .sort(([, a], [, b]) => b.length - a.length);
    },
  };
}

function fileLogger(folder: string, file: string) {
  const known = loggers.get(folder);
  if (known) return known;
  const logger = electronLog.create({ logId: `classtray:${folder}` });
  // The console has its own sink (the lines as they always were); the file takes every level.
  logger.transports.console.level = false;
  logger.transports.file.level = 'info';
  logger.transports.file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  logger.transports.file.resolvePathFn = () => file;
  // Only this user reads the log: it names classrooms and devices. Never through a link.
  logger.transports.file.writeOptions = {
    // Node takes open(2)'s flags as a number too; electron-log's types list only the letters.
    flag: APPEND_NO_FOLLOW as unknown as 'a',
    mode: 0o600,
    encoding: 'utf8',
  };
  loggers.set(folder, logger);
  return logger;
}

/**
 * The school policy's values that are text (its service and update addresses, the auth header's
 * name), and each address's host, as `policy ServiceUrl` and `policy ServiceUrl host`: what a
 * host passes to redact() each time the policy is read.
 */
export function policySecrets(policy: Pick<SchoolPolicyView, 'inForce'>): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const { name, value } of policy.inForce) {
    if (typeof value !== 'string') continue;
    secrets[`policy ${name}`] = value;
    if (URL.canParse(value)) {
      const { host } = new URL(value);
      if (host !== '') secrets[`policy ${name} host`] = host;
    }
  }
  return secrets;
}

/** Removes a link at a log file's name (never what it points to); whether there was one. */
function removeLink(file: string): boolean {
  try {
    if (!fs.lstatSync(file).isSymbolicLink()) return false;
    fs.unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** An archived or current log file's name, for readers. */
export const archivedLogFile = (file: string): string => {
  const { dir, name, ext } = path.parse(file);
  return path.join(dir, `${name}.old${ext}`);
};

/**
 * A line as the file takes it: every web address cut to its origin, and the lines after the
 * first (an error's stack) indented, so no message can forge a line of its own.
 */
export function fileLine(line: string): string {
  return withoutAddressPaths(line).replace(/\r?\n/g, '\n  ');
}

const WEB_ADDRESS = /\b((?:https?|webcals?):\/\/)([^\s/?#"'<>]+)([^\s"'<>]*)/gi;

/** `https://school.example/ical/private-abc.ics?k=1` as `https://school.example/…`. */
export function withoutAddressPaths(text: string): string {
  return text.replace(WEB_ADDRESS, (_match, scheme: string, authority: string, rest: string) => {
    // user:password@host: the credentials go too.
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    const trailing = /[.,;:)\]]+$/.exec(rest)?.[0] ?? '';
    const cut = rest.slice(0, rest.length - trailing.length);
    return `${scheme}${host}${cut === '' || cut === '/' ? cut : '/…'}${trailing}`;
  });
}

function lastLines(file: string, count: number): string[] {
  const lines: string[] = [];
  for (const name of [file, archivedLogFile(file)]) {
    if (lines.length >= count) break;
    let text: string;
    try {
      text = fs.readFileSync(name, 'utf8');
    } catch {
      continue;
    }
    const fileLines = text.split(/\r?\n/);
    if (fileLines.at(-1) === '') fileLines.pop();
    lines.unshift(...fileLines.slice(Math.max(0, fileLines.length - (count - lines.length))));
  }
  return lines;
}
