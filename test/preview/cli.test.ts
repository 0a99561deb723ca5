/** The `npm run web` process itself: what happens before anything starts. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalService } from '../../src-main/local-service/index';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { ensureRendererBuilt } from '../../src-main/preview/rendererBuild';
import { childProcesses } from '../support/childProcesses';
import { accountFixture } from '../support/fixtures';
import { freePort } from '../support/freePort';
import { tempDir } from '../support/tempDir';

const CLI = join(process.cwd(), 'src-main', 'preview', 'cli.ts');
const startChild = childProcesses();
const run = (args: string[]) => startChild.toEnd(CLI, args);

describe('npm run web', () => {
  it.each([
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--poll-seconds', '2']],
    [['--poll-seconds', 'soon']],
    [['--service-url', 'ftp://example.org']],
    [['--colour']],
    [['--classroom']],
    [['stray']],
  ])('refuses %j with one sentence, the usage and exit code 2', async (args) => {
    const { code, stderr } = await run([...args, '--no-open']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^web: [^\n]+\.\n\nUsage: npm run web/);
  });
});

describe('npm run web with launch flags', { timeout: 120_000 }, () => {
  const TOKEN = 'cli-token-0123456789';

  async function web(serviceUrl: string, classroom: string) {
    // Built first: these tests are about the launch, not a renderer build.
    await ensureRendererBuilt(() => undefined);
    const dataDir = await tempDir('classtray-cli-launch');
    const args = ['--data-dir', dataDir, '--port', '0', '--no-open'];
    return startChild(
      CLI,
      [...args, '--service-url', serviceUrl, '--classroom', classroom],
      /preview-launch\.html/,
      {
        env: { ...process.env, CLASSTRAY_TOKEN: TOKEN },
      },
    );
  }

  it('keeps running on that account while the service does not answer, and says so', async () => {
    const serviceUrl = `http://127.0.0.1:${await freePort()}`;
    const child = await web(serviceUrl, 'room-a');
    await child.ready;
    expect(child.output().stdout).toMatch(
      new RegExp(`^ClassTray preview: ${serviceUrl} cannot be reached yet \\(.+\\): `),
    );
    expect(child.output().stdout).toMatch(
      /\(service http:\/\/127\.0\.0\.1:\d+\)\nClassTray preview: sign in by opening file:\/\/\S+\/preview-launch\.html in a browser on this computer; [^\n]+\n$/,
    );
    child.child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(child.output().stderr).toBe('');
  });

  it("exits 1 with the service's own refusal of an unknown classroom", async () => {
    const service = await startLocalService({
      token: TOKEN,
      fixture: parseAccountData(accountFixture(6), 'test fixture'),
    });
    try {
      const child = await web(service.url, 'room-zz');
      expect(await child.exited).toBe(1);
      expect(child.output().stderr).toMatch(
        /^web: The service has no classroom with the id "room-zz"\. [^\n]+\n$/,
      );
    } finally {
      await service.close();
    }
  });
});

describe('npm run web --policy-file', { timeout: 120_000 }, () => {
  it('refuses a file that does not exist, with exit code 2', async () => {
    const dataDir = await tempDir('classtray-cli-policy');
    const { code, stderr } = await run([
      '--policy-file',
      join(dataDir, 'missing.json'),
      '--data-dir',
      dataDir,
      '--no-open',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^web: --policy-file: \S+missing\.json does not exist\.\n\nUsage:/);
  });

  it("refuses to write a draft policy into the tray app's own data folder", async () => {
    const home = await tempDir('classtray-cli-home');
    const file = join(home, 'policy.json');
    await writeFile(file, '{}');
    const child = startChild(CLI, ['--policy-file', file, '--no-open'], /preview-launch\.html/, {
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: '', CLASSTRAY_DATA_DIR: '' },
    });
    expect(await child.exited).toBe(2);
    expect(child.output().stderr).toMatch(
      /^web: --policy-file writes the policy's values into the settings: give the preview a folder of its own with --data-dir\.\n/,
    );
  });

  it('runs under the file, saying once that it skips the root-owner rule, and what it ignores', async () => {
    await ensureRendererBuilt(() => undefined);
    const dataDir = await tempDir('classtray-cli-policy');
    const file = join(dataDir, 'draft policy.json');
    // Written by this user, writable by others: the installed app would ignore it; the preview not.
    await writeFile(file, JSON.stringify({ StartAtLogin: false, Colour: 'crimson-value' }), {
      mode: 0o666,
    });
    const child = startChild(
      CLI,
      ['--policy-file', file, '--data-dir', dataDir, '--port', '0', '--no-open'],
      /preview-launch\.html/,
      { env: { ...process.env, CLASSTRAY_TOKEN: '' } },
    );
    await child.ready;
    const lines = child.output().stdout.split('\n');
    expect(lines.filter((line) => line.includes('root-owner rule'))).toEqual([
      `ClassTray preview: school policy from ${file}, read as the installed app reads its policy except for the root-owner rule, which only the installed app enforces.`,
    ]);
    expect(lines).toContain(
      `ClassTray preview: ${file}: Colour is not a ClassTray policy: ignored.`,
    );
    expect(child.output().stdout).not.toContain('crimson-value');
    child.child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(child.output().stderr).toBe('');
  });
});
