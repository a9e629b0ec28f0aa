import { eq } from 'drizzle-orm';
import { bookings, cars, type BookingRow } from '../db/schema';
import { runStep, type ProcessContext } from './process';

// Instant booking: a request whose money is held, for a car whose keeper turned instant booking on,
// is accepted at once by the process table's `system` step: the keeper's own accept (overlapping
// requests declined, money captured, invoice, ledger, mails), with the keeper told it happened.

/**
 * Accepts a freshly stored paid request for an instant-booking car, and answers the booking as it
 * then stands. The step runs under the car's lock and only from `requested`, so a second call (a
 * repeated webhook, a double submit) finds nothing to accept and captures nothing. Any refusal (the
 * card's capture refused, the provider away, the period taken meanwhile) leaves the request
 * `requested`, its money still held, for the keeper to answer as any other.
 */
export async function acceptInstantly(ctx: ProcessContext, request: BookingRow): Promise<BookingRow> {
  if (request.status !== 'requested' || request.paymentStatus !== 'held') return request;
  const [car] = await ctx.db.select({ instantBooking: cars.instantBooking }).from(cars).where(eq(cars.id, request.carId));
  if (!car?.instantBooking) return request;
  try {
    const done = await runStep(ctx, request.id, 'accept', { via: 'system' });
    return done.booking;
  } catch (error) {
    ctx.log.warn({ bookingId: request.id, err: error }, 'instant booking left the request for its keeper to answer');
    const [standing] = await ctx.db.select().from(bookings).where(eq(bookings.id, request.id));
    return standing ?? request;
  }
}
