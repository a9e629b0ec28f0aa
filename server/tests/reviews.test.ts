import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingReceipt, LatestReview, PagedAnswer, PublicCar, Review } from '#domain/contract';
import { bookings, reviews } from '../src/db/schema';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

/**
 * Reviews after a trip, through the HTTP API. A trip "has ended" when its booking's period is moved
 * into the past directly in the database: the API itself never takes a booking for a past period.
 */

const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FLEET_CAR = 'Mahindra Bolero';

let app: FastifyInstance;
let renter: string;
let otherRenter: string;
let owner: string;
let otherOwner: string;
let adminCookie: string;
let carId: string;
/** A day of its own for every booking, ahead and (once moved) behind, so accepted periods never overlap. */
let nextDay = 2;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  [renter, otherRenter, owner, otherOwner, adminCookie] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
    signIn(app, admin.email, admin.password),
  ]);
  carId = (await listCar(app, owner, 'Tata Nexon Reviewed', 900)).id;
});
afterAll(() => closeTestApp(app));

/** A booking of `car` by `who`, answered by `keeper` with `action` (if any), for a day of its own ahead. */
async function booking(car: string, who: string, keeper?: string, action?: 'accept' | 'decline'): Promise<Booking> {
  const day = nextDay++;
  const asked = await requestBooking(app, who, {
    carName: car,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
  });
  if (keeper && action) {
    const response = await act(app, keeper, asked.id, action);
    if (response.statusCode !== 200) throw new Error(`could not ${action}: ${response.statusCode} ${response.body}`);
  }
  return asked;
}

/** Days back for trips that have ended, one each, so their moved periods never overlap either. */
let daysBack = 1;

/**
 * Moves the booking's period (keeping its length) to end `hoursAgo` hours ago, a day of its own back,
 * the trip completed `hoursAgo` hours ago (its claim window closed then); a negative `hoursAgo` puts
 * its end that far ahead instead, the trip under way.
 */
async function endedAgo(bookingId: string, hoursAgo = 1): Promise<void> {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error('no such booking');
  const endsAt = new Date(Date.now() - hoursAgo * HOUR_MS - (hoursAgo < 0 ? 0 : daysBack++) * DAY_MS);
  const startsAt = new Date(endsAt.getTime() - (row.endsAt.getTime() - row.startsAt.getTime()));
  const completesAt = new Date(Math.max(endsAt.getTime(), Date.now() - hoursAgo * HOUR_MS));
  await app.db.update(bookings).set({ startsAt, endsAt, expiresAt: startsAt, completesAt }).where(eq(bookings.id, bookingId));
}

/** An accepted trip of `car` by `who` that has ended. */
async function endedTrip(car: string, who: string, keeper: string): Promise<Booking> {
  const trip = await booking(car, who, keeper, 'accept');
  await endedAgo(trip.id);
  return trip;
}

const review = (cookie: string | undefined, bookingId: string, body: unknown) =>
  send(app, 'POST', `/api/bookings/${bookingId}/review`, cookie, body);
const replyTo = (cookie: string | undefined, reviewId: string, body: unknown) =>
  send(app, 'POST', `/api/reviews/${reviewId}/reply`, cookie, body);
/** The car keeper's rating of the renter: with the renter's review in, both show at once. */
async function keeperRates(keeper: string, bookingId: string): Promise<void> {
  const response = await send(app, 'POST', `/api/bookings/${bookingId}/renter-review`, keeper, { rating: 4 });
  expect(response.statusCode, response.body).toBe(201);
}
const reviewCount = (bookingId: string) => app.db.$count(reviews, eq(reviews.bookingId, bookingId));

