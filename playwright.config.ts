import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, contextOptions, DESKTOP_WIDTH, STEP_TIMEOUT_MS } from './e2e/support/browser';

/**
 * The end-to-end suite (`npm run test:e2e`): the built app and the real server driven in Chromium.
 * One worker, one file at a time: every file drives a browser against the one server the run
 * starts, and the machine has two cores. No retries: a test that passes only on a second try is a
 * flaky test, and it must show.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: STEP_TIMEOUT_MS },
  reporter: 'list',
  // Files run one after another by design; a long one is not a sign of anything to split.
  reportSlowTests: null,
  // Git-ignored: Playwright writes here only what a failed test leaves behind.
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    ...contextOptions(DESKTOP_WIDTH),
    actionTimeout: STEP_TIMEOUT_MS,
    navigationTimeout: STEP_TIMEOUT_MS,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
});
