import { defineConfig } from 'vitest/config';

/**
 * The unit tests (everything but test/e2e: core, renderer, shell with the mocked electron, local
 * service, preview, CLIs) in three projects, `npm run test:unit` runs them all (`unit*`):
 * - `unit`: each file isolated, in a process of its own: the Electron wiring (test/electron,
 *   against the mocked electron), the files that mock a module, the renderer's plain .ts files;
 * - `unit-node`: the Node files of the core, the local service, the preview, the CLIs and the
 *   shared modules, in one module graph per worker (isolate: false). Isolated, each of those 70
 *   files started a process and imported zod, Fastify and the core again: the unit tests took
 *   184 s and 347 CPU-s, 157 s and 292 CPU-s shared. None mocks a module (vault.test.ts does, so
 *   it stays in `unit`), and they passed in shuffled orders (`--sequence.shuffle`);
 * - `unit-renderer`: the renderer's component files (happy-dom), shared the same way (80 s
 *   against 40 s alone); test/support/freshWindow.ts starts each file's window afresh. The two that
 *   mock a module stay in `unit`.
 * Then `e2e` (Debian's Chromium on the preview). All use both cores: vitest's default is cores
 * minus one, a single worker on these 2-core machines. No test waits on the wall clock, so two
 * files at once cannot make one late.
 */
const SHARED_RENDERER = ['test/renderer/**/!(languageUnderWay|startFailure).test.tsx'];
const SHARED_NODE = [
  'test/*.test.ts',
  'test/{contract,shared,local-service,preview,policy-check,hosts,dataFolder}/**/*.test.ts',
  'test/core/**/!(vault).test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    globalSetup: ['test/support/buildRendererOnce.ts'],
    // A guard against a hang, never a measure: CPU-heavy property tests and spawned CLIs took 20 s
    // and more with both cores busy, and a test that times out says nothing of the product.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition; its 1 s default is a measure of speed, and a loaded
    // machine missed it (a focus moved after a render, in keyboard.e2e at load 11 to 17).
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          // The real-Electron steps run in `npm run test:desktop` (vitest.desktop.config.ts).
          exclude: [
            'test/e2e/**',
            'test/desktop/**/*.desktop.test.ts',
            ...SHARED_RENDERER,
            ...SHARED_NODE,
          ],
          setupFiles: ['test/support/testingLibrary.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: SHARED_NODE,
          isolate: false,
          setupFiles: ['test/support/testingLibrary.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-renderer',
          include: SHARED_RENDERER,
          isolate: false,
          setupFiles: ['test/support/testingLibrary.ts', 'test/support/freshWindow.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // A browser per file; hang guards, not measures: at load 15 (two test runs and a third
          // engineer's Chromium), accessibility's first state, which opens nine windows, took
          // over 90 s.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
