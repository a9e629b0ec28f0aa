import type { AdminCarState } from '../../domain/schemas/admin';
import type { BookingStatus } from '../../domain/schemas/bookings';
import type { AdminWordId } from './words';

/** Counts with India's digit grouping (1,23,456), as the product writes rupees. */
const countFormat = new Intl.NumberFormat('en-IN');

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A car's state as the overview counts it and the Cars section filters and shows it. */
export const CAR_STATE_LABELS: Record<AdminCarState, AdminWordId> = {
  listed: 'admin.carState.listed',
  paused: 'admin.carState.paused',
  delisted: 'admin.carState.delisted',
  archived: 'admin.carState.archived',
};

/** A booking's status as the overview counts it and the Bookings section filters it. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, AdminWordId> = {
  requested: 'admin.bookingStatus.requested',
  accepting: 'admin.bookingStatus.accepting',
  accepted: 'admin.bookingStatus.accepted',
  completed: 'admin.bookingStatus.completed',
  declined: 'admin.bookingStatus.declined',
  cancelled: 'admin.bookingStatus.cancelled',
  expired: 'admin.bookingStatus.expired',
  no_show_renter: 'admin.bookingStatus.noShowRenter',
  no_show_owner: 'admin.bookingStatus.noShowOwner',
  in_trip: 'admin.bookingStatus.inTrip',
  returned: 'admin.bookingStatus.returned',
};
