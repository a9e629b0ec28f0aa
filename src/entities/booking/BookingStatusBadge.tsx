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
  // Handed over: the car is the renter's, as an accepted booking's period is theirs.
  in_trip: 'success',
  // Back, waiting for the claim window to close: the light blue of the money being taken, a passing state.
  returned: 'info',
};

/** The light badges, whose white text would not meet the contrast a reader needs. */
const DARK_TEXT: ReadonlySet<BookingStatus> = new Set(['requested', 'accepting', 'returned']);

/** A booking's status as the lists and the receipt show it; dark text where the yellow or light blue would not carry white. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge bg={statusVariant[status]} text={DARK_TEXT.has(status) ? 'dark' : undefined}>
      {statusName(status)}
    </Badge>
  );
}
