import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../build/precompress';
import { buildTestApp, closeTestApp, newAccount, register } from './helpers';

let app: FastifyInstance;
let distDir: string;

const INDEX_HTML = '<!doctype html><html><head><title>WheelsOnWeb</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('WheelsOnWeb '.repeat(400))});`;
/** An asset the build compressed (build/precompress.ts), as every asset of a real build is. */
const PRECOMPRESSED_SCRIPT = 'assets/Layout-C4fe91aQ.js';

/** A stand-in for dist/: the shape `vite build` writes, small enough to check by hand. */
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'wow-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, 'images'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, 'assets', 'index-Bx7f3k2a.js'), SCRIPT);
  await writeFile(path.join(distDir, PRECOMPRESSED_SCRIPT), SCRIPT);
  await precompressFile(path.join(distDir, PRECOMPRESSED_SCRIPT));
  await writeFile(path.join(distDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildTestApp({ staticDir: distDir, requestsPerMinute: 20 });
});
afterAll(async () => {
  await closeTestApp(app);
  await rm(distDir, { recursive: true, force: true });
});

const page = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  app.inject({ method: 'GET', url, headers: { accept } });

describe('the built app', () => {
  it('serves index.html at / with no-cache', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-Bx7f3k2a.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ method: 'GET', url: '/assets/index-Bx7f3k2a.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the build's own compressed copy of an asset, with the asset's headers", async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: `/${PRECOMPRESSED_SCRIPT}`,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    for (const [accepted, encoding, suffix] of [
      ['br, gzip, deflate', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await get(accepted);
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers['content-type'], accepted).toBe(plain.headers['content-type']);
      expect(response.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(response.rawPayload.equals(await readFile(path.join(distDir, `${PRECOMPRESSED_SCRIPT}${suffix}`))), accepted).toBe(
        true,
      );
    }
    // The copies are sent for the asset's address only.
    expect((await page(`/${PRECOMPRESSED_SCRIPT}.br`, '*/*')).statusCode).toBe(404);
  });

  it('caches files that keep their names across builds for a month', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
  });

  it("sends a file of the page's without headers the page's own requests never read", async () => {
    // A module script names its page's origin, though the page is this server's own.
    for (const url of ['/assets/index-Bx7f3k2a.js', `/${PRECOMPRESSED_SCRIPT}`, '/images/logo.svg']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', origin: 'http://localhost:80' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.etag, url).toBeDefined();
      for (const name of [
        'last-modified',
        'accept-ranges',
        'access-control-allow-credentials',
        'access-control-expose-headers',
      ]) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('still answers a cross-origin request for a file as CORS allows it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-Bx7f3k2a.js',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it("answers the app's page addresses with index.html, so a reload works", async () => {
    for (const url of [
      '/layout/cars',
      '/cars/Tata%20Nexon%20EV',
      '/get/cars',
      '/Renting',
      '/blogs/If%20you%20are%20renting%20a%20car',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await page('/layout/cars', '*/*')).body).toBe(INDEX_HTML);
  });

  it('never answers an API address with the page', async () => {
    const unknownApi = await page('/api/nothing-here');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toEqual({ message: 'Nothing answers GET /api/nothing-here here.' });

    const specPathOtherMethod = await page('/register/user');
    expect(specPathOtherMethod.statusCode).toBe(404);
    expect(specPathOtherMethod.headers['content-type']).toMatch(/^application\/json/);

    const ownerList = await page('/get-cars');
    expect(ownerList.statusCode).toBe(401);
    expect(ownerList.json()).toEqual({ message: 'Please sign in first.', code: 401 });

    const health = await page('/api/health');
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await page('/assets/index-old.js', '*/*');
    expect(response.statusCode).toBe(404);
  });

  it('answers 404, not the page, for a file the build does not have', async () => {
    for (const url of ['/.env', '/x.bak', '/foo.php', '/wp-admin/setup-config.php', '/.git/config', '/backup.tar.gz?v=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it("still answers the app's pages whose names hold a dot", async () => {
    for (const url of [
      '/cars/Maruti%20Swift%201.2',
      '/cars/Nexon%20EV.max',
      '/blogs/Renting%20in%202025.%20A%20guide',
      '/layout/home',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers a JSON 404 to a client that does not ask for HTML', async () => {
    const response = await page('/layout/cars', 'application/json, text/plain, */*');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('does not count files and pages against the per-address ceiling', async () => {
    for (let i = 0; i < 30; i += 1) {
      const url = ['/', '/assets/index-Bx7f3k2a.js', '/images/logo.svg', '/layout/home'][i % 4]!;
      expect((await page(url, '*/*')).statusCode, `${url} #${i}`).toBe(200);
    }
    for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.10.0.1' });
    const limited = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.10.0.1' });
    expect(limited.statusCode).toBe(429);
  });

  it('still signs in on POST / while GET / is the page', async () => {
    const account = await register(app, 'user', newAccount());
    const response = await app.inject({
      method: 'POST',
      url: '/',
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('Signed in.');
  });
});
