import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { z } from 'zod';
import { type DatabaseClient, openDatabase } from '../src/db/client';
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
 * A new PGlite database costs several seconds (initdb), migrating and seeding it a fraction of that
 * more; loading a dump of either takes about a second, as does copying a template database on
 * PostgreSQL instead of migrating a new one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wow-test-templates-'));
  const cleanUp: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })];
  const tearDown = async () => {
    for (const step of cleanUp.reverse()) await step();
  };
  try {
    const { client, dump: empty } = await newDatabase(project.config.root);
    const files = { empty, migrated: path.join(dir, 'migrated.tar') };
    let reset = '';
    try {
      await migrate(client);
      await seedSampleData(client.db);
      reset = await prepareRecycling(client);
      await writeFile(files.migrated, await dumpOf(client));
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

type PgliteClient = DatabaseClient & { kind: 'pglite' };

async function dumpOf(client: PgliteClient): Promise<Buffer> {
  return Buffer.from(await (await client.dumpDataDir()).arrayBuffer());
}

/**
 * A new, empty PGlite database, and the file its dump is in. What initdb makes depends only on
 * PGlite's release, so the dump is kept between runs, named by that release: only the first run
 * after an install waits for initdb.
 */
async function newDatabase(root: string): Promise<{ client: PgliteClient; dump: string }> {
  const packageFile = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(await readFile(packageFile, 'utf8')));
  const cacheDir = path.join(root, 'node_modules/.cache/wow-tests');
  const dump = path.join(cacheDir, `pglite-${version}-empty.tar`);
  const kept = await stat(dump).catch(() => undefined);
  const initialData = kept ? new Blob([await readFile(dump)]) : undefined;
  const client = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://', initialData });
  if (client.kind !== 'pglite') throw new Error('a database without a URL is PGlite');
  if (kept) return { client, dump };
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed, so a run beside this one never reads half a dump.
    const partial = `${dump}.${process.pid}`;
    await writeFile(partial, await dumpOf(client));
    await rename(partial, dump);
    return { client, dump };
  } catch (error) {
    await client.close();
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
