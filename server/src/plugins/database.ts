import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import type { ChangeListener } from '../db/change-notices';
import { openDatabase, type Database, type DatabaseKind, type OpenDatabase } from '../db/client';
import { guardWrites } from '../db/deadline';
import { migrate } from '../db/migrate';
import { hasAdmin, seedAdmin, seedSampleData } from '../db/seed';
import { isDatabaseUnavailable } from '../db/unavailable';
import { safeErrorLine } from '../safe-error';

/** Said at every start without an admin: renters' driving licences wait for one to approve them. */
export const NO_ADMIN_YET =
  "no admin account yet, so nobody can approve renters' driving licences: create the first admin with `npm run admin:create` (stop the server first when on PGlite), or set ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD and start again";

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    /** Hears the change notices every instance's writes send (db/change-notices.ts). */
    listenForChanges: (listener: ChangeListener) => Promise<void>;
  }
}

export type DatabasePluginOptions = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databaseTimeouts' | 'admin'> & {
  /** Opens the database (`openDatabase` unless given); the plugin closes what it returns when the server stops. */
  open?: OpenDatabase;
};

/**
 * Opens the database, brings its schema up to date, seeds it, and closes it after the server has
 * stopped. Needs the passwords plugin to hash the first admin's password.
 */
async function database(app: FastifyInstance, config: DatabasePluginOptions): Promise<void> {
  const client = await (config.open ?? openDatabase)({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
    timeouts: config.databaseTimeouts,
    // Another process may now be writing the same folder: stopping is the only way not to lose data.
    onFolderLost: (error) => {
      app.log.fatal({ err: error }, `lost the lock on DATA_DIR ${config.dataDir}; stopping`);
      process.exit(1);
    },
  }).catch((error: unknown) => {
    throw unreachable(config, error);
  });
  try {
    const { adopted, applied } = await migrate(client);
    if (adopted.length > 0) app.log.info({ migrations: adopted }, 'adopted a database made by the earlier migration runner');
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    await seedSampleData(client.db);
    if (config.admin && (await seedAdmin(client.db, (password) => app.passwords.hash(password), config.admin)))
      app.log.info('first admin created');
    if (!(await hasAdmin(client.db))) app.log.warn(NO_ADMIN_YET);
  } catch (error) {
    await client.close();
    throw unreachable(config, error);
  }
  // After the migrations and the seed, which run for no request.
  guardWrites(client.db);
  app.decorate('db', client.db);
  app.decorate('dbKind', client.kind);
  app.decorate('listenForChanges', client.listen);
  // Fastify runs onClose after it has stopped taking requests and the in-flight ones have finished.
  app.addHook('onClose', () => client.close());
}

/** One line for the console when the start-up could not reach PostgreSQL in time; other errors as they are. */
function unreachable(config: DatabasePluginOptions, error: unknown): unknown {
  if (!config.databaseUrl || !isDatabaseUnavailable(error)) return error;
  // The address without the user and password the URL may carry.
  const { hostname, port, pathname } = new URL(config.databaseUrl);
  const seconds = config.databaseTimeouts.connectMs / 1000;
  return new Error(
    `Could not reach the database at ${hostname}:${port || 5432}${pathname} within ${seconds} s: ${safeErrorLine(error)}`,
  );
}

export const databasePlugin = fp(database, { name: 'database', fastify: '5.x', dependencies: ['passwords'] });
