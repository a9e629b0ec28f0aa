import { PRODUCT_NAME } from '../../config/product';
import type { Booking } from '../../domain/contract';
import { t } from './words';

/**
 * Why a booking stands where it does: an admin's cancellation (worded as the server's mails word
 * it), or the reason for a decline (the owner's own, or the server's when an overlapping one was accepted).
 */
export function statusNote({ cancelReason, declineReason }: Pick<Booking, 'cancelReason' | 'declineReason'>) {
  return cancelReason
    ? t('bookings.statusNote.cancelledByAdmin', { product: PRODUCT_NAME, reason: cancelReason })
    : declineReason;
}
