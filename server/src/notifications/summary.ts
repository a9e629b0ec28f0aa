import { and, count, eq, exists, gt, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { BOOKING_TRANSITIONS, EXPIRY } from '#domain/booking-states';
import { BookingStatus } from '#domain/schemas/bookings';
import type { NotificationSummary } from '#domain/schemas/notifications';
import { hasStatusAt } from '../bookings/status';
import { unreadMessagesFor } from '../conversations/conversations';
import type { Database } from '../db/client';
import { accounts, bookingEvents, bookings, cars, type AccountRow } from '../db/schema';

/** The statuses a renter never gives their own booking: what the car's side or the clock decided. */
const NOT_BY_RENTER = BookingStatus.options.filter(
  (status) => status !== 'requested' && !BOOKING_TRANSITIONS.some(({ to, who }) => to === status && who === 'renter'),
);

/** A cancellation the renter did not make: an admin's, the only kind stored with a reason. */
const cancelledByAdmin = and(eq(bookingEvents.status, 'cancelled'), isNotNull(bookings.cancelReason));

/** Open requests for the cars the account answers for (its own; the fleet's for an admin), not yet due to expire. */
function awaitingAnswer(account: AccountRow, now: Date): SQL | undefined {
  const answersFor = account.role === 'admin' ? eq(cars.kind, 'fleet') : eq(cars.ownerId, account.id);
  return and(answersFor, hasStatusAt(EXPIRY.from, now));
}

/**
 * The renter's bookings someone else changed (the car's side, an admin, or the clock) since they last looked: a change stored after then, or
 * an expiry the sweep has not stored yet, which their list already shows (stored, it is dated at
 * the expiry too, so looking before the sweep counts it as seen).
 */
function changedSinceSeen(db: Database, account: AccountRow, now: Date): SQL | undefined {
  const seen = account.bookingsSeenAt;
  const storedChange = exists(
    db
      .select({ id: bookingEvents.id })
      .from(bookingEvents)
      .where(
        and(
          eq(bookingEvents.bookingId, bookings.id),
          or(inArray(bookingEvents.status, NOT_BY_RENTER), cancelledByAdmin),
          seen ? gt(bookingEvents.at, seen) : undefined,
        ),
      ),
  );
  const dueExpiry = and(hasStatusAt(EXPIRY.to, now), seen ? gt(bookings.expiresAt, seen) : undefined);
  return and(eq(bookings.renterId, account.id), or(storedChange, dueExpiry));
}

/** What the header's badges count for `account` at `now`: 0 where a count is not for its role. */
export async function summaryOf(db: Database, account: AccountRow, now: Date): Promise<NotificationSummary> {
  // The two counts are apart: on PostgreSQL they run side by side, each on a connection of its own.
  if (account.role === 'user') {
    const [[updates], unread] = await Promise.all([
      db
        .select({ n: count() })
        .from(bookings)
        .where(changedSinceSeen(db, account, now)),
      unreadMessagesFor(db, account),
    ]);
    return { requestsAwaitingAnswer: 0, bookingUpdates: updates?.n ?? 0, ...unread };
  }
  const [[awaiting], unread] = await Promise.all([
    db.select({ n: count() }).from(bookings).innerJoin(cars, eq(cars.id, bookings.carId)).where(awaitingAnswer(account, now)),
    unreadMessagesFor(db, account),
  ]);
  return { requestsAwaitingAnswer: awaiting?.n ?? 0, bookingUpdates: 0, ...unread };
}

/** Remembers `now` as when the renter last looked at their bookings, and answers their summary as it then stands. */
export async function markBookingsSeen(db: Database, account: AccountRow, now: Date): Promise<NotificationSummary> {
  const [seen] = await db.update(accounts).set({ bookingsSeenAt: now }).where(eq(accounts.id, account.id)).returning();
  return summaryOf(db, seen ?? account, now);
}
