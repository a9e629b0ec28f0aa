import { eq, gt, inArray, lte, min } from 'drizzle-orm';
import type { Booking, RenterReview, Review } from '#domain/contract';
import { toRenterReview, toReview } from '../contract-shapes';
import type { Database } from '../db/client';
import { accounts, renterReviews, reviews } from '../db/schema';

/** Reviews with their author, the renter's username, as every review answer shows them. */
export function reviewViews(db: Database) {
  return db
    .select({ review: reviews, author: accounts.username })
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.renterId));
}

/** Reviews of cars that show to anyone at `now`: the writer alone sees one still waiting for the other side's. */
export const carReviewShows = (now: Date) => lte(reviews.visibleFrom, now);

/** Ratings of renters that show to anyone at `now`. */
export const renterReviewShows = (now: Date) => lte(renterReviews.visibleFrom, now);

/** The first instant after `now` a waiting review of `table`'s side shows, as a query to run or nest. */
export const nextShowing = (db: Database, table: typeof reviews | typeof renterReviews, now: Date) =>
  db
    .select({ at: min(table.visibleFrom) })
    .from(table)
    .where(gt(table.visibleFrom, now));

/** A trip's two reviews, each as its writer sees it (with `pendingUntil` while it waits). */
export interface TripReviews {
  review?: Review;
  renterReview?: RenterReview;
}

/** The reviews of each of `bookingIds` that has any, in two queries whatever their number (a page of bookings, or one). */
export async function tripReviewsOf(db: Database, bookingIds: readonly string[], now: Date): Promise<Map<string, TripReviews>> {
  if (bookingIds.length === 0) return new Map();
  const ids = [...bookingIds];
  const [renterSide, keeperSide] = await Promise.all([
    reviewViews(db).where(inArray(reviews.bookingId, ids)),
    db.select().from(renterReviews).where(inArray(renterReviews.bookingId, ids)),
  ]);
  const found = new Map<string, TripReviews>();
  for (const { review, author } of renterSide) found.set(review.bookingId, { review: toReview(review, author, now) });
  for (const row of keeperSide) {
    found.set(row.bookingId, { ...found.get(row.bookingId), renterReview: toRenterReview(row, now) });
  }
  return found;
}

/**
 * The booking with the reviews `side` may read: each side its own at once, the other side's only
 * once it shows. An admin reads as the car's side, as they answer for the fleet's cars.
 */
export function withTripReviews<T extends Booking>(booking: T, found: TripReviews | undefined, side: 'renter' | 'carKeeper'): T {
  const shown = <R extends { pendingUntil?: string }>(review: R | undefined, ownSide: boolean): R | undefined =>
    review && (ownSide || review.pendingUntil === undefined) ? review : undefined;
  const review = shown(found?.review, side === 'renter');
  const renterReview = shown(found?.renterReview, side === 'carKeeper');
  return { ...booking, ...(review ? { review } : {}), ...(renterReview ? { renterReview } : {}) };
}
