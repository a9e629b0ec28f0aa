import { PRODUCT_NAME } from '../../config/product';
import type { Booking } from '../../domain/contract';
import { t } from './words';

/**
 * Why a booking stands where it does when neither of its parties put it there: an admin's
 * cancellation (worded as the server's mails word it), or the server's reason for a decline.
 */
export function statusNote({ cancelReason, declineReason }: Pick<Booking, 'cancelReason' | 'declineReason'>) {
  return cancelReason
    ? t('bookings.statusNote.cancelledByAdmin', { product: PRODUCT_NAME, reason: cancelReason })
    : declineReason;
}
