/**
 * "Copy diagnostics": what support asks for first, as plain English text: ClassTray's version and
 * host, the OS, Electron's and Node's versions, the school policy in force by key, how and source
 * (never its values), the entries it ignored and why, and the last lines of the log. Nothing here
 * holds a secret: the log's lines never carry one (logFile.ts), and the rest are versions, names
 * and paths. Both hosts build it here, the tray app with Electron's versions, the preview without.
 */
import os from 'node:os';
import type { SchoolPolicyView } from '../core/policy/policyView';
import { ignoredLine } from '../core/policy/policyChecker';

/** How many of the log's last lines the text carries. */
export const DIAGNOSTICS_LOG_LINES = 200;

export interface DiagnosticsFacts {
  /** ClassTray's version (package.json's, or Electron's app.getVersion()). */
  version: string;
  host: 'tray app' | 'browser preview';
  /** process.versions: `electron` and `chrome` only inside Electron. */
  versions: Readonly<Partial<Record<'electron' | 'chrome' | 'node', string>>>;
  schoolPolicy: SchoolPolicyView;
  logFolder: string;
  /** The log's last lines, oldest first (at most DIAGNOSTICS_LOG_LINES are kept). */
  logLines: readonly string[];
  now: Date;
  /** Default: this machine's (os.type, os.release, process.platform and arch). */
  system?: string;
}

export function thisSystem(): string {
  return `${os.type()} ${os.release()} (${process.platform} ${process.arch})`;
}

export function diagnosticsText(facts: DiagnosticsFacts): string {
  const { versions, schoolPolicy } = facts;
  const runtime = [
    versions.electron === undefined
      ? 'Electron: none (plain Node)'
      : `Electron ${versions.electron}`,
    ...(versions.chrome === undefined ? [] : [`Chromium ${versions.chrome}`]),
    `Node ${versions.node ?? 'unknown'}`,
  ].join(', ');
  const inForce =
    schoolPolicy.inForce.length === 0
      ? ['  (none)']
      : schoolPolicy.inForce.map(({ name, how, source }) => `  ${name}: ${how}, from ${source}`);
  const ignored =
    schoolPolicy.ignored.length === 0
      ? ['  (none)']
      : schoolPolicy.ignored.map((entry) => `  ${ignoredLine(entry)}`);
  const lines = facts.logLines.slice(-DIAGNOSTICS_LOG_LINES);
  return [
    `ClassTray diagnostics, ${facts.now.toISOString()}`,
    `ClassTray ${facts.version} (${facts.host})`,
    `OS: ${facts.system ?? thisSystem()}`,
    runtime,
    `Log folder: ${facts.logFolder}`,
    '',
    'School policy in force (key: how, from which source; values are not copied):',
    ...inForce,
    'School policy entries ignored:',
    ...ignored,
    '',
    `Last ${lines.length} log lines:`,
    ...lines,
    '',
  ].join('\n');
}
