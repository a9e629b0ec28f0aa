import { AdminBookings } from '../features/admin/AdminBookings';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/bookings: every booking, to find and to accept, decline or cancel as the server allows. */
export default function AdminBookingsPage() {
  usePageTitle(t('admin.bookings.title'));
  return <AdminBookings />;
}
