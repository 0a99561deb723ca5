/**
 * Where each OS keeps what IT set, read without a native module: Linux's
 * /etc/classtray/policy.json; Windows' registry through the system's own reg.exe (HKLM, then
 * HKCU); macOS's forced values of the app's domain, the files the management client writes under
 * /Library/Managed Preferences (the computer's, then the user's), read through plutil. A file
 * counts only when only root can have written it: a regular file owned by root, not writable by
 * group or others; else it is ignored with a log line saying why.
 *
 * A source is read in bounded time and memory (64 KiB at most, read again while it changes under
 * the reader), and one that cannot be read or is not a policy keeps its last good policy, locks
 * included, until a good one or its removal is seen: a file IT is rewriting never unlocks a
 * setting for a minute. A removal counts only once the source is still missing a while later
 * (POLICY_ABSENCE_GRACE_MS, so at the next read): a redeploy that replaces the file by unlink and
 * create (`install -m 644`, an editor's save) is never read as "no policy". Likewise a file
 * refused only for its mode (writable by group or others: a redeploy that writes it 0664, then
 * sets 0644) keeps its last good policy for POLICY_MODE_GRACE_MS, and the log says so; nothing of
 * the refused file applies. Each log line is written once per version of its source (its bytes,
 * or what the rules refused), not per read.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  IgnoredEntry,
  IgnoredWhy,
  ManagedPolicy,
  PolicyInForce,
  SourcedPolicy,
} from './policyChecker';
import {
  ignoredLine,
  mergePolicies,
  policiesInForce,
  printableName,
  readPolicyObject,
} from './policyChecker';
import type { PolicyName } from './policyTable';
import { FILE_CAPS } from '../../dataFolder/fileCaps';
import {
  DEFAULTS_SECTION,
  LINUX_POLICY_FILE,
  POLICIES,
  POLICY_DOMAIN,
  WINDOWS_POLICY_KEY,
} from './policyTable';

/** A policy larger than this is no policy (fileCaps.ts, with every file's cap). */
export const MAX_POLICY_BYTES = FILE_CAPS.policy;
/** Reads of a file until two in a row agree: IT's tools may rewrite it in place. */
export const POLICY_READ_TRIES = 5;
/**
 * How long a source must stay missing before its last good policy goes: a redeploy's gap between
 * the unlink and the new file lasts milliseconds, and the app reads every minute.
 */
export const POLICY_ABSENCE_GRACE_MS = 10_000;
/**
 * How long a file refused only for its mode keeps its last good policy: a redeploy sets the mode
 * a moment after it writes the file; one left writable by group or others loses its locks at the
 * next read (the app reads every minute).
 */
export const POLICY_MODE_GRACE_MS = 10_000;
/** The versions of a source whose lines are remembered as said. */
export const SAID_VERSIONS = 16;

/** A command's outcome: exit code 0 or not, and what it printed. */
export interface CommandResult {
  code: number;
  stdout: string;
}

export type PolicyStats = Pick<fs.Stats, 'isFile' | 'uid' | 'mode' | 'size'>;

/** What the readers ask of the machine: injected, so each OS's reader is tested anywhere. */
export interface PolicySystem {
  platform: NodeJS.Platform;
  lstat(file: string): PolicyStats;
  /** The file's first `maxBytes` bytes at most, never more. */
  readFile(file: string, maxBytes: number): Uint8Array;
  run(command: string, args: readonly string[]): Promise<CommandResult>;
  userName: string;
  /** %SystemRoot%: reg.exe is taken from there, never from PATH. */
  systemRoot: string;
}

export const systemPolicySystem = (): PolicySystem => ({
  platform: process.platform,
  lstat: (file) => fs.lstatSync(file),
  readFile: readFileHead,
  run: (command, args) =>
    new Promise((resolve) => {
      execFile(
        command,
        args,
        { windowsHide: true, timeout: 10_000, maxBuffer: 4 * MAX_POLICY_BYTES },
        (error, stdout) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          resolve({ code, stdout });
        },
      );
    }),
  userName: os.userInfo().username,
  systemRoot: process.env.SystemRoot ?? 'C:\\Windows',
});

