import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new PGlite data folder, made once by the server's build (`npm run build:server`, see
 * make-pglite-template.ts) and copied into an empty DATA_DIR at its first start, instead of PGlite
 * running initdb there. initdb inside PGlite peaks at about 800 MB of resident memory;
 * copying 40 MB of files costs next to nothing, so a first start peaks where every later start does.
 * The template is already migrated and seeded; the start-up still migrates and seeds as it always
 * does, and finds nothing to do.
 */

/** Its folder's name, beside the compiled server. */
export const TEMPLATE_FOLDER = 'pglite-template';

/**
 * The template the build made beside the compiled server (dist-server/pglite-template/). Run from
 * source there is none here, and a new folder is made by initdb as before.
 */
export const BUILT_TEMPLATE = fileURLToPath(new URL(`./${TEMPLATE_FOLDER}/`, import.meta.url));

/**
 * PGlite tells a database from an empty folder by this file. It is copied last, after everything
 * else is on the disk, so a copy cut short (a crash, a full disk) is not taken for a database: the
 * next start copies the template again.
 */
const VERSION_FILE = 'PG_VERSION';

/** True when `folder` holds a PGlite database (a complete one, if it was copied from a template). */
export function holdsDatabase(folder: string): boolean {
  return existsSync(path.join(folder, VERSION_FILE));
}

/**
 * Copies the template into `dataDir` when `dataDir` holds no database yet and the template exists;
 * says whether it did. Every file and folder is synced to the disk before PG_VERSION is written, so
 * a new folder is as durable as PGlite's later commits (the files PGlite's initdb writes are not
 * synced), and private to this user whatever modes the template's files were given.
 */
export async function copyTemplate(templateDir: string, dataDir: string): Promise<boolean> {
  if (holdsDatabase(dataDir) || !holdsDatabase(templateDir)) return false;
  await copyTree(templateDir, dataDir, (name) => name !== VERSION_FILE);
  await syncFolder(dataDir);
  await copyDurably(path.join(templateDir, VERSION_FILE), path.join(dataDir, VERSION_FILE));
  await syncFolder(dataDir);
  return true;
}

/** `include` filters the top level only. */
async function copyTree(from: string, to: string, include: (name: string) => boolean = () => true): Promise<void> {
  const entries = (await readdir(from, { withFileTypes: true })).filter((entry) => include(entry.name));
  // Node runs file system calls on a pool of threads, so the syncs of one folder's files overlap.
  await Promise.all(
    entries.map(async (entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        await mkdir(target, { recursive: true, mode: 0o700 });
        await copyTree(source, target);
        await syncFolder(target);
      } else if (entry.isFile()) {
        await copyDurably(source, target);
      }
    }),
  );
}

async function copyDurably(source: string, target: string): Promise<void> {
  await copyFile(source, target);
  const file = await open(target, 'r+');
  try {
    await file.chmod(0o600);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** A new entry in a folder is on the disk once the folder itself is synced. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
