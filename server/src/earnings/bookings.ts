import { and, desc, eq, gte, inArray, isNotNull, like, lt, not, or, sql } from 'drizzle-orm';
import { bookingNumber } from '#domain/booking-number';
import { bookingSplit } from '#domain/booking-split';
import { toIndiaIso } from '#domain/india-time';
import { bookingPagePath } from '#domain/page-addresses';
import type { EarningsBooking, EarningsBookingState } from '#domain/schemas/earnings';
import type { Database } from '../db/client';
import { bookings, cars, ledgerEntries, ledgerJournals } from '../db/schema';
import { keptSplit, refundParts } from '../ledger/booking-postings';
import { ownersJournals } from './owner-ledger';

/** How many bookings the earnings page lists: the latest; the month's statement lists every one. */
export const EARNINGS_BOOKINGS_LIMIT = 100;

/** Where the owner's payouts stand, which says which released earnings they have paid. */
export interface PayoutCover {
  /** The owner's available balance. */
  availablePaise: number;
  /** Payouts asked for and not yet paid or failed. */
  inTransitPaise: number;
}

const keyed = (prefix: string) => sql<boolean>`coalesce(bool_or(${ledgerJournals.key} like ${`${prefix}:%`}), false)`;

/**
 * The released bookings whose earnings payouts have not wholly paid yet, with how much of the
 * owner's later released earnings come before them. Payouts pay balances, not bookings: as a
 * balance is paid oldest first, what is still available (and then what is on its way) is the most
 * recently released earnings, so walking them newest first, a booking is unpaid while the earnings
 * released after it fall short of the available balance, and on its way while they fall short of
 * that and the payouts in transit. Every other released booking has been paid out (or set against
 * what the owner owed). A windowed sum over the owner's releases, leaving out the bookings refunded
 * since, whose refunds took the release back from the owner's balance: all read off the owner's entries.
 */
export function unpaidReleasesQuery(db: Database, ownerId: string, thresholdPaise: number) {
  const isRelease = like(ledgerJournals.key, 'release:%');
  const released = db
    .select({
      bookingId: ledgerJournals.bookingId,
      postedAt: sql<Date>`max(${ledgerJournals.postedAt}) filter (where ${isRelease})`.as('released_at'),
      netPaise: sql<number>`-sum(${ledgerEntries.amountPaise}) filter (where ${isRelease})`.as('net_paise'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        ownersJournals(ownerId),
        eq(ledgerEntries.account, 'owner.available'),
        or(isRelease, like(ledgerJournals.key, 'refund:%')),
      ),
    )
    .groupBy(ledgerJournals.bookingId)
    .having(and(keyed('release'), not(keyed('refund'))))
    .as('released');
  const ranked = db
    .select({
      bookingId: released.bookingId,
      newerPaise:
        sql<number>`sum(${released.netPaise}) over (order by ${released.postedAt} desc, ${released.bookingId} desc) - ${released.netPaise}`.as(
          'newer_paise',
        ),
    })
    .from(released)
    .as('ranked');
  return db
    .select({ bookingId: ranked.bookingId, newerPaise: sql<number>`${ranked.newerPaise}`.mapWith(Number) })
    .from(ranked)
    .where(lt(ranked.newerPaise, thresholdPaise));
}

async function unpaidReleases(db: Database, ownerId: string, cover: PayoutCover): Promise<Map<string, EarningsBookingState>> {
  const uncovered = Math.max(cover.availablePaise, 0);
  const rows = await unpaidReleasesQuery(db, ownerId, uncovered + cover.inTransitPaise);
  return new Map(
    rows.flatMap(({ bookingId, newerPaise }) =>
      bookingId ? [[bookingId, newerPaise < uncovered ? 'available' : 'payingOut'] as const] : [],
    ),
  );
}

/** The ids of a page of the owner's bookings with money posted (in `within`, when given), latest first, with how many there are. */
export function earningsBookingsPageQuery(db: Database, ownerId: string, within: { from: Date; to: Date } | undefined) {
  return db
    .select({
      bookingId: ledgerJournals.bookingId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        ownersJournals(ownerId),
        isNotNull(ledgerJournals.bookingId),
        within ? and(gte(ledgerJournals.postedAt, within.from), lt(ledgerJournals.postedAt, within.to)) : undefined,
      ),
    )
    .groupBy(ledgerJournals.bookingId)
    .orderBy(desc(sql`min(${ledgerJournals.postedAt})`), desc(ledgerJournals.bookingId))
    .limit(EARNINGS_BOOKINGS_LIMIT);
}

/**
 * The bookings named, with their cars, what their journals leave the platform owing the owner, and
 * which of those journals were posted: read from the owner's entries, as every journal of a listed
 * car's booking moves its owner's balances.
 */
export function earningsBookingDetailsQuery(db: Database, ownerId: string, ids: string[]) {
  return db
    .select({
      booking: bookings,
      carName: cars.carName,
      owedPaise: sql<number>`-sum(${ledgerEntries.amountPaise})`.mapWith(Number),
      released: keyed('release'),
      refunded: keyed('refund'),
      calledOff: keyed('pickup-share-reversed'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .innerJoin(bookings, eq(bookings.id, ledgerJournals.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(ownersJournals(ownerId), inArray(ledgerJournals.bookingId, ids)))
    .groupBy(bookings.id, cars.id);
}

/**
 * The owner's bookings behind their figures, latest first (by when their money was first posted):
 * those with a journal posted in `[from, to)` when a month is asked for. Each with its split at its
 * stored rates (what the ledger posted) and where its money stands now.
 */
export async function earningsBookings(
  db: Database,
  ownerId: string,
  cover: PayoutCover,
  within?: { from: Date; to: Date },
): Promise<{ total: number; items: EarningsBooking[] }> {
  const page = await earningsBookingsPageQuery(db, ownerId, within);
  const ids = page.flatMap(({ bookingId }) => (bookingId ? [bookingId] : []));
  if (ids.length === 0) return { total: 0, items: [] };
  const details = await earningsBookingDetailsQuery(db, ownerId, ids);
  const unpaid = await unpaidReleases(db, ownerId, cover);
  const byId = new Map(details.map((row) => [row.booking.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { booking } = row;
    const paidAtPickup = booking.paymentProvider === null;
    // A late cancellation's refund gives back part: the rest is the owner's as a trip's is, released
    // and paid out on the same path, and its figures are the kept part's.
    const partlyRefunded = row.refunded && !refundParts(booking).whole;
    const split = partlyRefunded
      ? keptSplit(booking)
      : bookingSplit(booking, { commissionBps: booking.commissionBps ?? 0, tdsBps: booking.tdsBps ?? 0 });
    const state: EarningsBookingState =
      row.refunded && !partlyRefunded
        ? 'refunded'
        : paidAtPickup
          ? row.calledOff
            ? 'cancelled'
            : 'owedAtPickup'
          : row.released
            ? (unpaid.get(id) ?? 'paidOut')
            : 'pending';
    return [
      {
        id,
        number: bookingNumber(booking.number),
        car: { id: booking.carId, carName: row.carName },
        from: toIndiaIso(booking.startsAt),
        to: toIndiaIso(booking.endsAt),
        state,
        grossPaise: split.grossPaise,
        platformPaise: split.platformPaise,
        tdsPaise: split.tdsPaise,
        netPaise: split.ownerNetPaise,
        balancePaise: row.owedPaise,
        paidAtPickup,
        partlyRefunded,
        receiptPath: bookingPagePath(id),
      },
    ];
  });
  return { total: page[0]?.total ?? 0, items };
}
