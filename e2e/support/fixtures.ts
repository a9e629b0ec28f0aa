import { test as base } from '@playwright/test';
import { type PageProblems, refuseOtherHosts, watchProblems } from './browser';

/** The one server global-setup.ts started for the run, as it hands it to the workers through their environment. */
export interface SuiteServer {
  /** Where the run's server answers, e.g. http://127.0.0.1:40123. */
  baseURL: string;
  /** The run's server's DATA_DIR, whose outbox/ folder holds the mail it sent. */
  dataDir: string;
}

export const SUITE_BASE_URL_VAR = 'E2E_BASE_URL';
export const SUITE_DATA_DIR_VAR = 'E2E_DATA_DIR';

function fromEnvironment(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the suite with \`npm run test:e2e\`, whose global setup starts the server`);
  return value;
}

/**
 * Playwright's test with the run's server (worker-scoped, so `beforeAll` can set data up on it),
 * `page` and `context` on that server and cut off from every other host, and `problems`: what the
 * `page` fixture logged that nobody sees on the screen.
 */
export const test = base.extend<{ problems: PageProblems }, { suiteServer: SuiteServer }>({
  suiteServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first argument's pattern.
    async ({}, use) => {
      await use({ baseURL: fromEnvironment(SUITE_BASE_URL_VAR), dataDir: fromEnvironment(SUITE_DATA_DIR_VAR) });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ suiteServer }, use) => {
    await use(suiteServer.baseURL);
  },
  context: async ({ context, baseURL, suiteServer }, use) => {
    await refuseOtherHosts(context, baseURL ?? suiteServer.baseURL);
    await use(context);
  },
  problems: async ({ page }, use) => {
    await use(watchProblems(page));
  },
});
