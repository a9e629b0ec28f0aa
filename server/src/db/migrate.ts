import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The migrator's own record of what it applied; it creates this table itself, before any migration. */
const schemaMigrations = pgTable('schema_migrations', {
  version: text('version').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const STATEMENT_BREAKPOINT = /^--> statement-breakpoint$/m;
/** Any constant works: it only has to be the same for every instance that migrates this database. */
const MIGRATION_LOCK_ID = 2_024_003;

interface Migration {
  version: string;
  statements: string[];
}

/** The SQL files in ./migrations, in file-name order; the name before `.sql` is the version. */
async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(new URL(name, dir), 'utf8');
      const statements = text
        .split(STATEMENT_BREAKPOINT)
        .map((statement) => statement.trim())
        .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== '');
      return { version: name.slice(0, -'.sql'.length), statements };
    }),
  );
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, all in one transaction under an
 * advisory lock, so two instances starting together on one PostgreSQL database apply each
 * migration once. Returns the versions it applied.
 */
export async function migrate(db: Database): Promise<string[]> {
  const migrations = await readMigrations();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(sql`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = await tx.select({ version: schemaMigrations.version }).from(schemaMigrations);
    const done = new Set(applied.map((row) => row.version));
    const versions: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.insert(schemaMigrations).values({ version: migration.version });
      versions.push(migration.version);
    }
    return versions;
  });
}
