import type { RenterSummary } from '../../domain/schemas/licences';
import { t } from './words';

/**
 * What the car's owner is told of a renter on a request: approved to drive or not, their age band,
 * their completed trips and, once any owner's rating of them shows, their average and how many
 * rated; no rating line at all before that.
 */
export function RenterSummaryLine({ summary }: { summary: RenterSummary | undefined }) {
  if (!summary) return null;
  const approval = summary.approvedToDrive ? t('bookings.card.renterApproved') : t('bookings.card.renterNotApproved');
  const trips = t('bookings.card.renterTrips', { count: summary.completedTrips });
  const line = summary.ageBand
    ? t('bookings.card.renterSummaryAged', { approval, band: summary.ageBand, trips })
    : t('bookings.card.renterSummary', { approval, trips });
  return (
    <p className="mb-1 small">
      {summary.ratingAverage === undefined || summary.ratingCount === 0
        ? line
        : t('bookings.card.renterRated', { summary: line, average: summary.ratingAverage, count: summary.ratingCount })}
    </p>
  );
}
