import { t } from '../lib/i18n';
import { Icon } from './icons';

const STARS = 5;

/** Five stars, the first `filled` in colour: what a rating looks like, read out by the label around it. */
function Stars({ filled }: { filled: number }) {
  return (
    <span className="d-inline-flex" data-testid="stars">
      {Array.from({ length: STARS }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: five stars that never move; the position is their identity.
          key={index}
          className={index < filled ? 'text-warning' : 'text-secondary opacity-25'}
        >
          <Icon name="star" size={18} />
        </span>
      ))}
    </span>
  );
}

/**
 * The spec's five-star display with the number of ratings beside it. Without an `average` (the
 * catalogue only holds how many people rated a car) all five stars show, as in the spec; with
 * renters' reviews, the average to one decimal and as many stars, rounded.
 */
export function StarRating({ count, average }: { count: number; average?: number }) {
  const label =
    average === undefined
      ? t('common.stars.byPeople', { stars: STARS, count })
      : t('common.stars.average', { average: average.toFixed(1), stars: STARS, count });
  return (
    <div className="d-flex align-items-center gap-1" role="img" aria-label={label}>
      {average === undefined ? null : (
        <span className="fw-semibold" aria-hidden="true">
          {average.toFixed(1)}
        </span>
      )}
      <Stars filled={average === undefined ? STARS : Math.round(average)} />
      <span className="text-muted small price" aria-hidden="true">
        {t('common.stars.ratings', { count })}
      </span>
    </div>
  );
}

/** One renter's stars. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="d-inline-flex" role="img" aria-label={t('common.stars.review', { rating, stars: STARS })}>
      <Stars filled={rating} />
    </span>
  );
}
