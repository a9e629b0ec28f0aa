import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../src/config';
import { buildTestApp, newPostgresDatabase } from './helpers';

/** How long a write made through one instance may take to show on another: what people may be shown stale. */
export const OTHER_INSTANCE_MS = 2000;

/**
 * Two instances of the app on one fresh PostgreSQL database, as two servers of one deployment:
 * built before the enclosing describe's tests, closed after them. `first` gets `overrides`.
 */
export function twoInstancesOnPostgres(serverUrl: string, overrides: Partial<ServerConfig> = {}) {
  let first: FastifyInstance | undefined;
  let second: FastifyInstance | undefined;
  let database: Awaited<ReturnType<typeof newPostgresDatabase>> | undefined;
  beforeAll(async () => {
    database = await newPostgresDatabase(serverUrl);
    first = await buildTestApp({ databaseUrl: database.databaseUrl, ...overrides });
    second = await buildTestApp({ databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });
  const built = (app: FastifyInstance | undefined) => {
    if (!app) throw new Error('the instances are built by the describe that asked for them, before its tests');
    return app;
  };
  return {
    get first() {
      return built(first);
    },
    get second() {
      return built(second);
    },
    get databaseUrl() {
      if (!database) throw new Error('the database is made by the describe that asked for it, before its tests');
      return database.databaseUrl;
    },
  };
}

/** Asks until `holds` answers true, for at most OTHER_INSTANCE_MS; fails saying `what` still showed. */
export async function withinOtherInstanceDelay(what: string, holds: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (Date.now() - started <= OTHER_INSTANCE_MS) {
    if (await holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the other instance still showed ${what} after ${OTHER_INSTANCE_MS} ms`);
}
