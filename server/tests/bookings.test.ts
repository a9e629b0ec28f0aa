import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTotal } from '#domain/booking-total';
import { formatIndiaTime } from '#domain/india-time';
import type { Booking, BookingAction, NewBooking, OwnerCar } from '#domain/contract';
import { isExclusionViolation } from '../src/db/errors';
import { bookingEvents, bookings, mailOutbox } from '../src/db/schema';
import { sweepExpiredRequests } from '../src/bookings/sweep';
import { accountId, buildTestApp, closeTestApp, register, registerAndSignIn, signIn } from './helpers';
import { act, bookingLinks, indiaTime, listBookings, listCar, requestBooking, send } from './marketplace-helpers';

const HOUR_MS = 60 * 60 * 1000;
const ALREADY_BOOKED = { message: 'This car is already booked for part of that period.' };
const OVERTAKEN = 'Another request for this period was accepted.';
const NOW_DECLINED = { message: 'This booking is declined: you cannot change it any more.' };
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };

let app: FastifyInstance;
let renter: string;
let renterName: string;
let otherRenter: string;
let owner: string;
let otherOwner: string;
let adminCookie: string;
let ownersCar: OwnerCar;
let otherOwnersCar: OwnerCar;
/** Each test books its own days, so accepted bookings of one test never stand in another's way. */
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  const renterAccount = await register(app, 'user');
  renterName = renterAccount.username;
  [renter, otherRenter, owner, otherOwner, adminCookie] = await Promise.all([
    signIn(app, renterAccount.email, renterAccount.password),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
    signIn(app, admin.email, admin.password),
  ]);
  ownersCar = await listCar(app, owner, 'Honda City', 1200);
  otherOwnersCar = await listCar(app, otherOwner, 'Kia Sonet', 900);
});
afterAll(() => closeTestApp(app));

