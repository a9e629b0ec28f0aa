import type { bookingTotal } from '../../../domain/booking-total';
import { cancellationRefund } from '../../../domain/cancellation';
import { formatIndiaTime } from '../../../domain/india-time';
import { formatPaise } from '../../../domain/money';
import { useCancellationPolicy } from '../payment-options';
import { t } from '../words';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What cancelling this booking would cost, stated before paying: the server's policy (from
 * /api/config, the one stored on the booking when it is requested) applied by the same function the
 * server refunds by. Nothing is said until the policy is known.
 */
export function CancellationNote({
  bill,
  from,
  instant,
}: {
  bill: ReturnType<typeof bookingTotal>;
  from: Date;
  instant: boolean;
}) {
  const policy = useCancellationPolicy().data;
  if (!policy || bill.total <= 0) return null;
  const freeUntil = new Date(from.getTime() - policy.freeCancelHours * HOUR_MS);
  // The refund of a cancellation in the last moment before the start: the late share.
  const late = cancellationRefund(policy, bill, { from }, new Date(from.getTime() - 1), 'renter', 'accepted');
  return (
    <p className="small text-muted">
      {t(instant ? 'bookings.checkout.cancellationInstant' : 'bookings.checkout.cancellation', {
        freeUntil: formatIndiaTime(freeUntil.toISOString()),
        late: formatPaise(late.amountPaise),
      })}
    </p>
  );
}
