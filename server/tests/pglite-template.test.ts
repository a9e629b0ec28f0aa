import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts as sampleBlogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { openDatabase } from '../src/db/client';
import { makePgliteTemplate } from '../src/db/make-pglite-template';
import { migrate } from '../src/db/migrate';
import { accounts, blogPosts, cars } from '../src/db/schema';
import { seedSampleData } from '../src/db/seed';

/**
 * A first start on an empty DATA_DIR copies the template the server's build makes instead of
 * running initdb, whose 800 MB peak inside PGlite a small host cannot spare. Each start here is
 * what the database plugin does at start-up: open, migrate, seed.
 */
let scratch: string;
let template: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'wow-template-'));
  template = path.join(scratch, 'pglite-template');
  await makePgliteTemplate(template);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function start(dataDir: string) {
  const client = await openDatabase({ databaseUrl: undefined, dataDir, template });
  const migrations = await migrate(client);
  await seedSampleData(client.db);
  return { client, migrations };
}

async function newFolder(): Promise<string> {
  return mkdtemp(path.join(scratch, 'data-'));
}

/** Every file and folder under `dir` with a permission bit for the group or others. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const { mode } = await stat(path.join(dir, entry));
    if ((mode & 0o077) !== 0) found.push(entry);
  }
  return found;
}

describe('a first start from the build’s template', () => {
  it('gives a migrated, seeded database that the next start reopens with its data', async () => {
    const dataDir = await newFolder();
    const first = await start(dataDir);
    try {
      // Migrated and seeded at build time: nothing left to apply.
      expect(first.migrations).toEqual({ adopted: [], applied: [] });
      const fleet = await first.client.db.select({ id: cars.id }).from(cars);
      expect(fleet).toHaveLength(catalogueCars.length);
      expect(await first.client.db.select({ id: blogPosts.id }).from(blogPosts)).toHaveLength(sampleBlogPosts.length);
      await first.client.db
        .insert(accounts)
        .values({ username: 'kept', email: 'kept@example.com', passwordHash: 'not-a-real-hash', role: 'owner' });
    } finally {
      await first.client.close();
    }
    expect(await openToOthers(dataDir)).toEqual([]);

    const second = await start(dataDir);
    try {
      expect(second.migrations).toEqual({ adopted: [], applied: [] });
      const kept = await second.client.db
        .select({ username: accounts.username })
        .from(accounts)
        .where(eq(accounts.email, 'kept@example.com'));
      expect(kept).toEqual([{ username: 'kept' }]);
      expect(await second.client.db.select({ id: cars.id }).from(cars)).toHaveLength(catalogueCars.length);
    } finally {
      await second.client.close();
    }

    // The template was copied, not shared: another new folder does not see what the first one wrote.
    const other = await start(await newFolder());
    try {
      expect(await other.client.db.select().from(accounts).where(eq(accounts.email, 'kept@example.com'))).toEqual([]);
    } finally {
      await other.client.close();
    }
  });

  it('copies the template again over a copy cut short before PG_VERSION', async () => {
    const dataDir = await newFolder();
    // What a crash in the middle of a copy leaves: some of the files, one of them half written.
    await writeFile(path.join(dataDir, 'postgresql.conf'), 'half a line');
    await writeFile(path.join(dataDir, 'pg_hba.conf'), '');
    const restarted = await start(dataDir);
    try {
      expect(restarted.migrations).toEqual({ adopted: [], applied: [] });
      expect(await restarted.client.db.select({ id: cars.id }).from(cars)).toHaveLength(catalogueCars.length);
    } finally {
      await restarted.client.close();
    }
  });
});