/** A valid request for the owner's car on a day of its own, with `change` applied. */
function bookingFor(change: Partial<NewBooking> = {}): NewBooking {
  const day = freshDay();
  return { carName: ownersCar.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00'), driver: false, ...change };
}

/** An accepted booking's row as the routes would store it, to insert past them. */
async function acceptedRow(car: OwnerCar, cookie: string, from: string, to: string) {
  const { hours, total, amountPaise } = bookingTotal(from, to, car.price, false);
  return {
    carId: car.id,
    renterId: await accountId(app, cookie),
    startsAt: new Date(from),
    endsAt: new Date(to),
    hours,
    driver: false,
    pricePerHour: car.price,
    total,
    amountPaise,
    status: 'accepted' as const,
    expiresAt: new Date(from),
  };
}

describe('POST /api/bookings', () => {
  it('computes hours, total and paise itself, whatever price or total the client sends', async () => {
    const day = freshDay();
    const from = indiaTime(day, '10:00');
    const to = indiaTime(day, '18:00');
    const response = await send(app, 'POST', '/api/bookings', renter, {
      carName: 'Tata Nexon EV',
      from,
      to,
      driver: true,
      total: 1,
      price: 1,
      pricePerDay: 1,
      pricePerHour: 1,
      amountPaise: 100,
      hours: 1,
      status: 'accepted',
    });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(bookingTotal(from, to, 50, true)).toMatchObject({ hours: 8, total: 640, amountPaise: 64000 });
    expect(booking).toEqual({
      _id: booking.id,
      id: expect.any(String),
      number: expect.stringMatching(/^WOW-\d{5,}$/),
      car: {
        id: expect.any(String),
        kind: 'fleet',
        carName: 'Tata Nexon EV',
        city: 'Bengaluru',
        pickupArea: 'Indiranagar, near the metro station',
      },
      renter: { id: await accountId(app, renter), username: renterName },
      from,
      to,
      hours: 8,
      driver: true,
      pricePerHour: 50,
      pricePerDay: 50,
      total: 640,
      taxPaise: 0,
      taxLines: [],
      amountPaise: 64000,
      status: 'requested',
      payment: { status: 'none', amountPaise: 64000 },
      // The server's policy, stored on the request: the one it is cancelled under.
      cancellationPolicy: { freeCancelHours: 24, lateRefundBps: 5000 },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [stored] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored).toMatchObject({ hours: 8, total: 640, amountPaise: 64000, pricePerHour: 50, status: 'requested' });
  });

  it("books an owner's car by its id and a fleet car by its name in any letter case", async () => {
    const byId = await requestBooking(app, renter, bookingFor());
    expect(byId.car).toEqual({
      id: ownersCar.id,
      kind: 'listed',
      carName: 'Honda City',
      city: ownersCar.city,
      pickupArea: ownersCar.pickupArea,
    });
    expect(byId).toMatchObject({ hours: 4, pricePerHour: 1200, total: 4800, amountPaise: 480000 });
    const byName = await requestBooking(app, renter, bookingFor({ carName: 'maruti DZIRE' }));
    expect(byName.car).toMatchObject({ kind: 'fleet', carName: 'Maruti Dzire' });
  });

  it('rounds a part hour down, as the booking total does', async () => {
    const day = freshDay();
    const booking = await requestBooking(
      app,
      renter,
      bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '12:59'), driver: true }),
    );
    expect(booking).toMatchObject({ hours: 2, total: 2 * 1200 + 2 * 30 });
  });

  it('refuses a card token when card payments are off, and stores nothing', async () => {
    const before = await app.db.$count(bookings);
    const response = await send(app, 'POST', '/api/bookings', renter, bookingFor({ paymentToken: 'tok_1Nv0aB2eZvKYlo2C' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Card payments are not taken on this server: choose another way to pay on the car’s page.',
    });
    expect(await app.db.$count(bookings)).toBe(before);
  });

  it('says a request sent without paying has nothing taken', async () => {
    const booking = await requestBooking(app, renter, bookingFor());
    expect(booking.payment).toEqual({ status: 'none', amountPaise: booking.amountPaise });
  });

  it("accepts a period of exactly 720 hours, and one starting a moment ago (5 minutes' grace)", async () => {
    const from = new Date(indiaTime(freshDay(), '10:00'));
    const long = await requestBooking(
      app,
      renter,
      bookingFor({
        from: from.toISOString(),
        to: new Date(from.getTime() + 720 * HOUR_MS).toISOString(),
      }),
    );
    expect(long.hours).toBe(720);
    const justNow = new Date(Date.now() - 2 * 60 * 1000);
    const late = await requestBooking(
      app,
      renter,
      bookingFor({
        carName: 'Mahindra Bolero',
        from: justNow.toISOString(),
        to: new Date(justNow.getTime() + 2 * HOUR_MS).toISOString(),
      }),
    );
    // Stored, but its period has begun unanswered: it is already expired.
    expect(late).toMatchObject({ hours: 2, status: 'expired' });
  });

  const day = 400;
  it.each([
    ['to equal to from', { from: indiaTime(day, '10:00'), to: indiaTime(day, '10:00') }, /^The end must be after the start/],
    ['to before from', { from: indiaTime(day, '10:00'), to: indiaTime(day, '09:00') }, /^The end must be after the start/],
    [
      'less than an hour',
      { from: indiaTime(day, '10:00'), to: indiaTime(day, '10:59') },
      /^The end must be at least one hour after the start/,
    ],
    [
      'more than 720 hours',
      { from: indiaTime(day, '10:00'), to: indiaTime(day + 30, '11:00') },
      /^The end must be at most 720 hours/,
    ],
    [
      'a start more than 5 minutes ago',
      { from: new Date(Date.now() - 10 * 60 * 1000).toISOString(), to: indiaTime(1, '10:00') },
      /^The start must not be in the past/,
    ],
    [
      'a from without an offset',
      { from: `${indiaTime(day, '10:00').slice(0, 19)}` },
      /^The start must be a date and time with its offset/,
    ],
    [
      'a to without an offset',
      { to: `${indiaTime(day, '14:00').slice(0, 19)}` },
      /^The end must be a date and time with its offset/,
    ],
    ['a from that is not a date', { from: 'next Tuesday' }, /^The start must be a date and time/],
    ['a from as a number', { from: 1_900_000_000_000 }, /^The start must be text/],
    ['a from in year 0', { from: '0000-01-01T00:00:00Z' }, /^The start must not be before 1970-01-01T00:00:00Z/],
    ['a to past the year 9999', { to: '9999-12-31T23:00:00-12:00' }, /^The end must not be after 9999-12-31T00:00:00Z/],
    ['a missing to', { to: undefined }, /^The end is required/],
    ['a missing driver', { driver: undefined }, /^Driver is required/],
    ['a driver as text', { driver: 'yes' }, /^Driver must be true or false/],
    ['a missing car', { carName: undefined }, /^Car name is required/],
    ['a blank car name', { carName: '   ' }, /^Car name must not be empty/],
    ['a car name as a list', { carName: ['Tata Nexon EV'] }, /^Car name must be text/],
    ['a huge number as car name', { carName: 1e308 }, /^Car name must be text/],
    ['a car name over 100 characters', { carName: 'x'.repeat(5000) }, /^Car name must be at most 100 characters/],
    ['a NUL character in the car name', { carName: 'Tata\u0000Nexon' }, /^Car name must not contain the NUL character/],
    [
      'a card number as payment token',
      { paymentToken: '4242424242424242' },
      /^Payment token must be the card provider's token id/,
    ],
    ['a card number inside a token', { paymentToken: 'tok_4242424242424242' }, /^Payment token/],
    ['card details as a token', { paymentToken: { number: '4242424242424242', cvc: '123' } }, /^Payment token must be text/],
    ['a token with SQL in it', { paymentToken: "tok_x'; DELETE FROM bookings; --" }, /^Payment token/],
    ['a token over 255 characters', { paymentToken: `tok_${'a'.repeat(300)}` }, /^Payment token must be at most 255/],
  ])('answers 400 naming the field for %s, and stores nothing', async (_case, change, message) => {
    const before = await app.db.$count(bookings);
    const response = await send(app, 'POST', '/api/bookings', renter, { ...bookingFor(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await app.db.$count(bookings)).toBe(before);
  });

  it.each([
    ['a body that is a list', () => [1, 2, 3]],
    ['a body that is a string', () => 'Tata Nexon EV'],
    ['a far-future year with hours beyond 720', () => bookingFor({ from: '9999-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z' })],
  ])('answers 400, not 500, for %s', async (_case, payload) => {
    const response = await send(app, 'POST', '/api/bookings', renter, payload());
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('books as far ahead as the year 9999, and reads it back in India time', async () => {
    const booking = await requestBooking(app, renter, {
      carName: 'Kia Seltos',
      from: '9999-12-30T20:00:00Z',
      to: '9999-12-30T22:00:00Z',
      driver: false,
    });
    expect(booking).toMatchObject({ hours: 2, from: '9999-12-31T01:30:00+05:30', to: '9999-12-31T03:30:00+05:30' });
  });

  it.each([
    ['an unknown car name', { carName: 'Flying Carpet' }],
    ['an unknown car id', { carName: '00000000-0000-4000-8000-000000000000' }],
    ['a SQL-looking car name', { carName: "' OR '1'='1" }],
    ['a unicode car name', { carName: 'गाड़ी 🚗' }],
  ])('answers 404 for %s', async (_case, change) => {
    const response = await send(app, 'POST', '/api/bookings', renter, bookingFor(change));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no car by that name.' });
  });

  it('answers 401 signed out, and 403 for an owner or an admin', async () => {
    const signedOut = await send(app, 'POST', '/api/bookings', undefined, bookingFor());
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in first.' });
    for (const cookie of [owner, adminCookie]) {
      const refused = await send(app, 'POST', '/api/bookings', cookie, bookingFor());
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/renter/);
    }
  });

  it('answers 409 for a period overlapping an accepted booking of the car, and not for a requested one', async () => {
    const day = freshDay();
    const first = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '18:00') }));
    const overlapping = bookingFor({ from: indiaTime(day, '17:00'), to: indiaTime(day, '20:00') });
    expect((await send(app, 'POST', '/api/bookings', otherRenter, overlapping)).statusCode).toBe(201);

    expect((await act(app, owner, first.id, 'accept')).statusCode).toBe(200);
    const refused = await send(app, 'POST', '/api/bookings', otherRenter, overlapping);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(ALREADY_BOOKED);
    const otherCar = await send(app, 'POST', '/api/bookings', otherRenter, { ...overlapping, carName: otherOwnersCar.id });
    expect(otherCar.statusCode).toBe(201);
  });

  it("answers 409 naming the renter's own open request that a new one overlaps, and stores nothing", async () => {
    const day = freshDay();
    const open = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }));
    const overlapping = bookingFor({ from: indiaTime(day, '13:00'), to: indiaTime(day, '16:00'), driver: true });
    const before = await app.db.$count(bookings);

    const refused = await send(app, 'POST', '/api/bookings', renter, overlapping);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `You already asked for this car for part of that period: booking ${open.number}, ${formatIndiaTime(open.from)} to ${formatIndiaTime(open.to)} (India time).`,
      booking: { number: open.number, path: `/bookings/${open.id}` },
    });
    expect(await app.db.$count(bookings)).toBe(before);

    // Back to back is no overlap; another renter, or the same renter for another car, may ask.
    const next = bookingFor({ from: indiaTime(day, '14:00'), to: indiaTime(day, '16:00') });
    expect((await send(app, 'POST', '/api/bookings', renter, next)).statusCode).toBe(201);
    expect((await send(app, 'POST', '/api/bookings', otherRenter, overlapping)).statusCode).toBe(201);
    const otherCar = { ...overlapping, carName: otherOwnersCar.id };
    expect((await send(app, 'POST', '/api/bookings', renter, otherCar)).statusCode).toBe(201);
    // Once the open request is cancelled, the renter may ask again.
    expect((await act(app, renter, open.id, 'cancel')).statusCode).toBe(200);
    expect((await send(app, 'POST', '/api/bookings', renter, { ...overlapping, to: indiaTime(day, '14:00') })).statusCode).toBe(
      201,
    );
  });

  it('stores exactly one of two identical requests sent at once', async () => {
    const request = bookingFor();
    const answers = await Promise.all([1, 2].map(() => send(app, 'POST', '/api/bookings', renter, request)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const stored = answers.find((answer) => answer.statusCode === 201)?.json<Booking>();
    const refused = answers.find((answer) => answer.statusCode === 409)?.json<{ message: string; booking: unknown }>();
    expect(refused?.message).toContain(stored?.number);
    expect(refused?.booking).toEqual({ number: stored?.number, path: `/bookings/${stored?.id}` });
    const rows = await app.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.carId, ownersCar.id), eq(bookings.startsAt, new Date(request.from))));
    expect(rows).toEqual([{ id: stored?.id }]);
  });
});

