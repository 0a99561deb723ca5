import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandResult, PolicySystem } from '../../../src-main/core/policy/policySources';
import {
  MAX_POLICY_BYTES,
  POLICY_ABSENCE_GRACE_MS,
  POLICY_MODE_GRACE_MS,
  PolicyReader,
  insecureFileProblem,
  readFileHead,
  readSystemPolicy,
} from '../../../src-main/core/policy/policySources';
import { LINUX_POLICY_FILE } from '../../../src-main/core/policy/policyTable';
import { tempDir } from '../../support/tempDir';

type Stats = ReturnType<PolicySystem['lstat']>;
const rootFile = (mode = 0o644, size = 100): Stats => ({
  isFile: () => true,
  uid: 0,
  mode: 0o100000 | mode,
  size,
});

/** A machine of the given OS: files by path (with their stats), commands by their arguments. */
function machine(
  platform: NodeJS.Platform,
  files: Record<string, { text: string; stats?: Stats }>,
  commands: (command: string, args: readonly string[]) => CommandResult = () => ({
    code: 1,
    stdout: '',
  }),
): { system: PolicySystem; ran: string[][] } {
  const ran: string[][] = [];
  const file = (name: string) => {
    const found = files[name];
    if (found === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    return found;
  };
  return {
    ran,
    system: {
      platform,
      lstat: (name) => file(name).stats ?? rootFile(),
      readFile: (name, maxBytes) => Buffer.from(file(name).text).subarray(0, maxBytes),
      run: async (command, args) => {
        ran.push([command, ...args]);
        return commands(command, args);
      },
      userName: 'teacher',
      systemRoot: 'C:\\Windows',
    },
  };
}

async function read(system: PolicySystem) {
  const lines: string[] = [];
  return { policy: await readSystemPolicy(system, (line) => lines.push(line)), lines };
}

describe('Linux: /etc/classtray/policy.json', () => {
  const policyFile = (text: string, stats?: Stats) =>
    machine('linux', { [LINUX_POLICY_FILE]: { text, ...(stats ? { stats } : {}) } }).system;

  it('reads locked values and defaults from a root-owned file', async () => {
    const text = JSON.stringify({
      ServiceUrl: 'https://remote.school.example',
      Defaults: { PollVisibleSeconds: 30 },
    });
    expect(await read(policyFile(text))).toEqual({
      policy: {
        locked: { ServiceUrl: 'https://remote.school.example' },
        defaults: { PollVisibleSeconds: 30 },
      },
      lines: [],
    });
  });

  it('reads nothing, and says nothing, when there is no file', async () => {
    expect(await read(machine('linux', {}).system)).toEqual({
      policy: { locked: {}, defaults: {} },
      lines: [],
    });
  });

  it.each([
    [
      'owned by another user',
      { isFile: () => true, uid: 1000, mode: 0o100644, size: 20 },
      'is not owned by root',
    ],
    ['writable by its group', rootFile(0o664), 'is writable by group or others'],
    ['writable by anyone', rootFile(0o646), 'is writable by group or others'],
    [
      'a symbolic link',
      { isFile: () => false, uid: 0, mode: 0o120777, size: 20 },
      'is not a regular file',
    ],
  ])('ignores a file %s, with a line saying why', async (_, stats, why) => {
    const { policy, lines } = await read(policyFile('{"StartAtLogin":true}', stats));
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toEqual([`${LINUX_POLICY_FILE} ${why}: ignored.`]);
  });

  it('ignores a file that is not JSON', async () => {
    const { policy, lines } = await read(policyFile('{ServiceUrl: nope'));
    expect(policy).toEqual({ locked: {}, defaults: {} });
    // V8's message would quote the file: only the rule is said.
    expect(lines).toEqual([`${LINUX_POLICY_FILE} is not valid JSON: ignored.`]);
  });

  it('judges a real file by its owner and mode', async () => {
    const file = path.join(await tempDir(), 'policy.json');
    fs.writeFileSync(file, '{}', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const owner = fs.lstatSync(file).uid === 0 ? undefined : { code: 'notOwnedByRoot' };
    expect(insecureFileProblem(fs.lstatSync(file))).toEqual(owner);
    fs.chmodSync(file, 0o666);
    expect(insecureFileProblem(fs.lstatSync(file))).toEqual(owner ?? { code: 'writableByOthers' });
  });
});

/** A policy file whose text and stats the test changes between reads, and what was asked. */
function changingFile() {
  const state: { text: string | undefined; stats?: Stats; asked: number[] } = {
    text: undefined,
    asked: [],
  };
  const system: PolicySystem = {
    ...machine('linux', {}).system,
    lstat: (name) => {
      if (name !== LINUX_POLICY_FILE || state.text === undefined) {
        throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      }
      return state.stats ?? rootFile(0o644, Buffer.byteLength(state.text));
    },
    readFile: (_, maxBytes) => {
      state.asked.push(maxBytes);
      return Buffer.from(state.text ?? '').subarray(0, maxBytes);
    },
  };
  return { state, system };
}

describe('a policy file IT is writing, or got wrong', () => {
  const locked = { StartAtLogin: false, ServiceUrl: 'https://remote.school.example' };

  /**
   * A reader of a changing policy file that holds `locked`, on a clock the test moves (from 0),
   * the lines it logs kept; the file not read yet.
   */
  const lockedPolicyRead = () => {
    const { state, system } = changingFile();
    const clock = { now: 0 };
    const lines: string[] = [];
    const reader = new PolicyReader(system, (line) => lines.push(line), { now: () => clock.now });
    state.text = JSON.stringify(locked);
    return { state, reader, lines, clock };
  };

  it('ignores a file larger than 64 KiB with a line, reading no more than 64 KiB and a byte', async () => {
    const { state, system } = changingFile();
    state.text = JSON.stringify({ StartAtLogin: true, Pad: 'x'.repeat(MAX_POLICY_BYTES) });
    // The size the file claims is not trusted: it may grow between lstat and the read.
    state.stats = rootFile(0o644, 10);
    const { policy, lines } = await read(system);
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toEqual([`${LINUX_POLICY_FILE} is larger than 64 KiB: ignored.`]);
    expect(state.asked.every((bytes) => bytes === MAX_POLICY_BYTES + 1)).toBe(true);
  });

  it('reads at most the cap of a real file however large it is', async () => {
    const file = path.join(await tempDir(), 'policy.json');
    fs.writeFileSync(file, Buffer.alloc(4 * 1024 * 1024, 0x20));
    expect(readFileHead(file, MAX_POLICY_BYTES + 1).length).toBe(MAX_POLICY_BYTES + 1);
    fs.writeFileSync(file, '{}');
    expect(Buffer.from(readFileHead(file, MAX_POLICY_BYTES + 1)).toString()).toBe('{}');
  });

  it('reads a file again while two reads disagree (rewritten in place), and takes the settled one', async () => {
    const { state, system } = changingFile();
    const whole = JSON.stringify(locked);
    const reads = [whole.slice(0, 10), whole.slice(0, 25), whole, whole];
    state.text = whole;
    system.readFile = (_, maxBytes) => Buffer.from(reads.shift() ?? whole).subarray(0, maxBytes);
    expect(await read(system)).toEqual({ policy: { locked, defaults: {} }, lines: [] });
  });

  it('keeps the last good policy, locks included, while the file is torn, invalid or unreadable; says so once', async () => {
    const { state, system } = changingFile();
    const lines: string[] = [];
    const reader = new PolicyReader(system, (line) => lines.push(line));
    state.text = JSON.stringify(locked);
    expect(await reader.read()).toEqual({ locked, defaults: {} });

    state.text = '{"StartAtLogin": tr';
    for (let minute = 0; minute < 3; minute += 1) {
      expect(await reader.read()).toEqual({ locked, defaults: {} });
    }
    expect(lines).toEqual([
      `${LINUX_POLICY_FILE} is not valid JSON (its last good policy stays in force until it is fixed): ignored.`,
    ]);
    expect(reader.report.inForce.map(({ name, how }) => `${name} ${how}`)).toEqual([
      'ServiceUrl locked',
      'StartAtLogin locked',
    ]);

    state.text = '[1, 2]';
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    let counter = 0;
    system.readFile = () => Buffer.from(`{"n": ${(counter += 1)}}`);
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    system.lstat = () => {
      throw Object.assign(new Error('denied'), { code: 'EACCES' });
    };
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    expect(lines.slice(1)).toEqual([
      `${LINUX_POLICY_FILE} is not an object of policies (its last good policy stays in force until it is fixed): ignored.`,
      `${LINUX_POLICY_FILE} kept changing while it was read (its last good policy stays in force until it is fixed): ignored.`,
      `${LINUX_POLICY_FILE} could not be read (EACCES) (its last good policy stays in force until it is fixed): ignored.`,
    ]);
  });

  it('drops the kept policy once the file stays removed, and takes a new valid one', async () => {
    const { state, reader, clock } = lockedPolicyRead();
    await reader.read();
    state.text = 'not json';
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    state.text = undefined;
    // Missing at one read may be a redeploy between its unlink and its new file: kept.
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    clock.now += POLICY_ABSENCE_GRACE_MS - 1;
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    clock.now += 1;
    expect(await reader.read()).toEqual({ locked: {}, defaults: {} });
    state.text = '{"UpdatesEnabled": false}';
    expect(await reader.read()).toEqual({ locked: { UpdatesEnabled: false }, defaults: {} });
    state.text = 'not json';
    expect(await reader.read()).toEqual({ locked: { UpdatesEnabled: false }, defaults: {} });
  });

  it('keeps the policy in every read of a redeploy that writes the file 0664, then sets 0644', async () => {
    const { state, reader, lines, clock } = lockedPolicyRead();
    const size = Buffer.byteLength(JSON.stringify(locked));
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    // Then 2,403 reads, as the loop made them: the file caught at either mode, a redeploy's
    // moment apart (a few ms of the injected clock).
    for (let read = 0; read < 2_403; read += 1) {
      state.stats = rootFile(read % 3 === 0 ? 0o664 : 0o644, size);
      clock.now += 7;
      expect(await reader.read()).toEqual({ locked, defaults: {} });
    }
    // Said once, with its bound; nothing of the 0664 file applied (the same bytes here).
    expect(lines).toEqual([
      `${LINUX_POLICY_FILE} is writable by group or others (its last good policy stays in force until it is fixed): ignored.`,
      `${LINUX_POLICY_FILE}: its last good policy stays for at most ${POLICY_MODE_GRACE_MS / 1000} s while the file is writable by group or others (a redeploy may set its mode a moment later); nothing of the file as it is now applies.`,
    ]);
  });

  it('drops the last good policy once the file stays writable by group or others past the bound', async () => {
    const { state, reader, lines, clock } = lockedPolicyRead();
    await reader.read();
    state.text = JSON.stringify({ StartAtLogin: true });
    state.stats = rootFile(0o666, Buffer.byteLength(state.text));
    // What the refused file holds never applies, even while the last good policy is kept.
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    expect(reader.report.ignored).toEqual([
      { source: LINUX_POLICY_FILE, why: { code: 'writableByOthers' }, keptLastGood: true },
    ]);
    clock.now += POLICY_MODE_GRACE_MS - 1;
    expect(await reader.read()).toEqual({ locked, defaults: {} });
    clock.now += 1;
    expect(await reader.read()).toEqual({ locked: {}, defaults: {} });
    expect(lines.at(-1)).toBe(
      `${LINUX_POLICY_FILE} is still writable by group or others after ${POLICY_MODE_GRACE_MS / 1000} s: its last good policy no longer applies.`,
    );
    // Not owned by root: refused at once, as before (nothing to keep now either).
    state.stats = { ...rootFile(0o644, Buffer.byteLength(state.text)), uid: 1000 };
    expect(await reader.read()).toEqual({ locked: {}, defaults: {} });
  });

  it('accepts a UTF-8 byte order mark, as Notepad writes it', async () => {
    const { state, system } = changingFile();
    state.text = `\uFEFF${JSON.stringify(locked)}`;
    expect(await read(system)).toEqual({ policy: { locked, defaults: {} }, lines: [] });
  });

  it('says a key by its printable characters cut at 64, never its value or the file', async () => {
    const { state, system } = changingFile();
    const forged = 'Colour\n[policy] ServiceUrl set by IT: applied.';
    state.text = JSON.stringify({
      [forged]: 'top-secret-value',
      ['K'.repeat(200)]: 1,
      ServiceUrl: 'https://user:hunter2@remote.example',
    });
    const { lines } = await read(system);
    expect(lines).toEqual([
      `${LINUX_POLICY_FILE}: Colour?[policy] ServiceUrl set by IT: applied. is not a ClassTray policy: ignored.`,
      `${LINUX_POLICY_FILE}: ${'K'.repeat(64)}… is not a ClassTray policy: ignored.`,
      `${LINUX_POLICY_FILE}: ServiceUrl does not follow its rule (The address must not contain a user name or password (user:password@)): ignored.`,
    ]);
    expect(lines.join('\n')).not.toMatch(/top-secret|hunter2/);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('on Linux too, a key both locked and under Defaults is locked only, never a default', async () => {
    const { state, system } = changingFile();
    state.text = JSON.stringify({ StartAtLogin: false, Defaults: { StartAtLogin: true } });
    const { policy, lines } = await read(system);
    expect(policy).toEqual({ locked: { StartAtLogin: false }, defaults: {} });
    expect(lines).toEqual([
      `${LINUX_POLICY_FILE} Defaults: StartAtLogin is also locked here (the locked value applies): ignored.`,
    ]);
  });
});

/** What `reg query KEY /s /reg:64` prints for a key and its Defaults subkey. */
const regOutput = (hive: string, values: string[], defaults: string[] = []) =>
  [
    '',
    `${hive}\\SOFTWARE\\Policies\\ClassTray`,
    ...values.map((line) => `    ${line}`),
    '',
    ...(defaults.length > 0
      ? [
          `${hive}\\SOFTWARE\\Policies\\ClassTray\\Defaults`,
          ...defaults.map((line) => `    ${line}`),
          '',
        ]
      : []),
  ].join('\r\n');

describe('Windows: HKLM, then HKCU, \\SOFTWARE\\Policies\\ClassTray (through reg.exe)', () => {
  it('asks reg.exe from System32 for each hive, in the 64-bit view', async () => {
    const { system, ran } = machine('win32', {});
    expect((await read(system)).policy).toEqual({ locked: {}, defaults: {} });
    expect(ran).toEqual([
      [
        'C:\\Windows\\System32\\reg.exe',
        'query',
        'HKLM\\SOFTWARE\\Policies\\ClassTray',
        '/s',
        '/reg:64',
      ],
      [
        'C:\\Windows\\System32\\reg.exe',
        'query',
        'HKCU\\SOFTWARE\\Policies\\ClassTray',
        '/s',
        '/reg:64',
      ],
    ]);
  });

  it('reads REG_SZ and REG_DWORD values, the Defaults subkey as defaults, HKLM before HKCU', async () => {
    const { system } = machine('win32', {}, (_, args) => {
      if (args[1]?.startsWith('HKLM')) {
        return {
          code: 0,
          stdout: regOutput(
            'HKEY_LOCAL_MACHINE',
            [
              'ServiceUrl    REG_SZ    https://remote.school.example',
              'DemoDataAllowed    REG_DWORD    0x0',
            ],
            ['PollVisibleSeconds    REG_DWORD    0x1e'],
          ),
        };
      }
      return {
        code: 0,
        stdout: regOutput('HKEY_CURRENT_USER', [
          'ServiceUrl    REG_SZ    https://elsewhere.example',
          'StartAtLogin    REG_DWORD    0x1',
        ]),
      };
    });
    expect(await read(system)).toEqual({
      policy: {
        locked: {
          ServiceUrl: 'https://remote.school.example',
          DemoDataAllowed: false,
          StartAtLogin: true,
        },
        defaults: { PollVisibleSeconds: 30 },
      },
      lines: [],
    });
  });

  it('lists a value named __proto__ (or constructor) as ignored, never dropping it unsaid', async () => {
    const { system } = machine('win32', {}, (_, args) =>
      args[1]?.startsWith('HKLM')
        ? {
            code: 0,
            stdout: regOutput(
              'HKEY_LOCAL_MACHINE',
              [
                '__proto__    REG_SZ    x',
                'constructor    REG_DWORD    0x1',
                'StartAtLogin    REG_DWORD    0x1',
              ],
              ['__proto__    REG_DWORD    0x2'],
            ),
          }
        : { code: 1, stdout: '' },
    );
    const { policy, lines } = await read(system);
    expect(policy).toEqual({ locked: { StartAtLogin: true }, defaults: {} });
    const key = 'HKLM\\SOFTWARE\\Policies\\ClassTray';
    expect(lines).toEqual([
      `${key}: __proto__ is not a ClassTray policy: ignored.`,
      `${key}: constructor is not a ClassTray policy: ignored.`,
      `${key} Defaults: __proto__ is not a ClassTray policy: ignored.`,
    ]);
  });

  it('ignores a value of the wrong registry type or out of range, with a line', async () => {
    const { system } = machine('win32', {}, (_, args) =>
      args[1]?.startsWith('HKLM')
        ? {
            code: 0,
            stdout: regOutput('HKEY_LOCAL_MACHINE', [
              'StartAtLogin    REG_BINARY    01',
              'PollVisibleSeconds    REG_DWORD    0x1',
              'UpdateChannel    REG_SZ    beta',
            ]),
          }
        : { code: 1, stdout: '' },
    );
    const { policy, lines } = await read(system);
    expect(policy).toEqual({ locked: { UpdateChannel: 'beta' }, defaults: {} });
    expect(lines).toEqual([
      'HKLM\\SOFTWARE\\Policies\\ClassTray: StartAtLogin is a REG_BINARY, not a REG_DWORD: ignored.',
      'HKLM\\SOFTWARE\\Policies\\ClassTray: PollVisibleSeconds does not follow its rule (Too small: expected number to be >=5): ignored.',
    ]);
  });
});

describe("macOS: forced values of app.classtray.desktop (the computer's, then the user's)", () => {
  const machineFile = '/Library/Managed Preferences/app.classtray.desktop.plist';
  const userFile = '/Library/Managed Preferences/teacher/app.classtray.desktop.plist';

  it('reads both managed-preferences files through plutil, the computer’s first', async () => {
    const { system, ran } = machine(
      'darwin',
      { [machineFile]: { text: '' }, [userFile]: { text: '' } },
      (_, args) => ({
        code: 0,
        stdout: JSON.stringify(
          args.at(-1) === machineFile
            ? { AuthHeader: 'X-School', Defaults: { DeviceChangeNotifications: true } }
            : { AuthHeader: 'X-Mine', UpdatesEnabled: false },
        ),
      }),
    );
    expect((await read(system)).policy).toEqual({
      locked: { AuthHeader: 'X-School', UpdatesEnabled: false },
      defaults: { DeviceChangeNotifications: true },
    });
    expect(ran).toEqual([
      ['/usr/bin/plutil', '-convert', 'json', '-o', '-', '--', machineFile],
      ['/usr/bin/plutil', '-convert', 'json', '-o', '-', '--', userFile],
    ]);
  });

  it('ignores a file plutil cannot read, or one root did not write', async () => {
    const { system, ran } = machine(
      'darwin',
      { [machineFile]: { text: '' }, [userFile]: { text: '', stats: rootFile(0o666) } },
      () => ({ code: 1, stdout: '' }),
    );
    const { policy, lines } = await read(system);
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toEqual([
      `${machineFile} could not be read as a property list (plutil exited with 1): ignored.`,
      `${userFile} is writable by group or others: ignored.`,
    ]);
    expect(ran).toHaveLength(1);
  });
});

describe('another OS', () => {
  it('has no policy source', async () => {
    expect(await read(machine('freebsd', {}).system)).toEqual({
      policy: { locked: {}, defaults: {} },
      lines: [],
    });
  });
});

describe('the report Settings\' "Set by your school" shows', () => {
  it('names each policy in force with its source, and each ignored entry by a reason code, never its value', async () => {
    const { system } = machine('linux', {
      [LINUX_POLICY_FILE]: {
        text: JSON.stringify({
          ServiceUrl: 'https://remote.school.example',
          UpdateFeedUrl: 'https://user:hunter2@updates.example',
          PollVisibleSeconds: 99_999,
          UpdateChannel: 'nightly-secret',
          ApiToken: 'tok-secret',
          Defaults: { StartAtLogin: true },
        }),
      },
    });
    const reader = new PolicyReader(system, () => undefined);
    await reader.read();
    expect(reader.report.inForce).toEqual([
      {
        name: 'ServiceUrl',
        value: 'https://remote.school.example',
        how: 'locked',
        source: LINUX_POLICY_FILE,
      },
      { name: 'StartAtLogin', value: true, how: 'default', source: LINUX_POLICY_FILE },
    ]);
    const reasons = reader.report.ignored.map(({ name, why }) => ({
      name,
      why: why.code === 'breaksRule' ? { code: why.code, rule: why.rule } : why,
    }));
    expect(reasons).toEqual([
      {
        name: 'UpdateFeedUrl',
        why: { code: 'breaksRule', rule: { kind: 'address', problem: 'addressCredentials' } },
      },
      {
        name: 'PollVisibleSeconds',
        why: { code: 'breaksRule', rule: { kind: 'integer', min: 5, max: 300 } },
      },
      {
        name: 'UpdateChannel',
        why: { code: 'breaksRule', rule: { kind: 'choice', choices: ['latest', 'beta'] } },
      },
      { name: 'ApiToken', why: { code: 'neverPolicyToken' } },
    ]);
    expect(JSON.stringify(reader.report)).not.toMatch(/hunter2|nightly-secret|tok-secret|99999/);
  });

  it('says a whole source that could not be read, and that its last good policy stays', async () => {
    const { state, system } = changingFile();
    const reader = new PolicyReader(system, () => undefined);
    state.text = '{"StartAtLogin": false}';
    await reader.read();
    state.text = '{"StartAtLogin": fa';
    await reader.read();
    expect(reader.report.ignored).toEqual([
      { source: LINUX_POLICY_FILE, why: { code: 'notJson' }, keptLastGood: true },
    ]);
    expect(reader.report.inForce.map(({ name }) => name)).toEqual(['StartAtLogin']);
  });
});

describe("a draft policy file (the preview's --policy-file)", () => {
  it('is read instead of the machine’s sources, without the root-owner rule', async () => {
    const draft = '/home/it/draft.json';
    const { system } = machine('linux', {
      [LINUX_POLICY_FILE]: { text: '{"StartAtLogin": true}' },
      [draft]: {
        text: '{"ServiceUrl": "https://remote.school.example"}',
        stats: { ...rootFile(0o666), uid: 1000 },
      },
    });
    const lines: string[] = [];
    const reader = new PolicyReader(system, (line) => lines.push(line), { draftFile: draft });
    expect(await reader.read()).toEqual({
      locked: { ServiceUrl: 'https://remote.school.example' },
      defaults: {},
    });
    expect(reader.report.inForce.map(({ source }) => source)).toEqual([draft]);
    expect(lines).toEqual([]);
  });
});
