/** `npm run policy -- check`, run as IT runs it: a child process, its output and exit code. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path, { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../support/childProcesses';
import { tempDir } from '../support/tempDir';

const CLI = join(process.cwd(), 'src-main', 'policy-check', 'cli.ts');
/** What `npm run policy` runs: the command built, in plain Node. */
const LAUNCHER = join(process.cwd(), 'src-main', 'builtCommand.mjs');
const cli = childProcesses();
// Built first, as `npm ci` leaves it: a run that builds also says so on stderr.
beforeAll(async () => {
  await cli.toEnd(LAUNCHER, ['policy', '--help']);
}, 60_000);
const run = (args: string[]) => cli.toEnd(LAUNCHER, ['policy', ...args]);

async function policyFile(text: string | Buffer): Promise<string> {
  const file = join(await tempDir(), 'policy.json');
  fs.writeFileSync(file, text);
  return file;
}

describe('npm run policy -- check', { timeout: 60_000 }, () => {
  it('prints what applies, locked or default, and exits 0 when all of it applies', async () => {
    const file = await policyFile(
      `\uFEFF${JSON.stringify({
        ServiceUrl: 'https://remote.school.example',
        DemoDataAllowed: 0,
        Defaults: { PollVisibleSeconds: 30 },
      })}`,
    );
    const { code, stdout } = await run(['check', '--draft', file]);
    expect(stdout).toContain(
      "--draft: read as the installed app reads it, except for the rules on the file's owner and mode",
    );
    expect(stdout).toMatch(
      /ServiceUrl +https:\/\/remote\.school\.example +locked +\S*policy\.json/,
    );
    expect(stdout).toMatch(/DemoDataAllowed +false +locked/);
    expect(stdout).toMatch(/PollVisibleSeconds +30 +default/);
    expect(stdout).not.toContain('Ignored');
    expect(code).toBe(0);
  });

  it('lists each ignored entry with why, never its value, and exits 1', async () => {
    const file = await policyFile(
      JSON.stringify({
        ServiceUrl: 'https://teacher:hunter2@remote.school.example',
        ApiToken: 'secret-token',
        UpdatesEnabled: false,
        Defaults: { UpdatesEnabled: true, PollHiddenSeconds: 'often' },
      }),
    );
    const { code, stdout } = await run(['check', '--draft', file]);
    expect(stdout).toMatch(/UpdatesEnabled +false +locked/);
    expect(stdout).toContain(
      ': ServiceUrl does not follow its rule (The address must not contain a user name or password (user:password@))',
    );
    expect(stdout).toContain(
      ": ApiToken is never a policy (the API token stays in each teacher's keychain)",
    );
    expect(stdout).toContain(
      ' Defaults: UpdatesEnabled is also locked here (the locked value applies)',
    );
    expect(stdout).toMatch(/ Defaults: PollHiddenSeconds does not follow its rule/);
    expect(stdout).not.toMatch(/hunter2|secret-token|often/);
    expect(code).toBe(1);
  });

  it('says a file that is not a policy, without quoting it, and exits 1', async () => {
    const file = await policyFile('{"ServiceUrl": https://secret.example}');
    const { code, stdout } = await run(['check', '--draft', file]);
    expect(stdout).toContain('Nothing applies: the file is not valid JSON.');
    expect(stdout).not.toContain('secret.example');
    expect(code).toBe(1);

    const large = await policyFile(JSON.stringify({ StartAtLogin: true, Pad: 'x'.repeat(70_000) }));
    expect((await run(['check', '--draft', large])).stdout).toContain(
      'Nothing applies: the file is larger than 64 KiB.',
    );
  });

  it('lists __proto__ and the other reserved names as ignored, at the top and under Defaults', async () => {
    const file = await policyFile(
      '{"__proto__": {"UpdatesEnabled": false}, "constructor": 1, "prototype": 2, "StartAtLogin": true,' +
        ' "Defaults": {"__proto__": 5, "toString": 2, "hasOwnProperty": 3}}',
    );
    const { code, stdout } = await run(['check', '--draft', file]);
    expect(stdout).toMatch(/StartAtLogin +true +locked/);
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(stdout).toContain(`policy.json: ${name} is not a ClassTray policy`);
    }
    for (const name of ['__proto__', 'toString', 'hasOwnProperty']) {
      expect(stdout).toContain(`policy.json Defaults: ${name} is not a ClassTray policy`);
    }
    expect(stdout).not.toMatch(/UpdatesEnabled/);
    expect(code).toBe(1);
  });

  describe.runIf(process.platform === 'linux' || process.platform === 'darwin')(
    "the installed app's rules on the file (Linux and macOS)",
    () => {
      it('refuses a file writable by others, as the app ignores it, and exits 1', async () => {
        const file = await policyFile(JSON.stringify({ StartAtLogin: true }));
        fs.chmodSync(file, 0o666);
        const { code, stdout } = await run(['check', file]);
        expect(stdout).toContain(
          'Nothing applies: the file is writable by group or others, so the app ignores it.',
        );
        expect(stdout).not.toContain('Applies:');
        expect(code).toBe(1);
        // A draft skips only that rule.
        expect((await run(['check', '--draft', file])).code).toBe(0);
      });

      it('refuses a symbolic link and a FIFO as not regular files (exit 1, not "does not exist")', async () => {
        const target = await policyFile(JSON.stringify({ StartAtLogin: true }));
        const link = path.join(path.dirname(target), 'link.json');
        fs.symlinkSync(target, link);
        const fifo = path.join(path.dirname(target), 'fifo.json');
        execFileSync('mkfifo', [fifo]);
        for (const file of [link, fifo]) {
          for (const args of [
            ['check', file],
            ['check', '--draft', file],
          ]) {
            const { code, stdout } = await run(args);
            expect(stdout).toContain(
              'Nothing applies: the file is not a regular file, so the app ignores it.',
            );
            expect(code).toBe(1);
          }
        }
      });

      it.runIf(process.getuid?.() === 0)(
        "refuses a file owned by another user (run as root to make one), and applies root's",
        async () => {
          const file = await policyFile(JSON.stringify({ StartAtLogin: true }));
          fs.chmodSync(file, 0o644);
          expect((await run(['check', file])).code).toBe(0);
          fs.chownSync(file, 65_534, 65_534);
          const { code, stdout } = await run(['check', file]);
          expect(stdout).toContain(
            'Nothing applies: the file is not owned by root, so the app ignores it.',
          );
          expect(code).toBe(1);
        },
      );
    },
  );

  it.each([[[]], [['check']], [['verify', 'policy.json']], [['check', 'a.json', 'b.json']]])(
    'refuses %j with the usage and exit code 2',
    async (args) => {
      const { code, stderr } = await run(args);
      expect(stderr).toMatch(/^policy: expected "check" and one file\.\n\nUsage: npm run policy/);
      expect(code).toBe(2);
    },
  );

  it('prints from its source (through tsx) what it prints built, as npm run policy runs it', async () => {
    const file = await policyFile(JSON.stringify({ StartAtLogin: true, Nonsense: 1 }));
    const fromSource = await cli.toEnd(CLI, ['check', '--draft', file]);
    expect(fromSource.stdout).toContain('Nonsense');
    expect(fromSource).toEqual(await run(['check', '--draft', file]));
  });

  it('refuses a file that does not exist with exit code 2', async () => {
    const { code, stderr } = await run(['check', join(await tempDir(), 'missing.json')]);
    expect(stderr).toMatch(/missing\.json does not exist\./);
    expect(code).toBe(2);
  });
});
