import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp } from './helpers';

/**
 * Least exposure: the app's pages allow no inline style (React sets styles through the CSSOM, which
 * the policy does not govern; a Chromium run of every page of the built app found no violation).
 * Only the API's docs allow them, for the <style> element Swagger UI injects.
 */

let app: FastifyInstance;
let staticDir: string;

function directive(policy: unknown, name: string): string | undefined {
  return String(policy)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'wow-csp-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>WheelsOnWeb</title><div id="root"></div>');
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  app = await buildTestApp({ staticDir });
});
afterAll(async () => {
  await closeTestApp(app);
  await rm(staticDir, { recursive: true, force: true });
});

describe('the content security policy', () => {
  it.each(['/', '/cars/Mahindra%20Bolero', '/bookings/8d4c3f8e-0b8a-4c55-9f5e-2a7f3c1d9b10', '/index.html'])(
    "allows styles from this site only on %s: no 'unsafe-inline'",
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(directive(response.headers['content-security-policy'], 'style-src')).toBe("style-src 'self'");
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
    },
  );

  it("allows inline styles on the API's docs only, and nothing else more", async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(directive(docs.headers['content-security-policy'], 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(docs.headers['content-security-policy'], 'script-src')).not.toContain('unsafe');
  });

  it("still loads pasted picture addresses from their own hosts, and previews of photos chosen on the owner's device", async () => {
    const policy = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https: http:");
    // Plain http is for owners' pictures only, never for scripts, frames or calls.
    expect(policy.split(';').filter((part) => / http:/.test(part))).toEqual(["img-src 'self' data: blob: https: http:"]);
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it("allows the card checkout's and Razorpay's checkout script, frame and API calls, and no other host", async () => {
    const policy = (await app.inject({ method: 'GET', url: '/cars/Mahindra%20Bolero' })).headers['content-security-policy'];
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://checkout.stripe.com https://checkout.razorpay.com");
    expect(directive(policy, 'frame-src')).toBe('frame-src https://checkout.stripe.com https://api.razorpay.com');
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://checkout.stripe.com https://api.stripe.com https://api.razorpay.com",
    );
  });
});

describe("helmet's other headers", () => {
  it.each([
    ['a page', '/'],
    ['a page the app routes', '/cars/Mahindra%20Bolero'],
    ["the API's documentation", '/api/docs/'],
  ])('come with %s (%s)', async (_what, url) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('an answer that is not a page', () => {
  it.each([
    ['an API answer', '/api/health'],
    ['a public answer, the second time from memory', '/api/cars'],
    ['a refusal', '/api/cars?page=0'],
    ['an unknown API address', '/api/no-such-thing'],
    ["one of the app's scripts", '/assets/index-abc123.js'],
  ])('allows nothing to run in it and nothing to frame it: %s (%s)', async (_what, url) => {
    await app.inject({ method: 'GET', url });
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    // What only a document heeds is not sent with every script and every API call.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
