import Badge from 'react-bootstrap/Badge';
import type { BookingStatus } from '../../domain/contract';

const statusVariant: Record<BookingStatus, string> = {
  requested: 'warning',
  accepted: 'success',
  declined: 'secondary',
  cancelled: 'secondary',
  expired: 'secondary',
};

/** A booking's status as the lists and the receipt show it; dark text where the yellow would not carry white. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge bg={statusVariant[status]} text={status === 'requested' ? 'dark' : undefined}>
      {status}
    </Badge>
  );
}
