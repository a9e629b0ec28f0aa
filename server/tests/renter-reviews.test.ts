import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking, BookingReceipt, PagedAnswer, PublicCar, RenterReview, Review } from '#domain/contract';
import { movableClock, type MovableClock } from '../src/clock/clock';
import { adminActions, renterReviews } from '../src/db/schema';
import { buildTestApp, closeTestApp, newAccount, register, signIn, type TestAccount } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, storedBooking } from './marketplace-helpers';

/**
 * The car keeper's rating of the renter, and a trip's two reviews waiting for each other: on the app's
 * clock, moved past a trip's completion and the 14 days after it.
 */

const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WAIT_MS = 14 * DAY_MS;
const FLEET_CAR = 'Toyota Innova Hycross';

let app: FastifyInstance;
let clock: MovableClock;
let start: Date;
let renter: Person;
let owner: Person;
let otherOwner: Person;
const adminPerson: Person = { login: admin.email, password: admin.password };
let carId: string;

/**
 * Someone signed in anew whenever the clock has moved on since: sessions last a week, and these tests
 * move the clock by weeks.
 */
interface Person {
  login: string;
  password: string;
  session?: { cookie: string; at: number };
}
const SESSION_REUSE_MS = 6 * 24 * 60 * 60 * 1000;

async function cookie(person: Person): Promise<string> {
  const now = clock.now().getTime();
  const kept = person.session;
  if (kept && now >= kept.at && now - kept.at < SESSION_REUSE_MS) return kept.cookie;
  const fresh = await signIn(app, person.login, person.password);
  person.session = { cookie: fresh, at: now };
  return fresh;
}

async function person(role: 'user' | 'owner'): Promise<Person> {
  const account: TestAccount = await register(app, role, newAccount());
  return { login: account.email, password: account.password };
}
/** A day of its own for every booking, so accepted periods never overlap. */
let nextDay = 2;

beforeAll(async () => {
  start = new Date();
  clock = movableClock(start);
  app = await buildTestApp({ admin }, { clock });
  [renter, owner, otherOwner] = await Promise.all([person('user'), person('owner'), person('owner')]);
  carId = (await listCar(app, await cookie(owner), 'Honda City Rated', 400)).id;
});
afterAll(() => closeTestApp(app));
beforeEach(() => clock.set(start));

/** A car of an owner of its own (an owner's newest car is theirs to find), and that owner. */
async function newCar(name: string): Promise<{ car: string; keeper: Person }> {
  const keeper = await person('owner');
  return { car: (await listCar(app, await cookie(keeper), name, 450)).id, keeper };
}

