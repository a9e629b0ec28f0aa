import { CLOSED_STATUSES } from '../../domain/schemas/bookings';
import type { BookingsFilter } from './queries';

/** One tab of My bookings or Rental requests: one server query, so each tab pages on its own. */
export interface BookingTab {
  /** In the address as `?tab=`; the first tab of a page is its plain address. */
  key: string;
  title: string;
  filter: BookingsFilter;
  emptyText: string;
}

/** My bookings: what is still ahead, the trips taken, and what will not take place. Every booking is in exactly one. */
export const RENTER_TABS: readonly BookingTab[] = [
  {
    key: 'upcoming',
    title: 'Upcoming',
    filter: { when: 'upcoming', status: ['requested', 'accepted'] },
    emptyText: 'You have no upcoming bookings.',
  },
  { key: 'past', title: 'Past', filter: { when: 'past', status: ['accepted'] }, emptyText: 'You have no past trips yet.' },
  {
    key: 'cancelled',
    title: 'Cancelled/Declined',
    filter: { status: CLOSED_STATUSES },
    emptyText: 'You have no cancelled, declined or expired bookings.',
  },
];

/** Rental requests: what waits for the owner's answer, what they accepted that is still ahead, and everything over. */
export const CAR_KEEPER_TABS: readonly BookingTab[] = [
  {
    key: 'awaiting',
    title: 'Awaiting answer',
    filter: { status: ['requested'] },
    emptyText: 'No rental requests are awaiting your answer.',
  },
  {
    key: 'accepted',
    title: 'Accepted',
    filter: { when: 'upcoming', status: ['accepted'] },
    emptyText: 'No accepted bookings are ahead.',
  },
  { key: 'past', title: 'Past', filter: { when: 'over' }, emptyText: 'No past rental requests yet.' },
];
