import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import bookings from '#locales/en/bookings';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { useSession } from '../lib/auth/session';
import { BookingTabs } from '../features/bookings/BookingTabs';
import { CAR_KEEPER_TABS } from '../features/bookings/booking-tabs';
import { RenterReviewForm } from '../features/reviews/ReviewForm';
import { PageShell } from '../components/PageShell';
import type { Booking } from '../domain/contract';

const { t } = wordsOf(bookings);

const fleetOnly = (booking: Booking) => booking.car.kind === 'fleet';

/**
 * /get/requests: the requests renters sent for the signed-in owner's cars, to accept or decline, in
 * three tabs: Awaiting answer, Accepted (still ahead) and Past, where a completed trip's renter is rated.
 * Admins answer for the platform's fleet here, and see owners' requests without acting on them.
 */
export default function RentalRequestsPage() {
  usePageTitle(t('bookings.rentalRequests.title'));
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  return (
    <PageShell title={t('bookings.rentalRequests.title')}>
      {isAdmin ? null : (
        <p>
          <Link to={paths.ownerCars}>{t('bookings.rentalRequests.backToCars')}</Link>
        </p>
      )}
      <BookingTabs
        id="rental-requests"
        tabs={CAR_KEEPER_TABS}
        who="carKeeper"
        mayAct={isAdmin ? fleetOnly : undefined}
        reviewForm={(booking) => <RenterReviewForm bookingId={booking.id} renter={booking.renter.username} />}
      />
    </PageShell>
  );
}
