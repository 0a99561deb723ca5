/**
 * `npm run web` before anything starts: its flags, checked in-process as the command checks them
 * (parsePreviewArgs, runPreview); and the process itself, three times: a refusal's exit code 2 and
 * usage, a start that stops with 0 on SIGTERM, and a failed start's exit code 1. Each start through
 * tsx costs about 1.5 s of CPU, so the cases of one rule run in-process.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import { startLocalService } from '../../src-main/local-service/index';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { ensureRendererBuilt } from '../../src-main/preview/rendererBuild';
import type { RunningPreview } from '../../src-main/preview/runPreview';
import { UsageError, parsePreviewArgs, runPreview } from '../../src-main/preview/runPreview';
import { childProcesses } from '../support/childProcesses';
import { accountFixture } from '../support/fixtures';
import { freePort } from '../support/freePort';
import { tempDir } from '../support/tempDir';
import { rendererDir } from './previewApp';

const CLI = join(process.cwd(), 'src-main', 'preview', 'cli.ts');
const startChild = childProcesses();

/** The refusal as the command prints it: one sentence for the person who typed the flags. */
function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('the flags were accepted');
}

describe('npm run web refuses', () => {
  it.each([
    [['--port', 'eighty'], '--port takes a number from 0 to 65535.'],
    [['--port', '70000'], '--port takes a number from 0 to 65535.'],
    [['--poll-seconds', '2'], /^--poll-seconds: [^\n]+\.$/],
    [['--poll-seconds', 'soon'], '--poll-seconds takes a whole number of seconds.'],
    [['--service-url', 'ftp://example.org'], /^--service-url: [^\n]+\.$/],
    [['--colour'], /^Unknown option '--colour'[^\n]*\.$/],
    [['--classroom'], '--classroom needs a value.'],
    [['stray'], /^[^\n]*'stray'[^\n]*\.$/],
  ])('%j with one sentence, before anything starts', (args, sentence) => {
    const message = refusalOf(() => parsePreviewArgs([...args, '--no-open']));
    if (typeof sentence === 'string') expect(message).toBe(sentence);
    else expect(message).toMatch(sentence);
  });
});

describe('npm run web --policy-file', () => {
  let preview: RunningPreview | null = null;
  let staticDir: string | undefined;
  afterEach(async () => {
    await preview?.close();
    preview = null;
    if (staticDir !== undefined) await rm(staticDir, { recursive: true, force: true });
  });

  it('refuses a file that does not exist', async () => {
    const dataDir = await tempDir('classtray-cli-policy');
    const file = join(dataDir, 'missing.json');
    await expect(
      runPreview(['--policy-file', file, '--data-dir', dataDir, '--no-open'], {}),
    ).rejects.toThrow(new UsageError(`--policy-file: ${file} does not exist.`));
  });

  it("refuses to write a draft policy into the tray app's own data folder", async () => {
    const home = await tempDir('classtray-cli-home');
    const file = join(home, 'policy.json');
    await writeFile(file, '{}');
    await expect(
      runPreview(['--policy-file', file, '--no-open'], {
        HOME: home,
        XDG_CONFIG_HOME: '',
        CLASSTRAY_DATA_DIR: '',
      }),
    ).rejects.toThrow(
      new UsageError(
        "--policy-file writes the policy's values into the settings: give the preview a folder of its own with --data-dir.",
      ),
    );
  });

  it('runs under the file, saying once that it skips the root-owner and mode rules, and what it ignores', async () => {
    const dataDir = await tempDir('classtray-cli-policy');
    const file = join(dataDir, 'draft policy.json');
    // Written by this user, writable by others: the installed app would ignore it; the preview not.
    await writeFile(file, JSON.stringify({ StartAtLogin: false, Colour: 'crimson-value' }), {
      mode: 0o666,
    });
    const printed: string[] = [];
    const logged: string[] = [];
    staticDir = await rendererDir();
    preview = await runPreview(
      ['--policy-file', file, '--data-dir', dataDir, '--port', '0', '--no-open'],
      {},
      {
        rendererDir: staticDir,
        print: (line) => printed.push(line),
        logConsole: {
          info: (line) => logged.push(line),
          warn: (line) => logged.push(line),
          error: (line) => logged.push(`error: ${line}`),
        },
        classTray: {
          loadKeytar: () => Promise.reject(new Error('no keychain in tests')),
          log: silentLogger,
        },
      },
    );
    expect(printed.filter((line) => line.includes('root-owner rule'))).toEqual([
      `ClassTray preview: school policy from ${file}, read as the installed app reads its policy except for the rules on who may have written it, which only the installed app enforces: the root-owner rule (owned by root) and the mode rule (not writable by group or others).`,
    ]);
    expect(printed).toContain(
      `ClassTray preview: ${file}: Colour is not a ClassTray policy: ignored.`,
    );
    expect([...printed, ...logged].join('\n')).not.toContain('crimson-value');
    expect(logged.filter((line) => line.startsWith('error: '))).toEqual([]);
  });
});

describe('the npm run web process', { timeout: 120_000 }, () => {
  const TOKEN = 'cli-token-0123456789';

  it('refuses bad flags with the sentence, the usage and exit code 2', async () => {
    const { code, stderr } = await startChild.toEnd(CLI, ['--port', 'eighty', '--no-open']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^web: --port takes a number from 0 to 65535\.\n\nUsage: npm run web/);
  });

  async function web(serviceUrl: string, classroom: string) {
    // Built first: these tests are about the launch, not a renderer build.
    await ensureRendererBuilt(() => undefined);
    const dataDir = await tempDir('classtray-cli-launch');
    const args = ['--data-dir', dataDir, '--port', '0', '--no-open'];
    return startChild(
      CLI,
      [...args, '--service-url', serviceUrl, '--classroom', classroom],
      /preview-launch\.html/,
      { env: { ...process.env, CLASSTRAY_TOKEN: TOKEN } },
    );
  }

  it('keeps running on that account while the service does not answer, says so, and stops with 0 on SIGTERM', async () => {
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
    // At most the log's warning that the refresh found the service out of reach (once).
    expect(child.output().stderr).toMatch(
      /^(\[core\] Refreshing the classroom: The service could not be reached \(connection refused\)[^\n]*\n)?$/,
    );
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
