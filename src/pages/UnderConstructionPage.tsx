import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** /notfound: an address kept from the spec with nothing behind it; it says so and leads to the cars and the bookings made. */
export default function UnderConstructionPage() {
  usePageTitle('Under construction');
  return (
    <WayOn
      title="This page is not ready yet"
      links={[
        { to: paths.cars, label: 'Browse cars' },
        { to: paths.myBookings, label: 'My bookings' },
      ]}
    >
      The link you followed leads to a page we have not built yet. You can find a car to rent, or see the bookings you have made.
    </WayOn>
  );
}
