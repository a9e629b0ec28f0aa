import { defineConfig } from 'vitest/config';

/**
 * The slow server tests (`npm run test:slow`), left out of `npm test` and `npm run test:server` so
 * those stay quick to run after every change. These files start processes of their own or take tens
 * of seconds alone; CI runs them in a stage of their own, on PGlite and on PostgreSQL.
 */
export const slowServerTests = [
  // Runs the admin CLI (`npm run admin:create`) in child processes, beside a server holding the data folder.
  'server/tests/admin-create.test.ts',
  // Databases made by earlier releases, and drizzle-kit run as a process to compare the schema.
  'server/tests/migrations.test.ts',
  // Photo storage on s3rver, a local S3 server the file starts, each upload resized by sharp.
  'server/tests/photo-storage-s3.test.ts',
  'server/tests/pglite-template.test.ts',
  // The ledger over 500 random histories of bookings, refunds and payouts (npm test runs 50).
  'server/tests/ledger-property-long.test.ts',
];

/** The server project's settings (vitest.config.ts), with its global setup: on PostgreSQL too with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    name: 'slow',
    maxWorkers: 2,
    environment: 'node',
    include: slowServerTests,
    globalSetup: ['server/tests/global-setup.ts'],
    isolate: false,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
