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
 * A car's rating from its renters' reviews alone: the average to one decimal, as many stars
 * (rounded) and how many reviews count; "New" while none does, since stars without reviews
 * would be invented.
 */
export function StarRating({ count, average }: { count: number; average?: number }) {
  if (count === 0 || average === undefined) {
    return <span className="badge text-bg-info align-self-start">{t('common.stars.new')}</span>;
  }
  return (
    <div
      className="d-flex align-items-center gap-1"
      role="img"
      aria-label={t('common.stars.average', { average: average.toFixed(1), stars: STARS, count })}
    >
      <span className="fw-semibold" aria-hidden="true">
        {average.toFixed(1)}
      </span>
      <Stars filled={Math.round(average)} />
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
