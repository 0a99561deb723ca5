/**
 * The built renderer the preview serves: out/renderer, built with the root vite.config.ts when
 * it is missing (as it is straight after `npm ci`) or older than a renderer source, so a tab
 * never speaks an older protocol than the host it talks to.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export const RENDERER_DIR = path.join(projectRoot, 'out', 'renderer');

/**
 * What the renderer build is made from: its sources, the shared values and sentences, the API
 * types it imports, its config.
 */
const SOURCES = [
  'src-renderer',
  'src-shared',
  'src-main/core/api/classTrayApi.ts',
  'src-main/preview/protocol.ts',
  'vite.config.ts',
];

export async function ensureRendererBuilt(print: (line: string) => void): Promise<string> {
  const state = rendererBuildState(projectRoot);
  if (state === 'current') return RENDERER_DIR;
  print(
    state === 'missing'
      ? 'Building the renderer into out/renderer (once)...'
      : 'The renderer sources changed since out/renderer was built: building it again...',
  );
  // Loaded only here: serving an up-to-date build needs no bundler.
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
  return RENDERER_DIR;
}

/** Whether `root`'s out/renderer is there and at least as new as everything it is built from. */
export function rendererBuildState(root: string): 'current' | 'stale' | 'missing' {
  const built = modifiedAt(path.join(root, 'out', 'renderer', 'index.html'));
  if (built === undefined) return 'missing';
  const sources = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
  return built >= sources ? 'current' : 'stale';
}

function modifiedAt(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The latest modification time of a file, or of any file below a directory. */
function newest(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((name) => newest(path.join(entry, name))),
  );
}