describe('POST /api/bookings/check', () => {
  /** How many rows a request would write: bookings, their history and mail. */
  const written = async () => Promise.all([app.db.$count(bookings), app.db.$count(bookingEvents), app.db.$count(mailOutbox)]);
  /** The check's answer and the request's, for the same body; the check sent first. */
  async function checkThenAsk(cookie: string, body: NewBooking) {
    const { paymentToken: _unpaid, ...choice } = body;
    const check = await send(app, 'POST', '/api/bookings/check', cookie, choice);
    const request = await send(app, 'POST', '/api/bookings', cookie, body);
    return { check, request };
  }

  it("refuses the renter's repeated request as the request does, naming the open one, and writes nothing", async () => {
    const day = freshDay();
    const open = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }));
    const again = bookingFor({ from: indiaTime(day, '12:00'), to: indiaTime(day, '16:00') });
    const before = await written();

    const { check, request } = await checkThenAsk(renter, again);
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({
      message: `You already asked for this car for part of that period: booking ${open.number}, ${formatIndiaTime(open.from)} to ${formatIndiaTime(open.to)} (India time).`,
      booking: { number: open.number, path: `/bookings/${open.id}` },
    });
    expect(request.statusCode).toBe(check.statusCode);
    expect(request.json()).toEqual(check.json());
    expect(await written()).toEqual(before);
  });

  it('refuses a period an accepted booking holds as the request does, and writes nothing', async () => {
    const day = freshDay();
    const taken = await requestBooking(
      app,
      otherRenter,
      bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }),
    );
    expect((await act(app, owner, taken.id, 'accept')).statusCode).toBe(200);
    const before = await written();

    const { check, request } = await checkThenAsk(
      renter,
      bookingFor({ from: indiaTime(day, '13:00'), to: indiaTime(day, '15:00') }),
    );
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual(ALREADY_BOOKED);
    expect(request.json()).toEqual(check.json());
    expect(request.statusCode).toBe(409);
    expect(await written()).toEqual(before);
  });

  it('answers 204 for a request nothing stands in the way of, without storing or counting it', async () => {
    const choice = bookingFor();
    const before = await written();
    const check = await send(app, 'POST', '/api/bookings/check', renter, choice);
    expect(check.statusCode).toBe(204);
    expect(check.body).toBe('');
    expect(await written()).toEqual(before);
    // Checked twice, still free: the check holds nothing for the renter.
    expect((await send(app, 'POST', '/api/bookings/check', renter, choice)).statusCode).toBe(204);
    expect((await send(app, 'POST', '/api/bookings', renter, choice)).statusCode).toBe(201);
  });

  it("refuses what the request refuses before any booking is looked at: a bad period, an unknown car, an owner's account", async () => {
    const day = freshDay();
    const backwards = bookingFor({ from: indiaTime(day, '14:00'), to: indiaTime(day, '10:00') });
    const unknown = bookingFor({ carName: 'No Such Car' });
    for (const body of [backwards, unknown]) {
      const { check, request } = await checkThenAsk(renter, body);
      expect(check.statusCode).toBeGreaterThanOrEqual(400);
      expect([check.statusCode, check.json()]).toEqual([request.statusCode, request.json()]);
    }
    expect((await send(app, 'POST', '/api/bookings/check', owner, bookingFor())).statusCode).toBe(403);
    expect((await send(app, 'POST', '/api/bookings/check', undefined, bookingFor())).statusCode).toBe(401);
  });
});

