/**
 * Where each OS keeps what IT set, read without a native module: Linux's
 * /etc/classtray/policy.json; Windows' registry through the system's own reg.exe (HKLM, then
 * HKCU); macOS's forced values of the app's domain, the files the management client writes under
 * /Library/Managed Preferences (the computer's, then the user's), read through plutil. A file
 * counts only when only root can have written it: a regular file owned by root, not writable by
 * group or others; else it is ignored with a log line saying why.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ManagedPolicy } from './managedPolicy';
import { NO_POLICY, mergePolicies, readPolicyObject } from './managedPolicy';
import type { PolicyName } from './policyTable';
import {
  DEFAULTS_SECTION,
  LINUX_POLICY_FILE,
  POLICIES,
  POLICY_DOMAIN,
  WINDOWS_POLICY_KEY,
} from './policyTable';

/** A command's outcome: exit code 0 or not, and what it printed. */
export interface CommandResult {
  code: number;
  stdout: string;
}

/** What the readers ask of the machine: injected, so each OS's reader is tested anywhere. */
export interface PolicySystem {
  platform: NodeJS.Platform;
  lstat(file: string): Pick<fs.Stats, 'isFile' | 'uid' | 'mode'>;
  readFile(file: string): string;
  run(command: string, args: readonly string[]): Promise<CommandResult>;
  userName: string;
  /** %SystemRoot%: reg.exe is taken from there, never from PATH. */
  systemRoot: string;
}

export const systemPolicySystem = (): PolicySystem => ({
  platform: process.platform,
  lstat: (file) => fs.lstatSync(file),
  readFile: (file) => fs.readFileSync(file, 'utf8'),
  run: (command, args) =>
    new Promise((resolve) => {
      execFile(command, args, { windowsHide: true, timeout: 10_000 }, (error, stdout) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout });
      });
    }),
  userName: os.userInfo().username,
  systemRoot: process.env.SystemRoot ?? 'C:\\Windows',
});

/** The policy of this machine, or none (a platform without a source reads as none). */
export async function readSystemPolicy(
  system: PolicySystem,
  warn: (message: string) => void,
): Promise<ManagedPolicy> {
  switch (system.platform) {
    case 'linux':
      return readJsonPolicy(system, LINUX_POLICY_FILE, warn);
    case 'win32':
      return mergePolicies([
        await readRegistryPolicy(system, 'HKLM', warn),
        await readRegistryPolicy(system, 'HKCU', warn),
      ]);
    case 'darwin': {
      const folder = '/Library/Managed Preferences';
      return mergePolicies([
        await readManagedPreferences(system, path.join(folder, `${POLICY_DOMAIN}.plist`), warn),
        await readManagedPreferences(
          system,
          path.join(folder, system.userName, `${POLICY_DOMAIN}.plist`),
          warn,
        ),
      ]);
    }
    default:
      return NO_POLICY;
  }
}

/** Why a policy file cannot be trusted, or undefined when only root can have written it. */
export function insecureFileProblem(stats: Pick<fs.Stats, 'isFile' | 'uid' | 'mode'>) {
  if (!stats.isFile()) return 'is not a regular file';
  if (stats.uid !== 0) return 'is not owned by root';
  if ((stats.mode & 0o022) !== 0) return 'is writable by group or others';
  return undefined;
}

/** Whether the file may be read: false when missing, and when insecure (logged). */
function trustedFile(system: PolicySystem, file: string, warn: (message: string) => void): boolean {
  let stats;
  try {
    stats = system.lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`${file} could not be read (${(error as Error).message}): ignored.`);
    }
    return false;
  }
  const problem = insecureFileProblem(stats);
  if (problem !== undefined) warn(`${file} ${problem}: ignored.`);
  return problem === undefined;
}

export function readJsonPolicy(
  system: PolicySystem,
  file: string,
  warn: (message: string) => void,
): ManagedPolicy {
  if (!trustedFile(system, file, warn)) return NO_POLICY;
  let raw: unknown;
  try {
    raw = JSON.parse(system.readFile(file));
  } catch (error) {
    warn(`${file} is not valid JSON (${(error as Error).message}): ignored.`);
    return NO_POLICY;
  }
  return readPolicyObject(raw, file, warn);
}

/** A managed-preferences plist, as JSON through macOS's plutil. */
export async function readManagedPreferences(
  system: PolicySystem,
  file: string,
  warn: (message: string) => void,
): Promise<ManagedPolicy> {
  if (!trustedFile(system, file, warn)) return NO_POLICY;
  const { code, stdout } = await system.run('/usr/bin/plutil', [
    '-convert',
    'json',
    '-o',
    '-',
    '--',
    file,
  ]);
  let raw: unknown;
  try {
    if (code !== 0) throw new Error(`plutil exited with ${code}`);
    raw = JSON.parse(stdout);
  } catch (error) {
    warn(`${file} could not be read as a property list (${(error as Error).message}): ignored.`);
    return NO_POLICY;
  }
  return readPolicyObject(raw, file, warn);
}

/** One hive's ClassTray key and its Defaults subkey, through `reg query /s` (64-bit view). */
export async function readRegistryPolicy(
  system: PolicySystem,
  hive: 'HKLM' | 'HKCU',
  warn: (message: string) => void,
): Promise<ManagedPolicy> {
  const key = `${hive}\\${WINDOWS_POLICY_KEY}`;
  const reg = path.win32.join(system.systemRoot, 'System32', 'reg.exe');
  const { code, stdout } = await system.run(reg, ['query', key, '/s', '/reg:64']);
  // 1: the key does not exist, the usual case on a laptop IT did not configure.
  if (code !== 0) return NO_POLICY;
  return readPolicyObject(parseRegQuery(stdout, key, warn), key, warn);
}

/**
 * `reg query /s` output as a policy object: the key's values, and its Defaults subkey's as
 * `Defaults`. A REG_DWORD is a number, a REG_SZ a string; any other type is refused by name.
 */
export function parseRegQuery(
  output: string,
  key: string,
  warn: (message: string) => void,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
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
    const [, name = '', type, data = ''] = value;
    if (type === 'REG_DWORD') current[name] = Number.parseInt(data, 16);
    else if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') current[name] = data;
    else if (Object.hasOwn(POLICIES, name)) {
      const expected =
        POLICIES[name as PolicyName].kind === 'string' ||
        POLICIES[name as PolicyName].kind === 'choice'
          ? 'REG_SZ'
          : 'REG_DWORD';
      warn(`${key}: ${name} is a ${type}, not a ${expected}: ignored.`);
    }
  }
  return Object.keys(defaults).length > 0 ? { ...root, [DEFAULTS_SECTION]: defaults } : root;
}
