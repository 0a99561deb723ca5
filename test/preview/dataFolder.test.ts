/**
 * One ClassTray program per data folder: the preview against a real process holding the folder
 * (as the tray app does), against another preview, and on a folder it cannot write.
 */
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/core/logger';
import { ensureRendererBuilt } from '../../src-main/preview/rendererBuild';
import type { RunningPreview } from '../../src-main/preview/runPreview';
import { runPreview } from '../../src-main/preview/runPreview';
import { childProcesses } from '../support/childProcesses';
import { tempDir } from '../support/tempDir';
import { NOBODY, mustDropPrivileges } from '../support/unprivilegedCopy';
import { rendererDir } from './previewApp';

const startChild = childProcesses();
let directory: string;
let staticDir: string;
const running: RunningPreview[] = [];

beforeEach(async () => {
  directory = await tempDir('classtray-folder');
  staticDir = await rendererDir();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((preview) => preview.close()));
  await rm(staticDir, { recursive: true, force: true });
});

async function preview(dataDir: string): Promise<RunningPreview> {
  const started = await runPreview(
    ['--data-dir', dataDir, '--port', '0', '--no-open'],
    {},
    {
      rendererDir: staticDir,
      print: () => undefined,
      classTray: { loadKeytar: () => Promise.reject(new Error('no keychain')), log: silentLogger },
    },
  );
  if (started === null) throw new Error('runPreview printed its help instead of starting.');
  running.push(started);
  return started;
}

describe('the preview on a data folder', () => {
  it('refuses a folder the tray app uses, naming the process', async () => {
    const trayApp = startChild(
      join(process.cwd(), 'test', 'support', 'lockHolder.ts'),
      [directory, 'the ClassTray tray app'],
      /holding/,
    );
    await trayApp.ready;
    await expect(preview(directory)).rejects.toThrow(
      `The ClassTray data folder ${directory} is in use by the ClassTray tray app (process ${trayApp.child.pid},`,
    );
    // Nothing was written beside the tray app's files.
    expect(await readdir(directory)).toEqual(['classtray.lock']);
  });

  it.runIf(process.platform !== 'win32')(
    'keeps its data folder to the teacher: 0700, its files 0600, narrowed when found wider',
    async () => {
      await chmod(directory, 0o755);
      await writeFile(join(directory, 'settings.json'), '{}\n', { mode: 0o644 });
      await chmod(join(directory, 'settings.json'), 0o644);
      const first = await preview(directory);
      await first.close();
      running.splice(running.indexOf(first), 1);
      const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);
      expect(await modeOf(directory)).toBe('700');
      const names = await readdir(directory);
      expect(names).toContain('settings.json');
      for (const name of names) {
        const file = join(directory, name);
        const wanted = (await stat(file)).isDirectory() ? '700' : '600';
        expect([name, await modeOf(file)]).toEqual([name, wanted]);
      }
    },
  );

  it('refuses a second preview on one folder, and frees the folder on close', async () => {
    const first = await preview(directory);
    await expect(preview(directory)).rejects.toThrow(/is in use by the ClassTray preview/);
    await first.close();
    running.splice(running.indexOf(first), 1);
    expect(await readdir(directory)).not.toContain('classtray.lock');
    await preview(directory);
  });

  it(
    'closes and frees the folder on SIGTERM while still starting',
    { timeout: 120_000 },
    async () => {
      // Built first, so the start the signal interrupts is the preview's, not a renderer build.
      await ensureRendererBuilt(() => undefined);
      const web = startChild(
        join(process.cwd(), 'src-main', 'preview', 'cli.ts'),
        ['--data-dir', directory, '--port', '0', '--no-open'],
        /http:/,
      );
      // The lock is the start's first step: signalled then, the preview has not printed yet.
      const lock = join(directory, 'classtray.lock');
      while (!existsSync(lock)) await new Promise((resolve) => setTimeout(resolve, 2));
      expect(web.output().stdout).not.toContain('ClassTray preview:');
      web.child.kill('SIGTERM');
      expect(await web.exited).toBe(0);
      expect(existsSync(lock)).toBe(false);
    },
  );

  it('says a folder it cannot write is not writable, and exits 1', async (test) => {
    // The folders let the unprivileged user in, but not write.
    await chmod(directory, 0o755);
    const folder = join(directory, 'read-only');
    await mkdir(folder, { mode: 0o555 });
    await chmod(folder, 0o555);
    // The user's own folder (one of another user's is refused before it is tried: otherUsers.test.ts).
    if (mustDropPrivileges) await chown(folder, NOBODY.uid, NOBODY.gid);
    const web = await startChild.unprivileged(
      test,
      join(process.cwd(), 'src-main', 'preview', 'cli.ts'),
      ['--data-dir', folder, '--port', '0', '--no-open'],
      /http:/,
    );
    expect(await web.exited).toBe(1);
    expect(web.output().stderr).toBe(
      `web: ClassTray is not allowed to write in the folder ${folder}.\n`,
    );
  });
});
