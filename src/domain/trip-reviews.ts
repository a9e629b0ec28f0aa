// A trip's two reviews, the renter's of the car and the car keeper's of the renter, wait for each
// other so that neither side writes in answer to the other's.

/** How long after a trip completes its reviews show even if only one side has written. */
export const REVIEWS_WAIT_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trip's reviews show at the latest: `REVIEWS_WAIT_DAYS` after the trip completes. */
export function reviewsShowBy(completion: Date): Date {
  return new Date(completion.getTime() + REVIEWS_WAIT_DAYS * DAY_MS);
}

/** When a review written at `now` shows: at once when the other side's is in, else when the wait ends. */
export function reviewShowsFrom(completion: Date, otherWritten: boolean, now: Date): Date {
  return otherWritten ? now : reviewsShowBy(completion);
}

/** An average of ratings as answers give it: to one decimal. */
export function roundedRating(average: number): number {
  return Math.round(average * 10) / 10;
}
