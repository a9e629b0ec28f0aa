import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodedAnswer, DeletedCount, OwnerCar } from '#domain/contract';
import { bookings, cars } from '../src/db/schema';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';

let app: FastifyInstance;
let ownerA: string;
let ownerB: string;
let renter: string;
let adminCookie: string;
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };

beforeAll(async () => {
  app = await buildTestApp({ admin });
  [ownerA, ownerB, renter] = await Promise.all([
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'user'),
  ]);
  adminCookie = await signIn(app, admin.email, admin.password);
});
afterAll(() => closeTestApp(app));

const sampleCar = {
  url: 'https://images.example.in/swift.jpg',
  carname: 'Maruti Swift',
  description: 'A nimble hatchback for city errands.',
  price: '1500',
};

function send(method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function addCar(cookie: string, car: Partial<typeof sampleCar> & { price?: unknown } = {}) {
  const response = await send('POST', '/add-cars', cookie, { ...sampleCar, ...car });
  expect(response.statusCode).toBe(201);
}

async function listCars(cookie: string): Promise<OwnerCar[]> {
  const response = await send('GET', '/get-cars', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<CodedAnswer<OwnerCar[]>>().data;
}

/** Adds a car with a unique name and returns it as the owner's list shows it. */
async function carOf(cookie: string, carname: string): Promise<OwnerCar> {
  await addCar(cookie, { carname });
  const car = (await listCars(cookie)).find((c) => c.carname === carname);
  if (!car) throw new Error(`${carname} was not listed`);
  return car;
}

describe('POST /add-cars', () => {
  it('answers 201 with the plain text "saved"', async () => {
    const response = await send('POST', '/add-cars', ownerA, sampleCar);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('saved');
  });

  it('takes the price as a number too, and a site path as the image', async () => {
    const car = await carOf(ownerA, 'Tata Nexon');
    expect(car.price).toBe(1500);
    await addCar(ownerA, { carname: 'Hyundai Creta', price: 2200 as unknown as string, url: '/images/cars/bmw-x3.svg' });
    const creta = (await listCars(ownerA)).find((c) => c.carname === 'Hyundai Creta');
    expect(creta).toMatchObject({ price: 2200, url: '/images/cars/bmw-x3.svg' });
  });

  it.each([
    ['a price with paise', { price: 12.5 }, /price/i],
    ['a price with paise, as text', { price: '12.5' }, /price/i],
    ['a price of 0', { price: 0 }, /price/i],
    ['a price over 10 lakh', { price: 1_000_001 }, /price/i],
    ['a price that is not a number', { price: 'cheap' }, /price/i],
    ['a missing price', { price: undefined }, /price is required/i],
    ['a missing car name', { carname: undefined }, /^Car name is required/],
    ['a blank car name', { carname: '   ' }, /^Car name must not be empty/],
    ['a car name over 100 characters', { carname: 'c'.repeat(101) }, /^Car name must be at most 100/],
    ['a description over 2,000 characters', { description: 'd'.repeat(2001) }, /description.*2000/i],
    ['a javascript: image address', { url: 'javascript:alert(1)' }, /^Picture address must be/],
    ['an ftp image address', { url: 'ftp://example.in/car.jpg' }, /^Picture address must be/],
    ['a protocol-relative image address', { url: '//evil.example/car.jpg' }, /^Picture address must be/],
    ['a number as car name', { carname: 42 }, /^Car name must be text/],
  ])('answers 400 naming the field for %s, and saves nothing', async (_case, change, message) => {
    const owner = await registerAndSignIn(app, 'owner');
    const response = await send('POST', '/add-cars', owner, { ...sampleCar, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await listCars(owner)).toEqual([]);
  });

  it('says a refused price is whole rupees per hour, and its range', async () => {
    for (const price of [0, '12.5', 1_000_001]) {
      const response = await send('POST', '/add-cars', ownerA, { ...sampleCar, price });
      expect(response.json<{ message: string }>().message).toBe(
        'Price must be a whole number of rupees per hour, from ₹1 to ₹10,00,000.',
      );
    }
  });

  it('accepts a price of exactly 1 and exactly 10 lakh rupees', async () => {
    await addCar(ownerA, { carname: 'Cheapest', price: '1' });
    await addCar(ownerA, { carname: 'Dearest', price: '1000000' });
  });
});

describe('GET /get-cars', () => {
  it("lists only the caller's cars, newest first, in the contract's shape", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const other = await registerAndSignIn(app, 'owner');
    await addCar(owner, { carname: 'First' });
    await addCar(other, { carname: 'Not mine' });
    await addCar(owner, { carname: 'Second' });
    const response = await send('GET', '/get-cars', owner);
    const body = response.json<CodedAnswer<OwnerCar[]>>();
    expect(body.code).toBe(200);
    expect(body.message).toBe('success');
    expect(body.data.map((car) => car.carname)).toEqual(['Second', 'First']);
    const ownerId = await accountId(app, owner);
    expect(body.data[0]).toEqual({
      _id: body.data[0]!.id,
      id: expect.any(String),
      url: sampleCar.url,
      carname: 'Second',
      description: sampleCar.description,
      price: 1500,
      // The spec's form sends no city or attributes: the defaults.
      city: 'Bengaluru',
      pickupArea: '',
      ac: true,
      bodyType: 'hatchback',
      seats: 5,
      transmission: 'manual',
      fuel: 'petrol',
      // A hatchback's deposit and prices; no price per extra km without a limit.
      depositPaise: 300_000,
      fuelEighthPrice: 50_000,
      batteryTenthPrice: 20_000,
      payAtPickup: false,
      instantBooking: false,
      photos: [],
      paused: false,
      ownerId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers 401 with code when signed out, 403 with code for a user or an admin', async () => {
    const signedOut = await send('GET', '/get-cars', undefined);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in first.', code: 401 });
    const user = await send('GET', '/get-cars', renter);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: expect.stringMatching(/owner/), code: 403 });
    expect((await send('GET', '/get-cars', adminCookie)).statusCode).toBe(403);
  });
});

describe('GET /get-car/{id}', () => {
  it("answers the caller's own car", async () => {
    const car = await carOf(ownerA, 'Kia Seltos');
    const response = await send('GET', `/get-car/${car.id}`, ownerA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: car });
  });

  it("answers 404 with code for another owner's car, exactly as for a missing one", async () => {
    const car = await carOf(ownerA, 'Mahindra Thar');
    const theirs = await send('GET', `/get-car/${car.id}`, ownerB);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ code: number }>().code).toBe(404);
    const missing = await send('GET', '/get-car/00000000-0000-4000-8000-000000000000', ownerB);
    expect(missing.json()).toEqual(theirs.json());
  });

  it('answers 400 with code for a malformed id', async () => {
    const response = await send('GET', '/get-car/not-an-id', ownerA);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/id/i), code: 400 });
  });

  it('answers 400 for a very long id rather than failing', async () => {
    const response = await send('GET', `/get-car/${'a'.repeat(400)}`, ownerA);
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /edit-cars', () => {
  it("changes the caller's car and answers it with code 200", async () => {
    const car = await carOf(ownerA, 'Honda City');
    const response = await send('POST', '/edit-cars', ownerA, {
      id: car.id,
      url: 'https://images.example.in/city.jpg',
      carname: 'Honda City ZX',
      description: 'Now with a sunroof.',
      price: 1800,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<CodedAnswer<OwnerCar>>();
    expect(body).toMatchObject({ code: 200, message: 'edit success' });
    expect(body.data).toMatchObject({ id: car.id, carname: 'Honda City ZX', price: 1800, createdAt: car.createdAt });
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(car.updatedAt));
    const reread = await send('GET', `/get-car/${car.id}`, ownerA);
    expect(reread.json<CodedAnswer<OwnerCar>>().data.carname).toBe('Honda City ZX');
  });

  it("answers 404 for another owner's car and leaves it unchanged", async () => {
    const car = await carOf(ownerA, 'Toyota Innova');
    const response = await send('POST', '/edit-cars', ownerB, { ...sampleCar, id: car.id, carname: 'Stolen', price: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: number }>().code).toBe(404);
    const reread = await send('GET', `/get-car/${car.id}`, ownerA);
    expect(reread.json<CodedAnswer<OwnerCar>>().data).toEqual(car);
  });

  it('answers 400 with code for a bad field, and changes nothing', async () => {
    const car = await carOf(ownerA, 'Skoda Kushaq');
    const response = await send('POST', '/edit-cars', ownerA, { ...sampleCar, id: car.id, price: 99.99 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/price/i), code: 400 });
    const malformed = await send('POST', '/edit-cars', ownerA, { ...sampleCar, id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/id/i);
    const reread = await send('GET', `/get-car/${car.id}`, ownerA);
    expect(reread.json<CodedAnswer<OwnerCar>>().data).toEqual(car);
  });

  it('answers 403 with code for a user account', async () => {
    const car = await carOf(ownerA, 'MG Hector');
    const response = await send('POST', '/edit-cars', renter, { ...sampleCar, id: car.id });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: number }>().code).toBe(403);
  });
});

