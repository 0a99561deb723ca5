import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import renderer from './vite.config';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `electron-vite build` writes out/main (ESM, the package is "type": "module"), out/preload and
 * out/renderer. The renderer is built exactly as for the preview (vite.config.ts).
 */
export default defineConfig({
  main: {
    build: {
      // Dependencies stay in node_modules; keytar too, though electron-vite externalizes only
      // `dependencies` and keytar is optional: bundled, its .node would sit inside app.asar, and
      // the build would fail where keytar did not build.
      externalizeDeps: { include: ['keytar'] },
      outDir: fromRoot('./out/main'),
      rolldownOptions: { input: { index: fromRoot('./src-main/electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('./out/preload'),
      // A sandboxed preload cannot load modules: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: fromRoot('./src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    ...renderer,
    build: {
      ...renderer.build,
      // electron-vite leaves the renderer unminified by default; the window opens faster minified.
      minify: true,
      rolldownOptions: {
        ...renderer.build?.rolldownOptions,
        input: { index: fromRoot('./src-renderer/index.html') },
      },
    },
  },
});
