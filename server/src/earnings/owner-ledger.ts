import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { bookingNumber } from '#domain/booking-number';
import { bookingSplit } from '#domain/booking-split';
import type { StatementLineKind } from '#domain/schemas/earnings';
import { bookingPagePath } from '#domain/page-addresses';
import type { Database } from '../db/client';
import { bookings, cars, ledgerEntries, ledgerJournals, payouts } from '../db/schema';

/**
 * The ledger as one owner sees it: each journal that moved their balances, with what it moved, read
 * through the owner's index of entries. Amounts here are what the platform owes the owner (the
 * ledger's credits, made positive).
 */

/** A journal's kind, from its key's prefix (server/src/ledger: `capture:<booking>`, `payout:<payout>`…). */
const KINDS: Record<string, StatementLineKind> = {
  capture: 'capture',
  release: 'release',
  refund: 'refund',
  'pickup-share': 'pickupShare',
  'pickup-share-reversed': 'pickupShareReversed',
  payout: 'payoutRequested',
  'payout-failed': 'payoutFailed',
};

function kindOfKey(key: string): StatementLineKind {
  return KINDS[key.slice(0, key.indexOf(':'))] ?? 'other';
}

/** The owner's part of one journal. */
export interface OwnerJournal {
  journalId: number;
  at: Date;
  kind: StatementLineKind;
  memo: string;
  booking: { id: string; number: string; carName: string; receiptPath: string } | null;
  payoutNumber: number | null;
  /** What it adds to the owner's net earnings (see `earnedBy`). */
  earnedPaise: number;
  pendingPaise: number;
  availablePaise: number;
}

/** What the platform owes the owner in an `owner.*` account: the negated sum of its entries. */
const owed = (account: 'owner.pending' | 'owner.available') =>
  sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = ${account}), 0)`.mapWith(
    Number,
  );

/**
 * What a journal adds to the owner's net earnings: the share it posted to or took from their
 * balances (a capture's net share, a refund's reversal of it; a release only moves it, adding
 * nothing). A booking paid at pickup is paid to the owner by the renter: the ledger holds the
 * platform's share the owner owes, and the owner earned the rest, which the booking's stored rates
 * give through the same split (and which a call-off takes back). Payouts pay earnings; they earn nothing.
 */
function earnedBy(
  kind: StatementLineKind,
  owedPaise: number,
  booking: { total: number; taxPaise: number; commissionBps: number | null; tdsBps: number | null } | null,
): number {
  switch (kind) {
    case 'payoutRequested':
    case 'payoutFailed':
      return 0;
    case 'pickupShare':
    case 'pickupShareReversed': {
      if (!booking || booking.commissionBps === null) return owedPaise;
      const { ownerNetPaise } = bookingSplit(booking, { commissionBps: booking.commissionBps, tdsBps: booking.tdsBps ?? 0 });
      return kind === 'pickupShare' ? ownerNetPaise : -ownerNetPaise;
    }
    default:
      return owedPaise;
  }
}

/**
 * Whose entries a query reads: the owner's, and only the journals they name, looked up by id. The
 * journals are named by an array the owner's index of entries gives, rather than joined to, since
 * for a join PostgreSQL weighs a probe of the journals' key for each of the owner's few hundred
 * entries against hashing the whole table, and at tens of thousands of journals it hashes them all.
 */
export function ownersJournals(ownerId: string) {
  return and(
    eq(ledgerEntries.ownerId, ownerId),
    sql`${ledgerJournals.id} = any(array(select ${ledgerEntries.journalId} from ${ledgerEntries} where ${ledgerEntries.ownerId} = ${ownerId}))`,
  );
}

/** The query behind `ownerJournals`: each journal's sums of the owner's entries, through the owner's index of entries. */
export function ownerJournalsQuery(db: Database, ownerId: string, from: Date, to: Date) {
  return db
    .select({
      journalId: ledgerJournals.id,
      key: ledgerJournals.key,
      memo: ledgerJournals.memo,
      postedAt: ledgerJournals.postedAt,
      bookingId: bookings.id,
      bookingNumber: bookings.number,
      total: bookings.total,
      taxPaise: bookings.taxPaise,
      commissionBps: bookings.commissionBps,
      tdsBps: bookings.tdsBps,
      carName: cars.carName,
      payoutNumber: payouts.number,
      pendingPaise: owed('owner.pending'),
      availablePaise: owed('owner.available'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .leftJoin(bookings, eq(bookings.id, ledgerJournals.bookingId))
    .leftJoin(cars, eq(cars.id, bookings.carId))
    .leftJoin(payouts, eq(payouts.id, ledgerJournals.payoutId))
    .where(and(ownersJournals(ownerId), gte(ledgerJournals.postedAt, from), lt(ledgerJournals.postedAt, to)))
    .groupBy(ledgerJournals.id, bookings.id, cars.id, payouts.id)
    .orderBy(asc(ledgerJournals.postedAt), asc(ledgerJournals.id));
}

/** The journals that moved the owner's balances posted in `[from, to)`, oldest first. */
export async function ownerJournals(db: Database, ownerId: string, from: Date, to: Date): Promise<OwnerJournal[]> {
  const rows = await ownerJournalsQuery(db, ownerId, from, to);
  return rows.map((row) => {
    const kind = kindOfKey(row.key);
    const booking =
      row.bookingId !== null && row.total !== null && row.taxPaise !== null
        ? { total: row.total, taxPaise: row.taxPaise, commissionBps: row.commissionBps, tdsBps: row.tdsBps }
        : null;
    return {
      journalId: row.journalId,
      at: row.postedAt,
      kind,
      memo: row.memo,
      booking:
        row.bookingId !== null && row.bookingNumber !== null
          ? {
              id: row.bookingId,
              number: bookingNumber(row.bookingNumber),
              carName: row.carName ?? '',
              receiptPath: bookingPagePath(row.bookingId),
            }
          : null,
      payoutNumber: row.payoutNumber,
      earnedPaise: earnedBy(kind, row.pendingPaise + row.availablePaise, booking),
      pendingPaise: row.pendingPaise,
      availablePaise: row.availablePaise,
    };
  });
}

/** The query behind `ownerBalancesBefore`. */
export function ownerBalancesBeforeQuery(db: Database, ownerId: string, at: Date) {
  return db
    .select({ pendingPaise: owed('owner.pending'), availablePaise: owed('owner.available') })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(ownersJournals(ownerId), lt(ledgerJournals.postedAt, at)));
}

/** What the platform owed the owner before `at`: their pending and available balances then. */
export async function ownerBalancesBefore(
  db: Database,
  ownerId: string,
  at: Date,
): Promise<{ pendingPaise: number; availablePaise: number }> {
  const [row] = await ownerBalancesBeforeQuery(db, ownerId, at);
  return { pendingPaise: row?.pendingPaise ?? 0, availablePaise: row?.availablePaise ?? 0 };
}
