import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedSampleData } from '../src/db/seed';
import { withAdminClient } from './postgres-admin';
import { prepareRecycling } from './recycled-pglite';

/** Databases made once per run, which the tests' databases start from instead of being made anew. */
export interface DatabaseTemplates {
  /**
   * Dumps of PGlite data folders (`dumpDataDir`): a new, empty database and the migrated and seeded
   * one, ready for recycling, with the script that resets a database loaded from it (recycled-pglite.ts).
   */
  pglite: { empty: string; migrated: string; reset: string };
  /** With TEST_DATABASE_URL: the migrated and seeded database each test database is created from (`CREATE DATABASE ... TEMPLATE`). */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * A new PGlite database costs a second or more (initdb), migrating and seeding it about as much
 * again; loading a dump of either takes a fraction of that, as does copying a template database on
 * PostgreSQL instead of migrating a new one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wow-test-templates-'));
  const cleanUp: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })];
  const tearDown = async () => {
    for (const step of cleanUp.reverse()) await step();
  };
  try {
    const files = { empty: path.join(dir, 'empty.tar'), migrated: path.join(dir, 'migrated.tar') };
    let reset = '';
    const client = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    try {
      if (client.kind !== 'pglite') throw new Error('a database without a URL is PGlite');
      const dump = async (file: string) => writeFile(file, Buffer.from(await (await client.dumpDataDir()).arrayBuffer()));
      await dump(files.empty);
      await migrate(client);
      await seedSampleData(client.db);
      reset = await prepareRecycling(client);
      await dump(files.migrated);
    } finally {
      await client.close();
    }

    const serverUrl = process.env.TEST_DATABASE_URL;
    const postgres = serverUrl ? await postgresTemplate(serverUrl, cleanUp) : undefined;
    project.provide('databaseTemplates', { pglite: { ...files, reset }, ...(postgres ? { postgres } : {}) });
    return tearDown;
  } catch (error) {
    await tearDown();
    throw error;
  }
}

/** Makes the template database on the PostgreSQL server; `cleanUp` gets its removal. */
async function postgresTemplate(serverUrl: string, cleanUp: Array<() => Promise<unknown>>): Promise<string> {
  const name = `wow_test_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  cleanUp.push(() => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await migrate(client);
    await seedSampleData(client.db);
  } finally {
    await client.close();
  }
  return name;
}
