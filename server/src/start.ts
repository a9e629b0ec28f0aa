import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithVite, isBuildStale } from './static-build';

/**
 * `npm start`: builds the app when its build folder is missing or older than its sources, then
 * serves the built app and the API on one port. The folder is dist/ unless STATIC_DIR names
 * another, so a build made with other settings (the e2e suite's test card key) has its own.
 */
const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const staticDir = path.resolve(process.env.STATIC_DIR?.trim() || path.join(projectDir, 'dist'));

if (await isBuildStale(projectDir, staticDir)) {
  console.log(`Building the app (${staticDir} is missing or older than its sources)...`);
  try {
    buildWithVite(projectDir, staticDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

process.env.STATIC_DIR = staticDir;
await import('./main');
