import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { PaymentRefused, PaymentUnavailable, type PaymentProviders } from './provider';

/**
 * Bookings whose money must move because of where they stand: a hold for a request that can no
 * longer be accepted is let go, money taken for a booking the renter cancelled is given back.
 */
const owesMoney = and(
  isNotNull(bookings.paymentRef),
  or(
    and(eq(bookings.paymentStatus, 'held'), inArray(bookings.status, ['declined', 'cancelled', 'expired'])),
    and(eq(bookings.paymentStatus, 'captured'), eq(bookings.status, 'cancelled')),
  ),
);

const STEP_SETTLES_WITHIN_MS = 60 * 1000;

/**
 * Moves the money the bookings' statuses call for: right after a step (for the bookings it
 * touched, `bookingIds`) and in the periodic sweep (for all). It runs after the status is committed,
 * never holding a lock while the provider answers; a provider out of reach leaves the booking for
 * the next sweep; a second release or refund of the same money is refused by the provider, never repeated. A refusal
 * (the provider will not release or refund) is stored as `failed` and logged for an admin.
 */
export async function settlePayments(
  db: Database,
  payments: PaymentProviders,
  log: FastifyBaseLogger,
  bookingIds?: readonly string[],
): Promise<void> {
  if ((!payments.stripe && !payments.razorpay) || bookingIds?.length === 0) return;
  // The sweep leaves alone what a step changed in the last minute: that step settles it itself, and two
  // settling one booking at once would see the provider refuse the second and store a false `failed`.
  const which = bookingIds
    ? inArray(bookings.id, [...bookingIds])
    : lte(bookings.updatedAt, new Date(Date.now() - STEP_SETTLES_WITHIN_MS));
  const due = await db
    .select({
      id: bookings.id,
      paymentStatus: bookings.paymentStatus,
      paymentRef: bookings.paymentRef,
      paymentProvider: bookings.paymentProvider,
    })
    .from(bookings)
    .where(and(owesMoney, which));
  for (const { id, paymentStatus, paymentRef, paymentProvider } of due) {
    // A provider switched off since the money was held leaves the booking for when it is back on.
    const provider = paymentProvider ? payments.provider(paymentProvider) : null;
    if (!paymentRef || !provider) continue;
    const refunding = paymentStatus === 'captured';
    const settled = async (status: 'released' | 'refunded' | 'failed') => {
      await db
        .update(bookings)
        .set({ paymentStatus: status, updatedAt: new Date() })
        .where(and(eq(bookings.id, id), eq(bookings.paymentStatus, paymentStatus)));
    };
    try {
      if (refunding) await provider.refund(paymentRef);
      else await provider.release(paymentRef);
      await settled(refunding ? 'refunded' : 'released');
    } catch (error) {
      if (error instanceof PaymentRefused) {
        log.error({ bookingId: id, reason: error.message }, refunding ? 'refund refused' : 'release refused');
        await settled('failed');
      } else if (error instanceof PaymentUnavailable) {
        log.warn({ bookingId: id, err: error }, 'payment provider unavailable; the sweep tries again');
      } else {
        throw error;
      }
    }
  }
}
