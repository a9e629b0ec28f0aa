import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { REVIEW_COMMENT_MAX } from '../../domain/limits';
import { toApiError } from '../../lib/api-client';
import { useReviewTrip } from './queries';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars to pick from, each a radio button named "1 star" to "5 stars", so a keyboard or a screen
 * reader picks a rating the way it picks any one of a few choices; the stars up to the choice light up.
 */
function StarPicker({ value, onChange }: { value: number | undefined; onChange: (rating: number) => void }) {
  const name = useId();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 mb-1">Your rating</legend>
      <div className="d-flex gap-1">
        {RATINGS.map((rating) => (
          <span key={rating}>
            <input
              type="radio"
              className="btn-check"
              id={`${name}-${rating}`}
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <label
              htmlFor={`${name}-${rating}`}
              className={`btn btn-link p-1 ${value !== undefined && rating <= value ? 'text-warning' : 'text-secondary'}`}
            >
              <Icon name="star" size={24} />
              <span className="visually-hidden">
                {rating} {rating === 1 ? 'star' : 'stars'}
              </span>
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}

interface ReviewFormProps {
  bookingId: string;
  carName: string;
  /** Called once the review is stored. */
  onDone?: () => void;
}

/** The renter's rating of a trip that has ended, with a few words if they like; sent once. */
export function ReviewForm({ bookingId, carName, onDone }: ReviewFormProps) {
  const [rating, setRating] = useState<number | undefined>();
  const [comment, setComment] = useState('');
  const send = useReviewTrip();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === undefined) return;
    send.mutate({ bookingId, review: { rating, comment } }, { onSuccess: () => onDone?.() });
  };

  return (
    <Form onSubmit={submit} aria-label={`Rate your trip in the ${carName}`} className="mt-2">
      <ErrorAlert message={send.error ? toApiError(send.error).message : null} onClose={send.reset} />
      <StarPicker value={rating} onChange={setRating} />
      <FormField
        label="Comment (optional)"
        name="comment"
        value={comment}
        onChange={setComment}
        multiline
        rows={2}
        maxLength={REVIEW_COMMENT_MAX}
      />
      <Button type="submit" size="sm" disabled={rating === undefined || send.isPending}>
        Send review
      </Button>
    </Form>
  );
}
