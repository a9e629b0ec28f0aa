import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type JournalCause, type LedgerAccount, ledgerEntries, ledgerJournals } from '../db/schema';

/**
 * The one place money moves. Every movement is a journal of entries that sum to zero, written in the
 * transaction of the change that moves the money. Amounts are paise: a debit positive (money the
 * platform has or is owed: what a provider received), a credit negative (what the platform owes or
 * has earned: GST, its revenue, an owner's balance).
 */

export interface Entry {
  account: LedgerAccount;
  /** The owner whose balance an `owner.*` account is. */
  ownerId?: string | null | undefined;
  amountPaise: number;
}

export interface Journal {
  /** Unique per movement (`capture:<booking id>`): a second post with the key posts nothing. */
  key: string;
  cause: JournalCause;
  bookingId?: string | null | undefined;
  payoutId?: string | null | undefined;
  memo: string;
  postedAt: Date;
  entries: readonly Entry[];
}

/** A journal's entries with the zero amounts dropped, or an error when what is left does not balance. */
function entriesOf(journal: Journal): Entry[] {
  const entries = journal.entries.filter(({ amountPaise }) => amountPaise !== 0);
  for (const { amountPaise } of entries) {
    if (!Number.isSafeInteger(amountPaise))
      throw new Error(`journal ${journal.key}: ${amountPaise} is not a whole number of paise`);
  }
  const total = entries.reduce((sum, { amountPaise }) => sum + amountPaise, 0);
  if (total !== 0) throw new Error(`journal ${journal.key} does not balance: its entries sum to ${total} paise`);
  return entries;
}

/**
 * Posts a journal in `tx`, once: answers whether this call posted it (false when its key was posted
 * before, by a retry or another instance, or when it moves nothing). Two transactions posting one key
 * at once wait on its unique index, and the later finds it taken.
 */
export async function postJournal(tx: Database, journal: Journal): Promise<boolean> {
  const entries = entriesOf(journal);
  if (entries.length === 0) return false;
  const [posted] = await tx
    .insert(ledgerJournals)
    .values({
      key: journal.key,
      cause: journal.cause,
      bookingId: journal.bookingId ?? null,
      payoutId: journal.payoutId ?? null,
      memo: journal.memo,
      postedAt: journal.postedAt,
    })
    .onConflictDoNothing({ target: ledgerJournals.key })
    .returning({ id: ledgerJournals.id });
  if (!posted) return false;
  await tx.insert(ledgerEntries).values(
    entries.map((entry) => ({
      journalId: posted.id,
      account: entry.account,
      ownerId: entry.ownerId ?? null,
      amountPaise: entry.amountPaise,
    })),
  );
  return true;
}

/** The entries of the journals posted under `keys`, summed account by account (and owner by owner): what those movements did together. */
export async function postedUnder(tx: Database, keys: readonly string[]): Promise<Required<Entry>[]> {
  if (keys.length === 0) return [];
  return tx
    .select({
      account: ledgerEntries.account,
      ownerId: ledgerEntries.ownerId,
      amountPaise: sql<number>`sum(${ledgerEntries.amountPaise})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(inArray(ledgerJournals.key, [...keys]))
    .groupBy(ledgerEntries.account, ledgerEntries.ownerId);
}
