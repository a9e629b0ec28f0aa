import type { RenterSummary } from '../../domain/schemas/licences';
import { t } from './words';

/**
 * What the car's owner is told of a renter on a request: approved to drive or not, their age band
 * and their completed trips. No rating: renters are not reviewed on this site.
 */
export function RenterSummaryLine({ summary }: { summary: RenterSummary | undefined }) {
  if (!summary) return null;
  const approval = summary.approvedToDrive ? t('bookings.card.renterApproved') : t('bookings.card.renterNotApproved');
  const trips = t('bookings.card.renterTrips', { count: summary.completedTrips });
  return (
    <p className="mb-1 small">
      {summary.ageBand
        ? t('bookings.card.renterSummaryAged', { approval, band: summary.ageBand, trips })
        : t('bookings.card.renterSummary', { approval, trips })}
    </p>
  );
}
