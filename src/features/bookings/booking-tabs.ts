import { CLOSED_STATUSES, TRIP_STATUSES } from '../../domain/schemas/bookings';
import type { BookingsFilter } from './queries';
import type { BookingsId } from './words';

/** One tab of My bookings or Rental requests: one server query, so each tab pages on its own. */
export interface BookingTab {
  /** In the address as `?tab=`; the first tab of a page is its plain address. */
  key: string;
  title: BookingsId;
  filter: BookingsFilter;
  emptyText: BookingsId;
}

/** My bookings: what is still ahead, the trips taken, and what will not take place. Every booking is in exactly one. */
export const RENTER_TABS: readonly BookingTab[] = [
  {
    key: 'upcoming',
    title: 'bookings.tabs.upcoming',
    filter: { when: 'upcoming', status: ['requested', 'accepted'] },
    emptyText: 'bookings.tabs.upcomingEmpty',
  },
  {
    key: 'past',
    title: 'bookings.tabs.past',
    filter: { when: 'past', status: TRIP_STATUSES },
    emptyText: 'bookings.tabs.pastEmpty',
  },
  {
    key: 'cancelled',
    title: 'bookings.tabs.cancelled',
    filter: { status: CLOSED_STATUSES },
    emptyText: 'bookings.tabs.cancelledEmpty',
  },
];

/** Rental requests: what waits for the owner's answer, what they accepted that is still ahead, and everything over. */
export const CAR_KEEPER_TABS: readonly BookingTab[] = [
  {
    key: 'awaiting',
    title: 'bookings.tabs.awaiting',
    filter: { status: ['requested'] },
    emptyText: 'bookings.tabs.awaitingEmpty',
  },
  {
    key: 'accepted',
    title: 'bookings.tabs.accepted',
    filter: { when: 'upcoming', status: ['accepted'] },
    emptyText: 'bookings.tabs.acceptedEmpty',
  },
  { key: 'past', title: 'bookings.tabs.past', filter: { when: 'over' }, emptyText: 'bookings.tabs.requestsPastEmpty' },
];