describe('GET /api/bookings', () => {
  let mine: Booking;
  let theirs: Booking;
  let fleetBooking: Booking;

  beforeAll(async () => {
    mine = await requestBooking(app, renter, bookingFor());
    theirs = await requestBooking(app, otherRenter, bookingFor({ carName: otherOwnersCar.id }));
    fleetBooking = await requestBooking(app, otherRenter, bookingFor({ carName: 'Mahindra XUV700' }));
  });

  it('shows a renter their own bookings only, newest first', async () => {
    const list = await listBookings(app, otherRenter);
    const renterId = await accountId(app, otherRenter);
    expect(list.every((booking) => booking.renter.id === renterId)).toBe(true);
    expect(list.slice(0, 2).map((booking) => booking.id)).toEqual([fleetBooking.id, theirs.id]);
    expect(list.map((booking) => booking.id)).not.toContain(mine.id);
    const created = list.map((booking) => Date.parse(booking.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('shows an owner the requests for their own cars only', async () => {
    const list = await listBookings(app, otherOwner);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((booking) => booking.car.id === otherOwnersCar.id)).toBe(true);
    // As the renter saw it, with what the owner is told of the renter (licences.test.ts tests its parts).
    expect(list.find((booking) => booking.id === theirs.id)).toEqual({
      ...theirs,
      renterSummary: { approvedToDrive: true, ageBand: expect.any(String), completedTrips: 0, ratingCount: 0 },
    });
    expect(list.map((booking) => booking.id)).not.toContain(mine.id);
  });

  it('shows an admin every booking', async () => {
    const ids = (await listBookings(app, adminCookie)).map((booking) => booking.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id, fleetBooking.id]));
    expect(ids).toHaveLength(await app.db.$count(bookings));
  });

  it('answers 401 signed out', async () => {
    const response = await send(app, 'GET', '/api/bookings');
    expect(response.statusCode).toBe(401);
  });
});

describe('who may act on a booking', () => {
  it("answers 404 to another owner, to an admin for an owner's car, to an owner for a fleet car, and to another renter", async () => {
    const listed = await requestBooking(app, renter, bookingFor());
    const fleet = await requestBooking(app, renter, bookingFor({ carName: 'Maruti Baleno' }));
    const attempts: [string, string, BookingAction][] = [
      [otherOwner, listed.id, 'accept'],
      [otherOwner, listed.id, 'decline'],
      [adminCookie, listed.id, 'accept'],
      [owner, fleet.id, 'accept'],
      [otherRenter, listed.id, 'cancel'],
    ];
    for (const [cookie, bookingId, action] of attempts) {
      const response = await act(app, cookie, bookingId, action);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'There is no such booking among yours.' });
    }
    const missing = await act(app, owner, '00000000-0000-4000-8000-000000000000', 'accept');
    expect(missing.statusCode).toBe(404);
    expect((await listBookings(app, renter)).find((booking) => booking.id === listed.id)?.status).toBe('requested');
  });

  it('lets an admin answer for a fleet car', async () => {
    const fleet = await requestBooking(app, renter, bookingFor({ carName: 'Toyota Innova Hycross' }));
    const response = await act(app, adminCookie, fleet.id, 'decline');
    expect(response.statusCode).toBe(200);
    expect(response.json<Booking>().status).toBe('declined');
  });

  it('answers 400 for a malformed id, 401 signed out, and 404 for an unknown step', async () => {
    expect((await act(app, owner, 'not-an-id', 'accept')).statusCode).toBe(400);
    expect((await act(app, owner, `'; DROP TABLE bookings; --`, 'accept')).statusCode).toBe(400);
    const booking = await requestBooking(app, renter, bookingFor());
    expect((await act(app, undefined, booking.id, 'accept')).statusCode).toBe(401);
    expect((await send(app, 'POST', `/api/bookings/${booking.id}/approve`, owner)).statusCode).toBe(404);
  });

  it('refuses to cancel an accepted booking once the period has begun', async () => {
    const justNow = Date.now() - 60 * 1000;
    const row = await acceptedRow(
      otherOwnersCar,
      renter,
      new Date(justNow).toISOString(),
      new Date(justNow + 3 * HOUR_MS).toISOString(),
    );
    const [started] = await app.db.insert(bookings).values(row).returning({ id: bookings.id });
    const response = await act(app, renter, started?.id ?? '', 'cancel');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This booking is accepted and its period has begun: it can no longer be cancelled.',
    });
  });
});

