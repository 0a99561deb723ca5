/**
 * A policy source's contents checked against the table: the locked values at the top level, the
 * defaults under `Defaults`. Anything else is ignored, each entry with why, so one bad value
 * costs only itself and never stops ClassTray. What is ignored names the key (printable, cut)
 * and the rule, never the value: a policy file is IT's, and the log is read by others.
 */
import type { AddressProblem } from '../../../src-shared/addressRule';
import { en } from '../../../src-shared/i18n/en';
import type { z } from 'zod';
import { issueProblems } from '../../contract/zodIssues';
import type { PolicyName, PolicyValues } from './policyTable';
import { DEFAULTS_SECTION, NEVER_POLICY, POLICIES, POLICY_NAMES } from './policyTable';

export type PolicySection = Partial<PolicyValues>;

export interface ManagedPolicy {
  /** The teacher sees them as "Set by your school"; the core refuses to change them. */
  locked: PolicySection;
  /** Written into the teacher's settings once per value; the teacher may change them. */
  defaults: PolicySection;
}

export const NO_POLICY: ManagedPolicy = { locked: {}, defaults: {} };

/**
 * The rule a value broke, as the window says it: an address's refusal, an integer's bounds, a
 * switch, a choice's values, or (`string`) the key's own line of `schoolPolicies`.
 */
export type BrokenRule =
  | { kind: 'address'; problem: AddressProblem }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'choice'; choices: string[] }
  | { kind: 'string'; policy: PolicyName };

/**
 * Why an entry or a whole source does not apply: a code of `policyPage.why` (src-shared/i18n),
 * a sentence whose subject is the key or the source, with its values. None holds a value or any
 * other content of the source.
 */
export type IgnoredWhy =
  | {
      code:
        | 'notPolicies'
        | 'alsoLocked'
        | 'neverPolicyToken'
        | 'neverPolicyTimetable'
        | 'notClassTrayPolicy'
        | 'notRegularFile'
        | 'notOwnedByRoot'
        | 'writableByOthers'
        | 'keptChanging'
        | 'notUtf8'
        | 'notJson';
    }
  /** `problems`: zod's and the address rule's English words for the log (never the value). */
  | { code: 'breaksRule'; rule: BrokenRule; problems: string[] }
  /** `error`: the system's code (ENOENT, EACCES…). */
  | { code: 'unreadable'; error: string }
  | { code: 'tooLarge'; kib: number }
  | { code: 'plistUnreadable' | 'regUnreadable'; exit: number }
  /** `type`: the registry type found (printable, cut), `expected` the one the key takes. */
  | { code: 'wrongRegType'; type: string; expected: string };

/** An entry of a source that does not apply, or a whole source, with why. */
export interface IgnoredEntry {
  /** The file or registry key, with " Defaults" for that section. */
  source: string;
  /** The key as written, printable and cut (see printableName); absent for a whole source. */
  name?: string;
  why: IgnoredWhy;
  /** A whole source that could not be read: the policy last read from it still applies. */
  keptLastGood?: true;
}

/** One policy that applies, and where it comes from. */
export interface PolicyInForce {
  name: PolicyName;
  value: PolicyValues[PolicyName];
  how: 'locked' | 'default';
  source: string;
}

/** A source's name and what was read from it. */
export interface SourcedPolicy {
  source: string;
  policy: ManagedPolicy;
}

export const MAX_NAME_LENGTH = 64;

/**
 * A key as the log may show it: control and other unprintable characters as "?" (a key holding a
 * line break would forge a log line), cut at 64 characters.
 */
export function printableName(name: string): string {
  const printable = name.replace(/[\p{C}\p{Zl}\p{Zp}]/gu, '?');
  const characters = [...printable];
  return characters.length > MAX_NAME_LENGTH
    ? `${characters.slice(0, MAX_NAME_LENGTH).join('')}…`
    : printable;
}

/** Why, in English, from the same sentences the window translates (the log, the CLI). */
export function whyText(why: IgnoredWhy): string {
  const values: Record<string, unknown> = why;
  const text = en.policyPage.why[why.code].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name]),
  );
  return why.code === 'breaksRule' ? `${text} (${why.problems.join('; ')})` : text;
}

