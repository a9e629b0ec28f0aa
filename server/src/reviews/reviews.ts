import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { statusAt } from '#domain/booking-states';
import { carPagePath } from '#domain/page-addresses';
import { LATEST_REVIEWS_MAX, type LatestReview, type NewReview } from '#domain/schemas/reviews';
import { findPublicCar, isPublic } from '../cars/public-cars';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { type AccountRow, accounts, bookings, cars, type ReviewRow, reviews } from '../db/schema';
import { HttpError } from '../http/errors';
import { reviewViews } from './views';
import { t } from '../i18n';

// A renter's review of a trip that took place, the car keeper's one reply, and a car's reviews.

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
function keepsCar(account: Pick<AccountRow, 'id' | 'role'>, car: { kind: string; ownerId: string | null }): boolean {
  return car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
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
  if (status !== 'accepted' && status !== 'completed') {
    throw new HttpError(409, t('server.reviews.notReviewable', { status }));
  }
  if (booking.endsAt > now) throw new HttpError(409, t(NOT_ENDED));
  try {
    const [stored] = await db
      .insert(reviews)
      .values({ bookingId: booking.id, carId: booking.carId, renterId, rating, comment: comment ?? null, createdAt: now })
      .returning({ id: reviews.id });
    if (!stored) throw new Error('the review was not stored');
    return stored.id;
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

/** The window's share of a public car's reviews, newest first (the id breaking ties), and how many it has. */
export async function carReviews(
  db: Database,
  carName: string,
  window: { limit: number; offset: number },
): Promise<{ rows: ReviewView[]; total: number }> {
  const car = await findPublicCar(db, carName);
  if (!car) throw new HttpError(404, t(NO_SUCH_CAR));
  const ofCar = eq(reviews.carId, car.car.id);
  const [rows, [counted]] = await Promise.all([
    reviewViews(db).where(ofCar).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(reviews).where(ofCar),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The newest reviews with a comment, whatever their rating, for the home page: none an admin removed,
 * and only of cars anyone can still open, since each links to its car.
 */
export async function latestReviews(db: Database): Promise<LatestReview[]> {
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
    .where(and(isNotNull(reviews.comment), isNull(reviews.removedAt), isPublic))
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
