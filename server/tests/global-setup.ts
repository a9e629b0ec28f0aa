import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedSampleData } from '../src/db/seed';
import { withAdminClient } from './postgres-admin';

/** A migrated and seeded database every test app starts from, made once per run. */
export type DatabaseTemplate =
  /** A dump of a PGlite data folder (`dumpDataDir`), loaded into each app's in-memory database. */
  | { kind: 'pglite'; dumpFile: string }
  /** A database on the TEST_DATABASE_URL server that each test database is created from (`CREATE DATABASE ... TEMPLATE`). */
  | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Migrating and seeding a new PGlite database takes about a second; loading a dump of one takes a
 * quarter of that, and copying a template database on PostgreSQL a fraction of migrating it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `wow_test_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const drop = () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const client = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await migrate(client);
      await seedSampleData(client.db);
      await client.close();
    } catch (error) {
      await drop();
      throw error;
    }
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return async () => void (await drop());
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'wow-test-template-'));
  const dumpFile = path.join(dir, 'pgdata.tar');
  const client = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  try {
    if (client.kind !== 'pglite') throw new Error('a database without a URL is PGlite');
    await migrate(client);
    await seedSampleData(client.db);
    const dump = await client.dumpDataDir();
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return () => rm(dir, { recursive: true, force: true });
}
