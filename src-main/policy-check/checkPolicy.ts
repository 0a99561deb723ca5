/**
 * `npm run policy -- check <file.json>`: a policy file read as the tray app reads it (the same
 * reader and rules: size cap, torn reads, BOM, each key against the table), and what would apply
 * and what would be ignored, each with why. Only the root-owner rule is skipped: IT checks a
 * draft before it installs it as root.
 */
import type { IgnoredEntry, IgnoredWhy, PolicyInForce } from '../core/policy/managedPolicy';
import { policiesInForce, whyText } from '../core/policy/managedPolicy';
import type { PolicySystem } from '../core/policy/policySources';
import { readPolicyFile } from '../core/policy/policySources';

export interface PolicyCheck {
  /** The file could not be read as a policy at all: why. */
  unreadable?: IgnoredWhy;
  absent: boolean;
  inForce: PolicyInForce[];
  ignored: IgnoredEntry[];
}

export function checkPolicyFile(system: PolicySystem, file: string): PolicyCheck {
  const ignored: IgnoredEntry[] = [];
  const result = readPolicyFile(system, file, (entry) => ignored.push(entry), {
    ownerRule: false,
  });
  if (result.kind === 'absent') return { absent: true, inForce: [], ignored };
  if (result.kind === 'unreadable') {
    return { absent: false, unreadable: result.why, inForce: [], ignored };
  }
  return {
    absent: false,
    inForce: policiesInForce([{ source: file, policy: result.policy }]),
    ignored,
  };
}

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

/** The check as IT reads it. */
export function describeCheck(file: string, check: PolicyCheck): string {
  const lines = [
    `ClassTray policy check of ${file}`,
    '(read as the tray app reads it; the root-owner rule, which only the installed app enforces, is skipped)',
    '',
  ];
  if (check.unreadable !== undefined) {
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
