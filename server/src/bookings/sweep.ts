import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { BOOKING_TRANSITIONS, COMPLETING_STATUSES, EXPIRY } from '#domain/booking-states';
import type { BookingStatus } from '#domain/schemas/bookings';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import type { BookingLinks } from '../mail/booking-mails';
import { SETTLING_MS, settlePayments } from '../payments/settle-payments';
import { PaymentRefused, PaymentUnavailable } from '../payments/provider';
import { HttpError } from '../http/errors';
import {
  completeDueBookings,
  expireDueRequests,
  finishPending,
  releaseDueEarnings,
  settleExpired,
  type ProcessContext,
} from './process';
import { lockCar } from './status';
import { sweepRouteTransfers } from '../payouts/route-transfers';

/**
 * The periodic sweep's expiry: stores `expired` on every request whose period has begun, one car at a
 * time under its lock (as every step is), so the sweep and the steps never lock the same bookings in
 * opposite orders. Sweeps of several instances wait on each car's lock in turn, and the later ones
 * find its requests expired already: each is expired, told of and its money let go by one sweep.
 * Answers the ones it expired.
 */
export async function sweepExpiredRequests(db: Database, now: Date, links: BookingLinks): Promise<string[]> {
  const due = await db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(and(eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  const expired: string[] = [];
  for (const { carId } of due) {
    await db.transaction(async (tx) => {
      await lockCar(tx, carId);
      expired.push(...(await expireDueRequests(tx, carId, now, links)));
    });
  }
  return expired;
}

/**
 * The periodic sweep's completion: stores `completed` on every accepted booking whose claim window has
 * passed (after its period, or after its return), releasing its owner's share where no hold follows, one car at a time under its lock as the
 * expiry is; a later sweep finds them completed already. Answers the ones it completed.
 */
export async function sweepCompletedBookings(ctx: ProcessContext, now: Date): Promise<string[]> {
  const due = await ctx.db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(and(inArray(bookings.status, COMPLETING_STATUSES), lte(bookings.completesAt, now)));
  const completed: string[] = [];
  for (const { carId } of due) {
    await ctx.db.transaction(async (tx) => {
      await lockCar(tx, carId);
      completed.push(...(await completeDueBookings(tx, carId, now, ctx)));
    });
  }
  return completed;
}

const PENDING_STATUSES = BOOKING_TRANSITIONS.flatMap((t) => (t.pending ? [t.pending] : [])) as BookingStatus[];

/**
 * Finishes the steps a crash left waiting on a provider (a booking still `accepting` long after its
 * step began). Each is first claimed by moving its `updatedAt` on, so of the sweeps that read it at
 * once only one asks the provider; the step itself is never taken from under its own call, which
 * ends well within SETTLING_MS. Answers the requests the finished steps overtook.
 */
async function finishInterruptedSteps(ctx: ProcessContext, now: Date): Promise<string[]> {
  const stale = await ctx.db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, PENDING_STATUSES), lte(bookings.updatedAt, new Date(now.getTime() - SETTLING_MS))));
  const overtaken: string[] = [];
  for (const booking of stale) {
    const [claimed] = await ctx.db
      .update(bookings)
      .set({ updatedAt: now })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, booking.status),
          sql`date_trunc('milliseconds', ${bookings.updatedAt}) = ${booking.updatedAt.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!claimed) continue;
    try {
      overtaken.push(...(await finishPending(ctx, claimed)));
    } catch (error) {
      // Refused, or out of reach: the booking is back to where its step began, and the caller who asked is long gone.
      if (!(error instanceof HttpError || error instanceof PaymentRefused || error instanceof PaymentUnavailable)) throw error;
      ctx.log.warn(
        { bookingId: booking.id, err: error },
        'an interrupted step was put back: the provider did not move the money',
      );
    }
  }
  return overtaken;
}

/**
 * The sweep: completion (with its release), owners' earnings due for release after a hold, expiry, the
 * steps a crash interrupted, the money either leaves to move, and the owners' Route transfers.
 */
export async function sweepBookings(ctx: ProcessContext): Promise<void> {
  const now = ctx.clock.now();
  await sweepCompletedBookings(ctx, now);
  await releaseDueEarnings(ctx, now);
  await settleExpired(ctx, await sweepExpiredRequests(ctx.db, now, ctx.links));
  await settlePayments(ctx.db, ctx.payments, ctx.log, now, await finishInterruptedSteps(ctx, now));
  await settlePayments(ctx.db, ctx.payments, ctx.log, now);
  if (ctx.payments.route) await sweepRouteTransfers({ db: ctx.db, route: ctx.payments.route, log: ctx.log, now });
}
