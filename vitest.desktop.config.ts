import { defineConfig } from 'vitest/config';

/**
 * `npm run test:desktop`: the real-Electron smoke test (test/desktop/smoke.desktop.test.ts) and
 * the launch test (test/hosts/launch.test.ts), where a runtime exists, and the smoke steps on the
 * stub runtime (smokeSteps.test.ts, also in `npm test`).
 * Out of `npm test`'s default run: the real app takes a display, the OS keychain and minutes. One
 * file at a time: the real app and the keychain are the machine's own.
 */
export default defineConfig({
  test: {
    // launch.test.ts too: the real app's CSP, bridge, clipboard and second launch, which the
    // desktop workflow runs where a runtime exists (skipped in npm test's run here).
    include: ['test/desktop/**/*.test.ts', 'test/hosts/launch.test.ts'],
    globalSetup: ['test/desktop/fetchRuntime.ts'],
    fileParallelism: false,
    // Hang guards, not measures: a build and a first launch on a runner.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
