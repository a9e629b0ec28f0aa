import { chmod, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from './client';
import { CLAIM_FILES } from './data-folder';
import { migrate } from './migrate';
import { seedSampleData } from './seed';

/**
 * Makes the template a first start copies (pglite-template.ts) at `templateDir`: a new PGlite
 * database made by initdb, migrated, seeded with the sample data and closed, with the same
 * extensions and settings as the server's. It is made in a folder beside `templateDir` and renamed
 * into place, so a build cut short leaves no half-made template behind.
 */
export async function makePgliteTemplate(templateDir: string): Promise<void> {
  const target = path.resolve(templateDir);
  const work = await mkdtemp(`${target}.making-`);
  try {
    const client = await openDatabase({ databaseUrl: undefined, dataDir: work, template: false });
    try {
      await migrate(client);
      await seedSampleData(client.db);
    } finally {
      await client.close();
    }
    await Promise.all(CLAIM_FILES.map((name) => rm(path.join(work, name), { recursive: true, force: true })));
    await makeReadable(work);
    await rm(target, { recursive: true, force: true });
    await rename(work, target);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Readable by all, as the rest of the build is: the server may run as another user than the one who
 * built it (an image built as root and run as a service user). It holds only the sample data, and
 * each copy of it is made private to the user running the server.
 */
async function makeReadable(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) await makeReadable(target);
    else await chmod(target, 0o644);
  }
}
