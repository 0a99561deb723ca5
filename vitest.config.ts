import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Spawned CLIs and real sockets: give slow CI machines room without hiding hangs.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
