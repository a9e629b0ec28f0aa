import { useQuery } from '@tanstack/react-query';
import { carKeys } from '../../entities/car/keys';
import { latestReviews } from './api';

/** Under the cars' key, so a review written or removed from this browser marks it stale with the cars. */
const latestReviewsKey = [...carKeys.all, 'latest-reviews'] as const;

/** The home page's reviews, asked for only once `enabled`. */
export function useLatestReviews({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: latestReviewsKey, queryFn: ({ signal }) => latestReviews(signal), enabled });
}
