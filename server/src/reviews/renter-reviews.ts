import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { COMPLETION, statusAt } from '#domain/booking-states';
import type { NewRenterReview } from '#domain/schemas/reviews';
import type { Database } from '../db/client';
import { recordAdminAction } from '../db/admin-actions';
import { isUniqueViolation } from '../db/errors';
import { type AccountRow, bookings, cars, type RenterReviewRow, renterReviews } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { keepsCar, NO_SUCH_BOOKING, storeTripReview } from './reviews';

// The car keeper's rating of the renter after a completed trip, shown to owners on the renter's requests.

export const NOT_CAR_KEEPER = 'server.renterReviews.notKeeper';
export const NOT_COMPLETED = 'server.renterReviews.notCompleted';
export const ALREADY_RATED = 'server.renterReviews.alreadyRated';

/**
 * The car keeper's rating of the renter of `bookingId`, once, when the trip is completed at `now`:
 * the car's owner, or an admin for a fleet car, whose rating is audited. Answers the stored row.
 */
export async function rateRenter(
  db: Database,
  account: Pick<AccountRow, 'id' | 'role'>,
  bookingId: string,
  { rating, comment }: z.output<typeof NewRenterReview>,
  now: Date,
): Promise<RenterReviewRow> {
  const [found] = await db
    .select({ booking: bookings, kind: cars.kind, ownerId: cars.ownerId })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.id, bookingId));
  if (!found) throw new HttpError(404, t(NO_SUCH_BOOKING));
  const { booking } = found;
  if (!keepsCar(account, found)) throw new HttpError(403, t(NOT_CAR_KEEPER));
  if (statusAt(booking.status, booking, now) !== COMPLETION.to) throw new HttpError(409, t(NOT_COMPLETED));
  try {
    const id = await storeTripReview(
      db,
      booking,
      'carKeeper',
      async (tx, visibleFrom) => {
        const [stored] = await tx
          .insert(renterReviews)
          .values({
            bookingId: booking.id,
            renterId: booking.renterId,
            authorId: account.id,
            rating,
            comment: comment ?? null,
            createdAt: now,
            visibleFrom,
          })
          .returning({ id: renterReviews.id });
        if (!stored) throw new Error('the rating was not stored');
        if (account.role === 'admin') {
          await recordAdminAction(tx, {
            adminId: account.id,
            action: 'booking.rate_renter',
            objectType: 'booking',
            objectId: booking.id,
            after: { rating, comment: comment ?? null },
            at: now,
          });
        }
        return stored.id;
      },
      now,
    );
    const [row] = await db.select().from(renterReviews).where(eq(renterReviews.id, id));
    if (!row) throw new Error('the rating left as it was written');
    return row;
  } catch (error) {
    // A second click meanwhile: the unique key keeps the first.
    if (isUniqueViolation(error)) throw new HttpError(409, t(ALREADY_RATED));
    throw error;
  }
}
