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

/** A refused booking call in the server's words, with a link to the booking it names (the renter's own open request for the period). */
export function RefusalAlert({ error, onClose, children }: RefusalAlertProps) {
  if (!error) return null;
  const refusal = toApiError(error);
  const named = refusal.booking;
  return (
    <ErrorAlert message={refusal.message} onClose={onClose}>
      {named ? (
        <Link to={named.path} className="alert-link">
          {t('bookings.checkout.openRefusedBooking', { number: named.number })}
        </Link>
      ) : (
        children
      )}
    </ErrorAlert>
  );
}
