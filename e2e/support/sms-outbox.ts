import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SUITE_DATA_DIR_VAR } from './fixtures';

/** The SMS worker looks for due texts every second; a text not written in this long was not sent. */
const WAIT_MS = 15_000;

/** The data folders of the servers this worker started (support/server.ts), besides the run's own. */
const startedDataDirs = new Set<string>();

export function watchSmsOutbox(dataDir: string): void {
  startedDataDirs.add(dataDir);
}

async function codeIn(dataDir: string, tenDigits: string): Promise<string | undefined> {
  const folder = path.join(dataDir, 'sms-outbox');
  const files = await readdir(folder).catch(() => [] as string[]);
  // Newest last: the names begin with the time the text was written.
  const file = files
    .filter((name) => name.endsWith(`-91${tenDigits}.txt`))
    .sort()
    .at(-1);
  if (!file) return undefined;
  return (await readFile(path.join(folder, file), 'utf8')).match(/\b(\d{6}) is your WheelsOnWeb code/)?.[1];
}

/**
 * The code last texted to the mobile, read from the sms-outbox folder of whichever server sent it, as
 * a person trying the product without an SMS provider reads it. Every test texts a number of its own.
 */
export async function codeTextedTo(tenDigits: string): Promise<string> {
  const dataDirs = [process.env[SUITE_DATA_DIR_VAR], ...startedDataDirs].filter((dir): dir is string => dir !== undefined);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        for (const dir of dataDirs) code ??= await codeIn(dir, tenDigits);
        return code !== undefined;
      },
      { message: `a code texted to ${tenDigits}`, timeout: WAIT_MS },
    )
    .toBe(true);
  return code!;
}
