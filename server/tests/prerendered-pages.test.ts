import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp } from './helpers';

let app: FastifyInstance;
let distDir: string;

const INDEX_HTML = '<!doctype html><html><head><title>WheelsOnWeb</title></head><body><div id="root"></div></body></html>';
const prerendered = (heading: string) =>
  `<!doctype html><html><head><title>WheelsOnWeb - ${heading}</title></head><body><div id="root"><h1>${heading}</h1></div></body></html>`;
/** The pages as the build's prerender writes them: {dist}/prerendered/{address}/index.html. */
const PAGES: Record<string, string> = {
  '': prerendered('Welcome'),
  'layout/home': prerendered('Home'),
  'cars/Tesla Malibu': prerendered('Tesla Malibu'),
  // As long as a real page, so it is worth compressing.
  'blogs/A long read': prerendered(`A long read ${'and our cars '.repeat(200)}`),
};

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'wow-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  for (const [folder, html] of Object.entries(PAGES)) {
    await mkdir(path.join(distDir, 'prerendered', folder), { recursive: true });
    await writeFile(path.join(distDir, 'prerendered', folder, 'index.html'), html);
  }
  app = await buildTestApp({ staticDir: distDir });
});
afterAll(async () => {
  await closeTestApp(app);
  await rm(distDir, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });

describe('the prerendered public pages', () => {
  it('are sent compressed, with an ETag a browser revalidates with (304)', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    const response = await app.inject({ method: 'GET', url: '/blogs/A%20long%20read', headers });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGES['blogs/A long read']);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/blogs/A%20long%20read',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers each address with its own HTML, with or without a trailing slash, revalidated like index.html', async () => {
    const answers = [];
    for (const url of ['/', '/layout/home', '/layout/home/', '/cars/Tesla%20Malibu', '/cars/Tesla%20Malibu/']) {
      const response = await page(url);
      answers.push({ url, status: response.statusCode, cacheControl: response.headers['cache-control'], body: response.body });
    }
    expect(answers).toEqual([
      { url: '/', status: 200, cacheControl: 'no-cache', body: PAGES[''] },
      { url: '/layout/home', status: 200, cacheControl: 'no-cache', body: PAGES['layout/home'] },
      { url: '/layout/home/', status: 200, cacheControl: 'no-cache', body: PAGES['layout/home'] },
      { url: '/cars/Tesla%20Malibu', status: 200, cacheControl: 'no-cache', body: PAGES['cars/Tesla Malibu'] },
      { url: '/cars/Tesla%20Malibu/', status: 200, cacheControl: 'no-cache', body: PAGES['cars/Tesla Malibu'] },
    ]);
  });

  it('answers every other page address with the empty index.html the browser renders into', async () => {
    // A query may change what the page shows (the car list's filters), so the prerendered HTML would not match it.
    for (const url of [
      '/layout/home?tab=1',
      '/layout/about',
      '/cars/BMW%20X3',
      '/cars/owner-car-id',
      '/get/cars',
      '/layout/nope',
    ]) {
      const response = await page(url);
      expect({ url, status: response.statusCode, body: response.body }).toEqual({ url, status: 200, body: INDEX_HTML });
    }
  });

  it('does not serve the prerendered files by their own paths as files', async () => {
    const response = await page('/prerendered/layout/home/index.html');
    expect(response.body).toBe(INDEX_HTML);
  });
});
