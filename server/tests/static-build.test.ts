import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildStale, isServerBuildStale } from '../src/static-build';

let project: string;
let dist: string;

async function touch(file: string, secondsAgo: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  const time = new Date(Date.now() - secondsAgo * 1000);
  await utimes(file, time, time);
}

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'wow-project-'));
  dist = path.join(project, 'dist');
  await touch(path.join(project, 'src', 'pages', 'HomePage.tsx'), 300);
  await touch(path.join(project, 'public', 'images', 'logo.svg'), 300);
  await touch(path.join(project, 'index.html'), 300);
  await touch(path.join(project, 'vite.config.ts'), 300);
  await touch(path.join(project, 'src', 'domain', 'booking-total.ts'), 300);
  await touch(path.join(project, 'src', 'data', 'cars.ts'), 300);
  await touch(path.join(project, 'server', 'src', 'routes', 'cars.ts'), 300);
  await touch(path.join(project, 'server', 'vite.config.ts'), 300);
  await touch(path.join(project, 'package.json'), 300);
  // Directories get the time of their last entry change; age them too, as a checkout would.
  for (const dir of [
    'src/pages',
    'src/domain',
    'src/data',
    'src',
    'public/images',
    'public',
    'server/src/routes',
    'server/src',
    'server',
  ]) {
    const time = new Date(Date.now() - 300_000);
    await utimes(path.join(project, dir), time, time);
  }
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe('isBuildStale', () => {
  /** What the app's build makes last: the landing page's prerendered HTML. */
  const builtApp = () => path.join(dist, 'prerendered', 'index.html');

  it('is stale when dist/ has no index.html', async () => {
    expect(await isBuildStale(project, dist)).toBe(true);
  });

  it('is stale when the build stopped before prerendering the public pages', async () => {
    await touch(path.join(dist, 'index.html'), 60);
    expect(await isBuildStale(project, dist)).toBe(true);
  });

  it('is fresh when the build is newer than every source', async () => {
    await touch(builtApp(), 60);
    expect(await isBuildStale(project, dist)).toBe(false);
  });

  it.each([
    'src/pages/HomePage.tsx',
    'public/images/logo.svg',
    'index.html',
    'vite.config.ts',
    'postcss.config.js',
    'build/prerender.ts',
  ])('is stale when %s changed after the build', async (source) => {
    await touch(builtApp(), 60);
    await touch(path.join(project, source), 0);
    expect(await isBuildStale(project, dist)).toBe(true);
  });

  it('is stale when a source file was added after the build', async () => {
    await touch(builtApp(), 60);
    await writeFile(path.join(project, 'src', 'NewPage.tsx'), 'x');
    expect(await isBuildStale(project, dist)).toBe(true);
  });
});

describe('isServerBuildStale', () => {
  const serverBuild = () => path.join(project, 'dist-server', 'main.js');
  /** What the build makes last: the PGlite template, complete once it holds PG_VERSION. */
  const builtTemplate = () => path.join(project, 'dist-server', 'pglite-template', 'PG_VERSION');
  const build = async (secondsAgo: number) => {
    await touch(serverBuild(), secondsAgo);
    await touch(builtTemplate(), secondsAgo);
  };

  it('is stale when dist-server/ has no main.js', async () => {
    await touch(builtTemplate(), 60);
    expect(await isServerBuildStale(project)).toBe(true);
  });

  it('is fresh when the build is newer than every source', async () => {
    await build(60);
    expect(await isServerBuildStale(project)).toBe(false);
  });

  it('is stale when the build stopped before making the PGlite template', async () => {
    await touch(serverBuild(), 60);
    expect(await isServerBuildStale(project)).toBe(true);
  });

  it.each([
    'server/src/routes/cars.ts',
    'src/domain/booking-total.ts',
    'src/data/cars.ts',
    'package.json',
    'server/vite.config.ts',
  ])('is stale when %s changed after the build', async (source) => {
    await build(60);
    await touch(path.join(project, source), 0);
    expect(await isServerBuildStale(project)).toBe(true);
  });

  it('is not stale when only the app changed', async () => {
    await build(60);
    await touch(path.join(project, 'src', 'pages', 'HomePage.tsx'), 0);
    expect(await isServerBuildStale(project)).toBe(false);
  });
});