describe('POST /delete-cars', () => {
  it("deletes the caller's cars named in a bare list", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const one = await carOf(owner, 'One');
    const two = await carOf(owner, 'Two');
    await carOf(owner, 'Three');
    const response = await send('POST', '/delete-cars', owner, [one.id, two.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: 'delete success',
      data: {
        deletedCount: 2,
        results: [
          { id: one.id, carName: 'One', outcome: 'deleted', declinedRequests: 0 },
          { id: two.id, carName: 'Two', outcome: 'deleted', declinedRequests: 0 },
        ],
      },
    });
    expect((await listCars(owner)).map((car) => car.carname)).toEqual(['Three']);
  });

  it('accepts {ids: [...]} too', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await carOf(owner, 'Only');
    const response = await send('POST', '/delete-cars', owner, { ids: [car.id] });
    expect(response.json<CodedAnswer<{ deletedCount: number }>>().data.deletedCount).toBe(1);
    expect(await listCars(owner)).toEqual([]);
  });

  it("deletes nothing and answers 404 when any id is another owner's car", async () => {
    const mine = await carOf(ownerA, 'Mine to delete');
    const theirs = await carOf(ownerB, 'Theirs to keep');
    const response = await send('POST', '/delete-cars', ownerA, [mine.id, theirs.id]);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: number }>().code).toBe(404);
    expect((await send('GET', `/get-car/${mine.id}`, ownerA)).statusCode).toBe(200);
    expect((await send('GET', `/get-car/${theirs.id}`, ownerB)).statusCode).toBe(200);
  });

  it.each([
    ['an empty list', []],
    ['an object without ids', { id: 'x' }],
    ['a string', 'all'],
    ['a list with a malformed id', ['not-an-id']],
  ])('answers 400 with code for %s', async (_case, payload) => {
    const response = await send('POST', '/delete-cars', ownerA, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: number }>().code).toBe(400);
  });

  // A car with bookings is archived rather than refused (409, the old rule), so its bookings' history is kept.
  it('archives a car with bookings instead of deleting it, declining its open request, and deletes the one without', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await carOf(owner, 'Booked');
    const free = await carOf(owner, 'Free');
    await app.db.insert(bookings).values({
      carId: car.id,
      renterId: await accountId(app, renter),
      startsAt: new Date('2030-01-01T10:00:00+05:30'),
      expiresAt: new Date('2030-01-01T10:00:00+05:30'),
      endsAt: new Date('2030-01-01T12:00:00+05:30'),
      hours: 2,
      driver: false,
      pricePerHour: 1500,
      total: 3000,
      amountPaise: 300000,
    });
    const response = await send('POST', '/delete-cars', owner, [free.id, car.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CodedAnswer<DeletedCount>>().data).toEqual({
      deletedCount: 2,
      results: [
        { id: free.id, carName: 'Free', outcome: 'deleted', declinedRequests: 0 },
        { id: car.id, carName: 'Booked', outcome: 'archived', declinedRequests: 1 },
      ],
    });
    expect(await listCars(owner)).toEqual([]);
    expect(await app.db.select({ id: cars.id }).from(cars).where(eq(cars.id, free.id))).toHaveLength(0);
    const [kept] = await app.db.select().from(cars).where(eq(cars.id, car.id));
    expect(kept?.archivedAt).toBeInstanceOf(Date);
  });

  it('answers 401 with code when signed out', async () => {
    const response = await send('POST', '/delete-cars', undefined, ['00000000-0000-4000-8000-000000000000']);
    expect(response.json()).toEqual({ message: 'Please sign in first.', code: 401 });
  });
});

describe('bodies the owner routes refuse', () => {
  it('answers 415 with code for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/edit-cars',
      headers: { cookie: ownerA, 'content-type': 'text/plain' },
      payload: 'id=1&price=2',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.stringMatching(/JSON/), code: 415 });
  });

  it('answers 413 for a body over 100 KB, and saves nothing', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const response = await send('POST', '/add-cars', owner, { ...sampleCar, description: 'x'.repeat(101 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is larger than 100 KB.' });
    expect(await listCars(owner)).toEqual([]);
  });

  it('answers 413 with code on a route the spec reads the code from', async () => {
    const car = await carOf(ownerA, 'Renault Kwid');
    const response = await send('POST', '/edit-cars', ownerA, { ...sampleCar, id: car.id, description: 'x'.repeat(101 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: number }>().code).toBe(413);
  });

  it('answers 400 with code for malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/delete-cars',
      headers: { cookie: ownerA, 'content-type': 'application/json' },
      payload: '["abc",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.', code: 400 });
  });
});
