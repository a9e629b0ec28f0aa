import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { statusAt } from '#domain/booking-states';
import { reviewShowsFrom } from '#domain/trip-reviews';
import { carPagePath } from '#domain/page-addresses';
import { isTrip } from '#domain/schemas/bookings';
import { LATEST_REVIEWS_MAX, type LatestReview, type NewReview } from '#domain/schemas/reviews';
import { findPublicCar, isPublic } from '../cars/public-cars';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { type AccountRow, accounts, type BookingRow, bookings, cars, renterReviews, type ReviewRow, reviews } from '../db/schema';
import { HttpError } from '../http/errors';
import { carReviewShows, nextShowing, reviewViews } from './views';
import { t } from '../i18n';

// A renter's review of a trip that took place, the car keeper's one reply, and a car's reviews; both
// sides' reviews of a trip wait for each other (src/domain/trip-reviews.ts).

export const NO_SUCH_BOOKING = 'server.reviews.noSuchBooking';
export const NO_SUCH_REVIEW = 'server.reviews.noSuchReview';
export const NO_SUCH_CAR = 'server.reviews.noSuchCar';
export const NOT_ENDED = 'server.reviews.notEnded';
export const ALREADY_REVIEWED = 'server.reviews.alreadyReviewed';
export const ALREADY_REPLIED = 'server.reviews.alreadyReplied';
export const NOT_KEEPER = 'server.reviews.notKeeper';
export const REMOVED = 'server.reviews.removed';

/** A review with its author, the renter's username, as every review answer shows it. */
export interface ReviewView {
  review: ReviewRow;
  author: string;
}

/** The review with its author; it exists, having just been written. */
export async function readReview(db: Database, reviewId: string): Promise<ReviewView> {
  const [row] = await reviewViews(db).where(eq(reviews.id, reviewId));
  if (!row) throw new Error('the review left as it was written');
  return row;
}

/** Whoever answers for the car: its owner, or an admin for a fleet car (as for booking requests). */
export function keepsCar(account: Pick<AccountRow, 'id' | 'role'>, car: { kind: string; ownerId: string | null }): boolean {
  return car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
}

/** The table of each side's review of a trip: the renter's of the car, the car keeper's of the renter. */
const SIDES = { renter: reviews, carKeeper: renterReviews } as const;
export type ReviewSide = keyof typeof SIDES;

/**
 * Stores one side's review of `booking` with `insert`, and answers its id. The booking's row is locked
 * meanwhile, so the other side's review cannot land unseen: with it already in, both show from `now`;
 * without it, this one waits for it or for the end of the trip's wait. A second review of the same side
 * breaks the table's unique key, and the transaction stores nothing.
 */
export async function storeTripReview(
  db: Database,
  booking: BookingRow,
  side: ReviewSide,
  insert: (tx: Database, visibleFrom: Date) => Promise<string>,
  now: Date,
): Promise<string> {
  const other = SIDES[side === 'renter' ? 'carKeeper' : 'renter'];
  return db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    const [written] = await tx.select({ id: other.id }).from(other).where(eq(other.bookingId, booking.id));
    const id = await insert(tx, reviewShowsFrom(booking.completesAt ?? booking.endsAt, written !== undefined, now));
    if (written) {
      await tx
        .update(other)
        .set({ visibleFrom: sql`least(${other.visibleFrom}, ${now.toISOString()}::timestamptz)` })
        .where(eq(other.bookingId, booking.id));
    }
    return id;
  });
}

/**
 * The renter's review of their booking, once, when it is accepted and its period has ended at `now`;
 * answers the new review's id.
 */
