import { bookingSplit } from '#domain/booking-split';
import { expiresAt } from '#domain/booking-states';
import { bookingTotal } from '#domain/booking-total';
import { catalogueCars } from '#data/cars';
import { accounts, bookingEvents, bookings, cars, ledgerEntries, ledgerJournals, payouts } from '../server/src/db/schema';
import type { Entry } from '../server/src/ledger/journal';
import { bookingJournalKey } from '../server/src/ledger/booking-postings';
import { payoutJournalKey } from '../server/src/ledger/payout-postings';
import type { openDatabase } from '../server/src/db/client';

type SeedDatabase = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Owners whose earnings the money routes read, each with this many bookings taken: 10,000 in all. */
export const EARNING_OWNERS = 100;
export const BOOKINGS_PER_EARNING_OWNER = 100;
const RATES = { commissionBps: 2000, tdsBps: 100 };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 500;

export interface SeededMoney {
  /** The first earning owner's, signed in for the earnings summary. */
  earnerEmail: string;
  adminEmail: string;
}

interface Journal {
  key: string;
  bookingId?: string;
  payoutId?: string;
  cause: 'booking' | 'payout';
  memo: string;
  postedAt: Date;
  entries: Entry[];
}

/** Journals written in bulk, as postJournal writes them one by one: each balances, so the commit-time check passes. */
async function insertJournals(db: SeedDatabase, journals: Journal[]): Promise<void> {
  for (let start = 0; start < journals.length; start += BATCH) {
    const batch = journals.slice(start, start + BATCH);
    // One transaction per batch: the database checks at commit that each journal has its entries.
    await db.transaction(async (tx) => {
      const stored = await tx
        .insert(ledgerJournals)
        .values(
          batch.map(({ key, bookingId, payoutId, cause, memo, postedAt }) => ({
            key,
            bookingId: bookingId ?? null,
            payoutId: payoutId ?? null,
            cause,
            memo,
            postedAt,
          })),
        )
        .returning({ id: ledgerJournals.id, key: ledgerJournals.key });
      const idOf = new Map(stored.map(({ id, key }) => [key, id]));
      await tx.insert(ledgerEntries).values(
        batch.flatMap((journal) =>
          journal.entries
            .filter(({ amountPaise }) => amountPaise !== 0)
            .map((entry) => ({
              journalId: idOf.get(journal.key) ?? 0,
              account: entry.account,
              ownerId: entry.ownerId ?? null,
              amountPaise: entry.amountPaise,
            })),
        ),
      );
    });
  }
}

/**
 * The money the earnings summary and the reconciliation read: EARNING_OWNERS owners, one car each,
 * each car with BOOKINGS_PER_EARNING_OWNER accepted bookings paid through Razorpay over the last year,
 * their captures (and, for those past the hold, releases) in the ledger, and one paid payout each; and
 * an admin. Written with the server's schema as the ledger would post them.
 */
