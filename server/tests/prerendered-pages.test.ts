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
  'cars/Tata Nexon EV': prerendered('Tata Nexon EV'),
  // A page under a fleet car's former name, as a build before the rename wrote it.
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
    for (const url of ['/', '/layout/home', '/layout/home/', '/cars/Tata%20Nexon%20EV', '/cars/Tata%20Nexon%20EV/']) {
      const response = await page(url);
      answers.push({ url, status: response.statusCode, cacheControl: response.headers['cache-control'], body: response.body });
    }
    expect(answers).toEqual([
      { url: '/', status: 200, cacheControl: 'no-cache', body: PAGES[''] },
      { url: '/layout/home', status: 200, cacheControl: 'no-cache', body: PAGES['layout/home'] },
      { url: '/layout/home/', status: 200, cacheControl: 'no-cache', body: PAGES['layout/home'] },
      { url: '/cars/Tata%20Nexon%20EV', status: 200, cacheControl: 'no-cache', body: PAGES['cars/Tata Nexon EV'] },
      { url: '/cars/Tata%20Nexon%20EV/', status: 200, cacheControl: 'no-cache', body: PAGES['cars/Tata Nexon EV'] },
    ]);
  });

  it('answers every other page address with the empty index.html the browser renders into', async () => {
    // A query may change what the page shows (the car list's filters), so the prerendered HTML would not match it.
    for (const url of [
      '/layout/home?tab=1',
      '/layout/about',
      '/cars/Kia%20Seltos',
      '/cars/owner-car-id',
      '/get/cars',
      '/layout/nope',
    ]) {
      const response = await page(url);
      expect({ url, status: response.statusCode, body: response.body }).toEqual({ url, status: 200, body: INDEX_HTML });
    }
  });

  it("redirects each fleet car's former address for good to its page under its present name", async () => {
    const answers = [];
    for (const url of [
      '/cars/Tesla%20Malibu',
      '/cars/tesla%20malibu/',
      '/cars/Toyota%20Aventador',
      '/cars/BMW%20X3',
      '/cars/Nissan%20Mercielago',
      '/cars/Ferrari%20Camry',
      '/cars/Mercedes%20Benz%20XC90',
      '/cars/Audi%20Fiesta',
      '/cars/Colorado%20Rover',
    ]) {
      const response = await page(url);
      answers.push({ url, status: response.statusCode, location: response.headers.location });
    }
    expect(answers).toEqual([
      { url: '/cars/Tesla%20Malibu', status: 301, location: '/cars/Tata%20Nexon%20EV' },
      { url: '/cars/tesla%20malibu/', status: 301, location: '/cars/Tata%20Nexon%20EV' },
      { url: '/cars/Toyota%20Aventador', status: 301, location: '/cars/Maruti%20Ertiga' },
      { url: '/cars/BMW%20X3', status: 301, location: '/cars/Kia%20Seltos' },
      { url: '/cars/Nissan%20Mercielago', status: 301, location: '/cars/Mahindra%20XUV700' },
      { url: '/cars/Ferrari%20Camry', status: 301, location: '/cars/Maruti%20Baleno' },
      { url: '/cars/Mercedes%20Benz%20XC90', status: 301, location: '/cars/Toyota%20Innova%20Hycross' },
      { url: '/cars/Audi%20Fiesta', status: 301, location: '/cars/Maruti%20Dzire' },
      { url: '/cars/Colorado%20Rover', status: 301, location: '/cars/Mahindra%20Bolero' },
    ]);
    const followed = await page(String(answers[0]?.location));
    expect({ status: followed.statusCode, body: followed.body }).toEqual({ status: 200, body: PAGES['cars/Tata Nexon EV'] });
  });

  it('does not serve the prerendered files by their own paths as files', async () => {
    const response = await page('/prerendered/layout/home/index.html');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
