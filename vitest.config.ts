import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cataloguePlugin } from './build/catalogue.ts';
import { slowServerTests } from './vitest.slow.config.ts';

export default defineConfig({
  plugins: [react(), cataloguePlugin()],
  test: {
    // Both cores: Vitest's default leaves one free for itself, which on this 2-core machine means one worker.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          exclude: ['tests/contract/**'],
          setupFiles: ['tests/setup.ts'],
          // A guard against a test that never ends, not a measure of speed: on a loaded 2-core machine a
          // screen's first render with its lazy chunks can take several seconds.
          testTimeout: 20_000,
          css: false,
          env: { TZ: process.env.TZ ?? 'UTC' },
          // Test files share loaded modules: loading React, the router and the pages once per worker
          // instead of once per file halves the run. A file that needs the app loaded afresh (the card
          // checkout tests, which set a card key first) resets the modules itself.
          isolate: false,
          // Processed by Vitest rather than loaded by Node, so a module reset also resets its record
          // of whether the card provider's script has loaded.
          server: { deps: { inline: ['react-stripe-checkout'] } },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // With the server's own tests, the app's API functions (src/features/*/api.ts) called over
          // HTTP against it (tests/contract): one project, so its workers load Fastify and PGlite once.
          include: ['server/tests/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // The slow files (processes of their own, tens of seconds each) run in `npm run test:slow`.
          exclude: [...configDefaults.exclude, ...slowServerTests],
          // Migrates and seeds one database per run, which every test app starts from.
          globalSetup: ['server/tests/global-setup.ts'],
          // Files share each worker's loaded modules (PGlite's WebAssembly, Fastify, zod) instead of
          // loading them again per file, which was most of the suite's CPU time. Nothing keeps state
          // between files (every test app has its own database); the one file that mocks a module
          // (node's timer, in sign-in-limits) loads the app afresh after its mock.
          isolate: false,
          env: { TZ: process.env.TZ ?? 'UTC' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
