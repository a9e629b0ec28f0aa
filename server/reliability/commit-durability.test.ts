import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Durable commits on PGlite: as it ships, it runs with fsync off, and its file system could not
 * sync anyway, so 50 acknowledged commits made 0 fsync calls: they survived a killed process but
 * not a power cut. `SHOW fsync` proves nothing here; the kernel's record of the calls does. strace
 * counts the fsync calls the process makes between the first and the last of COMMITS commits
 * (bench/pglite-commits.ts --probe marks them), on the server's database and on PGlite as it ships.
 */

const COMMITS = 50;
const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = path.join(projectDir, 'bench/pglite-commits.ts');
const run = promisify(execFile);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'wow-commit-durability-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** fsync and fdatasync calls made by the probe's process between its begin and end marks. */
async function syncsDuringCommits(kind: 'durable' | 'stock'): Promise<number> {
  const folder = path.join(root, kind);
  const trace = path.join(root, `${kind}.strace`);
  await run(
    'strace',
    [
      '-f',
      '-qq',
      '-e',
      'trace=fsync,fdatasync,openat,faccessat,faccessat2,access',
      '-o',
      trace,
      process.execPath,
      '--import',
      'tsx',
      PROBE,
      '--probe',
      kind,
      String(COMMITS),
      folder,
    ],
    { cwd: projectDir, maxBuffer: 16 * 1024 * 1024 },
  );
  const lines = (await readFile(trace, 'utf8')).split('\n');
  const begin = lines.findIndex((line) => line.includes(`${folder}.commits-begin`));
  const end = lines.findIndex((line) => line.includes(`${folder}.commits-end`));
  expect(begin).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(begin);
  return lines.slice(begin, end).filter((line) => /\b(fsync|fdatasync)\(/.test(line) && !/= -1 /.test(line)).length;
}

describe('acknowledged commits on PGlite', () => {
  it(`reach the disk: each of ${COMMITS} commits on the server's database makes an fsync before it is acknowledged`, async () => {
    const syncs = await syncsDuringCommits('durable');
    console.log(`the server's PGlite: ${COMMITS} commits, ${syncs} fsync calls`);
    expect(syncs).toBeGreaterThanOrEqual(COMMITS);
  });

  it('did not on PGlite as it ships, which the server no longer uses for a folder', async () => {
    const syncs = await syncsDuringCommits('stock');
    console.log(`PGlite as it ships: ${COMMITS} commits, ${syncs} fsync calls`);
    expect(syncs).toBe(0);
  });
});
