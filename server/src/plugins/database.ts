import type { FastifyInstance } from 'fastify';
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

/** Opens the database, brings its schema up to date, seeds it, and closes it after the server has stopped. */
export async function registerDatabase(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'admin'>,
): Promise<void> {
  const client = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
  });
  try {
    const applied = await migrate(client.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    await seedSampleData(client.db);
    if (config.admin && (await seedAdmin(client.db, config.admin))) app.log.info('first admin created');
  } catch (error) {
    await client.close();
    throw error;
  }
  app.decorate('db', client.db);
  app.decorate('dbKind', client.kind);
  // Fastify runs onClose after it has stopped taking requests and the in-flight ones have finished.
  app.addHook('onClose', () => client.close());
}
