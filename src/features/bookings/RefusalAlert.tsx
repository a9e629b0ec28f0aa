import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { toApiError } from '../../lib/api-client';
import { t } from './words';

interface RefusalAlertProps {
  /** The refused call's failure; nothing is shown without one. */
  error: unknown;
  onClose: () => void;
  children?: ReactNode;
}

/** Where the account page proves the phone number: its section, by id. */
const VERIFY_PHONE_PATH = '/account#account-phone';

/**
 * A refused booking call in the server's words, with a link to the booking it names (the renter's
 * own open request for the period), or to the account page when the number must be verified first.
 */
export function RefusalAlert({ error, onClose, children }: RefusalAlertProps) {
  if (!error) return null;
  const refusal = toApiError(error);
  const named = refusal.booking;
  let action = children;
  if (named) {
    action = (
      <Link to={named.path} className="alert-link">
        {t('bookings.checkout.openRefusedBooking', { number: named.number })}
      </Link>
    );
  } else if (refusal.reason === 'phoneNotVerified') {
    action = (
      <Link to={VERIFY_PHONE_PATH} className="alert-link">
        {t('bookings.checkout.verifyPhone')}
      </Link>
    );
  }
  return (
    <ErrorAlert message={refusal.message} onClose={onClose}>
      {action}
    </ErrorAlert>
  );
}
