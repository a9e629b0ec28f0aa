import { inArray, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Review } from '#domain/contract';
import { toReview } from '../contract-shapes';
import type { Database } from '../db/client';
import { accounts, type ReviewRow, reviews } from '../db/schema';

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

/**
 * The review's author, for a list of bookings to left-join with `reviews` on the booking's id: the
 * page and its reviews in one query. Its own name, since the list already joins the renter's account.
 */
export const reviewAuthors = alias(accounts, 'review_author');

/** The review a left join found, in the contract's shape; undefined when the booking has none. */
export function joinedReview(review: ReviewRow | null, author: string | null): Review | undefined {
  return review === null || author === null ? undefined : toReview(review, author);
}
