import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandResult, PolicySystem } from '../../../src-main/core/policy/policySources';
import { insecureFileProblem, readSystemPolicy } from '../../../src-main/core/policy/policySources';
import { LINUX_POLICY_FILE } from '../../../src-main/core/policy/policyTable';
import { tempDir } from '../../support/tempDir';

type Stats = ReturnType<PolicySystem['lstat']>;
const rootFile = (mode = 0o644): Stats => ({ isFile: () => true, uid: 0, mode: 0o100000 | mode });

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
      readFile: (name) => file(name).text,
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
      { isFile: () => true, uid: 1000, mode: 0o100644 },
      'is not owned by root',
    ],
    ['writable by its group', rootFile(0o664), 'is writable by group or others'],
    ['writable by anyone', rootFile(0o646), 'is writable by group or others'],
    ['a symbolic link', { isFile: () => false, uid: 0, mode: 0o120777 }, 'is not a regular file'],
  ])('ignores a file %s, with a line saying why', async (_, stats, why) => {
    const { policy, lines } = await read(policyFile('{"StartAtLogin":true}', stats));
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines).toEqual([`${LINUX_POLICY_FILE} ${why}: ignored.`]);
  });

  it('ignores a file that is not JSON', async () => {
    const { policy, lines } = await read(policyFile('{ServiceUrl: nope'));
    expect(policy).toEqual({ locked: {}, defaults: {} });
    expect(lines[0]).toMatch(
      /^\/etc\/classtray\/policy\.json is not valid JSON \(.*\): ignored\.$/,
    );
  });

  it('judges a real file by its owner and mode', async () => {
    const file = path.join(await tempDir(), 'policy.json');
    fs.writeFileSync(file, '{}', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const owner = fs.lstatSync(file).uid === 0 ? undefined : 'is not owned by root';
    expect(insecureFileProblem(fs.lstatSync(file))).toBe(owner);
    fs.chmodSync(file, 0o666);
    expect(insecureFileProblem(fs.lstatSync(file))).toBe(owner ?? 'is writable by group or others');
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
      'HKLM\\SOFTWARE\\Policies\\ClassTray: PollVisibleSeconds Too small: expected number to be >=5: ignored.',
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
