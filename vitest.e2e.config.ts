import { defineConfig } from 'vitest/config';

/**
 * The end-to-end suite (`npm run test:e2e`): the built app and the real server driven in Chromium.
 * One file at a time: each drives a browser against the one server the run starts, and the
 * machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
