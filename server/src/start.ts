import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithVite, isBuildStale } from './static-build';

/**
 * `npm start`: builds the app when dist/ is missing or older than its sources, then serves the
 * built app and the API on one port.
 */
const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const distDir = path.join(projectDir, 'dist');

if (await isBuildStale(projectDir, distDir)) {
  console.log('Building the app (dist/ is missing or older than its sources)...');
  try {
    buildWithVite(projectDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

process.env.STATIC_DIR ??= distDir;
await import('./main');
