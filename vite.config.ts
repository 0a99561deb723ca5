import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The renderer: src-renderer built to out/renderer, relative paths for app:// and the preview. */
export default defineConfig({
  root: fromRoot('./src-renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: fromRoot('./out/renderer'),
    emptyOutDir: true,
  },
});
