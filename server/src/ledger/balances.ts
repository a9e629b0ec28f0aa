import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type LedgerAccount, ledgerEntries } from '../db/schema';

/**
 * What the ledger holds, account by account. Entries are debit-positive, so what the platform owes
 * (GST, an owner's balance) or has earned sums negative there; these read it the way people do:
 * an owner's balance is what the platform owes them, negative while they owe the platform.
 */

export interface OwnerBalance {
  ownerId: string;
  /** Shares of trips not yet over the hold: theirs, not yet payable. */
  pendingPaise: number;
  /** Payable now; negative while the owner owes the platform (a share of a booking paid at pickup, a refund after a payout). */
  availablePaise: number;
}

/** The balances of the owners named, or of every owner with an entry: what the platform owes each. */
export async function ownerBalances(db: Database, ownerIds?: readonly string[]): Promise<OwnerBalance[]> {
  const rows = await db
    .select({
      ownerId: ledgerEntries.ownerId,
      account: ledgerEntries.account,
      paise: sql<number>`-sum(${ledgerEntries.amountPaise})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.account, ['owner.pending', 'owner.available']),
        ownerIds ? inArray(ledgerEntries.ownerId, [...ownerIds]) : undefined,
      ),
    )
    .groupBy(ledgerEntries.ownerId, ledgerEntries.account);
  const byOwner = new Map<string, OwnerBalance>();
  for (const { ownerId, account, paise } of rows) {
    if (!ownerId) continue;
    const balance = byOwner.get(ownerId) ?? { ownerId, pendingPaise: 0, availablePaise: 0 };
    if (account === 'owner.pending') balance.pendingPaise = paise;
    else balance.availablePaise = paise;
    byOwner.set(ownerId, balance);
  }
  return [...byOwner.values()];
}

/** Every account's balance, debit-positive as stored (all owners' balances summed in their two accounts). */
export async function accountBalances(db: Database): Promise<Partial<Record<LedgerAccount, number>>> {
  const rows = await db
    .select({ account: ledgerEntries.account, paise: sql<number>`sum(${ledgerEntries.amountPaise})`.mapWith(Number) })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map(({ account, paise }) => [account, paise]));
}
