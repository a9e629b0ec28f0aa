import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What `vite build` reads: a change to any of these makes dist/ stale. */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts'];

async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestChange(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when dist/index.html is missing or older than anything the build reads. */
export async function isBuildStale(projectDir: string, distDir: string): Promise<boolean> {
  const built = await stat(path.join(distDir, 'index.html')).catch(() => undefined);
  if (!built) return true;
  const inputs = await Promise.all(BUILD_INPUTS.map((input) => newestChange(path.join(projectDir, input))));
  return Math.max(...inputs) > built.mtimeMs;
}

/** Runs `vite build` into `outDir` in its own process, so the server does not carry the bundler in memory. */
export function buildWithVite(projectDir: string, outDir: string): void {
  const vite = path.join(projectDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: projectDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status ?? result.signal})`);
}
