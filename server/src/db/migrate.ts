import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type MigrationConfig, readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Database, DatabaseClient } from './client';
import { MIGRATION_LOCK } from './locks';

/**
 * The migrations `drizzle-kit generate` wrote from schema.ts (and the custom ones beside them). The
 * path is relative to this module, which the server build bundles into dist-server/ and copies the
 * folder beside, so the source and the compiled server each find their own copy.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Drizzle's migrator's own record of what it applied (its default schema and table, made as it makes them). */
const MIGRATOR: Required<MigrationConfig> = {
  migrationsFolder: MIGRATIONS_FOLDER,
  migrationsSchema: 'drizzle',
  migrationsTable: '__drizzle_migrations',
};
const drizzleMigrations = pgSchema(MIGRATOR.migrationsSchema).table(MIGRATOR.migrationsTable, {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/**
 * The record the hand-written runner kept before the migrations were generated, and for each version
 * it recorded, the generated migrations that make the same schema. A database it made is adopted by
 * recording those as applied; its table stays, so a server of the earlier release still starts on it.
 */
const legacyMigrations = pgTable('schema_migrations', { version: text('version').primaryKey() });
const tables = pgSchema('information_schema').table('tables', {
  schema: text('table_schema').notNull(),
  name: text('table_name').notNull(),
});
const LEGACY_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  '0001_initial': ['0000_initial', '0001_bookings_no_overlap'],
};

interface JournalEntry {
  tag: string;
  /** Drizzle records this as the migration's `created_at`, and applies what is newer than the last one recorded. */
  when: number;
}

async function readJournal(): Promise<JournalEntry[]> {
  const text = await readFile(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

export interface MigrationReport {
  /** Migrations recorded as applied without running them, because the earlier runner had made their schema. */
  adopted: string[];
  /** Migrations run now. */
  applied: string[];
}

/**
 * Brings the database up to date with Drizzle's migrator, holding an advisory lock on one connection
 * throughout, so two instances starting together on one PostgreSQL database apply each migration once
 * (the second waits, then finds nothing to do). The migrator applies all pending migrations in one
 * transaction.
 */
export async function migrate(client: DatabaseClient): Promise<MigrationReport> {
  const journal = await readJournal();
  return client.withConnection(async ({ db, migrate: runMigrator }) => {
    await db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(MIGRATOR.migrationsSchema)}`);
      await db.execute(sql`
        CREATE TABLE IF NOT EXISTS ${drizzleMigrations} (
          id SERIAL PRIMARY KEY,
          hash text NOT NULL,
          created_at bigint
        )`);
      const adopted = await adoptLegacyDatabase(db, journal);
      const before = await lastRecorded(db);
      await runMigrator(MIGRATOR);
      const recorded = await db
        .select({ createdAt: drizzleMigrations.createdAt })
        .from(drizzleMigrations)
        .where(gt(drizzleMigrations.createdAt, before));
      const appliedTimes = new Set(recorded.map((row) => row.createdAt));
      return { adopted, applied: journal.filter((entry) => appliedTimes.has(entry.when)).map((entry) => entry.tag) };
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

async function lastRecorded(db: Database): Promise<number> {
  const rows = await db.select({ createdAt: drizzleMigrations.createdAt }).from(drizzleMigrations);
  return Math.max(0, ...rows.map((row) => row.createdAt ?? 0));
}

/**
 * The baseline step: on a database the earlier runner made and Drizzle's migrator has not seen,
 * records the generated migrations equivalent to what that runner applied, with the hash and time
 * the migrator itself would have recorded, so it runs none of them again.
 */
async function adoptLegacyDatabase(db: Database, journal: JournalEntry[]): Promise<string[]> {
  const legacyTable = and(eq(tables.schema, 'public'), eq(tables.name, 'schema_migrations'));
  if ((await db.$count(tables, legacyTable)) === 0 || (await db.$count(drizzleMigrations)) > 0) return [];

  const versions = await db.select({ version: legacyMigrations.version }).from(legacyMigrations);
  const tags = new Set(
    versions.flatMap(({ version }) => {
      const equivalent = LEGACY_VERSIONS[version];
      if (!equivalent) throw new Error(`schema_migrations records ${version}, a migration this server does not know.`);
      return equivalent;
    }),
  );
  const files = readMigrationFiles(MIGRATOR);
  const rows = journal.flatMap((entry, index) => {
    const file = files[index];
    return tags.has(entry.tag) && file ? [{ hash: file.hash, createdAt: file.folderMillis }] : [];
  });
  if (rows.length > 0) await db.insert(drizzleMigrations).values(rows);
  return journal.filter((entry) => tags.has(entry.tag)).map((entry) => entry.tag);
}
