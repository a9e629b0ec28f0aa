import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Availability, Comment, PublicCar } from '#domain/contract';
import { LISTENER_NAME } from '../src/db/change-notices';
import { person } from './admin-helpers';
import { buildTestApp, closeTestApp } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';
import { withAdminClient } from './postgres-admin';
import { twoInstancesOnPostgres, withinOtherInstanceDelay } from './two-instances';

// Public answers come from each instance's memory until the database says they changed. What a
// person sees must not lag behind a write: on the instance that made it, at once; on another
// instance on the same PostgreSQL database, within 2 seconds.

const serverUrl = process.env.TEST_DATABASE_URL;
const ALL_CARS = '/api/cars?pageSize=100';
const POST = 'the-best-way-to-drive-cars';

async function carNames(app: FastifyInstance): Promise<string[]> {
  const response = await send(app, 'GET', ALL_CARS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PublicCar[] }>().data.map((car) => car.carName);
}

async function priceOf(app: FastifyInstance, carName: string): Promise<number | undefined> {
  const response = await send(app, 'GET', ALL_CARS);
  return response.json<{ data: PublicCar[] }>().data.find((car) => car.carName === carName)?.price;
}

const uniqueName = (what: string) => `${what} ${randomBytes(3).toString('hex')}`;

describe('public answers on one instance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => closeTestApp(app));

  it('carry an ETag and a few seconds of browser reuse, and answer 304 to a client that has them', async () => {
    const first = await send(app, 'GET', ALL_CARS);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const again = await send(app, 'GET', ALL_CARS);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await app.inject({ method: 'GET', url: ALL_CARS, headers: { 'if-none-match': String(etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await app.inject({ method: 'GET', url: ALL_CARS, headers: { 'if-none-match': 'W/"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it("keep the headers their route set, such as the bare comment list's total", async () => {
    const url = `/api/comments/get-comment?post=${POST}`;
    const first = await send(app, 'GET', url);
    const again = await send(app, 'GET', url);
    expect(first.headers['x-total-count']).toMatch(/^\d+$/);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('are sent compressed from memory the same as the first time', async () => {
    const plain = await send(app, 'GET', ALL_CARS);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await app.inject({ method: 'GET', url: ALL_CARS, headers: { 'accept-encoding': encoding } });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
      const body = encoding === 'br' ? brotliDecompressSync(compressed.rawPayload) : gunzipSync(compressed.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
  });

  it('carry from memory the headers the first answer carried, Vary naming the origin and the encoding', async () => {
    const headersOf = (response: { headers: Record<string, unknown> }) => {
      const { date: _date, 'content-length': _length, ...rest } = response.headers;
      return rest;
    };
    const asked = [{}, { 'accept-encoding': 'gzip' }, { origin: 'http://localhost:5173', 'accept-encoding': 'br' }];
    for (const [index, headers] of asked.entries()) {
      // An address of its own each time: the first answer is built, the second is the kept one.
      const url = `/api/cars?pageSize=${41 + index}`;
      const built = await app.inject({ method: 'GET', url, headers });
      const kept = await app.inject({ method: 'GET', url, headers });
      expect(kept.statusCode).toBe(200);
      expect(headersOf(kept)).toEqual(headersOf(built));
      expect(String(kept.headers.vary).toLowerCase()).toContain('origin');
      const revalidated = await app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'if-none-match': String(kept.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.etag).toBe(kept.headers.etag);
      expect(String(revalidated.headers.vary).toLowerCase()).toContain('origin');
    }
  });

  it('show a car added, edited, paused, resumed and deleted on the very next request', async () => {
    const owner = await person(app, 'owner');
    expect(await carNames(app)).not.toContain('placeholder');
    const name = uniqueName('Cached Swift');
    const car = await listCar(app, owner.cookie, name, 900);
    expect(await carNames(app)).toContain(name);

    const edited = await send(app, 'POST', '/edit-cars', owner.cookie, {
      id: car.id,
      url: car.url,
      carname: name,
      description: car.description,
      price: 1200,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await priceOf(app, name)).toBe(1200);

    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner.cookie)).statusCode).toBe(200);
    expect(await carNames(app)).not.toContain(name);
    expect((await send(app, 'GET', `/api/cars/${car.id}`)).statusCode).toBe(404);
    expect((await send(app, 'POST', `/api/cars/${car.id}/resume`, owner.cookie)).statusCode).toBe(200);
    expect(await carNames(app)).toContain(name);
    expect((await send(app, 'GET', `/api/cars/${car.id}`)).statusCode).toBe(200);

    const deleted = await send(app, 'POST', '/delete-cars', owner.cookie, { ids: [car.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await carNames(app)).not.toContain(name);
  });

  it("show a car's calendar with a booking the moment it is accepted", async () => {
    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const car = await listCar(app, owner.cookie, uniqueName('Calendar Baleno'), 500);
    const period = `from=${encodeURIComponent(indiaTime(1, '00:00'))}&to=${encodeURIComponent(indiaTime(10, '00:00'))}`;
    const calendar = async () => {
      const response = await send(app, 'GET', `/api/cars/${car.id}/availability?${period}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Availability>().busy;
    };
    expect(await calendar()).toEqual([]);
    const booking = await requestBooking(app, renter.cookie, {
      carName: car.id,
      from: indiaTime(3, '10:00'),
      to: indiaTime(4, '10:00'),
      driver: false,
    });
    expect(await calendar()).toEqual([]);
    expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    expect(await calendar()).toHaveLength(1);
  });

  it("show a new comment in its post's list on the very next request", async () => {
    const writer = await person(app, 'user');
    const comments = async () => {
      const response = await send(app, 'GET', `/api/comments/get-comment?post=${POST}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Comment[]>().map((comment) => comment.content);
    };
    const before = await comments();
    const text = uniqueName('A fresh comment');
    const posted = await send(app, 'POST', '/api/comments/get-comment', writer.cookie, { post: POST, content: text });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await comments()).toEqual([...before, text]);
  });

  it('tell browsers and proxies never to keep what depends on who asks', async () => {
    const owner = await person(app, 'owner');
    for (const url of ['/api/session', '/get-cars', '/api/bookings']) {
      const response = await send(app, 'GET', url, owner.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
  });
});

describe.each(serverUrl ? ['PostgreSQL'] : [])('public answers on two instances of one %s database', () => {
  const instances = twoInstancesOnPostgres(String(serverUrl));
  const within2s = (app: FastifyInstance, seen: (names: string[]) => boolean) =>
    withinOtherInstanceDelay('the old list', async () => seen(await carNames(app)));

  it("see each other's writes within 2 seconds", async () => {
    const { first, second } = instances;
    const owner = await person(first, 'owner');
    const name = uniqueName('Shared Dzire');
    await carNames(second);
    await listCar(first, owner.cookie, name, 700);
    await within2s(second, (names) => names.includes(name));
    const car = (await send(second, 'GET', `/api/cars/${encodeURIComponent(name)}`)).json<PublicCar>();
    expect((await send(first, 'POST', `/api/cars/${car.id}/pause`, owner.cookie)).statusCode).toBe(200);
    await within2s(second, (names) => !names.includes(name));
  });

  describe('when the connection that hears changes drops', () => {
    afterEach(async () => {
      // Both instances listen again before the next test.
      const { first, second } = instances;
      await vi.waitFor(() => expect([first.changes.heard, second.changes.heard]).toEqual([true, true]), {
        timeout: 10_000,
        interval: 20,
      });
    });

    it('answers from the database until it hears again, so nothing stale is served meanwhile', async () => {
      const { first, second } = instances;
      const owner = await person(first, 'owner');
      await carNames(second);
      const dropped = await withAdminClient(String(serverUrl), async (client) => {
        const { rowCount } = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
          [LISTENER_NAME, new URL(instances.databaseUrl).pathname.slice(1)],
        );
        return rowCount;
      });
      expect(dropped).toBeGreaterThan(0);
      const name = uniqueName('Unheard Ertiga');
      await listCar(first, owner.cookie, name, 800);
      await within2s(second, (names) => names.includes(name));
    });
  });
});
