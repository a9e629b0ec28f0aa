import { inArray, eq } from 'drizzle-orm';
import type { Review } from '#domain/contract';
import { toReview } from '../contract-shapes';
import type { Database } from './client';
import { accounts, reviews } from './schema';

/** Reviews with their author, the renter's username, as every review answer shows them. */
export function reviewViews(db: Database) {
  return db
    .select({ review: reviews, author: accounts.username })
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.renterId));
}

/** The review of each of `bookingIds` that has one, in one query whatever their number (a page of bookings, or one). */
export async function reviewsOfBookings(db: Database, bookingIds: readonly string[]): Promise<Map<string, Review>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await reviewViews(db).where(inArray(reviews.bookingId, [...bookingIds]));
  return new Map(rows.map(({ review, author }) => [review.bookingId, toReview(review, author)]));
}