export async function seedMoney(
  db: SeedDatabase,
  { now, passwordHash }: { now: number; passwordHash: string },
): Promise<SeededMoney> {
  const owners = await db
    .insert(accounts)
    .values(
      Array.from({ length: EARNING_OWNERS }, (_, index) => ({
        username: `earningowner${index + 1}`,
        email: `earning-owner${index + 1}@bench.in`,
        passwordHash,
        role: 'owner' as const,
        phoneNumber: `97654${String(10000 + index).padStart(5, '0')}`,
        country: 'India',
      })),
    )
    .returning({ id: accounts.id });
  const [admin] = await db
    .insert(accounts)
    .values({ username: 'benchadmin', email: 'admin@bench.in', passwordHash, role: 'admin' })
    .returning({ id: accounts.id });
  const [renter] = await db
    .insert(accounts)
    .values({ username: 'earningsrenter', email: 'earnings-renter@bench.in', passwordHash, role: 'user' })
    .returning({ id: accounts.id });
  if (!admin || !renter) throw new Error('the money accounts were not created');
  const ownerCars = await db
    .insert(cars)
    .values(
      owners.map((owner, index) => {
        const model = catalogueCars[index % catalogueCars.length] ?? catalogueCars[0];
        if (!model) throw new Error('the catalogue is empty');
        return {
          kind: 'listed' as const,
          ownerId: owner.id,
          carName: `${model.carName} earning ${index + 1}`,
          imgUrl: model.imgUrl,
          price: 100 + (index % 30) * 10,
          description: `A ${model.carName} rented out all year.`,
          createdAt: new Date(now - 400 * DAY_MS),
          updatedAt: new Date(now - 400 * DAY_MS),
        };
      }),
    )
    .returning({ id: cars.id, ownerId: cars.ownerId, price: cars.price });

  // Each car's bookings are 3 days apart from a year ago on, 8 hours each, so none overlaps another.
  const rows = ownerCars.flatMap((car, carIndex) =>
    Array.from({ length: BOOKINGS_PER_EARNING_OWNER }, (_, index) => {
      const startsAt = new Date(now - 360 * DAY_MS + index * 3 * DAY_MS + (carIndex % 8) * HOUR_MS);
      const endsAt = new Date(startsAt.getTime() + 8 * HOUR_MS);
      const price = bookingTotal(startsAt, endsAt, car.price, index % 3 === 0);
      const requestedAt = new Date(startsAt.getTime() - 2 * DAY_MS);
      const released = endsAt.getTime() + 48 * HOUR_MS <= now;
      return {
        carId: car.id,
        renterId: renter.id,
        startsAt,
        endsAt,
        hours: price.hours,
        driver: index % 3 === 0,
        pricePerHour: car.price,
        total: price.total,
        taxPaise: price.taxPaise,
        taxLines: price.taxLines,
        amountPaise: price.amountPaise,
        status: 'accepted' as const,
        expiresAt: expiresAt(startsAt, requestedAt, true),
        paymentStatus: 'captured' as const,
        paymentProvider: 'razorpay' as const,
        paymentRef: `pay_bench${carIndex}x${index}`,
        paymentMethod: 'upi',
        ...RATES,
        earningsReleasedAt: released ? new Date(endsAt.getTime() + 48 * HOUR_MS) : null,
        createdAt: requestedAt,
        updatedAt: new Date(requestedAt.getTime() + HOUR_MS),
      };
    }),
  );
  const ownerOfCar = new Map(ownerCars.map((car) => [car.id, car.ownerId ?? '']));
  const journals: Journal[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const stored = await db
      .insert(bookings)
      .values(rows.slice(start, start + BATCH))
      .returning();
    await db.insert(bookingEvents).values(
      stored.flatMap((booking) => [
        { bookingId: booking.id, status: 'requested' as const, at: booking.createdAt },
        { bookingId: booking.id, status: 'accepted' as const, at: booking.updatedAt },
      ]),
    );
    for (const booking of stored) {
      const ownerId = ownerOfCar.get(booking.carId) ?? '';
      const split = bookingSplit(booking, RATES);
      journals.push({
        key: bookingJournalKey.capture(booking.id),
        bookingId: booking.id,
        cause: 'booking',
        memo: 'Payment taken',
        postedAt: booking.updatedAt,
        entries: [
          { account: 'received.razorpay', amountPaise: split.amountPaise },
          { account: 'gst.payable', amountPaise: -split.taxPaise },
          { account: 'platform.revenue', amountPaise: -split.platformPaise },
          { account: 'tds.payable', amountPaise: -split.tdsPaise },
          { account: 'owner.pending', ownerId, amountPaise: -split.ownerNetPaise },
        ],
      });
      if (booking.earningsReleasedAt) {
        journals.push({
          key: bookingJournalKey.release(booking.id),
          bookingId: booking.id,
          cause: 'booking',
          memo: 'Earnings available',
          postedAt: booking.earningsReleasedAt,
          entries: [
            { account: 'owner.pending', ownerId, amountPaise: split.ownerNetPaise },
            { account: 'owner.available', ownerId, amountPaise: -split.ownerNetPaise },
          ],
        });
      }
    }
  }
  // One payout each, paid a month ago, of ₹1,000.
  const paidAt = new Date(now - 30 * DAY_MS);
  const paid = await db
    .insert(payouts)
    .values(
      owners.map((owner, index) => ({
        ownerId: owner.id,
        way: 'manual' as const,
        amountPaise: 100_000,
        status: 'paid' as const,
        utr: `BENCHUTR${String(index).padStart(8, '0')}`,
        paidAt,
        createdAt: new Date(paidAt.getTime() - DAY_MS),
        updatedAt: paidAt,
      })),
    )
    .returning();
  for (const payout of paid) {
    journals.push(
      {
        key: payoutJournalKey.requested(payout.id),
        payoutId: payout.id,
        cause: 'payout',
        memo: 'Payout asked for',
        postedAt: payout.createdAt,
        entries: [
          { account: 'owner.available', ownerId: payout.ownerId, amountPaise: payout.amountPaise },
          { account: 'payouts.in_transit', amountPaise: -payout.amountPaise },
        ],
      },
      {
        key: payoutJournalKey.paid(payout.id),
        payoutId: payout.id,
        cause: 'payout',
        memo: 'Payout paid',
        postedAt: paidAt,
        entries: [
          { account: 'payouts.in_transit', amountPaise: payout.amountPaise },
          { account: 'bank', amountPaise: -payout.amountPaise },
        ],
      },
    );
  }
  await insertJournals(db, journals);
  return { earnerEmail: 'earning-owner1@bench.in', adminEmail: 'admin@bench.in' };
}
