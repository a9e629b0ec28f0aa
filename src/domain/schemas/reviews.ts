import { z } from 'zod';
import { checkText } from '../issue-message';
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../limits';
import { pageParams } from './answers';
import { REMOVED_CONTENT } from './comments';
import { id, Identified, isoInstant, writtenText } from './fields';

/** How many reviews the home page shows at most. */
export const LATEST_REVIEWS_MAX = 6;

const RATING_MESSAGE = 'checks.rating.range';

/** `POST /api/bookings/{id}/review`: the renter's stars and, if they like, a few words. */
export const NewReview = z.object({
  rating: z.int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  comment: z
    .string()
    .trim()
    .max(
      REVIEW_COMMENT_MAX,
      checkText('checks.issue.tooLong', { field: { id: 'checks.field.comment' }, maximum: REVIEW_COMMENT_MAX }),
    )
    .optional()
    .transform((comment) => (comment === '' ? undefined : comment)),
});
export type NewReview = z.input<typeof NewReview>;

/** `POST /api/bookings/{id}/renter-review`: the car keeper's stars for the renter, with the same checks as a review of a car. */
export const NewRenterReview = NewReview;
export type NewRenterReview = z.input<typeof NewRenterReview>;

const pendingUntil = isoInstant.optional().meta({
  description:
    "Sent only to the review's writer while it waits for the other side's: it shows to others once the other side has reviewed too, or at this instant.",
});

/** `POST /api/reviews/{id}/reply`: the car owner's one answer to a review. */
export const NewReviewReply = z.object({
  content: writtenText('checks.field.reply', REVIEW_REPLY_MAX),
});
export type NewReviewReply = z.input<typeof NewReviewReply>;

export const ReviewIdParams = z.object({ id });

export const ReviewListQuery = z.object(pageParams);

/** A renter's review of a car after the trip, with the owner's reply once given. */
export const Review = Identified.extend({
  rating: z.int().min(1).max(5),
  comment: z
    .string()
    .optional()
    .meta({ description: `\`${REMOVED_CONTENT}\` once removed by an admin.` }),
  /** The renter's username. */
  author: z.string(),
  createdAt: isoInstant,
  pendingUntil,
  reply: z.object({ content: z.string(), createdAt: isoInstant }).optional(),
  removed: z
    .literal(true)
    .optional()
    .meta({
      description: `Sent only once an admin removed the review: its comment then reads \`${REMOVED_CONTENT}\`, the owner's reply is gone (and none can be given), and its rating no longer counts in the car's \`ratingAverage\` and \`ratingCount\`.`,
    }),
}).meta({ id: 'Review' });
export type Review = z.output<typeof Review>;

/** The car keeper's rating of the renter after a completed trip. */
export const RenterReview = Identified.extend({
  rating: z.int().min(1).max(5),
  comment: z.string().optional(),
  createdAt: isoInstant,
  pendingUntil,
}).meta({ id: 'RenterReview' });
export type RenterReview = z.output<typeof RenterReview>;

/**
 * `GET /api/reviews/latest`: one of the newest reviews with words in them, whatever their rating,
 * with the car it is about, for the home page.
 */
export const LatestReview = Review.pick({ _id: true, id: true, rating: true, author: true, createdAt: true }).extend({
  comment: z.string(),
  car: z.object({
    id,
    carName: z.string(),
    /** The car's page in the app: a catalogue car's by its name, an owner's by its id. */
    path: z.string(),
  }),
});
export type LatestReview = z.output<typeof LatestReview>;

export const LatestReviews = z.array(LatestReview).max(LATEST_REVIEWS_MAX);
export type LatestReviews = z.output<typeof LatestReviews>;
