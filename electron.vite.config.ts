import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `electron-vite build` writes out/main (ESM, the package is "type": "module"), out/preload and
 * out/renderer. The renderer mirrors vite.config.ts (the preview's build).
 */
export default defineConfig({
  main: {
    build: {
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
    root: fromRoot('./src-renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: fromRoot('./out/renderer'),
      emptyOutDir: true,
      rolldownOptions: { input: { index: fromRoot('./src-renderer/index.html') } },
    },
  },
});
