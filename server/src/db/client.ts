import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema';

/** The one database type routes see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseClient {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where a dropped connection is reported; a pool without a listener would crash the process. */
  onPoolError?: (error: Error) => void;
}

const IN_MEMORY_PREFIX = 'memory://';

/** PostgreSQL through `pg` when a URL is given, else embedded PGlite persisted in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseClient> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db: Database = drizzleNodePg({ client: pool, schema });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.dataDir.startsWith(IN_MEMORY_PREFIX)) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { btree_gist } });
  const db: Database = drizzlePglite({ client, schema });
  return { db, kind: 'pglite', close: () => client.close() };
}
