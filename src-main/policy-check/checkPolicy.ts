/**
 * `npm run policy -- check [--draft] <file.json>`: a policy file read as the tray app reads it on
 * this platform, by the app's own code (policySources.ts: the same reader and rules: a regular
 * file, not a link or a FIFO; on Linux and macOS owned by root and not writable by group or
 * others; 64 KiB at most; torn reads, BOM, each key against the table), and what would apply and
 * what would be ignored, each with why in the app's words. `--draft` skips only the rules on the
 * file's owner and mode, for a draft IT has not installed as root yet, and says so.
 */
import type { IgnoredEntry, IgnoredWhy, PolicyInForce } from '../core/policy/policyChecker';
import { policiesInForce, whyText } from '../core/policy/policyChecker';
import type { PolicySystem } from '../core/policy/policySources';
import { appliesOwnerRule, readPolicyFile } from '../core/policy/policySources';

export interface PolicyCheck {
  /** The rules on the file's owner and mode applied (the installed app's on Linux and macOS). */
  ownerRule: boolean;
  /** The app would not read this file at all (its kind, owner or mode): why. */
  refused?: IgnoredWhy;
  /** The file could not be read as a policy at all: why. */
  unreadable?: IgnoredWhy;
  absent: boolean;
  inForce: PolicyInForce[];
  ignored: IgnoredEntry[];
}

export interface PolicyCheckOptions {
  /** Skip the owner and mode rules: a draft not yet installed as root. */
  draft?: boolean;
}

export function checkPolicyFile(
  system: PolicySystem,
  file: string,
  { draft = false }: PolicyCheckOptions = {},
): PolicyCheck {
  const ownerRule = !draft && appliesOwnerRule(system.platform);
  const ignored: IgnoredEntry[] = [];
  const result = readPolicyFile(system, file, (entry) => ignored.push(entry), { ownerRule });
  const base = { ownerRule, absent: false, inForce: [], ignored };
  switch (result.kind) {
    case 'absent':
      return { ...base, absent: true };
    case 'refused':
      return { ...base, refused: result.why };
    case 'unreadable':
      return { ...base, unreadable: result.why };
    case 'read':
      return { ...base, inForce: policiesInForce([{ source: file, policy: result.policy }]) };
  }
}

/** 0 when all of it applies; 1 when the app would ignore the file or any entry of it. */
export const checkExitCode = (check: PolicyCheck): number =>
  check.refused === undefined && check.unreadable === undefined && check.ignored.length === 0
    ? 0
    : 1;

/**
 * A value as the table shows it. No policy of the table holds a secret (the API token and the
 * timetable address are never policy, and an address with a password is refused), and an
 * ignored entry's value is never shown at all.
 */
const shown = (value: PolicyInForce['value']): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** Columns padded to their widest cell. */
function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** Which rules were applied, in one line under the title. */
function rulesLine(platform: NodeJS.Platform, check: PolicyCheck): string {
  if (check.ownerRule) {
    return '(read as the installed app reads its policy file here: a regular file owned by root, not writable by group or others, 64 KiB at most)';
  }
  if (appliesOwnerRule(platform)) {
    return "(--draft: read as the installed app reads it, except for the rules on the file's owner and mode, which the installed app enforces)";
  }
  return '(read as the installed app reads its policy: on Windows it reads the same keys from the registry, with the same rules)';
}

/** The check as IT reads it. */
export function describeCheck(platform: NodeJS.Platform, file: string, check: PolicyCheck): string {
  const lines = [`ClassTray policy check of ${file}`, rulesLine(platform, check), ''];
  if (check.refused !== undefined) {
    lines.push(`Nothing applies: the file ${whyText(check.refused)}, so the app ignores it.`);
  } else if (check.unreadable !== undefined) {
    lines.push(`Nothing applies: the file ${whyText(check.unreadable)}.`);
  } else if (check.inForce.length === 0) {
    lines.push('Nothing applies: the file sets no ClassTray policy.');
  } else {
    lines.push('Applies:');
    lines.push(
      ...table([
        ['Policy', 'Value', 'How', 'Source'],
        ...check.inForce.map(({ name, value, how, source }) => [name, shown(value), how, source]),
      ]).map((line) => `  ${line}`),
    );
  }
  if (check.ignored.length > 0) {
    lines.push('', 'Ignored:');
    for (const { source, name, why } of check.ignored) {
      lines.push(`  ${name === undefined ? source : `${source}: ${name}`} ${whyText(why)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
