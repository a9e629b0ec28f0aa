import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
/**
 * PGlite lives inside this process, so its buffer pool is resident for the life of the server;
 * Postgres's 128 MB default would cost ~180 MB of RSS for an app whose data fits many times over
 * in 16 MB. The OS file cache still keeps the data files warm.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** PostgreSQL through `pg` when a URL is given, else embedded PGlite persisted in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseClient> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db: Database = drizzleNodePg({ client: pool, schema });
    // Closing twice is harmless, whoever closed the pool first.
    return { db, kind: 'postgres', close: async () => (pool.ended ? undefined : pool.end()) };
  }
  if (!options.dataDir.startsWith(IN_MEMORY_PREFIX)) await mkdir(options.dataDir, { recursive: true });
  // Loaded only here, so a server on PostgreSQL does not carry PGlite's code.
  const [{ PGlite }, { btree_gist }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(options.dataDir, {
    extensions: { btree_gist },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db: Database = drizzlePglite({ client, schema });
  return { db, kind: 'pglite', close: async () => (client.closed ? undefined : client.close()) };
}
