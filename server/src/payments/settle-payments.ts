import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CALLED_OFF_STATUSES } from '#domain/booking-states';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { refundParts } from '../ledger/booking-postings';
import { recordRefund } from '../ledger/refunds';
import { PaymentRefused, PaymentUnavailable, type PaymentProviders } from './provider';

/**
 * Bookings whose money must move because of where they stand: a hold for a request that can no
 * longer be accepted is let go, money taken for a booking called off (cancelled, or ended by a no-show) is
 * given back, as much as its cancellation fixed (a cancellation that gives nothing back leaves the money taken).
 */
const owesMoney = and(
  isNotNull(bookings.paymentRef),
  or(
    and(eq(bookings.paymentStatus, 'held'), inArray(bookings.status, ['declined', ...CALLED_OFF_STATUSES, 'expired'])),
    and(
      eq(bookings.paymentStatus, 'captured'),
      inArray(bookings.status, [...CALLED_OFF_STATUSES]),
      or(isNull(bookings.refundBasePaise), gt(sql`${bookings.refundBasePaise} + ${bookings.refundTaxPaise}`, 0)),
    ),
  ),
);

/**
 * How long a booking's money is left to whoever took it to move: the step that changed its status,
 * or the settlement that claimed it. Longer than one call to the provider can last (Stripe's library
 * tries three times, 20 s each), so no other instance's sweep claims it while that call is under way.
 */
export const SETTLING_MS = 2 * 60 * 1000;

/**
 * Moves the money the bookings' statuses call for: right after a step (for the bookings it
 * touched, `bookingIds`) and in the periodic sweep of every instance (for all). It runs after the
 * status is committed, never holding a lock while the provider answers. Each booking is first
 * claimed by moving its `updatedAt` on from the value read: of the settlements that read it at once
 * (a step's and sweeps, on any instances), one moves it, and the others find it moved and leave it,
 * so the provider is asked once. A provider out of reach leaves the booking for a sweep once the
 * claim has lapsed. A refusal (the provider will not release or refund) is stored as `failed` and
 * logged for an admin.
 */
export async function settlePayments(
  db: Database,
  payments: PaymentProviders,
  log: FastifyBaseLogger,
  now: Date,
  bookingIds?: readonly string[],
): Promise<void> {
  if ((!payments.stripe && !payments.razorpay) || bookingIds?.length === 0) return;
  // The sweep leaves alone what a step changed or a settlement claimed lately: its taker settles it.
  const which = bookingIds
    ? inArray(bookings.id, [...bookingIds])
    : lte(bookings.updatedAt, new Date(now.getTime() - SETTLING_MS));
  const due = await db
    .select({
      id: bookings.id,
      paymentStatus: bookings.paymentStatus,
      paymentRef: bookings.paymentRef,
      paymentProvider: bookings.paymentProvider,
      updatedAt: bookings.updatedAt,
      total: bookings.total,
      taxPaise: bookings.taxPaise,
      amountPaise: bookings.amountPaise,
      refundBasePaise: bookings.refundBasePaise,
      refundTaxPaise: bookings.refundTaxPaise,
    })
    .from(bookings)
    .where(and(owesMoney, which));
  for (const { id, paymentStatus, paymentRef, paymentProvider, updatedAt, ...amounts } of due) {
    // A provider switched off since the money was held leaves the booking for when it is back on.
    const provider = paymentProvider ? payments.provider(paymentProvider) : null;
    if (!paymentRef || !provider) continue;
    const [claimed] = await db
      .update(bookings)
      .set({ updatedAt: now })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.paymentStatus, paymentStatus),
          // Compared as read: the stored time may carry microseconds, a Date only milliseconds.
          sql`date_trunc('milliseconds', ${bookings.updatedAt}) = ${updatedAt.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: bookings.id });
    if (!claimed) continue;
    const refunding = paymentStatus === 'captured';
    const settled = (status: 'released' | 'refunded' | 'failed') =>
      db.transaction(async (tx) => {
        const [stored] = await tx
          .update(bookings)
          .set({ paymentStatus: status, updatedAt: now })
          .where(and(eq(bookings.id, id), eq(bookings.paymentStatus, paymentStatus)))
          .returning();
        if (stored && status === 'refunded') await recordRefund(tx, stored, now);
      });
    try {
      if (refunding) await provider.refund(paymentRef, refundParts(amounts).amountPaise);
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
