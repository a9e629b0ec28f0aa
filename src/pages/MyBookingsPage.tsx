import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle';
import { BookingList } from '../features/bookings/BookingList';
import { useMarkBookingsSeenOnOpen } from '../features/notifications/queries';
import { PageShell } from '../components/PageShell';
import { BookingWhen } from '../domain/schemas/bookings';

/** The tab the address asks for (`?tab=past`); anything else means Upcoming. */
function tabInUrl(params: URLSearchParams): BookingWhen {
  return BookingWhen.safeParse(params.get('tab')).data ?? 'upcoming';
}

/**
 * /bookings: a renter's own bookings in two tabs, Upcoming (with cancel where the rules allow it) and
 * Past (with "Rate this trip"), each paged newest first; the tab and page are in the address.
 * Opening it marks the renter's bookings seen, which clears the header's count of changes.
 */
export default function MyBookingsPage() {
  usePageTitle('My bookings');
  useMarkBookingsSeenOnOpen();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabInUrl(searchParams);
  // A new tab starts on its first page; Upcoming is the plain address.
  const select = (key: string | null) => setSearchParams(key === 'past' ? { tab: 'past' } : {});
  return (
    <PageShell title="My bookings">
      <Tabs id="my-bookings" activeKey={tab} onSelect={select} className="mb-3" mountOnEnter unmountOnExit>
        <Tab eventKey="upcoming" title="Upcoming">
          <BookingList who="renter" when="upcoming" emptyText="You have no upcoming bookings." />
        </Tab>
        <Tab eventKey="past" title="Past">
          <BookingList who="renter" when="past" emptyText="You have no past trips yet." />
        </Tab>
      </Tabs>
    </PageShell>
  );
}
