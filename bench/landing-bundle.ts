/**
 * `npm run bench:bundle`: builds the app with a manifest and prints the gzip size of the JavaScript
 * the landing page loads (the entry, its static imports and the landing screen's chunk), beside the
 * whole build's, so a change that drags a heavy library onto the first screen shows up as a number.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const outDir = mkdtempSync(path.join(tmpdir(), 'wheelsonweb-bundle-'));
try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--logLevel', 'error'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length / 1024;

  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  visit('index.html');
  const landing = Object.keys(manifest).find((key) => key.endsWith('pages/LandingPage.tsx'));
  if (!landing) throw new Error('the landing page is not in the build manifest');
  visit(landing);

  const landingKb = [...loaded].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const allKb = allJs.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(`landing page JS: ${landingKb.toFixed(1)} KB gzip in ${loaded.size} files`);
  console.log(`whole app JS:    ${allKb.toFixed(1)} KB gzip in ${allJs.length} files`);
  console.log(`landing share:   ${((100 * landingKb) / allKb).toFixed(0)}%`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
