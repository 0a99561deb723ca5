import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (everything but test/e2e: core, renderer, shell with the mocked electron,
 * local service, preview, CLIs) and `e2e` (Debian's Chromium on the preview). Both use both cores:
 * vitest's default is cores minus one, a single worker on these 2-core machines. No test waits on
 * the wall clock, so two files at once cannot make one late.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    globalSetup: ['test/support/buildRendererOnce.ts'],
    // Spawned CLIs and real sockets: room for a loaded machine without hiding a hang.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // A browser per file: a page's steps take seconds under load, never minutes.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
