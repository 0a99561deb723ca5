/** `npm run policy -- check`, run as IT runs it: a child process, its output and exit code. */
import fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childProcesses } from '../support/childProcesses';
import { tempDir } from '../support/tempDir';

const CLI = join(process.cwd(), 'src-main', 'policy-check', 'cli.ts');
const cli = childProcesses();
const run = (args: string[]) => cli.toEnd(CLI, args);

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
    const { code, stdout } = await run(['check', file]);
    expect(stdout).toContain(
      'the root-owner rule, which only the installed app enforces, is skipped',
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
    const { code, stdout } = await run(['check', file]);
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
    const { code, stdout } = await run(['check', file]);
    expect(stdout).toContain('Nothing applies: the file is not valid JSON.');
    expect(stdout).not.toContain('secret.example');
    expect(code).toBe(1);

    const large = await policyFile(JSON.stringify({ StartAtLogin: true, Pad: 'x'.repeat(70_000) }));
    expect((await run(['check', large])).stdout).toContain(
      'Nothing applies: the file is larger than 64 KiB.',
    );
  });

  it.each([[[]], [['check']], [['verify', 'policy.json']], [['check', 'a.json', 'b.json']]])(
    'refuses %j with the usage and exit code 2',
    async (args) => {
      const { code, stderr } = await run(args);
      expect(stderr).toMatch(/^policy: expected "check" and one file\.\n\nUsage: npm run policy/);
      expect(code).toBe(2);
    },
  );

  it('refuses a file that does not exist with exit code 2', async () => {
    const { code, stderr } = await run(['check', join(await tempDir(), 'missing.json')]);
    expect(stderr).toMatch(/missing\.json does not exist\./);
    expect(code).toBe(2);
  });
});
