import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { blogPosts as sampleBlogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { defaultTripPrices } from '#domain/car-attributes';
import { email, password, username } from '#domain/schemas/fields';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '#domain/limits';
import { slugify } from '#domain/slug';
import type { Database } from './client';
import { SEED_LOCK } from './locks';
import { accounts, blogPosts, cars } from './schema';

/**
 * The sample fleet and blog posts come from the same modules the app shows, keyed by their data
 * ids, so running this at every start-up inserts them once and afterwards keeps them in step with
 * the modules. Instances starting together take turns: an upsert arbitrates only on its target key,
 * so two at once could still collide on a post's slug.
 */
export async function seedSampleData(db: Database): Promise<void> {
  // The fleet's trip prices are its body types' defaults, kept in step like the rest of the catalogue.
  const fleet = catalogueCars.map(({ id, ...car }) => ({
    kind: 'fleet' as const,
    catalogueId: id,
    ...car,
    extraKmPrice: null,
    ...defaultTripPrices(car.bodyType, car.kmPerDayLimit),
  }));
  const posts = sampleBlogPosts.map(({ id, ...post }, position) => ({
    catalogueId: id,
    slug: slugify(post.title),
    ...post,
    position,
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
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

/** An admin's fields, checked as registration checks them: ADMIN_* at start-up and `npm run admin:create` both parse with it. */
export const NewAdmin = z.object({ email, username, password });
export type NewAdmin = z.output<typeof NewAdmin>;
type AdminField = keyof NewAdmin;

/** What each field must be, in words a person fixing a variable or an answer can act on. */
const ADMIN_FIELD_RULES: Record<AdminField, string> = {
  email: 'must be an email address',
  username: `must be 1 to ${USERNAME_MAX} characters, without "@"`,
  password: `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
};

/** Checks an admin's fields, or says what is wrong with each, calling each field by `names` (ADMIN_PASSWORD, Password). */
export function parseNewAdmin(
  input: Record<AdminField, string | undefined>,
  names: Record<AdminField, string>,
): { admin: NewAdmin } | { problems: string[] } {
  const parsed = NewAdmin.safeParse(input);
  if (parsed.success) return { admin: parsed.data };
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0] as AdminField));
  return { problems: [...fields].map((field) => `${names[field]} ${ADMIN_FIELD_RULES[field]}`) };
}

/**
 * Creates an admin, unless an account with that email or username exists: that one is left as it
 * is, so the first admin's password is not reset at every start. Returns whether an admin was created.
 */
export async function seedAdmin(
  db: Database,
  hashPassword: (password: string) => Promise<string>,
  admin: NewAdmin,
): Promise<boolean> {
  const created = await db
    .insert(accounts)
    .values({ email: admin.email, username: admin.username, passwordHash: await hashPassword(admin.password), role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  return created.length > 0;
}

/** Whether any admin account exists: with none, licences and reports wait for nobody to review them. */
export async function hasAdmin(db: Database): Promise<boolean> {
  const [admin] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'admin')).limit(1);
  return admin !== undefined;
}
