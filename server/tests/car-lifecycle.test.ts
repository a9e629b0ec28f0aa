import { DEFAULT_CANCELLATION_POLICY } from '#domain/cancellation';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIndiaTime } from '#domain/india-time';
import type {
  Booking,
  BookingReceipt,
  CodedAnswer,
  DeletedCount,
  NewBooking,
  OwnerCar,
  PagedAnswer,
  PublicCar,
} from '#domain/contract';
import { bookings, carPhotos, cars } from '../src/db/schema';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { priceRequest, storeRequest } from '../src/bookings/requests';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, bookingLinks, indiaTime, listBookings, listCar, requestBooking, send } from './marketplace-helpers';

/**
 * Pausing, archiving and deleting an owner's cars (a booked car's history must outlive it), through
 * the HTTP API on the real database, with the card provider's and Razorpay's stand-ins. A booking
 * whose period "has ended" is moved into the past directly in the database: the API never takes a
 * booking for a past period.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const REMOVED = 'The owner removed this car from the marketplace.';
const PAUSED = 'This car is not taking bookings right now: its owner has paused it.';

let stripe: CardProviderStandIn;
let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let renter: string;
let otherRenter: string;
/** A day of its own ahead for every booking, so accepted periods never overlap. */
let nextDay = 2;

beforeAll(async () => {
  [stripe, razorpay] = await Promise.all([startCardProviderStandIn(), startRazorpayStandIn()]);
  app = await buildTestApp({
    cardPayments: { secretKey: stripe.secretKey, publishableKey: 'pk_test_stand_in', apiBase: new URL(stripe.url) },
    razorpay: {
      keyId: razorpay.keyId,
      keySecret: razorpay.keySecret,
      webhookSecret: razorpay.webhookSecret,
      apiBase: new URL(razorpay.url),
    },
  });
  [renter, otherRenter] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'user')]);
});
afterAll(async () => {
  await closeTestApp(app);
  await Promise.all([stripe.close(), razorpay.close()]);
});

/** Nine to five on a day of its own ahead, paid by card when `token` is given. */
function period(carId: string, token?: string): NewBooking {
  const day = nextDay++;
  return {
    carName: carId,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
    ...(token ? { paymentToken: token } : {}),
  };
}

async function accepted(carId: string, owner: string): Promise<Booking> {
  const booking = await requestBooking(app, renter, period(carId, 'tok_visa'));
  const response = await act(app, owner, booking.id, 'accept');
  if (response.statusCode !== 200) throw new Error(`accept failed: ${response.statusCode} ${response.body}`);
  return booking;
}

let daysBack = 1;

/** Moves the booking's period (keeping its length) into the past, a day of its own back; a request so moved is due to expire. */
async function moveIntoPast(bookingId: string): Promise<void> {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error('no such booking');
  const endsAt = new Date(Date.now() - HOUR_MS - daysBack++ * DAY_MS);
  const startsAt = new Date(endsAt.getTime() - (row.endsAt.getTime() - row.startsAt.getTime()));
  await app.db.update(bookings).set({ startsAt, endsAt, expiresAt: startsAt }).where(eq(bookings.id, bookingId));
}

const removeCars = (owner: string, ids: string[]) => send(app, 'POST', '/delete-cars', owner, ids);

async function ownerCars(owner: string): Promise<OwnerCar[]> {
  return (await send(app, 'GET', '/get-cars', owner)).json<CodedAnswer<OwnerCar[]>>().data;
}

async function inPublicList(carName: string): Promise<boolean> {
  const response = await send(app, 'GET', `/api/cars?q=${encodeURIComponent(carName)}`);
  return response.json<PagedAnswer<PublicCar>>().data.some((car) => car.carName === carName);
}

