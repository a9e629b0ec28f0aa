import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { holdsDatabase, TEMPLATE_FOLDER } from './db/pglite-template';

/** What `vite build` and the prerender read for the app: a change to any of these makes dist/ stale. */
const APP_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'postcss.config.js',
  // The build's own code (Vite's plugins and the prerender), beside vite.config.ts.
  'build',
];
const SERVER_CONFIG = 'server/vite.config.ts';
/** What the server's build reads: its sources, the shared code it bundles, the subpath imports naming that code, and its config. */
const SERVER_INPUTS = ['server/src', 'src/domain', 'src/data', 'package.json', SERVER_CONFIG];
/** Where `npm run build:server` writes the server, relative to the project. */
export const SERVER_BUILD_DIR = 'dist-server';

async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestChange(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when `built` is missing or older than anything under `inputs` (paths in the project). */
async function isOlderThanInputs(projectDir: string, built: string, inputs: readonly string[]): Promise<boolean> {
  const info = await stat(built).catch(() => undefined);
  if (!info) return true;
  const times = await Promise.all(inputs.map((input) => newestChange(path.join(projectDir, input))));
  return Math.max(...times) > info.mtimeMs;
}

/**
 * True when the app's build in `distDir` is missing or older than anything the build reads. It is
 * judged by the landing page's prerendered HTML, which the build makes last (build/prerender.ts moves
 * all the pages in place at its end), so a build that stopped before its prerender is made again.
 */
export function isBuildStale(projectDir: string, distDir: string): Promise<boolean> {
  return isOlderThanInputs(projectDir, path.join(distDir, 'prerendered', 'index.html'), APP_INPUTS);
}

/**
 * True when the server's build (dist-server/main.js) is missing or older than anything its build
 * reads, or lacks the PGlite template it makes last (a build that stopped there): a first start
 * would otherwise fall back on initdb and its 800 MB. The template is made from the migrations in
 * server/src, so a new migration makes it stale with the rest.
 */
export async function isServerBuildStale(projectDir: string): Promise<boolean> {
  const buildDir = path.join(projectDir, SERVER_BUILD_DIR);
  if (!holdsDatabase(path.join(buildDir, TEMPLATE_FOLDER))) return true;
  return isOlderThanInputs(projectDir, path.join(buildDir, 'main.js'), SERVER_INPUTS);
}

/** Runs `vite build` with `args` in its own process, so the server does not carry the bundler in memory. */
function runVite(projectDir: string, args: string[]): void {
  const vite = path.join(projectDir, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    throw new Error(
      'A build is missing or older than its sources, and Vite is not installed to make it (npm ci, then npm run build).',
    );
  }
  const result = spawnSync(process.execPath, [vite, 'build', ...args], { cwd: projectDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status ?? result.signal})`);
}

/** Renders the public pages of the app built in `outDir` to HTML (build/prerender.ts), in its own process like the build. */
function prerender(projectDir: string, outDir: string): void {
  const script = path.join(projectDir, 'build', 'prerender.ts');
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, outDir], { cwd: projectDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`prerendering the public pages failed (exit code ${result.status ?? result.signal})`);
}

/** Builds the app into `outDir`, with its public pages prerendered. */
export function buildWithVite(projectDir: string, outDir: string): void {
  runVite(projectDir, ['--outDir', outDir, '--emptyOutDir']);
  prerender(projectDir, outDir);
}

/** Builds the server into dist-server/. */
export function buildServerWithVite(projectDir: string): void {
  runVite(projectDir, ['--config', SERVER_CONFIG]);
}
