/** One temporary directory per call, removed when the test that made it finishes. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

export async function tempDir(name = 'classtray'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
