import type { PGlite } from '@electric-sql/pglite';
import { CHANGE_CHANNEL } from '../src/db/change-notices';
import type { DatabaseClient } from '../src/db/client';

/**
 * Starting a PGlite database from the template's dump costs most of a second of CPU (untarring
 * ~40 MB into its in-memory file system, then starting Postgres), and the server suite starts about
 * ninety. Emptying a closed app's database and copying the template's rows back takes a few
 * milliseconds, so each worker keeps the databases its apps closed and lends them again.
 *
 * What a reset cannot undo it refuses to lend again: a database whose schema a test changed (an
 * event trigger notes any DDL), or one a test closed under its app.
 */

/** Where the template's rows and the note of DDL live, beside the app's schemas. */
const SNAPSHOT_SCHEMA = 'wow_test_snapshot';

type Pglite = Extract<DatabaseClient, { kind: 'pglite' }>;

function rawPglite(client: Pglite): PGlite {
  return (client.db as unknown as { $client: PGlite }).$client;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Readies the migrated and seeded template for recycling before it is dumped: copies its rows into
 * a schema of their own and starts noting DDL. Answers the script that brings a database loaded from
 * the dump back to the template's state.
 */
export async function prepareRecycling(client: DatabaseClient): Promise<string> {
  if (client.kind !== 'pglite') throw new Error('only PGlite databases are recycled');
  const pglite = rawPglite(client);
  const tables = (
    await pglite.query<{ name: string; columns: string; identity: boolean; rows: number }>(`
      SELECT format('%I.%I', c.table_schema, c.table_name) AS name,
             string_agg(format('%I', c.column_name), ', ' ORDER BY c.ordinal_position)
               FILTER (WHERE c.is_generated = 'NEVER') AS columns,
             bool_or(c.identity_generation = 'ALWAYS') AS identity,
             0 AS rows
      FROM information_schema.columns c
      JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      GROUP BY c.table_schema, c.table_name
      ORDER BY 1`)
  ).rows;
  for (const table of tables) {
    const counted = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table.name}`);
    table.rows = counted.rows[0]?.n ?? 0;
  }
  const sequences = (
    await pglite.query<{ name: string; last: string | null }>(`
      SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS last
      FROM pg_sequences ORDER BY 1`)
  ).rows;

  const kept = tables.filter((table) => table.rows > 0);
  const copyOf = (table: { name: string }) => `${SNAPSHOT_SCHEMA}.${quoted(table.name)}`;
  await pglite.exec(`
    CREATE SCHEMA ${SNAPSHOT_SCHEMA};
    ${kept.map((table) => `CREATE TABLE ${copyOf(table)} AS SELECT ${table.columns} FROM ${table.name};`).join('\n')}
    CREATE TABLE ${SNAPSHOT_SCHEMA}.ddl_seen (command text NOT NULL);
    CREATE FUNCTION ${SNAPSHOT_SCHEMA}.note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${SNAPSHOT_SCHEMA}.ddl_seen SELECT command_tag FROM pg_event_trigger_ddl_commands();
    END $$;
    CREATE EVENT TRIGGER wow_test_note_ddl ON ddl_command_end EXECUTE FUNCTION ${SNAPSHOT_SCHEMA}.note_ddl();
  `);

  // Triggers and foreign keys off while the rows go back, so no order among the tables matters.
  return [
    'SET session_replication_role = replica;',
    `TRUNCATE ${tables.map((table) => table.name).join(', ')};`,
    ...kept.map(
      (table) =>
        `INSERT INTO ${table.name} (${table.columns}) ${table.identity ? 'OVERRIDING SYSTEM VALUE ' : ''}SELECT * FROM ${copyOf(table)};`,
    ),
    ...sequences.map((sequence) =>
      sequence.last === null
        ? `ALTER SEQUENCE ${sequence.name} RESTART;`
        : `SELECT setval('${sequence.name}', ${sequence.last}, true);`,
    ),
  ].join('\n');
}

/**
 * Databases loaded from the recycling-ready template: `lend` answers an idle one or opens another
 * with `open`; closing a lent client resets it and keeps it for the next `lend`.
 */
export function recycledPglite(open: () => Promise<DatabaseClient>, resetScript: string) {
  const idle: Pglite[] = [];

  async function giveBack(client: Pglite): Promise<void> {
    const pglite = rawPglite(client);
    if (pglite.closed) return;
    try {
      const changed = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SNAPSHOT_SCHEMA}.ddl_seen`);
      if ((changed.rows[0]?.n ?? 0) > 0) throw new Error('its schema was changed');
      // The closed app's listener would otherwise hear the next app's changes.
      await pglite.unlisten(CHANGE_CHANNEL);
      await pglite.exec(resetScript);
      // Settings, advisory locks and prepared statements the app left; not allowed inside the script's transaction.
      await pglite.exec('DISCARD ALL');
      idle.push(client);
    } catch {
      await client.close();
    }
  }

  return async function lend(): Promise<DatabaseClient> {
    const client = idle.pop() ?? (await open());
    if (client.kind !== 'pglite') throw new Error('only PGlite databases are recycled');
    return { ...client, close: () => giveBack(client) };
  };
}
