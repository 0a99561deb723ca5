import { describe, expect, it } from 'vitest';
import type { ManagedPolicy } from '../../../src-main/core/policy/policyChecker';
import {
  ignoredLine,
  mergePolicies,
  policiesInForce,
  readPolicyObject,
} from '../../../src-main/core/policy/policyChecker';
import { POLICY_NAMES } from '../../../src-main/core/policy/policyTable';
import { SAMPLES } from '../../support/policySamples';

function read(raw: unknown): { policy: ManagedPolicy | undefined; lines: string[] } {
  const lines: string[] = [];
  const policy = readPolicyObject(raw, 'policy.json', (entry) => lines.push(ignoredLine(entry)));
  return { policy, lines };
}

describe('a policy source read against the table', () => {
  it('has a sample for every key of the table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...POLICY_NAMES].sort());
  });

  it.each(POLICY_NAMES)('%s: locked at the top level, a default under Defaults', (name) => {
    const { valid } = SAMPLES[name];
    expect(read({ [name]: valid }).policy).toEqual({ locked: { [name]: valid }, defaults: {} });
    expect(read({ Defaults: { [name]: valid } }).policy).toEqual({
      locked: {},
      defaults: { [name]: valid },
    });
  });

  it.each(POLICY_NAMES)('%s: missing is neither locked nor a default', (name) => {
    const { policy, lines } = read({});
    expect(name in (policy?.locked ?? {}) || name in (policy?.defaults ?? {})).toBe(false);
    expect(lines).toEqual([]);
  });

  it.each(POLICY_NAMES)('%s: a malformed value is ignored with a line that names it', (name) => {
    const { invalid } = SAMPLES[name];
    const { policy, lines } = read({ [name]: invalid, Defaults: { [name]: invalid } });
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^policy\\.json: ${name} .*: ignored\\.$`));
    expect(lines[1]).toMatch(new RegExp(`^policy\\.json Defaults: ${name} .*: ignored\\.$`));
    // zod's words describe the rule: the value IT wrote is not echoed.
    if (typeof invalid === 'string') expect(lines.join('\n')).not.toContain(invalid);
  });

  it('reads a switch stored as a DWORD 0 or 1, and no other number', () => {
    expect(read({ StartAtLogin: 1, DemoDataAllowed: 0 }).policy?.locked).toEqual({
      StartAtLogin: true,
      DemoDataAllowed: false,
    });
    expect(read({ StartAtLogin: 2 }).policy?.locked).toEqual({});
  });

  it('never takes the API token or the timetable URL, and says why', () => {
    const { policy, lines } = read({
      ApiToken: 'secret-token',
      Defaults: { TimetableUrl: 'https://timetable.example' },
    });
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toEqual([
      "policy.json: ApiToken is never a policy (the API token stays in each teacher's keychain): ignored.",
      "policy.json Defaults: TimetableUrl is never a policy (the timetable is each teacher's own): ignored.",
    ]);
  });

  it('ignores what is not an object, and keys it does not know', () => {
    // The whole source's problem: its reader says it, and keeps the last good policy.
    expect(read(['ServiceUrl']).policy).toBeUndefined();
    expect(read({ Defaults: 3 }).lines).toEqual([
      'policy.json: Defaults is not an object of policies: ignored.',
    ]);
    const { policy, lines } = read({ Colour: 'red', StartAtLogin: true });
    expect(policy?.locked).toEqual({ StartAtLogin: true });
    expect(lines).toEqual(['policy.json: Colour is not a ClassTray policy: ignored.']);
  });
});

describe('several sources', () => {
  it('take the first source’s value key by key; a key locked anywhere is no default', () => {
    const machine: ManagedPolicy = {
      locked: { ServiceUrl: 'https://machine.example' },
      defaults: { PollVisibleSeconds: 30 },
    };
    const user: ManagedPolicy = {
      locked: { ServiceUrl: 'https://user.example', StartAtLogin: true },
      defaults: { PollVisibleSeconds: 15, PollHiddenSeconds: 90, ServiceUrl: 'https://d.example' },
    };
    expect(mergePolicies([machine, user])).toEqual({
      locked: { ServiceUrl: 'https://machine.example', StartAtLogin: true },
      defaults: { PollVisibleSeconds: 30, PollHiddenSeconds: 90 },
    });
  });
});

describe('what applies, and from where', () => {
  it('lists each policy in force once, locked or default, with the source it came from', () => {
    expect(
      policiesInForce([
        {
          source: 'HKLM',
          policy: { locked: { ServiceUrl: 'https://m.example' }, defaults: { StartAtLogin: true } },
        },
        {
          source: 'HKCU',
          policy: {
            locked: { ServiceUrl: 'https://u.example', UpdatesEnabled: false },
            defaults: { StartAtLogin: false, PollHiddenSeconds: 90 },
          },
        },
      ]),
    ).toEqual([
      { name: 'ServiceUrl', value: 'https://m.example', how: 'locked', source: 'HKLM' },
      { name: 'PollHiddenSeconds', value: 90, how: 'default', source: 'HKCU' },
      { name: 'StartAtLogin', value: true, how: 'default', source: 'HKLM' },
      { name: 'UpdatesEnabled', value: false, how: 'locked', source: 'HKCU' },
    ]);
  });
});
