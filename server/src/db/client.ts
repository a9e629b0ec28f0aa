import { mkdir } from 'node:fs/promises';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

/** The one database type routes see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** One connection, kept for as long as the work given to `withConnection` runs. */
export interface Connection {
  db: Database;
  /** Drizzle's migrator for this driver, run on this connection. */
  migrate: (config: MigrationConfig) => Promise<void>;
}

interface Client {
  db: Database;
  /** Runs `work` on one connection, so session-level state (an advisory lock) holds for all of it. */
  withConnection: <T>(work: (connection: Connection) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

export type DatabaseClient =
  | (Client & { kind: 'postgres' })
  | (Client & {
      kind: 'pglite';
      /** The data folder as a tarball, which `initialData` starts another database from (the tests' template). */
      dumpDataDir: () => Promise<Blob>;
    });

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where a dropped connection is reported; a pool without a listener would crash the process. */
  onPoolError?: (error: Error) => void;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  initialData?: Blob;
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
    const withConnection = async <T>(work: (connection: Connection) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        const connectionDb = drizzleNodePg({ client, schema });
        return await work({ db: connectionDb, migrate: (config) => migrateNodePg(connectionDb, config) });
      } finally {
        // Closed rather than returned to the pool, so no session state (a lock a failed unlock left) reaches other queries.
        client.release(true);
      }
    };
    // Closing twice is harmless, whoever closed the pool first.
    return { db, kind: 'postgres', withConnection, close: async () => (pool.ended ? undefined : pool.end()) };
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
    ...(options.initialData ? { loadDataDir: options.initialData } : {}),
  });
  const pgliteDb = drizzlePglite({ client, schema });
  // PGlite is one connection already.
  const connection: Connection = { db: pgliteDb, migrate: (config) => migratePglite(pgliteDb, config) };
  return {
    db: pgliteDb,
    kind: 'pglite',
    withConnection: (work) => work(connection),
    // Uncompressed: loading it is then a plain copy, and it only ever lives in a temporary folder.
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => (client.closed ? undefined : client.close()),
  };
}
