import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { ReviewStars, StarRating } from '../../components/StarRating';
import { ZodForm } from '../../components/ZodForm';
import type { Account, Review } from '../../domain/contract';
import { formatIndiaDate } from '../../domain/india-time';
import { REVIEW_REPLY_MAX } from '../../domain/limits';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { useRetry } from '../../lib/query-client';
import type { CarDetails } from '../../entities/car/queries';
import { reviewKeys, useCarRating, useCarReviews, useReplyToReview } from './queries';
import { t } from './words';

/**
 * Who may reply: the car's owner, or an admin for a fleet car (which has no owner's name). The
 * server decides in the end; this only keeps the form from those it would refuse.
 */
function answersFor(car: CarDetails, user: Account | null): boolean {
  if (!user) return false;
  return car.ownerName === undefined ? user.role === 'admin' : user.role === 'owner' && user.username === car.ownerName;
}

const HEADING_ID = 'car-reviews';

// The replies' schema (and zod with it) loads once the owner starts writing one, not with the car's page.
const replyChecks = () => import('../../domain/schemas/reviews').then((schemas) => schemas.NewReviewReply);

function ReplyForm({ carRef, review }: { carRef: string; review: Review }) {
  const send = useReplyToReview(carRef);
  return (
    <ZodForm
      schema={replyChecks}
      defaultValues={{ content: '' }}
      loadOn="intent"
      onSubmit={(reply) => send.mutateAsync({ reviewId: review.id, reply })}
      aria-label={t('cars.reviews.replyFormLabel', { author: review.author })}
      className="mt-2"
    >
      {(form) => (
        <>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('cars.reviews.replyLabel')}
            name="content"
            multiline
            rows={2}
            maxLength={REVIEW_REPLY_MAX}
            required
          />
          <Button type="submit" size="sm" disabled={form.sending}>
            {t('cars.reviews.sendReply')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}

/**
 * One review. One an admin removed reads "[removed by an admin]" as the server sends it, without its
 * stars (they no longer count in the car's rating) and without a reply form (the server takes none).
 */
function ReviewItem({ review, carRef, mayReply }: { review: Review; carRef: string; mayReply: boolean }) {
  return (
    <li className="border-bottom pb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">{review.author}</span>
        {review.removed ? null : <ReviewStars rating={review.rating} />}
        <span className="small text-muted">{formatIndiaDate(review.createdAt)}</span>
      </div>
      {review.comment ? <p className={`mb-1 mt-1${review.removed ? ' fst-italic text-muted' : ''}`}>{review.comment}</p> : null}
      {review.reply ? (
        <div className="ms-3 mt-2 ps-2 border-start">
          <p className="small text-muted mb-0">{t('cars.reviews.ownerReply')}</p>
          <p className="mb-0">{review.reply.content}</p>
        </div>
      ) : mayReply && !review.removed ? (
        <ReplyForm carRef={carRef} review={review} />
      ) : null}
    </li>
  );
}

interface CarReviewsProps {
  /** The car's name or id, as in the page's address. */
  carRef: string;
  car: CarDetails;
}

/**
 * The car's rating and its renters' reviews, newest first, a page at a time. The rating is the
 * server's, from the reviews alone, and shows only once known: a prerendered page cannot know it.
 */
export function CarReviews({ carRef, car }: CarReviewsProps) {
  const reviews = useCarReviews(carRef);
  const retry = useRetry(reviewKeys.car(carRef));
  const { user } = useSession();
  const real = reviews.data?.pages[0]?.total ?? 0;
  const rating = useCarRating(carRef, { enabled: real > 0 });
  // Without reviews there is nothing to average, so the server need not be asked.
  const shown = reviews.isSuccess && real === 0 ? { ratingCount: 0, ratingAverage: undefined } : rating.data;
  const mayReply = answersFor(car, user);

  return (
    <section className="mt-4" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="h4">
        {t('cars.reviews.heading')}
      </h2>
      {shown ? <StarRating count={shown.ratingCount} average={shown.ratingAverage} /> : null}
      {reviews.isPending ? (
        <PageSpinner />
      ) : reviews.isLoadingError ? (
        <QueryError error={reviews.error} what={t('cars.reviews.loadFailed')} onRetry={retry} />
      ) : real === 0 ? (
        <p className="text-muted mt-2">{t('cars.reviews.none')}</p>
      ) : (
        <>
          <ul className="list-unstyled d-grid gap-3 mt-3" aria-label={t('cars.reviews.listLabel')}>
            {reviews.data.pages.flatMap((page) =>
              page.data.map((review) => <ReviewItem key={review.id} review={review} carRef={carRef} mayReply={mayReply} />),
            )}
          </ul>
          {reviews.hasNextPage ? (
            <Button variant="outline-primary" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {t('cars.reviews.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
