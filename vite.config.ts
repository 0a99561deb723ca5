import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The renderer: src-renderer built to out/renderer, relative paths for app:// and the preview.
 * React (react, react-dom and its scheduler, two thirds of what the window runs first) is a
 * chunk of its own, loaded beside the main one (a modulepreload in index.html) and kept apart
 * from the window's own code; each language, the settings and the forms opened later are chunks
 * loaded when needed (src-renderer/i18n/chunks.ts, views/later.tsx).
 */
export default defineConfig({
  root: fromRoot('./src-renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: fromRoot('./out/renderer'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Each language's catalogue (locales/<code>/translation.json) named by its code, not
        // "translation": the window's request and the build's test find it so.
        chunkFileNames: ({ facadeModuleId }) => {
          const code = /locales[\\/]([a-z]{2})[\\/]translation\.json$/.exec(facadeModuleId ?? '');
          return code === null ? 'assets/[name]-[hash].js' : `assets/${code[1]}-[hash].js`;
        },
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            // What the window's first paint needs, in the entry chunk: without this group Rolldown
            // splits the modules it shares with the chunks loaded later into small chunks of
            // their own, each one more request before the first row.
            {
              name: 'index',
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
