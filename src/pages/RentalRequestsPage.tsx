import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../app/usePageTitle';
import { BookingList } from '../components/BookingList';
import { PageShell } from '../components/PageShell';

/** /get/requests: the requests renters sent for the signed-in owner's cars, to accept or decline. */
export default function RentalRequestsPage() {
  usePageTitle('Rental requests');
  return (
    <PageShell title="Rental requests">
      <p>
        <Link to={paths.ownerCars}>Back to Your Cars</Link>
      </p>
      <BookingList who="carKeeper" emptyText="No rental requests yet." />
    </PageShell>
  );
}