export async function writeReview(
  db: Database,
  renterId: string,
  bookingId: string,
  { rating, comment }: z.output<typeof NewReview>,
  now: Date,
): Promise<string> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.renterId, renterId)));
  if (!booking) throw new HttpError(404, t(NO_SUCH_BOOKING));
  // As the renter's list shows it: a request nobody answered in time reads as expired, a trip past its claim window as completed.
  const status = statusAt(booking.status, booking, now);
  if (!isTrip(status)) {
    throw new HttpError(409, t('server.reviews.notReviewable', { status }));
  }
  if (booking.endsAt > now) throw new HttpError(409, t(NOT_ENDED));
  try {
    return await storeTripReview(
      db,
      booking,
      'renter',
      async (tx, visibleFrom) => {
        const [stored] = await tx
          .insert(reviews)
          .values({
            bookingId: booking.id,
            carId: booking.carId,
            renterId,
            rating,
            comment: comment ?? null,
            createdAt: now,
            visibleFrom,
          })
          .returning({ id: reviews.id });
        if (!stored) throw new Error('the review was not stored');
        return stored.id;
      },
      now,
    );
  } catch (error) {
    // The booking's one review, written meanwhile by a second click: the unique key keeps the first.
    if (isUniqueViolation(error)) throw new HttpError(409, t(ALREADY_REVIEWED));
    throw error;
  }
}

/** The car keeper's one reply to a review of their car, given at `now`; answers the review's id. */
export async function replyToReview(
  db: Database,
  account: Pick<AccountRow, 'id' | 'role'>,
  reviewId: string,
  content: string,
  now: Date,
): Promise<string> {
  const [target] = await db
    .select({ reviewId: reviews.id, removedAt: reviews.removedAt, kind: cars.kind, ownerId: cars.ownerId })
    .from(reviews)
    .innerJoin(cars, eq(cars.id, reviews.carId))
    .where(eq(reviews.id, reviewId));
  if (!target) throw new HttpError(404, t(NO_SUCH_REVIEW));
  if (!keepsCar(account, target)) throw new HttpError(403, t(NOT_KEEPER));
  if (target.removedAt) throw new HttpError(409, t(REMOVED));
  // Only a review still without a reply, and not removed meanwhile, is written: of two replies at
  // once the second finds none, and a removal's emptied reply is not filled again.
  const [replied] = await db
    .update(reviews)
    .set({ reply: content, repliedAt: now })
    .where(and(eq(reviews.id, target.reviewId), isNull(reviews.reply), isNull(reviews.removedAt)))
    .returning({ id: reviews.id });
  if (!replied) throw new HttpError(409, t(ALREADY_REPLIED));
  return replied.id;
}

/**
 * When the first review still waiting shows, after `now`; null when none waits. Until then the cars'
 * answers (their stars, the latest reviews) change only with the database.
 */
export async function nextReviewShowing(db: Database, now: Date): Promise<Date | null> {
  const [row] = await nextShowing(db, reviews, now);
  return row?.at ?? null;
}

/**
 * The window's share of a public car's reviews that show at `now`, newest first (the id breaking
 * ties), and how many show.
 */
export async function carReviews(
  db: Database,
  carName: string,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: ReviewView[]; total: number }> {
  const car = await findPublicCar(db, carName);
  if (!car) throw new HttpError(404, t(NO_SUCH_CAR));
  const ofCar = and(eq(reviews.carId, car.car.id), carReviewShows(now));
  const [rows, [counted]] = await Promise.all([
    reviewViews(db).where(ofCar).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(reviews).where(ofCar),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The newest reviews with a comment that show at `now`, whatever their rating, for the home page: none
 * an admin removed, and only of cars anyone can still open, since each links to its car.
 */
export async function latestReviews(db: Database, now: Date): Promise<LatestReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      author: accounts.username,
      car: { id: cars.id, kind: cars.kind, carName: cars.carName },
    })
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.renterId))
    .innerJoin(cars, eq(cars.id, reviews.carId))
    .where(and(isNotNull(reviews.comment), isNull(reviews.removedAt), isPublic, carReviewShows(now)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LATEST_REVIEWS_MAX);
  return rows.flatMap(({ id, comment, createdAt, car, ...rest }) =>
    // Never null here (the query asks for a comment); the check only tells the type so.
    comment === null
      ? []
      : [
          {
            _id: id,
            id,
            comment,
            createdAt: createdAt.toISOString(),
            car: { id: car.id, carName: car.carName, path: carPagePath(car) },
            ...rest,
          },
        ],
  );
}
