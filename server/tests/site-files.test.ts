import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { buildTestApp, closeTestApp } from './helpers';

const PUBLIC_URL = 'https://wheels.example.in';
const INDEX_HTML = '<!doctype html><html><head><title>WheelsOnWeb</title></head><body><div id="root"></div></body></html>';
/** What a browser sends for an address typed in: the app's page fallback answers such requests with its HTML. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** Written out by hand rather than through the app's builders, so a change to how pages are addressed shows here. */
const PUBLIC_PAGES = [
  '/',
  '/layout/home',
  '/layout/about',
  '/layout/cars',
  '/layout/blogs',
  '/layout/contact',
  ...catalogueCars.map((car) => `/cars/${encodeURIComponent(car.carName)}`),
  ...blogPosts.map((post) => `/blogs/${encodeURIComponent(post.title)}`),
];

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'wow-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  app = await buildTestApp({ staticDir: distDir, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await closeTestApp(app);
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });

function disallowedPrefixes(robots: string): string[] {
  return robots
    .split('\n')
    .filter((line) => line.startsWith('Disallow:'))
    .map((line) => line.slice('Disallow:'.length).trim());
}

describe('robots.txt', () => {
  it('is text, never the app page, and names the sitemap by its absolute address', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).not.toContain('<html');
    expect(response.body.split('\n')).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.body.split('\n')[0]).toBe('User-agent: *');
  });

  it('keeps crawlers out of the API and the signed-in pages, and lets them read every public page', async () => {
    const disallowed = disallowedPrefixes((await get('/robots.txt')).body);
    for (const prefix of ['/api/', '/account', '/admin', '/bookings', '/get/', '/owner', '/renting']) {
      expect(disallowed).toContain(prefix);
    }
    for (const page of PUBLIC_PAGES) {
      expect(
        disallowed.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([]);
    }
  });
});

describe('sitemap.xml', () => {
  it('is XML listing every public page, each once, at PUBLIC_URL', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(listed).toEqual(PUBLIC_PAGES.map((page) => `${PUBLIC_URL}${page}`));
  });

  it('lists addresses the server answers with the app', async () => {
    const listed = [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    for (const address of listed) {
      const page = await get(new URL(address).pathname);
      expect(page.statusCode, address).toBe(200);
      expect(page.headers['content-type'], address).toMatch(/^text\/html/);
    }
  });
});

describe('both files', () => {
  it('answer a HEAD, and are cached for an hour like the app’s other unhashed files', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });
});
