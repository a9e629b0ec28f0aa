import { AdminBookings } from '../features/admin/AdminBookings';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/bookings: every booking, to find and to accept, decline or cancel as the server allows. */
export default function AdminBookingsPage() {
  usePageTitle('Bookings');
  return <AdminBookings />;
}
