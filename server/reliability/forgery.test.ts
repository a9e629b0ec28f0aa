import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#domain/contract';
import { launchBrowser } from '../../e2e/support/browser';
import { buildTestApp, closeTestApp, register, registerAndSignIn, sessionCookie } from '../tests/helpers';
import { indiaTime, listBookings, listCar, requestBooking } from '../tests/marketplace-helpers';

/**
 * Forged same-site requests, against a listening server: a page on another port of the same host is
 * the same site, so the SameSite=Lax session cookie goes with its requests. Before the fix, a
 * no-cors bodiless POST from such a page accepted an owner's booking in Chromium.
 */

let app: FastifyInstance;
let appOrigin: string;
/** The app's one page: where the owner's browser stands, under the page's own policy (connect-src 'self'). */
let staticDir: string;
/** The attacker's page, served from another port of the same host. */
let attacker: Server;
let attackerOrigin: string;
let browser: Browser;
let owner: { email: string; password: string };
let ownerCookie: string;
let renter: string;
let carId: string;
let nextDay = 2;
/** What reached the server: each request's path, whether it carried a cookie, and the status it got. */
const arrivals: { url: string; withCookie: boolean; status: number }[] = [];

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'wow-forgery-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>WheelsOnWeb</title><div id="root"></div>');
  app = await buildTestApp({ staticDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  appOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  app.server.on('request', (request, response) => {
    response.on('finish', () =>
      arrivals.push({ url: request.url ?? '', withCookie: Boolean(request.headers.cookie), status: response.statusCode }),
    );
  });
  owner = await register(app, 'owner');
  ownerCookie = sessionCookie(
    await app.inject({ method: 'POST', url: '/api/session', payload: { login: owner.email, password: owner.password } }),
  );
  renter = await registerAndSignIn(app, 'user');
  carId = (await listCar(app, ownerCookie, 'Mahindra XUV700', 400)).id;
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Free cars</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await closeTestApp(app);
  await rm(staticDir, { recursive: true, force: true });
});

async function newRequest(): Promise<Booking> {
  const day = nextDay++;
  return requestBooking(app, renter, {
    carName: carId,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
  });
}

async function statusOf(bookingId: string): Promise<string | undefined> {
  return (await listBookings(app, ownerCookie)).find((booking) => booking.id === bookingId)?.status;
}

/** A bodiless POST over a real socket, with exactly the headers given. */
function post(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, appOrigin);
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': '0' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a bodiless accept over the network', () => {
  it.each([
    ['from another port of the same host', { origin: 'http://127.0.0.1:1' }, 403],
    ['from a same-site page without Origin', { 'sec-fetch-site': 'same-site' }, 403],
    ['from a cross-site page without Origin', { 'sec-fetch-site': 'cross-site' }, 403],
    ['with neither header nor a JSON content type', {}, 415],
  ])('%s is refused and the booking stays requested', async (_from, headers, status) => {
    const booking = await newRequest();
    expect(await post(`/api/bookings/${booking.id}/accept`, { cookie: ownerCookie, ...headers })).toBe(status);
    expect(await statusOf(booking.id)).toBe('requested');
  });

  it.each([
    ['from its own origin', () => ({ origin: appOrigin })],
    ['from a same-origin page without Origin', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['from a client that says JSON', () => ({ 'content-type': 'application/json' })],
  ])('%s is taken', async (_from, headers) => {
    const booking = await newRequest();
    expect(await post(`/api/bookings/${booking.id}/accept`, { cookie: ownerCookie, ...headers() })).toBe(200);
    expect(await statusOf(booking.id)).toBe('accepted');
  });
});

describe('in Chromium, with the owner signed in', () => {
  it("a no-cors POST from a page on another port cannot accept the owner's booking; the same call from the app's own page can", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // The owner signs in on the app's page, so the browser holds the session cookie. An API answer
      // is no page to stand on: its policy (default-src 'none') lets nothing in it call out.
      await page.goto(`${appOrigin}/`);
      const signedIn = await page.evaluate(
        async ([login, password]) =>
          (
            await fetch('/api/session', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ login, password }),
            })
          ).status,
        [owner.email, owner.password] as const,
      );
      expect(signedIn).toBe(200);

      const forged = await newRequest();
      await page.goto(attackerOrigin);
      // The browser may withhold even the opaque answer (Cross-Origin-Resource-Policy); the request is sent either way.
      await page.evaluate(async (url) => {
        await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }).catch(() => undefined);
      }, `${appOrigin}/api/bookings/${forged.id}/accept`);
      await expect
        .poll(() => arrivals.find((arrival) => arrival.url === `/api/bookings/${forged.id}/accept`))
        .toEqual({
          url: `/api/bookings/${forged.id}/accept`,
          withCookie: true,
          status: 403,
        });
      expect(await statusOf(forged.id)).toBe('requested');

      const honest = await newRequest();
      await page.goto(`${appOrigin}/`);
      const status = await page.evaluate(
        async (url) => (await fetch(url, { method: 'POST', credentials: 'include' })).status,
        `/api/bookings/${honest.id}/accept`,
      );
      expect(status).toBe(200);
      expect(await statusOf(honest.id)).toBe('accepted');
    } finally {
      await context.close();
    }
  });
});
