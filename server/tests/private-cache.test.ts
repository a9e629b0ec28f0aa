import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CodedAnswer, OwnerCar } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { bookings, cars } from '../src/db/schema';
import { person } from './admin-helpers';
import { buildTestApp, closeTestApp, TEST_RENTER_PHONE } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';
import { twoInstancesOnPostgres, withinOtherInstanceDelay } from './two-instances';

// An owner's cars and someone's bookings come from each instance's memory, kept per account, until
// the database says that account's lists changed. Nobody may ever read a list older than their own
// last change, or see another account's list; and a request that expires while its list sits in
// memory reads as expired from that moment, with no write to say so.

const serverUrl = process.env.TEST_DATABASE_URL;
const MINUTE_MS = 60 * 1000;
const uniqueName = (what: string) => `${what} ${randomBytes(3).toString('hex')}`;

async function ownerCars(app: FastifyInstance, cookie: string): Promise<OwnerCar[]> {
  const response = await send(app, 'GET', '/get-cars', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CodedAnswer<OwnerCar[]>>().data;
}

async function bookingList(app: FastifyInstance, cookie: string, query = ''): Promise<{ data: Booking[]; total: number }> {
  const response = await send(app, 'GET', `/api/bookings${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Booking[]; total: number }>();
}

const statusOf = async (app: FastifyInstance, cookie: string, bookingId: string) =>
  (await bookingList(app, cookie)).data.find((booking) => booking.id === bookingId)?.status;

describe('signed-in lists on one instance', () => {
  let app: FastifyInstance;
  // Runs with real time, and a test moves it on where a request must expire.
  const clock = movableClock(new Date(), { ticks: true });
  beforeAll(async () => {
    app = await buildTestApp({}, { clock });
  });
  afterAll(() => closeTestApp(app));

  it("show an owner's car added, edited, changed in the database by hand and deleted on the very next request", async () => {
    const owner = await person(app, 'owner');
    expect(await ownerCars(app, owner.cookie)).toEqual([]);
    const name = uniqueName('Kept Creta');
    const car = await listCar(app, owner.cookie, name, 900);
    expect((await ownerCars(app, owner.cookie)).map((listed) => listed.carname)).toEqual([name]);

    const edited = await send(app, 'POST', '/edit-cars', owner.cookie, {
      id: car.id,
      url: car.url,
      carname: name,
      description: car.description,
      price: 1100,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ownerCars(app, owner.cookie))[0]?.price).toBe(1100);

    await app.db.update(cars).set({ price: 1300 }).where(eq(cars.id, car.id));
    expect((await ownerCars(app, owner.cookie))[0]?.price).toBe(1300);

    expect((await send(app, 'POST', '/delete-cars', owner.cookie, { ids: [car.id] })).statusCode).toBe(200);
    expect(await ownerCars(app, owner.cookie)).toEqual([]);
  });

  it("never answer one account with another's list", async () => {
    const first = await person(app, 'owner');
    const second = await person(app, 'owner');
    const name = uniqueName('Only Mine Nexon');
    await listCar(app, first.cookie, name, 800);
    expect((await ownerCars(app, first.cookie)).map((car) => car.carname)).toEqual([name]);
    expect(await ownerCars(app, second.cookie)).toEqual([]);
    expect((await ownerCars(app, first.cookie)).map((car) => car.carname)).toEqual([name]);
  });

  it("show a booking on its renter's and its owner's lists as it is asked for, accepted and cancelled", async () => {
    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const car = await listCar(app, owner.cookie, uniqueName('Kept Baleno'), 500);
    expect((await bookingList(app, renter.cookie)).total).toBe(0);
    expect((await bookingList(app, owner.cookie)).total).toBe(0);

    const booking = await requestBooking(app, renter.cookie, {
      carName: car.id,
      from: indiaTime(3, '10:00'),
      to: indiaTime(4, '10:00'),
      driver: false,
    });
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('requested');
    expect(await statusOf(app, owner.cookie, booking.id)).toBe('requested');

    expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('accepted');
    expect(await statusOf(app, owner.cookie, booking.id)).toBe('accepted');
    expect((await bookingList(app, owner.cookie)).data[0]?.renter.phone).toBe(TEST_RENTER_PHONE);

    // The renter's phone shows on the owner's list once accepted: a change to it must show there too.
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: renter.cookie, 'content-type': 'application/json' },
      payload: { phoneNumber: '+919812345678' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await bookingList(app, owner.cookie)).data[0]?.renter.phone).toBe('+919812345678');

    expect((await act(app, renter.cookie, booking.id, 'cancel')).statusCode).toBe(200);
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('cancelled');
    expect(await statusOf(app, owner.cookie, booking.id)).toBe('cancelled');
  });

  it('show a request as expired from the moment it expires, though nothing was written since the list was read', async () => {
    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const car = await listCar(app, owner.cookie, uniqueName('Expiring Brezza'), 600);
    const booking = await requestBooking(app, renter.cookie, {
      carName: car.id,
      from: indiaTime(5, '10:00'),
      to: indiaTime(6, '10:00'),
      driver: false,
    });
    // Expiring in a minute, as if its period began then: the sweep has not run, so nothing else is written.
    const expiresAt = new Date(clock.now().getTime() + MINUTE_MS);
    await app.db.update(bookings).set({ expiresAt }).where(eq(bookings.id, booking.id));
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('requested');
    expect((await bookingList(app, owner.cookie, '?status=requested')).total).toBe(1);
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('requested');

    clock.advance(MINUTE_MS);
    expect(await statusOf(app, renter.cookie, booking.id)).toBe('expired');
    expect((await bookingList(app, owner.cookie, '?status=requested')).total).toBe(0);
    expect((await bookingList(app, owner.cookie, '?status=expired')).total).toBe(1);
  });
});

describe.each(serverUrl ? ['PostgreSQL'] : [])('signed-in lists on two instances of one %s database', () => {
  const instances = twoInstancesOnPostgres(String(serverUrl));

  it("see each other's writes to an owner's cars and a renter's bookings", async () => {
    const { first, second } = instances;
    const owner = await person(first, 'owner');
    const renter = await person(first, 'user');
    expect(await ownerCars(second, owner.cookie)).toEqual([]);
    const car = await listCar(first, owner.cookie, uniqueName('Shared Venue'), 700);
    await withinOtherInstanceDelay('no car', async () => (await ownerCars(second, owner.cookie)).length === 1);

    expect((await bookingList(second, renter.cookie)).total).toBe(0);
    const booking = await requestBooking(first, renter.cookie, {
      carName: car.id,
      from: indiaTime(3, '10:00'),
      to: indiaTime(4, '10:00'),
      driver: false,
    });
    const statusOnSecond = (status: string) => async () => (await statusOf(second, renter.cookie, booking.id)) === status;
    await withinOtherInstanceDelay('no booking', statusOnSecond('requested'));
    expect((await act(first, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    await withinOtherInstanceDelay('the request unanswered', statusOnSecond('accepted'));
  });
});
