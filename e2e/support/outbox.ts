import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The mail worker looks for due mail every second; a mail not written in this long was not sent. */
const WAIT_MS = 15_000;

/** The newest mail in `folder` to `address` whose subject contains `subject`, if it has been written. */
async function newestMail(folder: string, address: string, subject: string): Promise<ParsedMail | undefined> {
  const files = await readdir(folder).catch(() => [] as string[]);
  // File names begin with the time they were written, so the newest sorts last.
  const newestFirst = files
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of newestFirst) {
    const mail = await simpleParser(await readFile(path.join(folder, file)));
    if (mail.subject?.includes(subject) && JSON.stringify(mail.to ?? '').includes(address)) return mail;
  }
  return undefined;
}

/**
 * The newest mail to `address` whose subject contains `subject`, read from the server's outbox
 * folder the way a person trying the product opens it: an .eml file any mail program reads.
 */
export async function mailInOutbox(dataDir: string, address: string, subject: string): Promise<ParsedMail> {
  const folder = path.join(dataDir, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(folder, address, subject);
        return found !== undefined;
      },
      { message: `a mail to ${address} about "${subject}" in ${folder}`, timeout: WAIT_MS },
    )
    .toBe(true);
  return found!;
}
