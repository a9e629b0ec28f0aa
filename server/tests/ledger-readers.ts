import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { ledgerEntries, ledgerJournals } from '../src/db/schema';
import { ownerBalances } from '../src/ledger/balances';

// What the server tests read of the ledger to check what was posted, straight from its tables.

/** Each journal of the booking, by the key's first part (`capture`, `refund`…), its entries as `account[:owner]` → paise. */
export async function journalsOf(db: Database, bookingId: string): Promise<Record<string, Record<string, number>>> {
  const rows = await db
    .select({
      key: ledgerJournals.key,
      account: ledgerEntries.account,
      ownerId: ledgerEntries.ownerId,
      paise: ledgerEntries.amountPaise,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(eq(ledgerJournals.bookingId, bookingId));
  const journals: Record<string, Record<string, number>> = {};
  for (const { key, account, ownerId, paise } of rows) {
    const name = key.split(':')[0] ?? key;
    const entries = journals[name] ?? {};
    entries[ownerId ? `${account}:owner` : account] = paise;
    journals[name] = entries;
  }
  return journals;
}

/** An owner's pending and available balances, zero before anything was posted for them. */
export async function balanceOf(db: Database, ownerId: string) {
  const [balance] = await ownerBalances(db, [ownerId]);
  return balance ?? { ownerId, pendingPaise: 0, availablePaise: 0 };
}

/** The journals that do not sum to zero or have fewer than two entries: none, ever. */
export function unbalancedJournals(db: Database): Promise<{ journalId: number }[]> {
  return db
    .select({ journalId: ledgerEntries.journalId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.journalId)
    .having(sql`sum(${ledgerEntries.amountPaise}) <> 0 or count(*) < 2`);
}
