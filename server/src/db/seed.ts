import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { blogPosts as sampleBlogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { email, password, username } from '#domain/schemas/fields';
import { slugify } from '#domain/slug';
import type { Database } from './client';
import { accounts, blogPosts, cars } from './schema';

/** Any constant works: it only has to be the same for every instance that seeds this database. */
const SEED_LOCK_ID = 2_024_013;

/**
 * The sample fleet and blog posts come from the same modules the app shows, keyed by their data
 * ids, so running this at every start-up inserts them once and afterwards keeps them in step with
 * the modules. Instances starting together take turns: an upsert arbitrates only on its target key,
 * so two at once could still collide on a post's slug.
 */
export async function seedSampleData(db: Database): Promise<void> {
  const fleet = catalogueCars.map(({ id, ...car }) => ({ kind: 'fleet' as const, catalogueId: id, ...car }));
  const posts = sampleBlogPosts.map(({ id, ...post }, position) => ({
    catalogueId: id,
    slug: slugify(post.title),
    ...post,
    position,
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    await tx
      .insert(cars)
      .values(fleet)
      .onConflictDoUpdate({ target: cars.catalogueId, set: takeIncoming(cars, Object.keys(fleet[0] ?? {})) });
    await tx
      .insert(blogPosts)
      .values(posts)
      .onConflictDoUpdate({ target: blogPosts.catalogueId, set: takeIncoming(blogPosts, Object.keys(posts[0] ?? {})) });
  });
}

/** An upsert's `set` that overwrites each named column with the row being inserted, so no column can be left out by hand. */
function takeIncoming<T extends PgTable>(table: T, keys: string[]): PgUpdateSetSource<T> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([key]) => key !== 'catalogueId' && keys.includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  ) as PgUpdateSetSource<T>;
}

const adminSchema = z.object({ email, username, password });

export interface AdminSeed {
  email: string;
  username: string;
  password: string;
}

/**
 * Creates the first admin from the configuration. An existing account with that email or username
 * is left as it is (its password is not reset at every start). Returns whether an admin was created.
 */
export async function seedAdmin(
  db: Database,
  hashPassword: (password: string) => Promise<string>,
  admin: AdminSeed,
): Promise<boolean> {
  const parsed = adminSchema.safeParse(admin);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `ADMIN_${String(issue.path[0]).toUpperCase()}`);
    throw new Error(`The first admin cannot be created: check ${[...new Set(fields)].join(', ')}.`);
  }
  const created = await db
    .insert(accounts)
    .values({
      email: parsed.data.email,
      username: parsed.data.username,
      passwordHash: await hashPassword(parsed.data.password),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  return created.length > 0;
}
