import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: projectDir,
  publicDir: false,
  plugins: [copyMigrations()],
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      // start: `npm start` (build what is stale, then serve the app); main: the server alone;
      // admin-create: `npm run admin:create` where only the compiled server is installed.
      input: { start: 'server/src/start.ts', main: 'server/src/main.ts', 'admin-create': 'server/src/cli/admin-create.ts' },
      // Code the entries share sits beside them, as db/migrate.ts must to find ./migrations/.
      output: { chunkFileNames: '[name]-[hash].js' },
    },
  },
});
