/**
 * A TypeScript entry bundled by esbuild into a temporary folder, as electron-vite builds the tray
 * app's threads: the thread then runs plain JavaScript, no tsx. Removed with its folder by `done`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function bundled(entry: string): Promise<{ url: URL; done: () => Promise<void> }> {
  const { build } = await import('esbuild');
  const dir = await mkdtemp(path.join(tmpdir(), 'classtray-bench-bundle-'));
  const file = path.join(dir, `${path.basename(entry, path.extname(entry))}.mjs`);
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundled CommonJS dependencies (windows-iana) may call require.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { url: pathToFileURL(file), done: () => rm(dir, { recursive: true, force: true }) };
}
