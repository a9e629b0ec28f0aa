import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#domain/contract';
import { buildTestApp, closeTestApp, newAccount, registerAndSignIn } from './helpers';
import { indiaTime, listBookings, listCar, requestBooking } from './marketplace-helpers';

/**
 * Forged same-site requests: a page on another port or subdomain of our host is the same site, so
 * the SameSite=Lax cookie goes with its bodiless POSTs. A state-changing request is refused unless
 * its Origin (or, without one, Sec-Fetch-Site) names this server or CORS_ORIGINS; with neither, it
 * must say it is JSON.
 */

const HOST = 'wheels.example';
const TRUSTED = 'https://app.wheels.example';

let app: FastifyInstance;
let owner: string;
let renter: string;
let carId: string;
let nextDay = 2;

beforeAll(async () => {
  app = await buildTestApp({ corsOrigins: [TRUSTED] });
  [owner, renter] = await Promise.all([registerAndSignIn(app, 'owner'), registerAndSignIn(app, 'user')]);
  carId = (await listCar(app, owner, 'Tata Nexon', 300)).id;
});
afterAll(() => closeTestApp(app));

async function newRequest(): Promise<Booking> {
  const day = nextDay++;
  return requestBooking(app, renter, {
    carName: carId,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
  });
}

/** The owner accepts a booking the way a page would: a bodiless POST with the cookie and whatever headers it gets. */
function accept(bookingId: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/accept`,
    headers: { host: HOST, cookie: owner, ...headers },
  });
}

async function statusOf(bookingId: string): Promise<string | undefined> {
  return (await listBookings(app, owner)).find((booking) => booking.id === bookingId)?.status;
}

describe('a bodiless booking accept', () => {
  it.each([
    ['another port of the same host', { origin: `http://${HOST}:8080` }],
    ['a subdomain', { origin: `https://evil.${HOST}` }],
    ['another site', { origin: 'https://evil.example' }],
    ['a sandboxed page (Origin: null)', { origin: 'null' }],
    ['a same-site page that sent no Origin', { 'sec-fetch-site': 'same-site' }],
    ['a cross-site page that sent no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['another port, even when it claims JSON', { origin: `http://${HOST}:8080`, 'content-type': 'application/json' }],
  ])('from %s is refused with 403 and the booking stays requested', async (_from, headers) => {
    const booking = await newRequest();
    const response = await accept(booking.id, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/another site/);
    expect(await statusOf(booking.id)).toBe('requested');
  });

  it('with neither Origin nor Sec-Fetch-Site and no JSON content type is refused with 415 and changes nothing', async () => {
    const booking = await newRequest();
    const attempts: Record<string, string>[] = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of attempts) {
      const response = await accept(booking.id, headers);
      expect(response.statusCode).toBe(415);
      expect(response.json<{ message: string }>().message).toMatch(/Content-Type: application\/json/);
    }
    expect(await statusOf(booking.id)).toBe('requested');
  });

  it.each([
    ['this server (http)', { origin: `http://${HOST}` }],
    ['this server behind a proxy that ends TLS', { origin: `https://${HOST}` }],
    ['an origin in CORS_ORIGINS', { origin: TRUSTED }],
    ['a same-origin page that sent no Origin', { 'sec-fetch-site': 'same-origin' }],
    ['a client that is not a browser and says JSON', { 'content-type': 'application/json; charset=utf-8' }],
  ])('from %s goes through', async (_from, headers) => {
    const booking = await newRequest();
    const response = await accept(booking.id, headers);
    expect(response.statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('accepted');
  });
});

describe('requests with a body', () => {
  it('a JSON registration from a foreign page is refused with 403 and creates no account', async () => {
    const account = newAccount();
    const payload = { ...account, confirmPassword: account.password };
    const refused = await app.inject({
      method: 'POST',
      url: '/register/user',
      headers: { host: HOST, origin: `http://${HOST}:5173` },
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: account.email, password: account.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('a text body from our own page still gets 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
  });

  it('reads are not affected: a GET from another site is answered', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/cars',
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('lists 403 and 415 on every operation that changes something', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    }>();
    const changing = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ operation: `${method} ${path}`, responses: operation.responses })),
    );
    expect(changing.length).toBeGreaterThan(10);
    for (const { operation, responses } of changing) {
      expect(responses[403]?.description, operation).toMatch(/another site/);
      expect(responses[415], operation).toBeDefined();
    }
  });
});
