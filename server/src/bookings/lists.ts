import { and, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXPIRY, RESERVING_STATUSES } from '#domain/booking-states';
import { bookingNumber } from '#domain/booking-number';
import { pageWindow, type PagedAnswer } from '#domain/schemas/answers';
import {
  CLOSED_STATUSES,
  isTrip,
  type Booking,
  type BookingListQuery,
  type BookingStatus,
  type BookingWhen,
} from '#domain/schemas/bookings';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { nextShowing, tripReviewsOf, withTripReviews } from '../reviews/views';
import { accounts, bookings, cars, renterReviews, reviews, type AccountRow } from '../db/schema';
import { asOf, hasStatusAt } from './status';
import { actorFor, onCarsSide, showsPaymentRef, viewColumns, visibleTo } from './views';
import { renterSummaries } from '../licences/licences';

// The bookings a person may see, as GET /api/bookings pages them.

/** Any of `statuses`, each as it stands at `now`. */
function hasAnyStatusAt(statuses: readonly BookingStatus[], now: Date): SQL | undefined {
  return or(...statuses.map((status) => hasStatusAt(status, now)));
}

/** A booking is upcoming until its period has ended; it is over once it has, or once it can no longer take place. */
function isWhen(when: BookingWhen, now: Date): SQL | undefined {
  switch (when) {
    case 'upcoming':
      return gt(bookings.endsAt, now);
    case 'past':
      return lte(bookings.endsAt, now);
    case 'over':
      return or(lte(bookings.endsAt, now), hasAnyStatusAt(CLOSED_STATUSES, now));
  }
}

const acceptedOther = alias(bookings, 'accepted_other');
/**
 * The number of an accepted booking of the same car whose period overlaps the listed one's, if any:
 * a subquery of the list's own query (the exclusion constraint's index finds it), not one query a row.
 */
function overlappingAcceptedNumber(db: Database): SQL<number | null> {
  const overlapping = db
    .select({ number: acceptedOther.number })
    .from(acceptedOther)
    .where(
      and(
        eq(acceptedOther.carId, bookings.carId),
        inArray(acceptedOther.status, RESERVING_STATUSES),
        sql`${acceptedOther.period} && ${bookings.period}`,
      ),
    )
    .orderBy(acceptedOther.startsAt)
    .limit(1);
  return sql<number | null>`(${overlapping})`.mapWith(acceptedOther.number);
}

const requestedOther = alias(bookings, 'requested_other');
/**
 * The numbers of the car's other requests still open at `now` whose periods overlap the listed one's,
 * earliest first: those an accept of it would decline with it. A subquery of the list's query, as above.
 */
function overlappingRequestNumbers(db: Database, now: Date): SQL<number[]> {
  const overlapping = db
    .select({
      numbers: sql`coalesce(array_agg(${requestedOther.number} order by ${requestedOther.startsAt}, ${requestedOther.number}), '{}')`,
    })
    .from(requestedOther)
    .where(
      and(
        eq(requestedOther.carId, bookings.carId),
        eq(requestedOther.status, EXPIRY.from),
        gt(requestedOther.expiresAt, now),
        ne(requestedOther.id, bookings.id),
        sql`${requestedOther.period} && ${bookings.period}`,
      ),
    );
  return sql<number[]>`(${overlapping})`.mapWith((numbers: (string | number)[]) => numbers.map(Number));
}

/**
 * One page of the bookings `account` may see under the filters, newest first, each with what its
 * answer shows, and the whole list's size; unrun: what GET /api/bookings runs, and
 * what a test asks PostgreSQL to explain. One round trip: the size is a subquery PostgreSQL runs
 * once (an InitPlan), so the page is still read off the index and cut short.
 */
