import { and, eq, exists, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { COMPLETION, earningsReleaseAt } from '#domain/booking-states';
import type { Database } from '../db/client';
import type { MoneyRules } from '../config';
import { bookingEvents, bookings } from '../db/schema';
import { postCapture, postRefund, releaseEarnings } from './booking-postings';

/** The rates of bookings taken before the ledger: their owners were never told of a platform's share, so there is none. */
const BEFORE_THE_LEDGER = { commissionBps: 0, tdsBps: 0 };

/**
 * Posts the journals of every booking whose money was taken before the ledger existed, so balances
 * are right from the first start: the capture at a 0 % share, the refund where one was made, and the
 * release where the booking has completed and the hold after that has passed (one still to complete is released by its completion). Run at every start; each booking is claimed by
 * storing its rates in its own transaction with its journals, so however many instances start at
 * once, each booking is posted by one, and a start after a crash picks up where it stopped.
 */
export async function backfillLedger(db: Database, money: Pick<MoneyRules, 'payoutHoldHours'>, now: Date): Promise<number> {
  const acceptedOnce = db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookings.id), eq(bookingEvents.status, 'accepted')));
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        isNull(bookings.commissionBps),
        isNotNull(bookings.paymentProvider),
        or(
          inArray(bookings.paymentStatus, ['captured', 'refunded']),
          // A refund the provider refused follows an accept, which took the money.
          and(eq(bookings.paymentStatus, 'failed'), exists(acceptedOnce)),
        ),
      ),
    );
  let posted = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(bookings)
        .set(BEFORE_THE_LEDGER)
        .where(and(eq(bookings.id, id), isNull(bookings.commissionBps)))
        .returning();
      if (!claimed) return false;
      const [accepted] = await tx
        .select({ at: bookingEvents.at })
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.status, 'accepted')))
        .orderBy(bookingEvents.at)
        .limit(1);
      await postCapture(tx, claimed, BEFORE_THE_LEDGER, accepted?.at ?? claimed.updatedAt);
      if (claimed.paymentStatus === 'refunded') {
        await postRefund(tx, claimed, claimed.updatedAt);
      } else if (
        claimed.status === COMPLETION.to &&
        claimed.completesAt &&
        earningsReleaseAt(claimed.completesAt, money.payoutHoldHours) <= now
      ) {
        await tx.update(bookings).set({ earningsReleasedAt: now }).where(eq(bookings.id, id));
        await releaseEarnings(tx, id, now);
      }
      return true;
    });
    if (done) posted += 1;
  }
  return posted;
}
