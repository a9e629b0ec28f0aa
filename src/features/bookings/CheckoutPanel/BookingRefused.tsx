import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toApiError } from '../../../lib/api-client';
import { statusOf } from '../../../lib/api-error';
import { RefusalAlert } from '../RefusalAlert';
import { t } from '../words';

interface BookingRefusedProps {
  /** The booking request's failure, if any. */
  error: unknown;
  onClose: () => void;
  /** Razorpay's button when the server offers it, null when it does not. */
  upiButton: RefObject<HTMLButtonElement | null> | null;
}

/**
 * Why the request was refused, in the server's words, with a link to the booking it names; except a card that asks for an extra
 * authentication step, which the page words itself, since only the page knows its buttons: it
 * points to Razorpay's checkout, and offers to start it, only when that checkout is there.
 */
export function BookingRefused({ error, onClose, upiButton }: BookingRefusedProps) {
  // A session that ended is not a refusal: the renter is sent to sign in instead.
  if (!error || statusOf(error) === 401) return null;
  const refusal = toApiError(error);
  if (refusal.reason !== 'cardNeedsAuthentication') return <RefusalAlert error={error} onClose={onClose} />;

  const upiLabel = t('bookings.razorpay.pay');
  const payWithUpi = () => {
    // Focus first: the alert, and the button pressed in it, go away once the other checkout starts.
    upiButton?.current?.focus();
    upiButton?.current?.click();
    onClose();
  };
  return (
    <ErrorAlert
      message={t('bookings.checkout.cardNeedsAuthentication', { upi: upiButton ? 'on' : 'off', upiButton: upiLabel })}
      onClose={onClose}
    >
      {upiButton ? (
        <Button variant="outline-danger" size="sm" onClick={payWithUpi}>
          {t('bookings.checkout.payWithUpiInstead', { upiButton: upiLabel })}
        </Button>
      ) : null}
    </ErrorAlert>
  );
}
