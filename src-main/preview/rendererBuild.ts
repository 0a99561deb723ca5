/**
 * The built renderer the preview serves: out/renderer, built with the root vite.config.ts when
 * it is missing (as it is straight after `npm ci`). An existing build is served as it is.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export const RENDERER_DIR = path.join(projectRoot, 'out', 'renderer');

export async function ensureRendererBuilt(print: (line: string) => void): Promise<string> {
  if (existsSync(path.join(RENDERER_DIR, 'index.html'))) return RENDERER_DIR;
  print('Building the renderer into out/renderer (once; npm run build:renderer rebuilds it)...');
  // Loaded only here: serving an existing build needs no bundler.
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
  return RENDERER_DIR;
}
