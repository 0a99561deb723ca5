/**
 * A policy source's contents checked against the table: the locked values at the top level, the
 * defaults under `Defaults`. Anything else is ignored with a log line saying why, so one bad
 * value costs only itself and never stops ClassTray.
 */
import { issueProblems } from '../../contract/zodIssues';
import type { PolicyName, PolicyValues } from './policyTable';
import { DEFAULTS_SECTION, NEVER_POLICY, POLICIES } from './policyTable';

export type PolicySection = Partial<PolicyValues>;

export interface ManagedPolicy {
  /** The teacher sees them as "Set by your school"; the core refuses to change them. */
  locked: PolicySection;
  /** Written into the teacher's settings once per value; the teacher may change them. */
  defaults: PolicySection;
}

export const NO_POLICY: ManagedPolicy = { locked: {}, defaults: {} };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A policy object as one source holds it (`source` names it in the log). */
export function readPolicyObject(
  raw: unknown,
  source: string,
  warn: (message: string) => void,
): ManagedPolicy {
  if (!isPlainObject(raw)) {
    warn(`${source} is not an object of policies: ignored.`);
    return NO_POLICY;
  }
  const { [DEFAULTS_SECTION]: defaults, ...locked } = raw;
  if (defaults !== undefined && !isPlainObject(defaults)) {
    warn(`${source}: ${DEFAULTS_SECTION} is not an object of policies: ignored.`);
  }
  return {
    locked: readSection(locked, source, warn),
    defaults: isPlainObject(defaults)
      ? readSection(defaults, `${source} ${DEFAULTS_SECTION}`, warn)
      : {},
  };
}

function readSection(
  raw: Record<string, unknown>,
  source: string,
  warn: (message: string) => void,
): PolicySection {
  const section: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Object.hasOwn(NEVER_POLICY, name)) {
      warn(`${source}: ${name} is never a policy (${NEVER_POLICY[name]}): ignored.`);
    } else if (!Object.hasOwn(POLICIES, name)) {
      warn(`${source}: ${name} is not a ClassTray policy: ignored.`);
    } else {
      const policy = POLICIES[name as PolicyName];
      // A registry holds a switch as a DWORD: 0 and 1 are its false and true.
      const given = policy.kind === 'boolean' && (value === 0 || value === 1) ? value === 1 : value;
      const result = policy.schema.safeParse(given);
      if (result.success) section[name] = result.data;
      else {
        const problems = issueProblems(result.error.issues, []).map((issue) => issue.message);
        // zod describes the rule, never the value: nothing IT wrote is echoed into the log.
        warn(`${source}: ${name} ${problems.join(', ')}: ignored.`);
      }
    }
  }
  return section;
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

export const isLocked = (policy: ManagedPolicy, name: PolicyName): boolean =>
  Object.hasOwn(policy.locked, name);
