import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererBuildState } from '../../src-main/preview/rendererBuild';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

const HOUR = 3_600;

/** A project tree whose files all date from one hour ago, built or not. */
async function project(built: boolean): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'classtray-renderer-build-'));
  roots.push(root);
  const files = [
    'src-renderer/views/app.tsx',
    'src-shared/i18n/en.ts',
    'src-main/core/api/classTrayApi.ts',
    'src-main/preview/protocol.ts',
    'vite.config.ts',
    ...(built ? ['out/renderer/index.html'] : []),
  ];
  const anHourAgo = Date.now() / 1000 - HOUR;
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), '');
  }
  for (const file of files) await touch(root, file, anHourAgo);
  await touch(root, 'src-renderer/views', anHourAgo);
  await touch(root, 'src-renderer', anHourAgo);
  await touch(root, 'src-shared/i18n', anHourAgo);
  await touch(root, 'src-shared', anHourAgo);
  return root;
}

const touch = (root: string, file: string, seconds: number) =>
  utimes(path.join(root, file), seconds, seconds);

describe('the renderer build the preview serves', () => {
  it('is missing straight after npm ci', async () => {
    expect(rendererBuildState(await project(false))).toBe('missing');
  });

  it('is current when nothing changed since it was built', async () => {
    expect(rendererBuildState(await project(true))).toBe('current');
  });

  it.each([
    'src-renderer/views/app.tsx',
    'src-shared/i18n/en.ts',
    'src-main/core/api/classTrayApi.ts',
    'src-main/preview/protocol.ts',
    'vite.config.ts',
  ])('is stale once %s changed after it', async (source) => {
    const root = await project(true);
    await touch(root, source, Date.now() / 1000);
    expect(rendererBuildState(root)).toBe('stale');
  });
});
