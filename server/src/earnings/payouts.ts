import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { toIndiaIso } from '#domain/india-time';
import type { EarningsPayout } from '#domain/schemas/earnings';
import type { Database } from '../db/client';
import { type PayoutRow, payouts } from '../db/schema';

/** How many of the owner's payouts the earnings page lists: about two years of weekly runs. */
export const EARNINGS_PAYOUTS_LIMIT = 100;

function toEarningsPayout(row: PayoutRow): EarningsPayout {
  return {
    id: row.id,
    number: row.number,
    amountPaise: row.amountPaise,
    status: row.status,
    way: row.way,
    utr: row.utr,
    paidAt: row.paidAt ? toIndiaIso(row.paidAt) : null,
    failureReason: row.failureReason,
    createdAt: toIndiaIso(row.createdAt),
  };
}

async function payoutList(db: Database, ownerId: string, where: SQL | undefined, limit?: number): Promise<EarningsPayout[]> {
  const query = db
    .select()
    .from(payouts)
    .where(and(eq(payouts.ownerId, ownerId), where))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toEarningsPayout);
}

/** The owner's latest payouts, newest first. */
export function latestPayouts(db: Database, ownerId: string): Promise<EarningsPayout[]> {
  return payoutList(db, ownerId, undefined, EARNINGS_PAYOUTS_LIMIT);
}

/** The owner's payouts asked for, paid, or failed in `[from, to)`, newest first. */
export function payoutsWithin(db: Database, ownerId: string, from: Date, to: Date): Promise<EarningsPayout[]> {
  const within = (column: typeof payouts.createdAt | typeof payouts.updatedAt | typeof payouts.paidAt) =>
    and(gte(column, from), lt(column, to));
  return payoutList(
    db,
    ownerId,
    or(within(payouts.createdAt), within(payouts.paidAt), and(eq(payouts.status, 'failed'), within(payouts.updatedAt))),
  );
}

/** The query behind `payoutSums`, over the owner's payouts. */
export function payoutSumsQuery(db: Database, ownerId: string, paidSince: Date) {
  return db
    .select({
      inTransitPaise:
        sql<number>`coalesce(sum(${payouts.amountPaise}) filter (where ${inArray(payouts.status, ['requested', 'processing'])}), 0)`.mapWith(
          Number,
        ),
      paidSincePaise:
        sql<number>`coalesce(sum(${payouts.amountPaise}) filter (where ${and(eq(payouts.status, 'paid'), gte(payouts.paidAt, paidSince))}), 0)`.mapWith(
          Number,
        ),
    })
    .from(payouts)
    .where(eq(payouts.ownerId, ownerId));
}

/** What is on its way to the owner (payouts asked for, not yet paid or failed), and what was paid since `paidSince`. */
export async function payoutSums(
  db: Database,
  ownerId: string,
  paidSince: Date,
): Promise<{ inTransitPaise: number; paidSincePaise: number }> {
  const [row] = await payoutSumsQuery(db, ownerId, paidSince);
  return { inTransitPaise: row?.inTransitPaise ?? 0, paidSincePaise: row?.paidSincePaise ?? 0 };
}