describe('overlapping bookings', () => {
  it('accepts exactly one of 20 overlapping requests accepted at once; the rest end declined, their accepts answered 409', async () => {
    const car = await listCar(app, owner, 'Busy Bolero', 1000);
    const day = freshDay();
    // One renter may hold only one open request per period, so twenty renters ask.
    const renters = await Promise.all(Array.from({ length: 20 }, () => registerAndSignIn(app, 'user')));
    const requests: Booking[] = [];
    for (const [i, cookie] of renters.entries()) {
      // Periods that all share 12:00 to 13:00.
      requests.push(
        await requestBooking(app, cookie, {
          carName: car.id,
          from: indiaTime(day, `${String(i % 10).padStart(2, '0')}:00`),
          to: indiaTime(day, `${String(13 + (i % 10)).padStart(2, '0')}:00`),
          driver: i % 2 === 0,
        }),
      );
    }
    const answers = await Promise.all(requests.map((booking) => act(app, owner, booking.id, 'accept')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    // Declined by the accept that won, or (had it not committed yet) refused as overlapping it.
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect([NOW_DECLINED, ALREADY_BOOKED]).toContainEqual(answer.json());

    const winner = answers.find((answer) => answer.statusCode === 200)?.json<Booking>();
    const stored = await app.db
      .select({ id: bookings.id, status: bookings.status, declineReason: bookings.declineReason })
      .from(bookings)
      .where(eq(bookings.carId, car.id));
    expect(stored).toHaveLength(20);
    expect(stored.filter((row) => row.status === 'accepted')).toEqual([
      { id: winner?.id, status: 'accepted', declineReason: null },
    ]);
    expect(stored.filter((row) => row.id !== winner?.id).map(({ status, declineReason }) => ({ status, declineReason }))).toEqual(
      Array(19).fill({ status: 'declined', declineReason: OVERTAKEN }),
    );
  });

  it("declines the car's overlapping requests with the accept, shows the renters why, and leaves every other booking alone", async () => {
    const day = freshDay();
    const chosen = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }));
    const overlapping = await requestBooking(
      app,
      otherRenter,
      bookingFor({ from: indiaTime(day, '13:59'), to: indiaTime(day, '18:00') }),
    );
    const backToBack = await requestBooking(
      app,
      renter,
      bookingFor({ from: indiaTime(day, '14:00'), to: indiaTime(day, '16:00') }),
    );
    const otherCar = await requestBooking(
      app,
      otherRenter,
      bookingFor({ carName: otherOwnersCar.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }),
    );
    const cancelled = await requestBooking(
      app,
      otherRenter,
      bookingFor({ from: indiaTime(day, '08:00'), to: indiaTime(day, '10:01') }),
    );
    expect((await act(app, otherRenter, cancelled.id, 'cancel')).statusCode).toBe(200);
    // Before Accept, the owner's list says which open requests each one overlaps (a cancelled one is none).
    const before = new Map((await listBookings(app, owner)).map((booking) => [booking.id, booking]));
    expect(before.get(chosen.id)?.overlapsRequests).toEqual([overlapping.number]);
    expect(before.get(overlapping.id)?.overlapsRequests).toEqual([chosen.number, backToBack.number]);
    expect(before.get(backToBack.id)?.overlapsRequests).toEqual([overlapping.number]);
    // The renters never see the other renters' requests.
    expect((await listBookings(app, renter)).find((booking) => booking.id === chosen.id)).not.toHaveProperty('overlapsRequests');

    const accepted = await act(app, owner, chosen.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Booking>()).not.toHaveProperty('declineReason');
    // The answer names the requests the accept declined with it.
    expect(accepted.json<Booking>().declinedWith).toEqual([overlapping.number]);
    expect((await listBookings(app, owner)).find((booking) => booking.id === backToBack.id)).not.toHaveProperty(
      'overlapsRequests',
    );

    const seen = new Map((await listBookings(app, otherRenter)).map((booking) => [booking.id, booking]));
    expect(seen.get(overlapping.id)).toMatchObject({ status: 'declined', declineReason: OVERTAKEN });
    expect(seen.get(overlapping.id)?.updatedAt).toBe(accepted.json<Booking>().updatedAt);
    expect(seen.get(otherCar.id)).toEqual(otherCar);
    expect(seen.get(cancelled.id)).toMatchObject({ status: 'cancelled' });
    expect(seen.get(cancelled.id)).not.toHaveProperty('declineReason');
    expect((await listBookings(app, renter)).find((booking) => booking.id === backToBack.id)).toEqual(backToBack);
    // The owner sees the same reason, and no Accept that could only fail.
    const ownersView = (await listBookings(app, owner)).find((booking) => booking.id === overlapping.id);
    expect(ownersView).toMatchObject({ status: 'declined', declineReason: OVERTAKEN });
    expect(await act(app, owner, overlapping.id, 'accept').then((answer) => answer.json())).toEqual(NOW_DECLINED);
  });

  it('answers an accept that overlapped nothing with an empty declinedWith', async () => {
    const request = await requestBooking(app, renter, bookingFor());
    const accepted = await act(app, owner, request.id, 'accept');
    expect(accepted.json<Booking>().declinedWith).toEqual([]);
  });

  it('declines nothing when the accept itself is refused', async () => {
    const day = freshDay();
    const request = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00') }));
    const overlapping = await requestBooking(
      app,
      otherRenter,
      bookingFor({ from: indiaTime(day, '12:00'), to: indiaTime(day, '16:00') }),
    );
    // An accepted booking the routes did not make (as data from before this rule could hold) blocks the accept.
    await app.db
      .insert(bookings)
      .values(await acceptedRow(ownersCar, otherRenter, indiaTime(day, '09:00'), indiaTime(day, '11:00')));
    const refused = await act(app, owner, request.id, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(ALREADY_BOOKED);
    const rows = await app.db
      .select({ status: bookings.status, declineReason: bookings.declineReason })
      .from(bookings)
      .where(inArray(bookings.id, [request.id, overlapping.id]));
    expect(rows).toEqual([
      { status: 'requested', declineReason: null },
      { status: 'requested', declineReason: null },
    ]);
  });

  it('accepts back-to-back periods: one ends as the next begins', async () => {
    const day = freshDay();
    const morning = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '06:00'), to: indiaTime(day, '12:00') }));
    const afternoon = await requestBooking(
      app,
      otherRenter,
      bookingFor({ from: indiaTime(day, '12:00'), to: indiaTime(day, '18:00') }),
    );
    expect((await act(app, owner, afternoon.id, 'accept')).statusCode).toBe(200);
    expect((await act(app, owner, morning.id, 'accept')).statusCode).toBe(200);
  });

  it('frees the period again once the accepted booking is cancelled', async () => {
    const day = freshDay();
    const first = await requestBooking(app, renter, bookingFor({ from: indiaTime(day, '10:00'), to: indiaTime(day, '12:00') }));
    const overlapping = bookingFor({ from: indiaTime(day, '11:59'), to: indiaTime(day, '15:00') });
    expect((await act(app, owner, first.id, 'accept')).statusCode).toBe(200);
    const refused = await send(app, 'POST', '/api/bookings', otherRenter, overlapping);
    expect(refused.json()).toEqual(ALREADY_BOOKED);
    expect((await act(app, renter, first.id, 'cancel')).statusCode).toBe(200);
    const second = await requestBooking(app, otherRenter, overlapping);
    expect((await act(app, owner, second.id, 'accept')).statusCode).toBe(200);
  });

  it('is refused by the database itself, as an exclusion violation, whatever the routes check', async () => {
    const day = freshDay();
    const row = await acceptedRow(otherOwnersCar, renter, indiaTime(day, '10:00'), indiaTime(day, '12:00'));
    await app.db.insert(bookings).values(row);
    const second = app.db.insert(bookings).values({ ...row, startsAt: new Date(indiaTime(day, '11:00')) });
    const error = await second.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isExclusionViolation(error)).toBe(true);
  });
});

