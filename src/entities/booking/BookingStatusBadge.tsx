import Badge from 'react-bootstrap/Badge';
import type { BookingStatus } from '../../domain/contract';
import { statusName } from './status-name';

const statusVariant: Record<BookingStatus, string> = {
  requested: 'warning',
  // The owner has accepted and the renter's money is being taken: a moment, or until the sweep finishes it.
  accepting: 'info',
  accepted: 'success',
  // The trip is over and its claim window passed: done, not failed, so not the grey of what never took place.
  completed: 'primary',
  declined: 'secondary',
  cancelled: 'secondary',
  expired: 'secondary',
  // A booking one side did not turn up to: it will not take place, and someone is at fault.
  no_show_renter: 'danger',
  no_show_owner: 'danger',
  in_trip: 'success',
  returned: 'info',
};

/** A booking's status as the lists and the receipt show it; dark text where the yellow would not carry white. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge bg={statusVariant[status]} text={status === 'requested' || status === 'accepting' ? 'dark' : undefined}>
      {statusName(status)}
    </Badge>
  );
}
