import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewRenterReview, NewReview, NewReviewReply } from '../../domain/contract';
import { bookingsKey } from '../../entities/booking/keys';
import { getCar } from '../../entities/car/api';
import { carKeys } from '../../entities/car/keys';
import { listCarReviews, rateRenter, replyToReview, reviewTrip } from './api';

/** Under the cars' key, so whatever makes the cars stale (a new review among them) makes their reviews stale too. */
export const reviewKeys = {
  car: (carRef: string) => [...carKeys.all, 'reviews', carRef] as const,
  rating: (carRef: string) => [...carKeys.all, 'rating', carRef] as const,
};

/** A car's reviews, newest first, a page at a time: each "Load more" adds the next page under the ones shown. */
export function useCarReviews(carRef: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.car(carRef),
    queryFn: ({ pageParam, signal }) => listCarReviews(carRef, { page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/**
 * The server's average of the car's real reviews. A catalogue car's page is drawn from the app's own
 * data, which has no average, so it is asked for once the car is known to have reviews.
 */
export function useCarRating(carRef: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reviewKeys.rating(carRef),
    queryFn: async ({ signal }) => {
      const car = await getCar(carRef, signal);
      return { ratingAverage: car.ratingAverage, ratingCount: car.ratingCount };
    },
    enabled,
  });
}

/**
 * A review of either side of a trip: it changes both sides' lists (stars instead of "Rate this trip"
 * or "Rate the renter") and, once both are in, the car's reviews and average.
 */
function useTripReview<Body>(send: (bookingId: string, review: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form checked the review with the contract's schema.
    mutationFn: ({ bookingId, review }: { bookingId: string; review: Body }) => send(bookingId, review),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKey }),
        queryClient.invalidateQueries({ queryKey: carKeys.all }),
      ]),
  });
}

/** The renter's review of the car. */
export const useReviewTrip = () => useTripReview<NewReview>(reviewTrip);

/** The car keeper's rating of the renter. */
export const useRateRenter = () => useTripReview<NewRenterReview>(rateRenter);

/** The owner's reply shows under the review once the reviews are loaded again. */
export function useReplyToReview(carRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form checked the reply with the contract's NewReviewReply.
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: NewReviewReply }) => replyToReview(reviewId, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.car(carRef) }),
  });
}