describe('expiry', () => {
  it('stores expired on requests whose period has begun when swept, and leaves the others', async () => {
    const car = await listCar(app, owner, 'Sleepy Santro', 800);
    const hourAgo = Date.now() - HOUR_MS;
    const started = {
      ...(await acceptedRow(car, renter, new Date(hourAgo).toISOString(), new Date(hourAgo + 3 * HOUR_MS).toISOString())),
      status: 'requested' as const,
    };
    const laterStart = new Date(hourAgo + 3 * HOUR_MS);
    const later = { ...started, startsAt: laterStart, expiresAt: laterStart, endsAt: new Date(hourAgo + 5 * HOUR_MS) };
    const rows = await app.db.insert(bookings).values([started, later]).returning({ id: bookings.id });
    const now = new Date();
    await sweepExpiredRequests(app.db, now, bookingLinks);
    const stored = await app.db
      .select({ status: bookings.status, updatedAt: bookings.updatedAt })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(bookings.startsAt);
    expect(stored).toEqual([
      { status: 'expired', updatedAt: now },
      { status: 'requested', updatedAt: expect.any(Date) },
    ]);
  });

  it("lets an expired request stand in nobody's way: its renter may ask again, and an accept declines it not", async () => {
    const justNow = Date.now() - 60 * 1000;
    const at = (hours: number) => new Date(justNow + hours * HOUR_MS).toISOString();
    const car = { carName: 'Maruti Ertiga', driver: false };
    const expired = await requestBooking(app, renter, { ...car, from: at(0), to: at(3) });
    const again = await requestBooking(app, renter, { ...car, from: at(1), to: at(2) });
    const theirs = await requestBooking(app, otherRenter, { ...car, from: at(1), to: at(2) });
    expect((await act(app, adminCookie, theirs.id, 'accept')).statusCode).toBe(200);
    const mine = new Map((await listBookings(app, renter)).map((booking) => [booking.id, booking]));
    expect(mine.get(expired.id)?.status).toBe('expired');
    expect(mine.get(expired.id)).not.toHaveProperty('declineReason');
    expect(mine.get(again.id)).toMatchObject({ status: 'declined', declineReason: OVERTAKEN });
  });
});

describe('India time', () => {
  it("reads a 10:00 to 18:00 booking back at those times in the renter's and the owner's lists", async () => {
    const day = freshDay();
    const from = indiaTime(day, '10:00');
    const to = indiaTime(day, '18:00');
    // Sent in UTC, answered in India time: the same instants.
    const booking = await requestBooking(
      app,
      renter,
      bookingFor({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      }),
    );
    expect(booking.from).toBe(from);
    expect(booking.to).toBe(to);
    expect(from).toMatch(/T10:00:00\+05:30$/);
    for (const cookie of [renter, owner]) {
      const listed = (await listBookings(app, cookie)).find((b) => b.id === booking.id);
      expect(listed).toMatchObject({ from, to, hours: 8 });
    }
  });
});
