import { usePageTitle } from '../lib/usePageTitle';
import { BookingList } from '../features/bookings/BookingList';
import { PageShell } from '../components/PageShell';

/** /bookings: a renter's own booking requests, newest first, with cancel where the rules allow it. */
export default function MyBookingsPage() {
  usePageTitle('My bookings');
  return (
    <PageShell title="My bookings">
      <BookingList who="renter" emptyText="You have not booked a car yet." />
    </PageShell>
  );
}