async function carReviews(car: string, query = ''): Promise<PagedAnswer<Review>> {
  const response = await send(app, 'GET', `/api/cars/${encodeURIComponent(car)}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PagedAnswer<Review>>();
}

async function publicCar(car: string): Promise<PublicCar> {
  const response = await send(app, 'GET', `/api/cars/${encodeURIComponent(car)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicCar>();
}

describe('POST /api/bookings/{id}/review', () => {
  it("takes the renter's rating and comment once the trip has ended, and shows it on their booking, to the owner once they rated the renter", async () => {
    const trip = await endedTrip(carId, renter, owner);
    const response = await review(renter, trip.id, { rating: 4, comment: '  Clean car, easy pickup.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const written = response.json<Review>();
    expect(written).toMatchObject({ rating: 4, comment: 'Clean car, easy pickup.' });
    expect(written).not.toHaveProperty('reply');
    expect(written.author).toMatch(/\S/);
    // It waits for the owner's rating of the renter, 14 days after the trip completed at the latest.
    expect(written.pendingUntil).toEqual(expect.any(String));

    const receipt = await send(app, 'GET', `/api/bookings/${trip.id}`, renter);
    expect(receipt.json<BookingReceipt>().review).toEqual(written);
    const past = await send(app, 'GET', '/api/bookings?when=past', renter);
    expect(past.json<PagedAnswer<Booking>>().data.find((item) => item.id === trip.id)?.review).toEqual(written);
    const ownersItem = async () =>
      (await send(app, 'GET', '/api/bookings?when=past', owner))
        .json<PagedAnswer<Booking>>()
        .data.find((item) => item.id === trip.id);
    expect(await ownersItem()).not.toHaveProperty('review');

    await keeperRates(owner, trip.id);
    const shown = await ownersItem();
    expect(shown?.review?.rating).toBe(4);
    expect(shown?.review).not.toHaveProperty('pendingUntil');
  });

  it('takes a rating without a comment, a blank comment counting as none', async () => {
    const trip = await endedTrip(carId, renter, owner);
    const response = await review(renter, trip.id, { rating: 5, comment: '   ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Review>()).not.toHaveProperty('comment');
  });

  it('refuses a second review of the same trip with 409, keeping the first', async () => {
    const trip = await endedTrip(carId, renter, owner);
    expect((await review(renter, trip.id, { rating: 2 })).statusCode).toBe(201);
    const second = await review(renter, trip.id, { rating: 5, comment: 'Changed my mind.' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already reviewed this trip.' });
    const [stored] = await app.db.select().from(reviews).where(eq(reviews.bookingId, trip.id));
    expect(stored?.rating).toBe(2);
  });

  it('refuses two reviews sent at once but one', async () => {
    const trip = await endedTrip(carId, renter, owner);
    const answers = await Promise.all([1, 2, 3].map((rating) => review(renter, trip.id, { rating })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await reviewCount(trip.id)).toBe(1);
  });

  it('refuses a review before the trip has ended, also while it is under way', async () => {
    const ahead = await booking(carId, renter, owner, 'accept');
    const early = await review(renter, ahead.id, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'You can review a trip once it has ended.' });

    const underWay = await booking(carId, renter, owner, 'accept');
    await endedAgo(underWay.id, -2);
    expect((await review(renter, underWay.id, { rating: 5 })).statusCode).toBe(409);
    expect(await reviewCount(ahead.id)).toBe(0);
    expect(await reviewCount(underWay.id)).toBe(0);
  });

  it('refuses a review of a trip that never took place: declined, cancelled, expired', async () => {
    const declined = await booking(carId, renter, owner, 'decline');
    const cancelled = await booking(carId, renter, renter, undefined);
    expect((await act(app, renter, cancelled.id, 'cancel')).statusCode).toBe(200);
    const unanswered = await booking(carId, renter);
    for (const [status, trip] of [
      ['declined', declined],
      ['cancelled', cancelled],
      ['expired', unanswered],
    ] as const) {
      await endedAgo(trip.id);
      const response = await review(renter, trip.id, { rating: 3 });
      expect(response.statusCode, status).toBe(409);
      expect(response.json<{ message: string }>().message).toContain(status);
      expect(await reviewCount(trip.id)).toBe(0);
    }
  });

  it('refuses anyone but the renter: another renter 404, the owner and an admin 403, nobody signed in 401', async () => {
    const trip = await endedTrip(carId, renter, owner);
    const other = await review(otherRenter, trip.id, { rating: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'There is no such booking among yours.' });
    expect((await review(owner, trip.id, { rating: 5 })).statusCode).toBe(403);
    expect((await review(adminCookie, trip.id, { rating: 5 })).statusCode).toBe(403);
    expect((await review(undefined, trip.id, { rating: 5 })).statusCode).toBe(401);
    expect((await review(renter, '00000000-0000-4000-8000-000000000000', { rating: 5 })).statusCode).toBe(404);
    expect((await review(renter, 'not-an-id', { rating: 5 })).statusCode).toBe(400);
    expect(await reviewCount(trip.id)).toBe(0);
  });

  it.each([0, 6, 2.5, '5', null, -1])('refuses the rating %j with 400, storing nothing', async (rating) => {
    const trip = await endedTrip(carId, renter, owner);
    const response = await review(renter, trip.id, { rating });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/rating/i);
    expect(await reviewCount(trip.id)).toBe(0);
  });

  it('refuses a missing rating and a comment too long with 400', async () => {
    const trip = await endedTrip(carId, renter, owner);
    expect((await review(renter, trip.id, { comment: 'Nice.' })).statusCode).toBe(400);
    const long = await review(renter, trip.id, { rating: 4, comment: 'x'.repeat(5000) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/comment/i);
    expect(await reviewCount(trip.id)).toBe(0);
  });
});

describe('POST /api/reviews/{id}/reply', () => {
  async function freshReview(car: string, keeper: string): Promise<Review> {
    const trip = await endedTrip(car, renter, keeper);
    const response = await review(renter, trip.id, { rating: 3, comment: 'The AC was weak.' });
    expect(response.statusCode, response.body).toBe(201);
    await keeperRates(keeper, trip.id);
    return response.json<Review>();
  }

  it("takes the owner's reply once; a second reply is 409 and keeps the first", async () => {
    const written = await freshReview(carId, owner);
    const first = await replyTo(owner, written.id, { content: ' Sorry, it is fixed now. ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Review>()).toMatchObject({ id: written.id, rating: 3, reply: { content: 'Sorry, it is fixed now.' } });

    const second = await replyTo(owner, written.id, { content: 'Another answer.' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'This review already has a reply.' });
    const listed = (await carReviews(carId, '?pageSize=100')).data.find((item) => item.id === written.id);
    expect(listed?.reply?.content).toBe('Sorry, it is fixed now.');
  });

  it('refuses a reply by anyone but the car owner, and an empty one', async () => {
    const written = await freshReview(carId, owner);
    for (const cookie of [otherOwner, renter, otherRenter, adminCookie]) {
      const response = await replyTo(cookie, written.id, { content: 'Not mine to answer.' });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/owner/);
    }
    expect((await replyTo(undefined, written.id, { content: 'Hello.' })).statusCode).toBe(401);
    expect((await replyTo(owner, written.id, { content: '   ' })).statusCode).toBe(400);
    expect((await replyTo(owner, '00000000-0000-4000-8000-000000000000', { content: 'Hello.' })).statusCode).toBe(404);
    const [stored] = await app.db.select().from(reviews).where(eq(reviews.id, written.id));
    expect(stored?.reply).toBeNull();
  });

  it("lets an admin, and not an owner, answer a fleet car's review", async () => {
    const written = await freshReview(FLEET_CAR, adminCookie);
    expect((await replyTo(owner, written.id, { content: 'Not mine.' })).statusCode).toBe(403);
    const response = await replyTo(adminCookie, written.id, { content: 'Thanks for riding with us.' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Review>().reply?.content).toBe('Thanks for riding with us.');
  });
});

describe('GET /api/cars/{car}/reviews and the ratings on the car', () => {
  it('pages a car’s reviews newest first, by its id or its name, with the average and count on the car', async () => {
    const car = await listCar(app, owner, 'Hyundai Creta Rated', 1500);
    expect(await carReviews(car.id)).toEqual({ data: [], total: 0, page: 1, pageSize: 24 });
    const before = await publicCar(car.id);
    expect(before.ratingCount).toBe(0);
    expect(before).not.toHaveProperty('ratingAverage');

    const written: Review[] = [];
    for (const [rating, who] of [
      [5, renter],
      [4, otherRenter],
      [4, renter],
    ] as const) {
      const trip = await endedTrip(car.id, who, owner);
      const response = await review(who, trip.id, { rating, comment: `Rated ${rating}.` });
      expect(response.statusCode, response.body).toBe(201);
      await keeperRates(owner, trip.id);
      written.push(response.json<Review>());
    }
    const newestFirst = [...written].reverse();

    const first = await carReviews(car.id, '?pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.data.map((item) => item.id)).toEqual(newestFirst.slice(0, 2).map((item) => item.id));
    const second = await carReviews('hyundai creta rated', '?page=2&pageSize=2');
    expect(second.data.map((item) => item.id)).toEqual([newestFirst[2]?.id]);
    expect(new Set(written.map((item) => item.author)).size).toBe(2);

    const rated = await publicCar(car.id);
    // (5 + 4 + 4) / 3, to one decimal.
    expect(rated).toMatchObject({ ratingAverage: 4.3, ratingCount: 3 });
    const listed = await send(app, 'GET', `/api/cars?q=${encodeURIComponent('Hyundai Creta Rated')}`);
    expect(listed.json<PagedAnswer<PublicCar>>().data.find((item) => item.id === car.id)).toMatchObject({
      ratingAverage: 4.3,
      ratingCount: 3,
    });
  });

  it("counts a fleet car's real reviews alone: none and no average before its first, then that one", async () => {
    // No other test here reviews this car.
    const unreviewed = 'Mahindra XUV700';
    const before = await publicCar(unreviewed);
    expect(before.ratingCount).toBe(0);
    expect(before).not.toHaveProperty('ratingAverage');
    expect(before).not.toHaveProperty('rating');

    const trip = await endedTrip(unreviewed, otherRenter, adminCookie);
    expect((await review(otherRenter, trip.id, { rating: 2 })).statusCode).toBe(201);
    expect((await publicCar(unreviewed)).ratingCount).toBe(0);
    await keeperRates(adminCookie, trip.id);
    expect(await publicCar(unreviewed)).toMatchObject({ ratingCount: 1, ratingAverage: 2 });
  });

  it("averages a fleet car's real reviews", async () => {
    const realBefore = (await carReviews(FLEET_CAR)).total;
    const trip = await endedTrip(FLEET_CAR, otherRenter, adminCookie);
    expect((await review(otherRenter, trip.id, { rating: 2 })).statusCode).toBe(201);
    await keeperRates(adminCookie, trip.id);
    const after = await publicCar(FLEET_CAR);
    expect(after.ratingCount).toBe(realBefore + 1);
    const all = await carReviews(FLEET_CAR, '?pageSize=100');
    const average = all.data.reduce((sum, item) => sum + item.rating, 0) / all.total;
    expect(after.ratingAverage).toBe(Math.round(average * 10) / 10);
  });

  it('answers 404 for no such car and 400 for a bad page', async () => {
    expect((await send(app, 'GET', '/api/cars/No%20Such%20Car/reviews')).statusCode).toBe(404);
    expect((await send(app, 'GET', `/api/cars/${carId}/reviews?page=0`)).statusCode).toBe(400);
    expect((await send(app, 'GET', `/api/cars/${carId}/reviews?pageSize=101`)).statusCode).toBe(400);
  });
});

describe('GET /api/reviews/latest', () => {
  async function latest(): Promise<LatestReview[]> {
    const response = await send(app, 'GET', '/api/reviews/latest');
    expect(response.statusCode, response.body).toBe(200);
    // The same to everyone, so kept in memory and by browsers for a few seconds: what follows shows
    // a change is seen at once all the same.
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    return response.json<LatestReview[]>();
  }

  /** A review of an ended trip of `car` by `who`, through the API, shown by the keeper's rating of the renter. */
  async function reviewed(car: string, who: string, body: { rating: number; comment?: string }): Promise<Review> {
    const keeper = car === FLEET_CAR ? adminCookie : owner;
    const trip = await endedTrip(car, who, keeper);
    const response = await review(who, trip.id, body);
    expect(response.statusCode, response.body).toBe(201);
    await keeperRates(keeper, trip.id);
    return response.json<Review>();
  }

  it('answers anyone the six newest reviews with a comment, newest first, whatever their rating, with their car', async () => {
    const written: Review[] = [];
    for (const [car, rating] of [
      [carId, 5],
      [FLEET_CAR, 1],
      [carId, 2],
      [FLEET_CAR, 4],
      [carId, 1],
      [carId, 3],
      [FLEET_CAR, 2],
    ] as const) {
      written.push(await reviewed(car, written.length % 2 === 0 ? renter : otherRenter, { rating, comment: `Rated ${rating}.` }));
    }
    // Stars alone say nothing a person can read: it is left out, newest though it is.
    const starsOnly = await reviewed(carId, renter, { rating: 5 });

    const answer = await latest();
    const newestSix = written.slice(-6).reverse();
    expect(answer.map((item) => item.id)).toEqual(newestSix.map((item) => item.id));
    expect(answer.map((item) => item.id)).not.toContain(starsOnly.id);
    expect(answer.map((item) => item.rating)).toEqual([2, 3, 1, 4, 2, 1]);
    const [newest] = answer;
    expect(newest).toEqual({
      _id: newestSix[0]?.id,
      id: newestSix[0]?.id,
      rating: 2,
      comment: 'Rated 2.',
      author: newestSix[0]?.author,
      createdAt: newestSix[0]?.createdAt,
      car: { id: expect.any(String), carName: FLEET_CAR, path: `/cars/${encodeURIComponent(FLEET_CAR)}` },
    });
    // An owner's car is linked by its id, since owners' cars may share a name.
    expect(answer[1]?.car).toEqual({ id: carId, carName: 'Tata Nexon Reviewed', path: `/cars/${carId}` });
  });

  it('shows a new review once both sides have written, and drops it once an admin removes it', async () => {
    await latest();
    const fresh = await reviewed(carId, otherRenter, { rating: 1, comment: 'The AC did not work.' });
    expect((await latest())[0]).toMatchObject({ id: fresh.id, rating: 1, comment: 'The AC did not work.' });

    const removed = await send(app, 'DELETE', `/api/admin/reviews/${fresh.id}`, adminCookie, { reason: 'Names a person.' });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await latest();
    expect(after.map((item) => item.id)).not.toContain(fresh.id);
    expect(after).toHaveLength(6);
  });

  it('leaves out the reviews of a car nobody can open now, whose link would lead nowhere', async () => {
    const car = await listCar(app, owner, 'Maruti Baleno Paused', 700);
    const ofPaused = await reviewed(car.id, renter, { rating: 4, comment: 'Smooth ride.' });
    expect((await latest())[0]?.id).toBe(ofPaused.id);
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner)).statusCode).toBe(200);
    expect((await latest()).map((item) => item.id)).not.toContain(ofPaused.id);
    expect((await send(app, 'POST', `/api/cars/${car.id}/resume`, owner)).statusCode).toBe(200);
    expect((await latest())[0]?.id).toBe(ofPaused.id);
  });
});
