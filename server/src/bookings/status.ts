import { and, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { COMPLETING_STATUSES, COMPLETION, EXPIRY, isCompleting, statusAt } from '#domain/booking-states';
import type { BookingStatus } from '#domain/schemas/bookings';
import type { Database } from '../db/client';
import { bookingEvents, bookings, cars, type BookingRow, type CarRow } from '../db/schema';
import type { BookingLinks } from '../mail/booking-mails';
import { queueStatusMails } from '../mail/booking-notices';

/**
 * Every change to a car's bookings first locks the car's row, so requests and steps on one car are
 * taken one after the other and each re-checks the overlaps after the previous one has committed.
 * Answers whether an admin has delisted it and whether its owner has paused or archived it, as it
 * stands under the lock (nothing when it is gone).
 */
export async function lockCar(
  tx: Database,
  carId: string,
): Promise<Pick<CarRow, 'delisted' | 'pausedAt' | 'archivedAt'> | undefined> {
  const [row] = await tx
    .select({ delisted: cars.delisted, pausedAt: cars.pausedAt, archivedAt: cars.archivedAt })
    .from(cars)
    .where(eq(cars.id, carId))
    .for('no key update');
  return row;
}

/**
 * Stores that each booking took `status` at `at`, for its history, and queues the mail telling the
 * other party; in the transaction that changed it, so every change is told of exactly when it commits.
 */
export async function recordStatus(
  tx: Database,
  changes: { bookingId: string; status: BookingStatus; at: Date }[],
  links: BookingLinks,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(bookingEvents).values(changes);
  await queueStatusMails(tx, links, changes);
}

/**
 * The booking as it stands at `now`: expiry and completion are applied on every read, so a request is
 * never shown open, nor a booking due to complete accepted, between two sweeps.
 */
export function asOf(row: BookingRow, now: Date): BookingRow {
  return { ...row, status: statusAt(row.status, row, now) };
}

/** `statusAt` in SQL, so a list filtered by status pages over the statuses it shows: a due request counts as expired, a due booking as completed. */
export function hasStatusAt(status: BookingStatus, now: Date): SQL | undefined {
  if (status === EXPIRY.to) {
    return or(eq(bookings.status, EXPIRY.to), and(eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  }
  if (status === EXPIRY.from) return and(eq(bookings.status, EXPIRY.from), gt(bookings.expiresAt, now));
  if (status === COMPLETION.to) {
    return or(
      eq(bookings.status, COMPLETION.to),
      and(inArray(bookings.status, COMPLETING_STATUSES), lte(bookings.completesAt, now)),
    );
  }
  if (isCompleting(status)) {
    return and(eq(bookings.status, status), or(isNull(bookings.completesAt), gt(bookings.completesAt, now)));
  }
  return eq(bookings.status, status);
}
