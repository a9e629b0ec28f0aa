import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { TEMPLATE_FOLDER } from './src/db/pglite-template.ts';

/**
 * The server's build (`npm run build:server`): server/src bundled with the shared code it imports
 * (#domain, #data) into dist-server/, every package left to node_modules, so `npm start` runs plain
 * JavaScript on Node without a compiler in memory.
 */

const projectDir = fileURLToPath(new URL('../', import.meta.url));
const migrationsDir = path.join(projectDir, 'server/src/db/migrations');

/**
 * db/migrate.ts finds the migrations beside itself (`./migrations/` from its import.meta.url);
 * bundled, that is beside the bundle, so they are copied there. Drizzle's migrator reads the SQL
 * files and the journal; the snapshots are only drizzle-kit's.
 */
function copyMigrations(): Plugin {
  return {
    name: 'copy-migrations',
    async generateBundle() {
      const names = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'));
      for (const name of [...names, 'meta/_journal.json']) {
        this.emitFile({ type: 'asset', fileName: `migrations/${name}`, source: await readFile(path.join(migrationsDir, name)) });
      }
    },
  };
}

/**
 * The new PGlite database a first start copies instead of running initdb (db/pglite-template.ts),
 * made by the server just written, with the migrations beside it, in a process of its own.
 */
function makePgliteTemplate(): Plugin {
  return {
    name: 'make-pglite-template',
    writeBundle(options) {
      const outDir = path.resolve(projectDir, options.dir ?? 'dist-server');
      const maker = path.join(outDir, 'make-pglite-template.js');
      const result = spawnSync(process.execPath, [maker, path.join(outDir, TEMPLATE_FOLDER)], { stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`making the PGlite template failed (exit code ${result.status ?? result.signal})`);
    },
  };
}

export default defineConfig({
  root: projectDir,
  publicDir: false,
  plugins: [copyMigrations(), makePgliteTemplate()],
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      // start: `npm start` (build what is stale, then serve the app); main: the server alone;
      // admin-create: `npm run admin:create` where only the compiled server is installed;
      // make-pglite-template: run once by this build (makePgliteTemplate above).
      input: {
        start: 'server/src/start.ts',
        main: 'server/src/main.ts',
        'admin-create': 'server/src/cli/admin-create.ts',
        'make-pglite-template': 'server/src/cli/make-pglite-template.ts',
      },
      // Code the entries share sits beside them, as db/migrate.ts must to find ./migrations/.
      output: { chunkFileNames: '[name]-[hash].js' },
      // Rolldown reports plugins that take most of a build's time. Here that is always
      // makePgliteTemplate, on purpose: it starts the new server once to make the template, the few
      // seconds a first start then saves. Nobody can act on the report, so only it is turned off.
      checks: { bundlerTimings: false },
    },
  },
});
