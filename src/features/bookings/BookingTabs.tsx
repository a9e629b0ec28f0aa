import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router-dom';
import type { Booking } from '../../domain/contract';
import type { ReviewFormFor } from './BookingCard';
import type { PartySide } from './party-side';
import { BookingList } from './BookingList';
import type { BookingTab } from './booking-tabs';
import { t } from './words';

interface BookingTabsProps {
  /** Tells the tabs apart from any other on the page. */
  id: string;
  tabs: readonly BookingTab[];
  who: PartySide;
  mayAct?: (booking: Booking) => boolean;
  /** How this side rates a trip: the renter the car, the car's keeper the renter. */
  reviewForm?: ReviewFormFor;
}

/** A booking list in tabs; the tab (`?tab=past`) and page are in the address, and a tab the address does not know is the first. */
export function BookingTabs({ id, tabs, who, mayAct, reviewForm }: BookingTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const first = tabs[0]?.key;
  const active = tabs.find((tab) => tab.key === searchParams.get('tab'))?.key ?? first;
  // A new tab starts on its first page; the first tab is the plain address.
  const select = (key: string | null) => setSearchParams(key === null || key === first ? {} : { tab: key });
  return (
    <Tabs id={id} activeKey={active} onSelect={select} className="mb-3" mountOnEnter unmountOnExit>
      {tabs.map((tab) => (
        <Tab key={tab.key} eventKey={tab.key} title={t(tab.title)}>
          <BookingList who={who} filter={tab.filter} emptyText={tab.emptyText} mayAct={mayAct} reviewForm={reviewForm} />
        </Tab>
      ))}
    </Tabs>
  );
}
