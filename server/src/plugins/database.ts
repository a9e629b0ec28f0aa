import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { openDatabase, type Database, type DatabaseKind } from '../db/client';
import { migrate } from '../db/migrate';
import { seedAdmin, seedSampleData } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
  }
}

export type DatabasePluginOptions = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'admin'> & {
  /** PGlite only: start from this dump of a data folder instead of an empty one (the tests' prepared database). */
  initialData?: Blob;
};

/**
 * Opens the database, brings its schema up to date, seeds it, and closes it after the server has
 * stopped. Needs the passwords plugin to hash the first admin's password.
 */
async function database(app: FastifyInstance, config: DatabasePluginOptions): Promise<void> {
  const client = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
    ...(config.initialData ? { initialData: config.initialData } : {}),
  });
  try {
    const { adopted, applied } = await migrate(client);
    if (adopted.length > 0) app.log.info({ migrations: adopted }, 'adopted a database made by the earlier migration runner');
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    await seedSampleData(client.db);
    if (config.admin && (await seedAdmin(client.db, (password) => app.passwords.hash(password), config.admin)))
      app.log.info('first admin created');
  } catch (error) {
    await client.close();
    throw error;
  }
  app.decorate('db', client.db);
  app.decorate('dbKind', client.kind);
  // Fastify runs onClose after it has stopped taking requests and the in-flight ones have finished.
  app.addHook('onClose', () => client.close());
}

export const databasePlugin = fp(database, { name: 'database', fastify: '5.x', dependencies: ['passwords'] });