/** An ignored entry as one log line. */
export function ignoredLine({ source, name, why, keptLastGood }: IgnoredEntry): string {
  const kept = keptLastGood === true ? ` (${en.policyPage.keptLastGood})` : '';
  const subject = name === undefined ? source : `${source}: ${name}`;
  return `${subject} ${whyText(why)}${kept}: ignored.`;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A policy object as one source holds it (`source` names it); undefined when it is not an object
 * of policies at all, which the caller reports as the whole source's problem.
 */
export function readPolicyObject(
  raw: unknown,
  source: string,
  ignore: (entry: IgnoredEntry) => void,
): ManagedPolicy | undefined {
  if (!isPlainObject(raw)) return undefined;
  const { [DEFAULTS_SECTION]: defaults, ...locked } = raw;
  if (defaults !== undefined && !isPlainObject(defaults)) {
    ignore({ source, name: DEFAULTS_SECTION, why: { code: 'notPolicies' } });
  }
  const lockedSection = readSection(locked, source, ignore);
  const defaultsSource = `${source} ${DEFAULTS_SECTION}`;
  const defaultsRead = isPlainObject(defaults) ? readSection(defaults, defaultsSource, ignore) : {};
  // The same on every OS: a locked key is never also a default, so it is never recorded as a
  // default already written, and IT's default still applies once IT unlocks the key.
  const defaultsSection: PolicySection = {};
  for (const name of POLICY_NAMES) {
    if (!Object.hasOwn(defaultsRead, name)) continue;
    if (Object.hasOwn(lockedSection, name)) {
      ignore({
        source: defaultsSource,
        name,
        why: { code: 'alsoLocked' },
      });
    } else Object.assign(defaultsSection, { [name]: defaultsRead[name] });
  }
  return { locked: lockedSection, defaults: defaultsSection };
}

function readSection(
  raw: Record<string, unknown>,
  source: string,
  ignore: (entry: IgnoredEntry) => void,
): PolicySection {
  const section: Record<string, unknown> = {};
  for (const [written, value] of Object.entries(raw)) {
    const name = printableName(written);
    const never = Object.hasOwn(NEVER_POLICY, written) ? NEVER_POLICY[written] : undefined;
    if (never !== undefined) {
      ignore({ source, name, why: { code: never } });
    } else if (!Object.hasOwn(POLICIES, written)) {
      ignore({ source, name, why: { code: 'notClassTrayPolicy' } });
    } else {
      const policy = POLICIES[written as PolicyName];
      // A registry holds a switch as a DWORD: 0 and 1 are its false and true.
      const given = policy.kind === 'boolean' && (value === 0 || value === 1) ? value === 1 : value;
      const result = policy.schema.safeParse(given);
      if (result.success) section[written] = result.data;
      else {
        const problems = issueProblems(result.error.issues, []).map((issue) =>
          issue.message.replace(/\.$/, ''),
        );
        // zod and the address rule describe the rule, never the value.
        const rule = brokenRule(written as PolicyName, result.error.issues);
        ignore({ source, name, why: { code: 'breaksRule', rule, problems } });
      }
    }
  }
  return section;
}

/** The rule a key's value broke, as the window says it. */
function brokenRule(name: PolicyName, issues: readonly z.core.$ZodIssue[]): BrokenRule {
  const { kind, min, max, choices } = POLICIES[name];
  const address = issues.find((issue) => issue.code === 'custom')?.params?.['addressProblem'] as
    AddressProblem | undefined;
  if (address !== undefined) return { kind: 'address', problem: address };
  if (kind === 'integer' && min !== undefined && max !== undefined) {
    return { kind, min, max };
  }
  if (kind === 'choice') return { kind, choices: [...(choices ?? [])] };
  return kind === 'boolean' ? { kind } : { kind: 'string', policy: name };
}

/**
 * Several sources, the first one's value winning key by key (HKLM before HKCU, the computer's
 * profile before the user's); a key locked anywhere is never also a default.
 */
export function mergePolicies(sources: readonly ManagedPolicy[]): ManagedPolicy {
  const locked: PolicySection = {};
  const defaults: PolicySection = {};
  for (const source of [...sources].reverse()) {
    Object.assign(locked, source.locked);
    Object.assign(defaults, source.defaults);
  }
  const unlocked = Object.entries(defaults).filter(([name]) => !Object.hasOwn(locked, name));
  return { locked, defaults: Object.fromEntries(unlocked) };
}

/** Each policy that applies after merging, in the table's order, with the source it came from. */
export function policiesInForce(sources: readonly SourcedPolicy[]): PolicyInForce[] {
  const merged = mergePolicies(sources.map(({ policy }) => policy));
  const inForce: PolicyInForce[] = [];
  for (const name of POLICY_NAMES) {
    for (const how of ['locked', 'default'] as const) {
      const section = how === 'locked' ? 'locked' : 'defaults';
      const value = merged[section][name];
      if (value === undefined) continue;
      const from = sources.find(({ policy }) => policy[section][name] !== undefined);
      inForce.push({ name, value, how, source: from?.source ?? '' });
    }
  }
  return inForce;
}

export const isLocked = (policy: ManagedPolicy, name: PolicyName): boolean =>
  Object.hasOwn(policy.locked, name);