/** A day's trip of `car` by `who`, accepted by `keeper`, with when it completes. */
async function acceptedTrip(car: string, keeper: Person, who = renter): Promise<{ trip: Booking; completesAt: Date }> {
  clock.set(start);
  const day = nextDay++;
  const trip = await requestBooking(app, await cookie(who), {
    carName: car,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
  });
  const accepted = await act(app, await cookie(keeper), trip.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { completesAt } = await storedBooking(app, trip.id);
  if (!completesAt) throw new Error('an accepted trip completes');
  return { trip, completesAt };
}

/** A trip as above, the clock moved to its completion. */
async function completedTrip(car = carId, keeper = owner, who = renter) {
  const found = await acceptedTrip(car, keeper, who);
  clock.set(found.completesAt);
  return found;
}

const rate = async (who: Person | undefined, bookingId: string, body: unknown) =>
  send(app, 'POST', `/api/bookings/${bookingId}/renter-review`, who && (await cookie(who)), body);
const reviewCar = async (who: Person, bookingId: string, body: unknown) =>
  send(app, 'POST', `/api/bookings/${bookingId}/review`, await cookie(who), body);
const ratingsOf = (bookingId: string) => app.db.$count(renterReviews, eq(renterReviews.bookingId, bookingId));

async function receipt(who: Person, bookingId: string): Promise<BookingReceipt> {
  const response = await send(app, 'GET', `/api/bookings/${bookingId}`, await cookie(who));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookingReceipt>();
}

async function publicCar(car: string): Promise<PublicCar> {
  const response = await send(app, 'GET', `/api/cars/${encodeURIComponent(car)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicCar>();
}

async function carReviewIds(car: string): Promise<string[]> {
  const response = await send(app, 'GET', `/api/cars/${encodeURIComponent(car)}/reviews?pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PagedAnswer<Review>>().data.map((review) => review.id);
}

/** What the owner of `car` is told of `who` on a fresh request for it. */
async function summaryOnRequest(keeper: Person, car: string, who = renter) {
  // A request for a day ahead of the clock, wherever the test moved it.
  const day = nextDay++ + Math.ceil((clock.now().getTime() - Date.now()) / DAY_MS);
  const asked = await requestBooking(app, await cookie(who), {
    carName: car,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '12:00'),
    driver: false,
  });
  const listed = await send(app, 'GET', '/api/bookings?status=requested', await cookie(keeper));
  return listed.json<PagedAnswer<Booking>>().data.find((item) => item.id === asked.id)?.renterSummary;
}

describe('POST /api/bookings/{id}/renter-review', () => {
  it("takes the owner's stars and comment once the trip is completed, shown to them as waiting for the renter's review", async () => {
    const { trip, completesAt } = await completedTrip();
    const response = await rate(owner, trip.id, { rating: 5, comment: '  Returned it spotless.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const written = response.json<RenterReview>();
    expect(written).toMatchObject({
      rating: 5,
      comment: 'Returned it spotless.',
      pendingUntil: new Date(completesAt.getTime() + WAIT_MS).toISOString(),
    });
    expect((await receipt(owner, trip.id)).renterReview).toEqual(written);
    // The renter does not see it before writing theirs.
    expect(await receipt(renter, trip.id)).not.toHaveProperty('renterReview');
  });

  it('takes stars alone, a blank comment counting as none', async () => {
    const { trip } = await completedTrip();
    const response = await rate(owner, trip.id, { rating: 3, comment: '  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RenterReview>()).not.toHaveProperty('comment');
  });

  it('refuses a rating before the trip is completed: ahead, under way, or ended within the claim window', async () => {
    const { trip, completesAt } = await acceptedTrip(carId, owner);
    const { endsAt } = await storedBooking(app, trip.id);
    for (const at of [start, new Date(endsAt.getTime() - MINUTE_MS), endsAt, new Date(completesAt.getTime() - MINUTE_MS)]) {
      clock.set(at);
      const response = await rate(owner, trip.id, { rating: 4 });
      expect(response.statusCode, at.toISOString()).toBe(409);
      expect(response.json()).toEqual({ message: 'You can rate the renter once the trip is completed.' });
    }
    expect(await ratingsOf(trip.id)).toBe(0);
    clock.set(completesAt);
    expect((await rate(owner, trip.id, { rating: 4 })).statusCode).toBe(201);
  });

  it('refuses a booking that was never a trip', async () => {
    clock.set(start);
    const day = nextDay++;
    const asked = await requestBooking(app, await cookie(renter), {
      carName: carId,
      from: indiaTime(day, '09:00'),
      to: indiaTime(day, '17:00'),
      driver: false,
    });
    expect((await act(app, await cookie(owner), asked.id, 'decline')).statusCode).toBe(200);
    clock.set(new Date(start.getTime() + (day + 5) * DAY_MS));
    expect((await rate(owner, asked.id, { rating: 2 })).statusCode).toBe(409);
    expect(await ratingsOf(asked.id)).toBe(0);
  });

  it('refuses a second rating of the same trip, keeping the first, and of two at once stores one', async () => {
    const { trip } = await completedTrip();
    expect((await rate(owner, trip.id, { rating: 2 })).statusCode).toBe(201);
    const second = await rate(owner, trip.id, { rating: 5 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already rated the renter of this trip.' });
    const [stored] = await app.db.select().from(renterReviews).where(eq(renterReviews.bookingId, trip.id));
    expect(stored?.rating).toBe(2);

    const { trip: other } = await completedTrip();
    const answers = await Promise.all([1, 2, 3].map((rating) => rate(owner, other.id, { rating })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await ratingsOf(other.id)).toBe(1);
  });

  it("refuses anyone but the car's keeper: another owner, the renter and an admin 403, nobody signed in 401", async () => {
    const { trip } = await completedTrip();
    for (const cookie of [otherOwner, renter, adminPerson]) {
      const response = await rate(cookie, trip.id, { rating: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Only the car's owner (an admin for a fleet car) can rate its renter." });
    }
    expect((await rate(undefined, trip.id, { rating: 1 })).statusCode).toBe(401);
    expect((await rate(owner, '00000000-0000-4000-8000-000000000000', { rating: 1 })).statusCode).toBe(404);
    expect((await rate(owner, 'not-an-id', { rating: 1 })).statusCode).toBe(400);
    expect(await ratingsOf(trip.id)).toBe(0);
  });

  it.each([0, 6, 2.5, '5', null, -1])('refuses the rating %j with 400, storing nothing', async (rating) => {
    const { trip } = await completedTrip();
    const response = await rate(owner, trip.id, { rating });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/rating/i);
    expect(await ratingsOf(trip.id)).toBe(0);
  });

  it('refuses a missing rating and a comment too long with 400', async () => {
    const { trip } = await completedTrip();
    expect((await rate(owner, trip.id, { comment: 'Polite.' })).statusCode).toBe(400);
    const long = await rate(owner, trip.id, { rating: 4, comment: 'x'.repeat(5000) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/comment/i);
    expect(await ratingsOf(trip.id)).toBe(0);
  });

  it("lets an admin, and not an owner, rate a fleet car's renter, in the audit log", async () => {
    const { trip } = await completedTrip(FLEET_CAR, adminPerson);
    expect((await rate(owner, trip.id, { rating: 4 })).statusCode).toBe(403);
    const response = await rate(adminPerson, trip.id, { rating: 4, comment: 'On time.' });
    expect(response.statusCode, response.body).toBe(201);
    const audited = await app.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'booking.rate_renter'), eq(adminActions.objectId, trip.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ objectType: 'booking', after: { rating: 4, comment: 'On time.' } });
  });
});

describe("a trip's two reviews", () => {
  it("show to everyone once both sides have written, neither before: the car's stars and the renter's rating", async () => {
    const { car, keeper } = await newCar('Kia Seltos Both Ways');
    const { trip } = await completedTrip(car, keeper);
    const written = (await reviewCar(renter, trip.id, { rating: 2, comment: 'Brakes squealed.' })).json<Review>();
    expect(written.pendingUntil).toEqual(expect.any(String));
    // The renter sees their own, waiting; nobody else does, nor does it count.
    expect((await receipt(renter, trip.id)).review).toEqual(written);
    expect(await receipt(keeper, trip.id)).not.toHaveProperty('review');
    expect(await carReviewIds(car)).toEqual([]);
    expect((await publicCar(car)).ratingCount).toBe(0);

    clock.set(new Date(clock.now().getTime() + MINUTE_MS));
    expect((await rate(keeper, trip.id, { rating: 4 })).json<RenterReview>()).not.toHaveProperty('pendingUntil');
    expect(await carReviewIds(car)).toEqual([written.id]);
    expect(await publicCar(car)).toMatchObject({ ratingCount: 1, ratingAverage: 2 });
    const seenByOwner = await receipt(keeper, trip.id);
    expect(seenByOwner.review).toMatchObject({ id: written.id, rating: 2 });
    expect(seenByOwner.review).not.toHaveProperty('pendingUntil');
    expect((await receipt(renter, trip.id)).renterReview).toMatchObject({ rating: 4 });
    expect((await receipt(renter, trip.id)).review).not.toHaveProperty('pendingUntil');
  });

  it('with one side only, show exactly 14 days after completion, not a minute before', async () => {
    const { car, keeper } = await newCar('Skoda Slavia Waiting');
    const { trip, completesAt } = await completedTrip(car, keeper);
    const written = (await reviewCar(renter, trip.id, { rating: 5 })).json<Review>();
    const shownAt = new Date(completesAt.getTime() + WAIT_MS);
    expect(written.pendingUntil).toBe(shownAt.toISOString());

    // The owner's list, kept for them until something on it changes, changes with the clock too.
    const ownersItem = async () =>
      (await send(app, 'GET', '/api/bookings?when=past', await cookie(keeper)))
        .json<PagedAnswer<Booking>>()
        .data.find((item) => item.id === trip.id);
    clock.set(new Date(shownAt.getTime() - MINUTE_MS));
    expect(await ownersItem()).not.toHaveProperty('review');
    expect(await carReviewIds(car)).toEqual([]);
    expect((await publicCar(car)).ratingCount).toBe(0);
    expect(await receipt(keeper, trip.id)).not.toHaveProperty('review');

    clock.set(shownAt);
    expect((await ownersItem())?.review?.id).toBe(written.id);
    expect(await carReviewIds(car)).toEqual([written.id]);
    expect(await publicCar(car)).toMatchObject({ ratingCount: 1, ratingAverage: 5 });
    expect((await receipt(keeper, trip.id)).review?.id).toBe(written.id);
    expect((await receipt(renter, trip.id)).review).not.toHaveProperty('pendingUntil');
  });

  it("count in the renter's rating on owners' requests only once shown, with their trips", async () => {
    const other = await person('user');
    const otherCar = (await listCar(app, await cookie(otherOwner), 'Maruti Ertiga Asked', 300)).id;
    // No rating yet: the count says so, with no average.
    const fresh = await summaryOnRequest(otherOwner, otherCar, other);
    expect(fresh).toMatchObject({ completedTrips: 0, ratingCount: 0 });
    expect(fresh).not.toHaveProperty('ratingAverage');

    const first = await completedTrip(carId, owner, other);
    expect((await rate(owner, first.trip.id, { rating: 5 })).statusCode).toBe(201);
    const second = await completedTrip(carId, owner, other);
    expect((await reviewCar(other, second.trip.id, { rating: 4 })).statusCode).toBe(201);
    expect((await rate(owner, second.trip.id, { rating: 2 })).statusCode).toBe(201);

    // The first rating waits for the renter's review of that trip; the second shows, both sides in.
    clock.set(new Date(second.completesAt.getTime() + MINUTE_MS));
    expect(await summaryOnRequest(otherOwner, otherCar, other)).toMatchObject({
      completedTrips: 2,
      ratingCount: 1,
      ratingAverage: 2,
    });
    // 14 days after the first trip completed, its rating shows too: (5 + 2) / 2.
    clock.set(new Date(first.completesAt.getTime() + WAIT_MS));
    expect(await summaryOnRequest(otherOwner, otherCar, other)).toMatchObject({ ratingCount: 2, ratingAverage: 3.5 });
  });
});