/** At most `maxBytes` of a file, whatever its size (a FIFO or /dev/zero included). */
export function readFileHead(file: string, maxBytes: number): Uint8Array {
  const buffer = Buffer.alloc(maxBytes);
  const handle = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    let length = 0;
    while (length < maxBytes) {
      const read = fs.readSync(handle, buffer, length, maxBytes - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * What one source gave: nothing there, a policy, a problem (its last good policy stays), or a
 * file refused by the rules on who may have written it (nothing of it applies, nor what it held
 * before). `version` tells one state of the source from another (owner, mode, bytes): a problem
 * is logged once per version.
 */
export type SourceRead =
  | { kind: 'absent' }
  | { kind: 'read'; policy: ManagedPolicy; version?: string }
  | { kind: 'unreadable'; why: IgnoredWhy; version?: string }
  | { kind: 'refused'; why: IgnoredWhy; version?: string };

interface PolicySource {
  name: string;
  read(ignore: (entry: IgnoredEntry) => void): Promise<SourceRead>;
}

/**
 * Whether the app applies the owner and mode rules to its policy files on this platform: Linux's
 * policy.json and macOS's managed preferences; Windows reads the registry, whose keys only
 * administrators can write.
 */
export const appliesOwnerRule = (platform: NodeJS.Platform): boolean =>
  platform === 'linux' || platform === 'darwin';

/** The sources of this machine, the first one's value winning key by key. */
function sourcesOf(system: PolicySystem): PolicySource[] {
  switch (system.platform) {
    case 'linux':
      return [
        {
          name: LINUX_POLICY_FILE,
          read: async (ignore) => readPolicyFile(system, LINUX_POLICY_FILE, ignore),
        },
      ];
    case 'win32':
      return (['HKLM', 'HKCU'] as const).map((hive) => ({
        name: `${hive}\\${WINDOWS_POLICY_KEY}`,
        read: (ignore) => readRegistryPolicy(system, hive, ignore),
      }));
    case 'darwin': {
      const folder = '/Library/Managed Preferences';
      return [
        path.join(folder, `${POLICY_DOMAIN}.plist`),
        path.join(folder, system.userName, `${POLICY_DOMAIN}.plist`),
      ].map((file) => ({
        name: file,
        read: (ignore) => readManagedPreferences(system, file, ignore),
      }));
    }
    default:
      return [];
  }
}

/** One JSON file, with or without the root-owner rule: the preview's --policy-file. */
function fileSource(system: PolicySystem, file: string, ownerRule: boolean): PolicySource {
  return {
    name: file,
    read: async (ignore) => readPolicyFile(system, file, ignore, { ownerRule }),
  };
}

/**
 * What applies and what was ignored at the last read: Settings' "Set by your school" and the CLI
 * show it. A value in force is never a secret: the API token and the timetable's address are
 * never policy, and an address holding a user name or password is refused.
 */
export interface PolicyReport {
  inForce: PolicyInForce[];
  ignored: IgnoredEntry[];
}

/** Where the core's policy comes from: read again and again, and what the last read found. */
export interface PolicyReading {
  read(): Promise<ManagedPolicy>;
  readonly report: PolicyReport;
}

/** The machine's policy, read again and again: keeps each source's last good policy. */
export class PolicyReader implements PolicyReading {
  readonly #sources: PolicySource[];
  readonly #warn: (line: string) => void;
  readonly #now: () => number;
  readonly #lastGood = new Map<string, ManagedPolicy>();
  /** When each source holding a last good policy was first found missing, by name. */
  readonly #missingSince = new Map<string, number>();
  /** When each source holding a last good policy was first refused for its mode, by name. */
  readonly #refusedSince = new Map<string, number>();
  /** By source, the lines said of its last versions (newest last): each is said once. */
  readonly #said = new Map<string, Map<string, Set<string>>>();
  #report: PolicyReport = { inForce: [], ignored: [] };

  /**
   * `draftFile`: read that JSON file instead of the machine's sources, without the root-owner
   * rule (the preview's --policy-file, a policy IT has not installed yet). `now`: the clock the
   * absence and mode graces are measured on (default Date.now).
   */
  constructor(
    system: PolicySystem,
    warn: (line: string) => void,
    { draftFile, now = Date.now }: { draftFile?: string; now?: () => number } = {},
  ) {
    this.#sources =
      draftFile === undefined ? sourcesOf(system) : [fileSource(system, draftFile, false)];
    this.#warn = warn;
    this.#now = now;
  }

  get report(): PolicyReport {
    return this.#report;
  }

  async read(): Promise<ManagedPolicy> {
    const ignored: IgnoredEntry[] = [];
    const read: SourcedPolicy[] = [];
    for (const source of this.#sources) {
      const entries: IgnoredEntry[] = [];
      const result = await source.read((entry) => entries.push(entry));
      const hadLastGood = this.#lastGood.has(source.name);
      this.#keep(source.name, result);
      const lastGood = this.#lastGood.get(source.name);
      const lines: string[] = [];
      if (result.kind === 'unreadable' || result.kind === 'refused') {
        entries.push({
          source: source.name,
          why: result.why,
          ...(lastGood === undefined ? {} : { keptLastGood: true as const }),
        });
      }
      if (result.kind === 'refused' && result.why.code === 'writableByOthers' && hadLastGood) {
        const seconds = POLICY_MODE_GRACE_MS / 1000;
        lines.push(
          lastGood === undefined
            ? `${source.name} is still writable by group or others after ${seconds} s: its last good policy no longer applies.`
            : `${source.name}: its last good policy stays for at most ${seconds} s while the file is writable by group or others (a redeploy may set its mode a moment later); nothing of the file as it is now applies.`,
        );
      }
      if (result.kind !== 'absent') {
        this.#say(source.name, result.version, [...entries.map(ignoredLine), ...lines]);
      }
      ignored.push(...entries);
      if (lastGood !== undefined) read.push({ source: source.name, policy: lastGood });
    }
    this.#report = { inForce: policiesInForce(read), ignored };
    return mergePolicies(read.map(({ policy }) => policy));
  }

  /** What a read leaves in force from a source: a missing one's last policy, for a while. */
  #keep(name: string, result: SourceRead): void {
    if (result.kind === 'absent') {
      if (!this.#lastGood.has(name)) return;
      const since = this.#missingSince.get(name);
      if (since === undefined) this.#missingSince.set(name, this.#now());
      else if (this.#now() - since >= POLICY_ABSENCE_GRACE_MS) {
        this.#lastGood.delete(name);
        this.#missingSince.delete(name);
      }
      return;
    }
    this.#missingSince.delete(name);
    if (result.kind === 'refused') {
      // Only its mode wrong, as a redeploy leaves it a moment: the last good policy, for a while.
      if (result.why.code === 'writableByOthers' && this.#lastGood.has(name)) {
        const since = this.#refusedSince.get(name) ?? this.#now();
        this.#refusedSince.set(name, since);
        if (this.#now() - since < POLICY_MODE_GRACE_MS) return;
      }
      // Not IT's file: nothing it held before is kept either.
      this.#refusedSince.delete(name);
      this.#lastGood.delete(name);
      return;
    }
    this.#refusedSince.delete(name);
    if (result.kind === 'read') this.#lastGood.set(name, result.policy);
  }

  /**
   * Each line once per version of its source: a file that keeps its problem read after read, or
   * comes back the same after a redeploy (through its torn states, each said once too), is not
   * said again; a changed file is. The last SAID_VERSIONS versions of each source are remembered.
   */
  #say(name: string, version: string | undefined, lines: readonly string[]): void {
    const versions = this.#said.get(name) ?? new Map<string, Set<string>>();
    this.#said.set(name, versions);
    const key = version ?? '';
    const said = versions.get(key) ?? new Set<string>();
    versions.delete(key);
    versions.set(key, said);
    for (const oldest of versions.keys()) {
      if (versions.size <= SAID_VERSIONS) break;
      versions.delete(oldest);
    }
    for (const line of lines) {
      if (said.has(line)) continue;
      said.add(line);
      this.#warn(line);
    }
  }
}

/** The policy of this machine, read once. */
export const readSystemPolicy = (
  system: PolicySystem,
  warn: (line: string) => void,
): Promise<ManagedPolicy> => new PolicyReader(system, warn).read();

/** Why a policy file cannot be trusted, or undefined when only root can have written it. */
export function insecureFileProblem(
  stats: Pick<fs.Stats, 'isFile' | 'uid' | 'mode'>,
): IgnoredWhy | undefined {
  if (!stats.isFile()) return { code: 'notRegularFile' };
  if (stats.uid !== 0) return { code: 'notOwnedByRoot' };
  if ((stats.mode & 0o022) !== 0) return { code: 'writableByOthers' };
  return undefined;
}

const tooLarge: IgnoredWhy = { code: 'tooLarge', kib: MAX_POLICY_BYTES / 1024 };

const errorCode = (error: unknown): string =>
  String((error as NodeJS.ErrnoException).code ?? 'error');

/**
 * A version of a source, for saying each problem once: its bytes for a file that was read (its
 * mode then plays no part: `install` writes the file 0600 and only then sets 644), else what the
 * rules looked at.
 */
const contentVersion = (bytes: Uint8Array | string): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const statsVersion = (stats: PolicyStats): string =>
  `${stats.isFile() ? 'file' : 'other'}:${stats.uid}:${stats.mode}:${stats.size}`;

/**
 * The rules `ownerRule: false` skips (insecureFileProblem's but the regular file), by name and
 * what each asks: the preview's --policy-file line names them all.
 */
export const OWNER_RULES = [
  'the root-owner rule (owned by root)',
  'the mode rule (not writable by group or others)',
] as const;

/**
 * The rules on who may have written a policy file, as the app applies them: a regular file (not
 * a link, a FIFO, a device or a folder), and with `ownerRule`, owned by root and not writable by
 * group or others. Undefined when the file passes.
 */
export function fileRuleProblem(stats: PolicyStats, ownerRule: boolean): IgnoredWhy | undefined {
  if (ownerRule) return insecureFileProblem(stats);
  return stats.isFile() ? undefined : { code: 'notRegularFile' };
}

/** A file's stats, or why there is nothing to read: missing, refused by the rules, unreadable. */
function statFile(
  system: PolicySystem,
  file: string,
  ownerRule: boolean,
): PolicyStats | SourceRead {
  let stats;
  try {
    stats = system.lstat(file);
  } catch (error) {
    const code = errorCode(error);
    return code === 'ENOENT'
      ? { kind: 'absent' }
      : { kind: 'unreadable', why: { code: 'unreadable', error: code }, version: `error:${code}` };
  }
  const problem = fileRuleProblem(stats, ownerRule);
  // Not IT's file: nothing of it applies, and nothing it held before is kept.
  if (problem !== undefined) return { kind: 'refused', why: problem, version: statsVersion(stats) };
  if (stats.size > MAX_POLICY_BYTES) {
    return { kind: 'unreadable', why: tooLarge, version: statsVersion(stats) };
  }
  return stats;
}

const isStats = (value: PolicyStats | SourceRead): value is PolicyStats => !('kind' in value);

/**
 * A JSON policy file as the app reads it. `ownerRule: false` skips the root-owner rule, for
 * `npm run policy -- check` and the preview, which read a file IT is still writing.
 */
export function readPolicyFile(
  system: PolicySystem,
  file: string,
  ignore: (entry: IgnoredEntry) => void,
  { ownerRule = true }: { ownerRule?: boolean } = {},
): SourceRead {
  const stats = statFile(system, file, ownerRule);
  if (!isStats(stats)) return stats;
  let bytes: Uint8Array;
  try {
    // Read until two reads in a row agree: a file rewritten in place may be caught half-written.
    bytes = system.readFile(file, MAX_POLICY_BYTES + 1);
    for (let tries = 1; ; tries += 1) {
      const next = system.readFile(file, MAX_POLICY_BYTES + 1);
      if (Buffer.from(bytes).equals(next)) break;
      bytes = next;
      if (tries === POLICY_READ_TRIES - 1) {
        return {
          kind: 'unreadable',
          why: { code: 'keptChanging' },
          version: contentVersion(bytes),
        };
      }
    }
  } catch (error) {
    const code = errorCode(error);
    return code === 'ENOENT'
      ? { kind: 'absent' }
      : { kind: 'unreadable', why: { code: 'unreadable', error: code }, version: `error:${code}` };
  }
  const version = contentVersion(bytes);
  if (bytes.length > MAX_POLICY_BYTES) return { kind: 'unreadable', why: tooLarge, version };
  return { ...parsePolicyText(bytes, file, ignore), version };
}

/** UTF-8 JSON (a byte order mark allowed) as a policy; V8's error quotes the file, so unsaid. */
function parsePolicyText(
  bytes: Uint8Array,
  source: string,
  ignore: (entry: IgnoredEntry) => void,
): Exclude<SourceRead, { kind: 'absent' | 'refused' }> {
  let text: string;
  try {
    // TextDecoder drops a leading byte order mark, as Notepad writes one.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'unreadable', why: { code: 'notUtf8' } };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', why: { code: 'notJson' } };
  }
  const policy = readPolicyObject(raw, source, ignore);
  return policy === undefined
    ? { kind: 'unreadable', why: { code: 'notPolicies' } }
    : { kind: 'read', policy };
}

/** A managed-preferences plist, as JSON through macOS's plutil. */
export async function readManagedPreferences(
  system: PolicySystem,
  file: string,
  ignore: (entry: IgnoredEntry) => void,
): Promise<SourceRead> {
  const stats = statFile(system, file, true);
  if (!isStats(stats)) return stats;
  const { code, stdout } = await system.run('/usr/bin/plutil', [
    '-convert',
    'json',
    '-o',
    '-',
    '--',
    file,
  ]);
  const version = contentVersion(stdout);
  if (code !== 0) {
    return { kind: 'unreadable', why: { code: 'plistUnreadable', exit: code }, version };
  }
  return { ...parsePolicyText(Buffer.from(stdout, 'utf8'), file, ignore), version };
}

/** One hive's ClassTray key and its Defaults subkey, through `reg query /s` (64-bit view). */
export async function readRegistryPolicy(
  system: PolicySystem,
  hive: 'HKLM' | 'HKCU',
  ignore: (entry: IgnoredEntry) => void,
): Promise<SourceRead> {
  const key = `${hive}\\${WINDOWS_POLICY_KEY}`;
  const reg = path.win32.join(system.systemRoot, 'System32', 'reg.exe');
  const { code, stdout } = await system.run(reg, ['query', key, '/s', '/reg:64']);
  // 1: the key does not exist, the usual case on a laptop IT did not configure.
  if (code === 1) return { kind: 'absent' };
  const version = contentVersion(stdout);
  if (code !== 0) {
    return { kind: 'unreadable', why: { code: 'regUnreadable', exit: code }, version };
  }
  const policy = readPolicyObject(parseRegQuery(stdout, key, ignore), key, ignore);
  return policy === undefined ? { kind: 'absent' } : { kind: 'read', policy, version };
}

/**
 * `reg query /s` output as a policy object: the key's values, and its Defaults subkey's as
 * `Defaults`. A REG_DWORD is a number, a REG_SZ a string; any other type is refused by name.
 */
export function parseRegQuery(
  output: string,
  key: string,
  ignore: (entry: IgnoredEntry) => void,
): Record<string, unknown> {
  // Without a prototype: a value named __proto__ is a key like any other, listed as ignored.
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const defaults: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let current: Record<string, unknown> | undefined;
  const topKey = key.replace(/^HKLM/, 'HKEY_LOCAL_MACHINE').replace(/^HKCU/, 'HKEY_CURRENT_USER');
  for (const line of output.split(/\r?\n/)) {
    if (line.startsWith('HKEY_')) {
      const subkey = line.trim().toLowerCase();
      current =
        subkey === topKey.toLowerCase()
          ? root
          : subkey === `${topKey}\\${DEFAULTS_SECTION}`.toLowerCase()
            ? defaults
            : undefined;
      continue;
    }
    const value = /^ {4}(\S+) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (value === null || current === undefined) continue;
    const [, name = '', type = '', data = ''] = value;
    if (type === 'REG_DWORD') current[name] = Number.parseInt(data, 16);
    else if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') current[name] = data;
    else if (Object.hasOwn(POLICIES, name)) {
      const expected =
        POLICIES[name as PolicyName].kind === 'string' ||
        POLICIES[name as PolicyName].kind === 'choice'
          ? 'REG_SZ'
          : 'REG_DWORD';
      ignore({
        source: key,
        name: printableName(name),
        why: { code: 'wrongRegType', type: printableName(type), expected },
      });
    }
  }
  if (Object.keys(defaults).length > 0) root[DEFAULTS_SECTION] = defaults;
  return root;
}