async function stored(bookingId: string) {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} is not stored`);
  return row;
}

async function carRow(carId: string) {
  const [row] = await app.db.select().from(cars).where(eq(cars.id, carId));
  return row;
}

describe('POST /api/cars/{id}/pause and /resume', () => {
  it('takes a paused car out of the public list and bookings, keeps its accepted bookings, and lets its owner answer requests', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Paused Ertiga', 300);
    const trip = await accepted(car.id, owner);
    const waiting = await requestBooking(app, otherRenter, period(car.id, 'tok_visa'));

    const paused = await send(app, 'POST', `/api/cars/${car.id}/pause`, owner);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<OwnerCar>()).toMatchObject({ id: car.id, carname: 'Paused Ertiga', paused: true });
    expect((await ownerCars(owner)).find((listed) => listed.id === car.id)?.paused).toBe(true);

    expect(await inPublicList('Paused Ertiga')).toBe(false);
    expect((await send(app, 'GET', `/api/cars/${car.id}`)).statusCode).toBe(404);

    const before = await app.db.$count(bookings, eq(bookings.carId, car.id));
    const booking = await send(app, 'POST', '/api/bookings', renter, period(car.id));
    expect(booking.statusCode).toBe(409);
    expect(booking.json()).toEqual({ message: PAUSED });
    const byName = await send(app, 'POST', '/api/bookings', renter, period('Paused Ertiga'));
    expect(byName.json()).toEqual({ message: PAUSED });
    const order = await send(app, 'POST', '/api/payments/razorpay/orders', renter, {
      ...period(car.id),
      driver: true,
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toEqual({ message: PAUSED });
    expect(razorpay.orders.size).toBe(0);
    expect(await app.db.$count(bookings, eq(bookings.carId, car.id))).toBe(before);

    const receipt = await send(app, 'GET', `/api/bookings/${trip.id}`, renter);
    expect(receipt.json<BookingReceipt>()).toMatchObject({ status: 'accepted', car: { carName: 'Paused Ertiga' } });
    const declined = await act(app, owner, waiting.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Booking>().status).toBe('declined');

    const resumed = await send(app, 'POST', `/api/cars/${car.id}/resume`, owner);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<OwnerCar>().paused).toBe(false);
    expect(await inPublicList('Paused Ertiga')).toBe(true);
    expect((await send(app, 'POST', '/api/bookings', renter, period(car.id, 'tok_visa'))).statusCode).toBe(201);
  });

  it("refuses a request priced just before the pause and stored after it: the pause is seen under the car's lock", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Paused Meanwhile', 300);
    const chosen = period(car.id);
    const requestedAt = new Date();
    const from = new Date(chosen.from);
    const to = new Date(chosen.to);
    const { car: row, price } = await priceRequest(app.db, { carName: car.id, from, to, driver: false }, undefined, requestedAt);
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner)).statusCode).toBe(200);

    const storing = storeRequest(app.db, {
      bookingId: randomUUID(),
      car: row,
      renterId: await accountId(app, renter),
      period: { from, to },
      driver: false,
      price,
      requestedAt,
      quotaPerHour: undefined,
      links: bookingLinks,
      terms: { cancellation: DEFAULT_CANCELLATION_POLICY, claimWindowHours: 24 },
      pay: async () => undefined,
    });
    await expect(storing).rejects.toMatchObject({ statusCode: 409, message: PAUSED });
    expect(await app.db.$count(bookings, eq(bookings.carId, car.id))).toBe(0);
  });

  it('changes nothing when the car already stands so', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Twice Paused', 300);
    const first = (await send(app, 'POST', `/api/cars/${car.id}/pause`, owner)).json<OwnerCar>();
    const second = await send(app, 'POST', `/api/cars/${car.id}/pause`, owner);
    expect(second.statusCode).toBe(200);
    expect(second.json<OwnerCar>()).toEqual(first);
    const pausedAt = (await carRow(car.id))?.pausedAt;

    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner)).statusCode).toBe(200);
    expect((await carRow(car.id))?.pausedAt).toEqual(pausedAt);

    const resumed = (await send(app, 'POST', `/api/cars/${car.id}/resume`, owner)).json<OwnerCar>();
    const again = await send(app, 'POST', `/api/cars/${car.id}/resume`, owner);
    expect(again.statusCode).toBe(200);
    expect(again.json<OwnerCar>()).toEqual(resumed);
  });

  it("answers 404 for another owner's car and leaves it as it was, 403 for a renter, 401 signed out", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const other = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Not Theirs To Pause', 300);
    const theirs = await send(app, 'POST', `/api/cars/${car.id}/pause`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'There is no such car among your cars.' });
    const missing = await send(app, 'POST', '/api/cars/00000000-0000-4000-8000-000000000000/pause', other);
    expect(missing.json()).toEqual(theirs.json());
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, renter)).statusCode).toBe(403);
    expect((await send(app, 'POST', `/api/cars/${car.id}/resume`, undefined)).statusCode).toBe(401);
    expect((await send(app, 'POST', '/api/cars/not-an-id/pause', owner)).statusCode).toBe(400);
    expect(await inPublicList('Not Theirs To Pause')).toBe(true);
  });
});

describe('POST /delete-cars', () => {
  it('deletes a car that never had a booking, with its photos', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Never Booked', 300);
    await app.db
      .insert(carPhotos)
      .values({ carId: car.id, position: 0, fileKey: `never-booked-${car.id}`, width: 1200, height: 800 });

    const response = await removeCars(owner, [car.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CodedAnswer<DeletedCount>>()).toEqual({
      code: 200,
      message: 'delete success',
      data: { deletedCount: 1, results: [{ id: car.id, carName: 'Never Booked', outcome: 'deleted', declinedRequests: 0 }] },
    });
    expect(await carRow(car.id)).toBeUndefined();
    expect(await app.db.$count(carPhotos, eq(carPhotos.carId, car.id))).toBe(0);
    expect((await send(app, 'GET', `/get-car/${car.id}`, owner)).statusCode).toBe(404);
  });

  it("archives a car with only past, declined and expired bookings: gone from every list, its bookings' receipts still naming it", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Retired Innova', 300);
    const trip = await accepted(car.id, owner);
    await moveIntoPast(trip.id);
    const refused = await requestBooking(app, otherRenter, period(car.id, 'tok_visa'));
    await act(app, owner, refused.id, 'decline');
    // A request never answered whose period has begun: expired, so history too.
    const lapsed = await requestBooking(app, otherRenter, period(car.id, 'tok_visa'));
    await moveIntoPast(lapsed.id);

    const response = await removeCars(owner, [car.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CodedAnswer<DeletedCount>>().data).toEqual({
      deletedCount: 1,
      results: [{ id: car.id, carName: 'Retired Innova', outcome: 'archived', declinedRequests: 0 }],
    });

    expect(await ownerCars(owner)).toEqual([]);
    expect((await send(app, 'GET', `/get-car/${car.id}`, owner)).statusCode).toBe(404);
    expect(await inPublicList('Retired Innova')).toBe(false);
    expect((await send(app, 'GET', `/api/cars/${car.id}`)).statusCode).toBe(404);
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner)).statusCode).toBe(404);
    expect((await carRow(car.id))?.archivedAt).toBeInstanceOf(Date);

    for (const who of [renter, owner]) {
      const receipt = await send(app, 'GET', `/api/bookings/${trip.id}`, who);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.json<BookingReceipt>()).toMatchObject({
        id: trip.id,
        car: { id: car.id, carName: 'Retired Innova' },
        status: 'accepted',
      });
    }
    expect((await stored(lapsed.id)).status).toBe('expired');
    expect((await stored(refused.id)).declineReason).toBeNull();
    // The owner's requests page keeps the car's bookings as history.
    const ownersList = await listBookings(app, owner);
    expect(ownersList.map((booking) => booking.id).sort()).toEqual([trip.id, refused.id, lapsed.id].sort());
    expect(ownersList.every((booking) => booking.car.carName === 'Retired Innova')).toBe(true);
    const past = await send(app, 'GET', '/api/bookings?when=past', owner);
    expect(
      past
        .json<PagedAnswer<Booking>>()
        .data.map((booking) => booking.id)
        .sort(),
    ).toEqual([trip.id, lapsed.id].sort());
    // The trip took place: its renter may still rate it.
    const review = await send(app, 'POST', `/api/bookings/${trip.id}/review`, renter, { rating: 4 });
    expect(review.statusCode).toBe(201);
    expect((await listBookings(app, renter)).some((booking) => booking.id === trip.id)).toBe(true);
  });

  it("declines a car's open requests for their renters, letting their holds go, and archives it", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'Hyundai Creta Leaving', 300, { payAtPickup: true });
    const first = await requestBooking(app, renter, period(car.id, 'tok_visa'));
    const second = await requestBooking(app, otherRenter, period(car.id, 'tok_visa'));
    const unpaid = await requestBooking(app, renter, period(car.id));

    const response = await removeCars(owner, [car.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<CodedAnswer<DeletedCount>>().data.results).toEqual([
      { id: car.id, carName: 'Hyundai Creta Leaving', outcome: 'archived', declinedRequests: 3 },
    ]);

    for (const booking of [first, second]) {
      expect(await stored(booking.id)).toMatchObject({ status: 'declined', declineReason: REMOVED, paymentStatus: 'released' });
      const ref = booking.payment.ref;
      expect(ref && stripe.intents.get(ref)?.status).toBe('canceled');
    }
    const told = (await listBookings(app, renter)).find((booking) => booking.id === unpaid.id);
    expect(told).toMatchObject({ status: 'declined', declineReason: REMOVED });
    const receipt = (await send(app, 'GET', `/api/bookings/${first.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({ car: { carName: 'Hyundai Creta Leaving' }, status: 'declined', declineReason: REMOVED });
    expect(receipt.history.map((step) => step.status)).toEqual(['requested', 'declined']);
    expect(await ownerCars(owner)).toEqual([]);
  });

  it('refuses the whole list with 409 naming the car and its dates when an accepted booking is still to come, and changes nothing', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const free = await listCar(app, owner, 'Free To Go', 300);
    const asked = await listCar(app, owner, 'Only Asked For', 300);
    const booked = await listCar(app, owner, 'Maruti Swift Booked', 300);
    const request = await requestBooking(app, otherRenter, period(asked.id, 'tok_visa'));
    const trip = await accepted(booked.id, owner);
    const tripRow = await stored(trip.id);
    const carsBefore = await app.db
      .select()
      .from(cars)
      .where(inArray(cars.id, [free.id, asked.id, booked.id]));

    const response = await removeCars(owner, [free.id, asked.id, booked.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 409,
      message: `Nothing was deleted: Maruti Swift Booked is booked from ${formatIndiaTime(tripRow.startsAt)} to ${formatIndiaTime(tripRow.endsAt)} (India time). A car with an accepted booking that has not ended cannot be removed; pause it to take no new bookings.`,
    });
    expect(response.json<{ message: string }>().message).toMatch(
      /from [A-Z][a-z]{2} \d{2} \d{4} 09:00 to [A-Z][a-z]{2} \d{2} \d{4} 17:00/,
    );
    expect(
      await app.db
        .select()
        .from(cars)
        .where(inArray(cars.id, [free.id, asked.id, booked.id])),
    ).toEqual(carsBefore);
    expect(await stored(request.id)).toMatchObject({ status: 'requested', paymentStatus: 'held', declineReason: null });
    const ref = request.payment.ref;
    expect(ref && stripe.intents.get(ref)?.status).toBe('requires_capture');
    expect((await ownerCars(owner)).map((car) => car.carname).sort()).toEqual(
      ['Free To Go', 'Only Asked For', 'Maruti Swift Booked'].sort(),
    );
  });

  it('names every car still booked, in the order the owner named them', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const first = await listCar(app, owner, 'First Booked', 300);
    const second = await listCar(app, owner, 'Second Booked', 300);
    const secondTrip = await stored((await accepted(second.id, owner)).id);
    const firstTrip = await stored((await accepted(first.id, owner)).id);
    await accepted(first.id, owner);
    const response = await removeCars(owner, [second.id, first.id]);
    expect(response.statusCode).toBe(409);
    const when = (row: { startsAt: Date; endsAt: Date }) =>
      `from ${formatIndiaTime(row.startsAt)} to ${formatIndiaTime(row.endsAt)} (India time)`;
    expect(response.json<{ message: string }>().message).toBe(
      `Nothing was deleted: Second Booked is booked ${when(secondTrip)}; First Booked is booked ${when(firstTrip)}. A car with an accepted booking that has not ended cannot be removed; pause it to take no new bookings.`,
    );
  });

  it('refuses a car whose accepted trip is under way', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const car = await listCar(app, owner, 'On The Road', 300);
    const trip = await accepted(car.id, owner);
    const startsAt = new Date(Date.now() - HOUR_MS);
    await app.db
      .update(bookings)
      .set({ startsAt, endsAt: new Date(Date.now() + HOUR_MS), expiresAt: startsAt })
      .where(eq(bookings.id, trip.id));
    const response = await removeCars(owner, [car.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/^Nothing was deleted: On The Road is booked from /);
    expect((await carRow(car.id))?.archivedAt).toBeNull();
  });

  it("answers 404 and changes nothing when any car is another owner's", async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const other = await registerAndSignIn(app, 'owner');
    const mine = await listCar(app, owner, 'Mine With A Request', 300);
    const spare = await listCar(app, owner, 'Mine Unbooked', 300);
    const theirs = await listCar(app, other, 'Theirs Kept', 300);
    const request = await requestBooking(app, renter, period(mine.id, 'tok_visa'));

    const response = await removeCars(owner, [mine.id, spare.id, theirs.id]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 404,
      message: 'Nothing was deleted: at least one of these cars is not among your cars.',
    });
    expect((await ownerCars(owner)).map((car) => car.carname).sort()).toEqual(['Mine Unbooked', 'Mine With A Request']);
    expect((await ownerCars(other)).map((car) => car.carname)).toEqual(['Theirs Kept']);
    expect((await stored(request.id)).status).toBe('requested');
  });

  it('answers 404 for a car already archived, and reports each car of a mixed list in the order named', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const history = await listCar(app, owner, 'Hyundai Creta', 300);
    const plain = await listCar(app, owner, 'Maruti Swift', 300);
    await requestBooking(app, renter, period(history.id, 'tok_visa'));
    await requestBooking(app, otherRenter, period(history.id, 'tok_visa'));

    const response = await removeCars(owner, [plain.id, history.id, plain.id]);
    expect(response.json<CodedAnswer<DeletedCount>>().data).toEqual({
      deletedCount: 2,
      results: [
        { id: plain.id, carName: 'Maruti Swift', outcome: 'deleted', declinedRequests: 0 },
        { id: history.id, carName: 'Hyundai Creta', outcome: 'archived', declinedRequests: 2 },
      ],
    });
    const again = await removeCars(owner, [history.id]);
    expect(again.statusCode).toBe(404);
  });
});
