import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';

/**
 * What durable commits cost on PGlite, now that the server syncs them: the same single-row commits on
 * PGlite as it ships (fsync off, and nothing to sync with anyway) and on the server's database
 * (fsync on, NODEFS given an fsync), in one run on the same disk, as a ratio.
 *
 *   npm run bench:commits [-- COMMITS]
 *
 * With `--probe durable|stock COMMITS FOLDER` it makes only those commits and marks where they begin
 * and end with a failed open of `${FOLDER}.commits-begin`/`-end`, so `strace -e fsync,openat` can
 * count the fsync calls between the marks (server/reliability/commit-durability.test.ts).
 */

const CREATE = 'CREATE TABLE IF NOT EXISTS bench_commits (id serial PRIMARY KEY, note text NOT NULL)';
const INSERT = 'INSERT INTO bench_commits (note) VALUES ($1)';

type Kind = 'durable' | 'stock';

/** A database in `folder` as the server opens it, or as PGlite opens it by default; `run` makes one commit. */
async function open(kind: Kind, folder: string) {
  if (kind === 'stock') {
    const db = await PGlite.create(folder);
    await db.exec(CREATE);
    return { commit: async (note: string) => void (await db.query(INSERT, [note])), close: () => db.close() };
  }
  const client = await openDatabase({ databaseUrl: undefined, dataDir: folder });
  await client.db.execute(sql.raw(CREATE));
  return {
    commit: async (note: string) => void (await client.db.execute(sql`INSERT INTO bench_commits (note) VALUES (${note})`)),
    close: () => client.close(),
  };
}

async function mark(folder: string, name: string): Promise<void> {
  // An open that fails leaves one openat line in strace's output and nothing on the disk.
  await access(`${folder}.commits-${name}`).catch(() => undefined);
}

/** Milliseconds for `commits` commits, one after another as a request's are. */
async function time(kind: Kind, folder: string, commits: number, marked: boolean): Promise<number> {
  const db = await open(kind, folder);
  try {
    if (marked) await mark(folder, 'begin');
    const started = performance.now();
    for (let index = 0; index < commits; index += 1) await db.commit(`commit ${index}`);
    const took = performance.now() - started;
    if (marked) await mark(folder, 'end');
    return took;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--probe') {
    const [, kind, commits, folder] = args;
    if ((kind !== 'durable' && kind !== 'stock') || !commits || !folder) throw new Error('--probe durable|stock COMMITS FOLDER');
    await time(kind, folder, Number(commits), true);
    return;
  }
  const commits = Number(args[0] ?? 500);
  const root = await mkdtemp(path.join(tmpdir(), 'wow-bench-commits-'));
  try {
    // Each kind twice, alternating, so a disk that warms up or a neighbour's burst weighs on both.
    const results: Record<Kind, number[]> = { stock: [], durable: [] };
    for (let round = 0; round < 2; round += 1) {
      for (const kind of ['stock', 'durable'] as const) {
        results[kind].push(await time(kind, path.join(root, `${kind}-${round}`), commits, false));
      }
    }
    const best = (kind: Kind) => Math.min(...results[kind]);
    const perCommit = (kind: Kind) => (best(kind) / commits).toFixed(2);
    console.log(`${commits} single-row commits, best of 2, in ${root}`);
    console.log(`  PGlite as it ships (no fsync):       ${best('stock').toFixed(0)} ms, ${perCommit('stock')} ms a commit`);
    console.log(`  the server's PGlite (fsync a commit): ${best('durable').toFixed(0)} ms, ${perCommit('durable')} ms a commit`);
    console.log(`  durable / as shipped: ${(best('durable') / best('stock')).toFixed(2)}×`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
