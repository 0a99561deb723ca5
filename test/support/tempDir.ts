/** One temporary directory per call, removed when the test that made it finishes. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

export async function tempDir(name = 'classtray'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  onTestFinished(async () => {
    try {
      await rm(dir, { recursive: true, force: true });
    } catch (error) {
      // Usually something still writing after the test closed what it opened: name what it wrote.
      const left = await readdir(dir, { recursive: true }).catch(() => []);
      throw new Error(`${dir} could not be removed; it holds ${left.join(', ')}`, { cause: error });
    }
  });
  return dir;
}
