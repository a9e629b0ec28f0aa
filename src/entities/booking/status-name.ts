import type { BookingStatus } from '../../domain/contract';
import { t } from './words';

const STATUS_NAMES = {
  requested: 'bookings.status.requested',
  accepting: 'bookings.status.accepting',
  accepted: 'bookings.status.accepted',
  completed: 'bookings.status.completed',
  declined: 'bookings.status.declined',
  cancelled: 'bookings.status.cancelled',
  expired: 'bookings.status.expired',
  no_show_renter: 'bookings.status.noShowRenter',
  no_show_owner: 'bookings.status.noShowOwner',
  in_trip: 'bookings.status.inTrip',
  returned: 'bookings.status.returned',
} as const satisfies Record<BookingStatus, Parameters<typeof t>[0]>;

/** A booking status as a person reads it: in its badge, and in the checkout's "Booking requested". */
export function statusName(status: BookingStatus): string {
  return t(STATUS_NAMES[status]);
}
