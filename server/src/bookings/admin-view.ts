import { and, count, desc, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parseBookingNumber } from '#domain/booking-number';
import { adminActionsAt, type StepHours } from '#domain/booking-states';
import type { AdminBooking, AdminBookingsQuery } from '#domain/schemas/admin';
import type { PagedAnswer } from '#domain/schemas/answers';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { tripReviewsOf, withTripReviews } from '../reviews/views';
import { accounts, bookings, cars, type BookingRow } from '../db/schema';
import { adminPage } from '../http/admin-lists';
import { asOf, hasStatusAt } from './status';

// The console's view of bookings: every booking, searched and filtered, with the steps an admin may take.

const renters = alias(accounts, 'renter');
const owners = alias(accounts, 'owner');

/** Bookings with their car, their renter and the car's owner (none for a fleet car). */
function adminBookingRows(db: Database) {
  return db
    .select({
      booking: bookings,
      car: { id: cars.id, kind: cars.kind, carName: cars.carName, city: cars.city, pickupArea: cars.pickupArea },
      renter: { id: renters.id, username: renters.username },
      owner: { id: owners.id, username: owners.username },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(renters, eq(renters.id, bookings.renterId))
    .leftJoin(owners, eq(owners.id, cars.ownerId));
}

type AdminBookingRow = Awaited<ReturnType<ReturnType<typeof adminBookingRows>['where']>>[number];

/** What the console shows of a booking at `now`: expiry applied, and the steps the table and the period still allow an admin. */
function toAdminBooking(row: AdminBookingRow, booking: BookingRow, now: Date, hours: StepHours): AdminBooking {
  return {
    ...toBooking(booking, row, true),
    owner: row.owner,
    adminActions: adminActionsAt(booking.status, row.car.kind, { from: booking.startsAt, to: booking.endsAt }, now, hours),
  };
}

function bookingConditions({ q, status, payment, kind }: AdminBookingsQuery, now: Date): SQL | undefined {
  const contains = (column: Column) => sql`strpos(lower(${column}), lower(${q})) > 0`;
  const number = q === undefined ? undefined : parseBookingNumber(q);
  return and(
    q === undefined || q === ''
      ? undefined
      : or(
          number === undefined ? undefined : eq(bookings.number, number),
          contains(cars.carName),
          contains(renters.username),
          contains(owners.username),
        ),
    status === undefined ? undefined : hasStatusAt(status, now),
    payment === undefined ? undefined : eq(bookings.paymentStatus, payment),
    kind === undefined ? undefined : eq(cars.kind, kind),
  );
}

/** One booking as the console lists it, after a step: the row the step committed. */
export async function adminBookingById(db: Database, id: string, now: Date, hours: StepHours): Promise<AdminBooking> {
  const [row] = await adminBookingRows(db).where(eq(bookings.id, id));
  if (!row) throw new Error('the booking left after its step');
  const reviewsOf = await tripReviewsOf(db, [id], now);
  return withTripReviews(toAdminBooking(row, asOf(row.booking, now), now, hours), reviewsOf.get(id), 'carKeeper');
}

/** One page of the console's bookings under the query's search and filters, each as it stands at `now`. */
export function listAdminBookings(
  db: Database,
  query: AdminBookingsQuery,
  now: Date,
  hours: StepHours,
): Promise<PagedAnswer<AdminBooking>> {
  const where = bookingConditions(query, now);
  return adminPage(
    query,
    {
      rows: async (limit, offset) => {
        const rows = await adminBookingRows(db)
          .where(where)
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(limit)
          .offset(offset);
        const reviewsOf = await tripReviewsOf(
          db,
          rows.map((row) => row.booking.id),
          now,
        );
        return rows.map((row) =>
          withTripReviews(toAdminBooking(row, asOf(row.booking, now), now, hours), reviewsOf.get(row.booking.id), 'carKeeper'),
        );
      },
      total: () =>
        db
          .select({ n: count() })
          .from(bookings)
          .innerJoin(cars, eq(cars.id, bookings.carId))
          .innerJoin(renters, eq(renters.id, bookings.renterId))
          .leftJoin(owners, eq(owners.id, cars.ownerId))
          .where(where),
    },
    (booking) => booking,
  );
}
