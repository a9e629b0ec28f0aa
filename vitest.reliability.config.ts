import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): faults and abuse a real deployment
 * meets, against real servers and databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * generated bad input, killed and second processes, a stalling database, floods. One file at a
 * time: several start server processes and time what they answer, on a two-core machine.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['server/reliability/**/*.test.ts'],
    globalSetup: ['server/tests/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
