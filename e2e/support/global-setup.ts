import { mkdir, rm } from 'node:fs/promises';
import { SUITE_BASE_URL_VAR, SUITE_DATA_DIR_VAR } from './fixtures';
import { SCREENSHOT_DIR } from './screenshots';
import { startServer } from './server';

/**
 * One server for the whole run, on a fresh database; every file's tests make their own accounts.
 * The workers start after this and inherit its environment, which is how they learn where it is.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const server = await startServer();
  process.env[SUITE_BASE_URL_VAR] = server.baseURL;
  process.env[SUITE_DATA_DIR_VAR] = server.dataDir;
  return server.stop;
}