export function bookingListQueries(
  db: Database,
  account: AccountRow,
  { status, when }: Pick<BookingListQuery, 'status' | 'when'>,
  window: { limit: number; offset: number },
  now: Date,
) {
  const where = and(
    visibleTo(db, account),
    status === undefined ? undefined : hasAnyStatusAt(status, now),
    when === undefined ? undefined : isWhen(when, now),
  );
  const counted = db.select({ total: count() }).from(bookings).where(where);
  const page = db
    .select({
      ...viewColumns,
      renterPhone: accounts.phoneNumber,
      overlapsAccepted: overlappingAcceptedNumber(db),
      overlapsRequests: overlappingRequestNumbers(db, now),
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId))
    // Said again of the joined car, so an owner's few cars are found through cars_owner_idx rather
    // than every car hashed.
    .where(account.role === 'owner' ? and(where, eq(cars.ownerId, account.id)) : where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(window.limit)
    .offset(window.offset);
  return { page, counted };
}

/**
 * When the first of the bookings `account` may see changes by the clock alone, after `now`: a request
 * turning expired, a period ending (it leaves `upcoming`), or any waiting review showing (a trip's, or
 * one counted in a renter's rating on a request). Null when none will. Until then, a list of them
 * reads the same unless the database changes.
 */
export async function nextTurnOf(db: Database, account: AccountRow, now: Date): Promise<Date | null> {
  const expiring = and(eq(bookings.status, EXPIRY.from), gt(bookings.expiresAt, now));
  const [row] = await db
    .select({
      at: sql<Date | null>`least(
        min(${bookings.expiresAt}) filter (where ${expiring}),
        min(${bookings.endsAt}) filter (where ${gt(bookings.endsAt, now)}),
        (${nextShowing(db, reviews, now)}),
        (${nextShowing(db, renterReviews, now)})
      )`.mapWith(bookings.endsAt),
    })
    .from(bookings)
    .where(visibleTo(db, account));
  return row?.at ?? null;
}

/**
 * One page of the bookings `account` may see under the query's filters, each as it stands at `now`:
 * whoever answers for the car also sees the renter's phone once accepted, and on an open request
 * the number of an accepted booking that overlaps it.
 */
export async function listBookings(
  db: Database,
  account: AccountRow,
  query: BookingListQuery,
  now: Date,
): Promise<PagedAnswer<Booking>> {
  const { status, when } = query;
  const { page, pageSize, limit, offset } = pageWindow(query);
  const { page: pageQuery, counted } = bookingListQueries(db, account, { status, when }, { limit, offset }, now);
  const rows = await pageQuery;
  // A page past the end carries no row to read the total from.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : ((await counted)[0]?.total ?? 0));
  const listed = ({ renterPhone, overlapsAccepted, overlapsRequests, ...view }: (typeof rows)[number]): Booking => {
    const booking = toBooking(asOf(view.booking, now), view, showsPaymentRef(account));
    if (!onCarsSide(account, view)) return booking;
    // The receipt's rule: the renter's phone once accepted, never before.
    const phone = isTrip(booking.status) && renterPhone !== null ? renterPhone : undefined;
    const open = booking.status === 'requested';
    const clash = open && overlapsAccepted !== null ? bookingNumber(overlapsAccepted) : undefined;
    const rivals = open && overlapsRequests.length > 0 ? overlapsRequests.map(bookingNumber) : undefined;
    return {
      ...booking,
      renter: { ...booking.renter, ...(phone === undefined ? {} : { phone }) },
      ...(clash === undefined ? {} : { overlapsAccepted: clash }),
      ...(rivals === undefined ? {} : { overlapsRequests: rivals }),
    };
  };
  const carsSide = rows.filter((row) => onCarsSide(account, row));
  const [summaries, reviewsOf] = await Promise.all([
    renterSummaries(
      db,
      carsSide.map(({ booking }) => ({ bookingId: booking.id, renterId: booking.renterId, from: booking.startsAt })),
      now,
    ),
    tripReviewsOf(
      db,
      rows.map(({ booking }) => booking.id),
      now,
    ),
  ]);
  const withItsReview = (row: (typeof rows)[number]): Booking => {
    const renterSummary = summaries.get(row.booking.id);
    const side = actorFor(account, row) === 'renter' ? 'renter' : 'carKeeper';
    return withTripReviews({ ...listed(row), ...(renterSummary ? { renterSummary } : {}) }, reviewsOf.get(row.booking.id), side);
  };
  return { data: rows.map(withItsReview), total, page, pageSize };
}
