import bookings from '#locales/en/bookings';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { BookingTabs } from '../features/bookings/BookingTabs';
import { RENTER_TABS } from '../features/bookings/booking-tabs';
import { useMarkBookingsSeenOnOpen } from '../features/notifications/queries';
import { ReviewForm } from '../features/reviews/ReviewForm';
import { PageShell } from '../components/PageShell';

const { t } = wordsOf(bookings);

/**
 * /bookings: a renter's own bookings in three tabs, Upcoming (with cancel where the rules allow it),
 * Past (with "Rate this trip") and Cancelled/Declined, each paged newest first; the tab and page are
 * in the address. Opening it marks the renter's bookings seen, which clears the header's count of changes.
 */
export default function MyBookingsPage() {
  usePageTitle(t('bookings.myBookings.title'));
  useMarkBookingsSeenOnOpen();
  return (
    <PageShell title={t('bookings.myBookings.title')}>
      <BookingTabs
        id="my-bookings"
        tabs={RENTER_TABS}
        who="renter"
        reviewForm={(booking) => <ReviewForm bookingId={booking.id} carName={booking.car.carName} />}
      />
    </PageShell>
  );
}
