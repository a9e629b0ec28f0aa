import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { SCREENSHOT_DIR } from './screenshots';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's server answers, e.g. http://127.0.0.1:40123. */
    baseURL: string;
    /** The run's server's DATA_DIR, whose outbox/ folder holds the mail it sent. */
    dataDir: string;
  }
}

/** One server for the whole run, on a fresh database; every file's tests make their own accounts. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
