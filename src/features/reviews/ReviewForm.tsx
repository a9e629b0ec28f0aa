import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FieldError, FormField, useFormField } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { ZodForm } from '../../components/ZodForm';
import type { NewReview } from '../../domain/contract';
import { REVIEW_COMMENT_MAX } from '../../domain/limits';
import { toApiError } from '../../lib/api-client';
import { useRateRenter, useReviewTrip } from './queries';
import { t } from './words';

const RATINGS = [1, 2, 3, 4, 5] as const;

// The reviews' schema (and zod with it) loads with the form, not with the bookings page.
const reviewChecks = () => import('../../domain/schemas/reviews').then((schemas) => schemas.NewReview);

/** The form's fields as typed: the checked star's value, none until one is picked. */
interface ReviewFields {
  rating?: string;
  comment: string;
}

/**
 * Five stars to pick from, each a radio button named "1 star" to "5 stars", so a keyboard or a screen
 * reader picks a rating the way it picks any one of a few choices; the stars up to the choice light up.
 */
function StarPicker({ value, onPick }: { value: number | undefined; onPick: (rating: number) => void }) {
  const field = useFormField('rating', {
    label: t('cars.reviewForm.rating'),
    onChange: (event) => onPick(Number(event.target.value)),
  });
  return (
    <fieldset className="mb-3" aria-describedby={field.error ? field.errorId : undefined}>
      <legend className="fs-6 mb-1">{t('cars.reviewForm.rating')}</legend>
      <div className="d-flex gap-1">
        {RATINGS.map((rating) => (
          <span key={rating}>
            <input type="radio" className="btn-check" id={`${field.id}-${rating}`} {...field.radio(String(rating))} />
            <label
              htmlFor={`${field.id}-${rating}`}
              className={`btn btn-link p-1 ${value !== undefined && rating <= value ? 'text-warning' : 'text-secondary'}`}
            >
              <Icon name="star" size={24} />
              <span className="visually-hidden">{t('cars.reviewForm.stars', { count: rating })}</span>
            </label>
          </span>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

/** The review as the contract takes it: the stars as a number. */
const reviewOf = ({ rating, comment }: ReviewFields) => ({ rating: rating ? Number(rating) : undefined, comment });

interface StarsFormProps {
  /** The form's name, for screen readers. */
  label: string;
  send: (review: NewReview) => Promise<unknown>;
  /** Called once the review is stored. */
  onDone?: () => void;
}

/**
 * Stars and a few words if the writer likes, sent once: a renter's of a car and a car keeper's of a
 * renter take the same checks (the contract's NewReview).
 */
function StarsForm({ label, send, onDone }: StarsFormProps) {
  // The stars light up to the one picked, and Send waits for one.
  const [picked, setPicked] = useState<number | undefined>();
  const empty: ReviewFields = { rating: undefined, comment: '' };

  return (
    <ZodForm
      schema={reviewChecks}
      defaultValues={empty}
      bodyOf={reviewOf}
      onSubmit={async (values) => {
        const { rating, comment } = reviewOf(values);
        if (rating === undefined) return;
        await send({ rating, comment });
        onDone?.();
      }}
      aria-label={label}
      className="mt-2"
    >
      {(form) => (
        <>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <StarPicker value={picked} onPick={setPicked} />
          <FormField label={t('cars.reviewForm.comment')} name="comment" multiline rows={2} maxLength={REVIEW_COMMENT_MAX} />
          <Button type="submit" size="sm" disabled={picked === undefined || form.sending}>
            {t('cars.reviewForm.send')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}

interface ReviewFormProps {
  bookingId: string;
  carName: string;
  onDone?: () => void;
}

/** The renter's rating of a trip that has ended. */
export function ReviewForm({ bookingId, carName, onDone }: ReviewFormProps) {
  const send = useReviewTrip();
  return (
    <StarsForm
      label={t('cars.reviewForm.label', { carName })}
      send={(review) => send.mutateAsync({ bookingId, review })}
      onDone={onDone}
    />
  );
}

interface RenterReviewFormProps {
  bookingId: string;
  renter: string;
  onDone?: () => void;
}

/** The car keeper's rating of the renter of a completed trip. */
export function RenterReviewForm({ bookingId, renter, onDone }: RenterReviewFormProps) {
  const send = useRateRenter();
  return (
    <StarsForm
      label={t('cars.reviewForm.renterLabel', { renter })}
      send={(review) => send.mutateAsync({ bookingId, review })}
      onDone={onDone}
    />
  );
}
