import { and, count, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { toIndiaIso } from '#domain/india-time';
import { INDIA_OFFSET, INDIA_TIME_ZONE } from '#domain/limits';
import { REVENUE_MONTHS, type AdminMoney, type AdminMoneyQuery, type RevenueMonth } from '#domain/schemas/admin-money';
import type { Database } from '../db/client';
import { accounts, ledgerEntries, ledgerJournals } from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';
import { accountBalances } from '../ledger/balances';

/**
 * The admin's view of the platform's money, read from the ledger: the commission earned month by
 * month, what it owes (GST, tax withheld, payouts under way) and each owner's balance.
 */

/** `count` India months, oldest first, ending with the one `now` falls in: `YYYY-MM` each. */
function indiaMonthsTo(now: Date, count: number): string[] {
  const [year = 0, month = 1] = toIndiaIso(now).slice(0, 7).split('-').map(Number);
  const last = year * 12 + month - 1;
  return Array.from({ length: count }, (_, i) => {
    const index = last - count + 1 + i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The platform's commission by India month, net of what refunds reversed: the last `REVENUE_MONTHS`, oldest first, none left out. */
export async function revenueByMonth(db: Database, now: Date): Promise<RevenueMonth[]> {
  const months = indiaMonthsTo(now, REVENUE_MONTHS);
  // India's wall clock for the months, so a booking taken at 00:30 on the 1st counts in its own month. The
  // zone is written in, not bound: GROUP BY matches the selected expression only when the two are the same text.
  const monthOf = sql<string>`to_char(${ledgerJournals.postedAt} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const rows = await db
    .select({ month: monthOf, paise: sql<number>`-sum(${ledgerEntries.amountPaise})`.mapWith(Number) })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        eq(ledgerEntries.account, 'platform.revenue'),
        gte(ledgerJournals.postedAt, new Date(`${months[0]}-01T00:00:00${INDIA_OFFSET}`)),
      ),
    )
    .groupBy(monthOf);
  const earned = new Map(rows.map(({ month, paise }) => [month, paise]));
  return months.map((month) => ({ month, revenuePaise: earned.get(month) ?? 0 }));
}

/** Each owner's two balances, as the platform owes them (the ledger's credits, turned positive). */
function ownerBalanceRows(db: Database) {
  return db
    .select({
      ownerId: sql<string>`${ledgerEntries.ownerId}`.as('owner_id'),
      pendingPaise:
        sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'owner.pending'), 0)`
          .mapWith(Number)
          .as('pending_paise'),
      availablePaise:
        sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'owner.available'), 0)`
          .mapWith(Number)
          .as('available_paise'),
    })
    .from(ledgerEntries)
    .where(and(isNotNull(ledgerEntries.ownerId), inArray(ledgerEntries.account, ['owner.pending', 'owner.available'])))
    .groupBy(ledgerEntries.ownerId)
    .as('balances');
}

export interface OwnerBalanceRow {
  id: string;
  username: string;
  pendingPaise: number;
  availablePaise: number;
}

/** Every owner with a balance, the most owed first and an owner who owes the platform last, searched by part of the username. */
export function ownerBalanceList(db: Database, { q }: AdminMoneyQuery): AdminListReads<OwnerBalanceRow> {
  const balances = ownerBalanceRows(db);
  const where: SQL | undefined = q ? sql`strpos(lower(${accounts.username}), lower(${q})) > 0` : undefined;
  return {
    rows: (limit, offset) =>
      db
        .select({
          id: accounts.id,
          username: accounts.username,
          pendingPaise: balances.pendingPaise,
          availablePaise: balances.availablePaise,
        })
        .from(balances)
        .innerJoin(accounts, eq(accounts.id, balances.ownerId))
        .where(where)
        .orderBy(desc(sql`${balances.pendingPaise} + ${balances.availablePaise}`), accounts.username, accounts.id)
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(balances).innerJoin(accounts, eq(accounts.id, balances.ownerId)).where(where),
  };
}

/** The balances as they stand: the ledger keeps what is owed as credits, read here as positive amounts owed. */
export async function moneyTotals(db: Database): Promise<AdminMoney['totals']> {
  const balance = await accountBalances(db);
  const owed = (account: keyof typeof balance) => -(balance[account] ?? 0);
  return {
    revenuePaise: owed('platform.revenue'),
    gstPayablePaise: owed('gst.payable'),
    tdsPayablePaise: owed('tds.payable'),
    payoutsInTransitPaise: owed('payouts.in_transit'),
    ownersPendingPaise: owed('owner.pending'),
    ownersAvailablePaise: owed('owner.available'),
  };
}
