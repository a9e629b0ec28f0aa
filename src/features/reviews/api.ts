import { client } from '../../lib/api-client';
import type {
  NewRenterReview,
  NewReview,
  NewReviewReply,
  PagedAnswer,
  PageQuery,
  RenterReview,
  Review,
} from '../../domain/contract';

/** One page of a car's reviews, newest first; the car by its name or id, as in its address. */
export async function listCarReviews(carRef: string, query: PageQuery, signal?: AbortSignal): Promise<PagedAnswer<Review>> {
  const url = `/api/cars/${encodeURIComponent(carRef)}/reviews`;
  return (await client.get<PagedAnswer<Review>>(url, { params: query, signal })).data;
}

/** The renter's rating of a trip that has ended: refused (409) before its end and after a first review. */
export async function reviewTrip(bookingId: string, body: NewReview): Promise<Review> {
  return (await client.post<Review>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, body)).data;
}

/** The car keeper's rating of the renter: refused (409) before the trip is completed and after a first rating. */
export async function rateRenter(bookingId: string, body: NewRenterReview): Promise<RenterReview> {
  return (await client.post<RenterReview>(`/api/bookings/${encodeURIComponent(bookingId)}/renter-review`, body)).data;
}

/** The car owner's one reply to a review of their car. */
export async function replyToReview(reviewId: string, body: NewReviewReply): Promise<Review> {
  return (await client.post<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, body)).data;
}
