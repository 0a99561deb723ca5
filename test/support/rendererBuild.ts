import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the built renderer: `root` (index.html and assets/index.js) inside a temporary
 * folder `dir`, where a test may put files outside the root. Remove `dir` after the tests.
 */
export function rendererBuild(prefix: string, indexHtml: string): { dir: string; root: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const root = path.join(dir, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(root, 'assets', 'index.js'), 'console.log(1)');
  return { dir, root };
}
