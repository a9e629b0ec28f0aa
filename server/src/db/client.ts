import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CHANGE_CHANNEL, type ChangeListener, listenOnPostgres } from './change-notices';
import { claimDataFolder } from './data-folder';
import { DataFolderFS, durableStartParams } from './data-folder-fs';
import { BUILT_TEMPLATE, copyTemplate } from './pglite-template';
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
  /**
   * Hears every change notice (CHANGE_CHANNEL) committed by any instance, from then until `close`.
   * A notice of this process's own write arrives before the write's statement returns.
   */
  listen: (listener: ChangeListener) => Promise<void>;
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
  /**
   * PGlite in a folder only: the data folder an empty `dataDir` is copied from instead of running
   * initdb (pglite-template.ts). Defaults to the one the server's build makes beside the compiled
   * server, when there is one; `false` runs initdb.
   */
  template?: string | false;
  /** PostgreSQL only: how long to wait for it; defaults suit a server, tests shorten them. */
  timeouts?: DatabaseTimeouts;
  /**
   * PGlite in a folder only: this process lost its claim on the folder while running (the lock could
   * not be refreshed), so another process may be writing to it too.
   */
  onFolderLost?: (error: Error) => void;
}

export interface DatabaseTimeouts {
  /** To open a connection, or to wait for one from the pool when all are busy. */
  connectMs: number;
  /** For one statement, and for a transaction left idle. */
  queryMs: number;
}

/**
 * A request waiting for a free connection and then for one statement the server never answers ends
 * within connectMs + queryMs + CLIENT_QUERY_GRACE_MS, 9 s; its deadline (REQUEST_DEADLINE_MS, 8 s)
 * has answered it 503 by then, and the statement's error ends the work it left running.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 4_000, queryMs: 4_000 };
/**
 * The server cancels a slow statement itself after `queryMs`, leaving the connection usable; this
 * later bound on the client catches a server that stopped answering altogether (a frozen network),
 * whose statement no cancel reaches.
 */
const CLIENT_QUERY_GRACE_MS = 1_000;

const IN_MEMORY_PREFIX = 'memory://';
/**
 * PGlite lives inside this process, so its buffer pool is resident for the life of the server;
 * Postgres's 128 MB default would cost ~180 MB of RSS for an app whose data fits many times over
 * in 16 MB. The OS file cache still keeps the data files warm.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export type OpenDatabase = (options: DatabaseOptions) => Promise<DatabaseClient>;

/** PostgreSQL through `pg` when a URL is given, else embedded PGlite persisted in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseClient> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  const inFolder = !options.dataDir.startsWith(IN_MEMORY_PREFIX);
  // Claimed before PGlite reads anything, so a second server on the folder stops without touching it.
  const claim = inFolder
    ? await claimDataFolder(
        options.dataDir,
        options.onFolderLost ??
          ((error) => {
            throw error;
          }),
      )
    : undefined;
  // Loaded only here, so a server on PostgreSQL does not carry PGlite's code.
  const [{ PGlite }, { btree_gist }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
  ]);
  const startParams = [
    ...(inFolder ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams),
    '-c',
    `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  ];
  let client: InstanceType<typeof PGlite>;
  try {
    // Before PGlite looks: finding PG_VERSION, it opens the copy as it reopens any folder.
    const template = options.template ?? BUILT_TEMPLATE;
    if (inFolder && template && !options.initialData) await copyTemplate(template, options.dataDir);
    client = await PGlite.create({
      ...(inFolder ? { fs: new DataFolderFS(options.dataDir) } : { dataDir: options.dataDir }),
      extensions: { btree_gist },
      startParams,
      ...(options.initialData ? { loadDataDir: options.initialData } : {}),
    });
  } catch (error) {
    await claim?.release();
    throw error;
  }
  const pgliteDb = drizzlePglite({ client, schema });
  // PGlite is one connection already.
  const connection: Connection = { db: pgliteDb, migrate: (config) => migratePglite(pgliteDb, config) };
  return {
    db: pgliteDb,
    kind: 'pglite',
    withConnection: (work) => work(connection),
    listen: async (listener) => {
      await client.listen(CHANGE_CHANNEL, listener.notice);
    },
    // Uncompressed: loading it is then a plain copy, and it only ever lives in a temporary folder.
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
      // Released once, after PGlite has written its last page.
      await claim?.release().catch(() => undefined);
    },
  };
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<DatabaseClient> {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const connection: pg.ClientConfig = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    idle_in_transaction_session_timeout: timeouts.queryMs,
  };
  const listeners = new Set<ChangeListener>();
  const listening: { stop: () => Promise<void> }[] = [];
  const pool = new pg.Pool({
    ...connection,
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + CLIENT_QUERY_GRACE_MS,
    // Every connection listens too: PostgreSQL tells a session of its own notices before its
    // statement returns, so a write's own instance has dropped what it changed by the time it answers.
    onConnect: async (client) => {
      client.on('notification', (message) => {
        if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
        for (const listener of listeners) listener.notice(message.payload);
      });
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    },
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens for a connection's errors only while it is idle; one lost while a request holds
  // it (between a transaction's statements) would otherwise crash the process. The request's next
  // statement fails with the same error, which its answer (503) and log line report.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // A query the client gave up on is still the connection's current one: were it reused, the next
  // caller's statements would wait behind it, or run inside a transaction whose ROLLBACK was never
  // sent and be lost with it. Ending it ends that transaction on the server too.
  pool.on('release', (_error, client) => {
    if (hasUnansweredQuery(client)) void client.end().catch(() => undefined);
  });
  const db: Database = drizzleNodePg({ client: pool, schema });
  // Migrations run here, on a connection of their own without the statement limits: applying them, or
  // waiting for another instance's, takes as long as it takes. Reaching the server is still bounded.
  const withConnection = async <T>(work: (connection: Connection) => Promise<T>): Promise<T> => {
    const client = new pg.Client(connection);
    client.on('error', (error) => options.onPoolError?.(error));
    await client.connect();
    try {
      const connectionDb = drizzleNodePg({ client, schema });
      return await work({ db: connectionDb, migrate: (config) => migrateNodePg(connectionDb, config) });
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const listen = async (listener: ChangeListener) => {
    listeners.add(listener);
    listening.push(await listenOnPostgres(connection, listener));
  };
  const close = async () => {
    await Promise.all(listening.map((each) => each.stop()));
    // Closing twice is harmless, whoever closed the pool first.
    if (!pool.ended) await pool.end();
  };
  return { db, kind: 'postgres', withConnection, listen, close };
}

/** pg has no public way to ask this; `_getActiveQuery` is what its own `end()` asks. */
function hasUnansweredQuery(client: pg.PoolClient): boolean {
  const inner = client as pg.PoolClient & { _getActiveQuery?: () => unknown };
  return typeof inner._getActiveQuery === 'function' && Boolean(inner._getActiveQuery());
}
