import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** /bookcar: an old address for booking, which happens on each car's own page; it leads there and to the bookings made. */
export default function BookCarPage() {
  usePageTitle('Book a car');
  return (
    <WayOn
      title="Book a car"
      links={[
        { to: paths.cars, label: 'Browse cars' },
        { to: paths.myBookings, label: 'My bookings' },
      ]}
    >
      Cars are booked from their own page: pick one from the car list, choose your period and send the request. The requests you
      have sent, and their answers, are in My bookings.
    </WayOn>
  );
}
