import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          exclude: ['tests/contract/**'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      {
        // The app's API functions against the real server: node, because they call it over HTTP.
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
          env: { TZ: process.env.TZ ?? 'UTC' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/tests/**/*.test.ts'],
          // Migrates and seeds one database per run, which every test app starts from.
          globalSetup: ['server/tests/global-setup.ts'],
          // Files share each worker's loaded modules (PGlite's WebAssembly, Fastify, zod) instead of
          // loading them again per file, which was most of the suite's CPU time. Nothing here mocks
          // modules or keeps state between files: every test app has its own database.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
