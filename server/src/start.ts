import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerWithVite, buildWithVite, isBuildStale, isServerBuildStale, SERVER_BUILD_DIR } from './static-build';

/**
 * `npm start` (dist-server/start.js): builds the app when its build folder is missing or older than
 * its sources, and the server likewise, then serves the built app and the API on one port. The app's
 * folder is dist/ unless STATIC_DIR names another, so a build made with other settings (the e2e
 * suite's test card key) has its own. Run from source under tsx (as the e2e suite does) there is
 * no server build to keep fresh: the source is what runs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const compiled = path.basename(here) === SERVER_BUILD_DIR;
const projectDir = compiled ? path.dirname(here) : path.resolve(here, '../..');
const staticDir = path.resolve(process.env.STATIC_DIR?.trim() || path.join(projectDir, 'dist'));

try {
  if (await isBuildStale(projectDir, staticDir)) {
    console.log(`Building the app (${staticDir} is missing or older than its sources)...`);
    buildWithVite(projectDir, staticDir);
  }
  // This file is part of that build too: a rebuild replaces main.js before it is first imported below.
  if (compiled && (await isServerBuildStale(projectDir))) {
    console.log(`Building the server (${SERVER_BUILD_DIR}/ is older than its sources)...`);
    buildServerWithVite(projectDir);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

process.env.STATIC_DIR = staticDir;
await import('./main');
