/**
 * `node src-main/builtCommand.mjs <command>`, what each `npm run` command runs: built on its first
 * run, built again when a source it was made from is newer than the build, and each command doing
 * built what it does from its source (its output and exit codes).
 */
import { copyFile, mkdir, readdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningLocalService } from '../src-main/local-service/index';
import { startLocalService } from '../src-main/local-service/index';
import { childProcesses } from './support/childProcesses';
import { device } from './support/fixtures';
import { tempDir } from './support/tempDir';

const ROOT = path.join(import.meta.dirname, '..');
const LAUNCHER = path.join(ROOT, 'src-main/builtCommand.mjs');
const cli = childProcesses();

/**
 * A checkout of its own with the launcher and a policy command that prints a word and exits 3,
 * so that its builds and sources are the test's alone (node_modules holds esbuild only).
 */
async function checkout() {
  const root = await tempDir('classtray-built');
  await mkdir(path.join(root, 'src-main', 'policy-check'), { recursive: true });
  await mkdir(path.join(root, 'node_modules'));
  await symlink(
    path.join(ROOT, 'node_modules', 'esbuild'),
    path.join(root, 'node_modules', 'esbuild'),
  );
  await copyFile(LAUNCHER, path.join(root, 'src-main', 'builtCommand.mjs'));
  await writeFile(path.join(root, 'package-lock.json'), '{}');
  const source = path.join(root, 'src-main', 'policy-check', 'cli.ts');
  const word = path.join(root, 'src-main', 'policy-check', 'word.ts');
  await writeFile(
    source,
    "import { WORD } from './word';\nprocess.stdout.write(`${WORD} ${process.argv.slice(2).join(' ')}\\n`);\nprocess.exitCode = 3;\n",
  );
  const run = (...args: string[]) =>
    cli.toEnd(path.join(root, 'src-main', 'builtCommand.mjs'), ['policy', ...args], { cwd: root });
  /** Writes the word, dated a minute after the build: a source changed since it was built. */
  const change = async (text: string) => {
    await writeFile(word, `export const WORD: string = '${text}';\n`);
    const cache = path.join(root, 'node_modules', '.cache', 'classtray-commands');
    const [folder = ''] = await readdir(cache);
    const built = await stat(path.join(cache, folder, 'policy', 'cli.mjs'));
    const later = new Date(built.mtimeMs + 60_000);
    await utimes(word, later, later);
  };
  await writeFile(word, "export const WORD: string = 'first';\n");
  return { run, change };
}

describe('the built commands’ launcher', { timeout: 120_000 }, () => {
  it('builds a command on its first run, then runs the build, and builds it again when a source it imports is newer', async () => {
    const { run, change } = await checkout();
    const first = await run('--draft', 'a.json');
    expect(first).toMatchObject({ code: 3, stdout: 'first --draft a.json\n' });
    expect(first.stderr).toBe('policy: building the command once (esbuild)...\n');

    const second = await run('check');
    expect(second).toMatchObject({ code: 3, stdout: 'first check\n', stderr: '' });

    await change('second');
    const changed = await run('check');
    expect(changed).toMatchObject({ code: 3, stdout: 'second check\n' });
    expect(changed.stderr).toBe(
      'policy: its sources changed since it was built: building it again...\n',
    );
    expect(await run()).toMatchObject({ code: 3, stdout: 'second \n', stderr: '' });
  });

  it('names the commands it knows, with status 2, for any other', async () => {
    const { code, stderr } = await cli.toEnd(LAUNCHER, ['timetables'], { cwd: ROOT });
    expect(code).toBe(2);
    expect(stderr).toContain('Commands: timetable, readiness, policy, local-service');
  });

  it.each(['timetable', 'readiness', 'policy', 'local-service'])(
    'runs %s built as from its source: the same help, output and exit code',
    async (command) => {
      // Built first, as `npm ci` leaves it: a run that builds also says so on stderr.
      await cli.toEnd(LAUNCHER, [command, '--help'], { cwd: ROOT });
      const source = {
        timetable: 'src-main/core/timetable/cli.ts',
        readiness: 'src-main/morningCheck/cli.ts',
        policy: 'src-main/policy-check/cli.ts',
        'local-service': 'src-main/local-service/cli.ts',
      }[command];
      for (const args of [['--help'], ['--colour']]) {
        const [built, fromSource] = await Promise.all([
          cli.toEnd(LAUNCHER, [command, ...args], { cwd: ROOT }),
          cli.toEnd(path.join(ROOT, source ?? ''), args, { cwd: ROOT }),
        ]);
        expect(built).toEqual(fromSource);
      }
    },
  );
});

describe('npm run readiness, built', { timeout: 120_000 }, () => {
  let service: RunningLocalService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('checks a room against the service and exits 0 when every device is ready', async () => {
    const token = 'readiness-token-0123456789';
    service = await startLocalService({
      token,
      fixture: {
        classrooms: [{ id: 'room-12', name: 'Room 12' }],
        devices: [1, 2].map((n) => device(n, { classroom: 'room-12', is_online: true })),
        temporal_accesses: [],
      },
    });
    const { code, stdout, stderr } = await cli.toEnd(
      LAUNCHER,
      ['readiness', '--classroom', 'room-12', '--service-url', service.url],
      {
        cwd: ROOT,
        env: { ...process.env, CLASSTRAY_TOKEN: token, CLASSTRAY_DATA_DIR: await tempDir() },
      },
    );
    expect(stderr.replace(/^readiness: .*building.*\n/, '')).toBe('');
    expect(stdout).toContain('Ready: 2 of 2.');
    expect(code).toBe(0);
  });
});
