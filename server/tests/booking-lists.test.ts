import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTotal } from '#domain/booking-total';
import type { Booking, OwnerCar, PagedAnswer } from '#domain/contract';
import { accounts, bookings } from '../src/db/schema';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

// What My bookings' and Rental requests' tabs ask of GET /api/bookings, and what each card shows
// besides the booking: where the car is collected, the renter's phone once accepted, and an accepted
// booking that stands in a request's way.

const HOUR_MS = 60 * 60 * 1000;
const RENTER_PHONE = '+91 91234 56789';

let app: FastifyInstance;
let renter: string;
let owner: string;
let otherOwner: string;
let car: OwnerCar;
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  app = await buildTestApp();
  [renter, owner, otherOwner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
  ]);
  await app.db
    .update(accounts)
    .set({ phoneNumber: RENTER_PHONE })
    .where(eq(accounts.id, await accountId(app, renter)));
  car = await listCar(app, owner, 'Tata Nexon', 500);
});
afterAll(() => closeTestApp(app));

async function list(query: string, cookie: string): Promise<Booking[]> {
  const response = await send(app, 'GET', `/api/bookings?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PagedAnswer<Booking>>().data;
}

const ids = (list: Booking[]) => list.map((booking) => booking.id);

/** A request by the renter for the car, 10:00 to 14:00 on a day of its own. */
function request(day = freshDay()) {
  return requestBooking(app, renter, {
    carName: car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '14:00'),
    driver: false,
  });
}

/** A booking of the car stored as it would stand, for periods and statuses no request can reach today. */
async function storeBooking(status: 'accepted', from: Date, to: Date): Promise<string> {
  const { hours, total, amountPaise } = bookingTotal(from.toISOString(), to.toISOString(), car.price, false);
  const [row] = await app.db
    .insert(bookings)
    .values({
      carId: car.id,
      renterId: await accountId(app, renter),
      startsAt: from,
      endsAt: to,
      hours,
      driver: false,
      pricePerHour: car.price,
      total,
      amountPaise,
      status,
      expiresAt: from,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

describe('what each listed booking shows', () => {
  it('names where the car is collected: its city and pickup area', async () => {
    const asked = await request();
    const [listed] = (await list('', owner)).filter((booking) => booking.id === asked.id);
    expect(listed?.car).toMatchObject({ city: car.city, pickupArea: car.pickupArea });
    expect(asked.car).toMatchObject({ city: car.city, pickupArea: car.pickupArea });
  });

  it("gives the owner the renter's phone once the booking is accepted, never before, and never to anyone else", async () => {
    const asked = await request();
    const ownersView = async () => (await list('', owner)).find((booking) => booking.id === asked.id);
    expect((await ownersView())?.renter).not.toHaveProperty('phone');

    expect((await act(app, owner, asked.id, 'accept')).statusCode).toBe(200);
    expect((await ownersView())?.renter.phone).toBe(RENTER_PHONE);
    expect((await list('', renter)).find((booking) => booking.id === asked.id)?.renter).not.toHaveProperty('phone');
    expect(ids(await list('', otherOwner))).not.toContain(asked.id);
  });

  it('warns the owner of a request that overlaps an accepted booking, whose accept is then refused', async () => {
    const day = freshDay();
    const asked = await request(day);
    // No request can be made over an accepted period, and accepting declines the overlapping ones:
    // a booking stored past the routes stands for one accepted by a release without those checks.
    const from = new Date(indiaTime(day, '12:00'));
    const acceptedId = await storeBooking('accepted', from, new Date(from.getTime() + 4 * HOUR_MS));
    const [accepted] = await app.db.select({ number: bookings.number }).from(bookings).where(eq(bookings.id, acceptedId));

    const listed = (await list('status=requested', owner)).find((booking) => booking.id === asked.id);
    expect(listed?.overlapsAccepted).toBe(`WOW-${String(accepted!.number).padStart(5, '0')}`);
    expect((await list('', renter)).find((booking) => booking.id === asked.id)).not.toHaveProperty('overlapsAccepted');
    expect((await list('', owner)).find((booking) => booking.id === acceptedId)).not.toHaveProperty('overlapsAccepted');

    const accepting = await act(app, owner, asked.id, 'accept');
    expect(accepting.statusCode).toBe(409);
    expect(accepting.json()).toEqual({ message: 'This car is already booked for part of that period.' });
  });

  it('warns of nothing where an accepted booking only touches the request’s period', async () => {
    const day = freshDay();
    const asked = await request(day);
    const to = new Date(indiaTime(day, '10:00'));
    await storeBooking('accepted', new Date(to.getTime() - 2 * HOUR_MS), to);
    expect((await list('status=requested', owner)).find((booking) => booking.id === asked.id)).not.toHaveProperty(
      'overlapsAccepted',
    );
  });
});

describe("the lists' tabs", () => {
  let open: Booking;
  let declined: Booking;
  let cancelled: Booking;
  let ended: string;

  beforeAll(async () => {
    open = await request();
    declined = await request();
    cancelled = await request();
    expect((await act(app, owner, declined.id, 'decline')).statusCode).toBe(200);
    expect((await act(app, renter, cancelled.id, 'cancel')).statusCode).toBe(200);
    ended = await storeBooking('accepted', new Date(Date.now() - 30 * HOUR_MS), new Date(Date.now() - 26 * HOUR_MS));
  });

  it('keeps any of several statuses, sent separated by commas', async () => {
    const closed = ids(await list('status=declined,cancelled,expired', renter));
    expect(closed).toEqual(expect.arrayContaining([declined.id, cancelled.id]));
    expect(closed).not.toContain(open.id);
    expect(closed).not.toContain(ended);

    const going = ids(await list('when=upcoming&status=requested,accepted', renter));
    expect(going).toContain(open.id);
    expect(going).not.toContain(declined.id);
    expect(going).not.toContain(ended);
  });

  it('keeps what is over for the owner: ended, or declined or cancelled before it began', async () => {
    const over = ids(await list('when=over', owner));
    expect(over).toEqual(expect.arrayContaining([declined.id, cancelled.id, ended]));
    expect(over).not.toContain(open.id);
    const past = ids(await list('when=past', owner));
    expect(past).toContain(ended);
    expect(past).not.toContain(declined.id);
  });

  it('answers 400 naming the field for a status it does not know among several', async () => {
    const response = await send(app, 'GET', '/api/bookings?status=declined,pending', renter);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Status/);
  });
});
