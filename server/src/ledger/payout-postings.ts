import type { Database } from '../db/client';
import type { LedgerAccount, PayoutRow } from '../db/schema';
import { postJournal } from './journal';

/**
 * A payout's money in the ledger: asked for, it leaves the owner's available balance for money in
 * transit; paid, it leaves the platform (the bank for a bank file, Razorpay's balance for a Route
 * transfer); failed, it is the owner's available balance again. Each is posted in the transaction
 * that stores the payout's new status, once.
 */

export const payoutJournalKey = {
  requested: (payoutId: string) => `payout:${payoutId}`,
  paid: (payoutId: string) => `payout-paid:${payoutId}`,
  failed: (payoutId: string) => `payout-failed:${payoutId}`,
};

/** Where a paid payout's money left from. */
const PAID_FROM: Record<PayoutRow['way'], LedgerAccount> = { manual: 'bank', route: 'received.razorpay' };

type PayoutMoney = Pick<PayoutRow, 'id' | 'ownerId' | 'amountPaise' | 'way'>;

export async function postPayoutRequested(tx: Database, payout: PayoutMoney, at: Date): Promise<boolean> {
  return postJournal(tx, {
    key: payoutJournalKey.requested(payout.id),
    cause: 'payout',
    payoutId: payout.id,
    memo: 'Payout asked for',
    postedAt: at,
    entries: [
      { account: 'owner.available', ownerId: payout.ownerId, amountPaise: payout.amountPaise },
      { account: 'payouts.in_transit', amountPaise: -payout.amountPaise },
    ],
  });
}

export async function postPayoutPaid(tx: Database, payout: PayoutMoney, at: Date): Promise<boolean> {
  return postJournal(tx, {
    key: payoutJournalKey.paid(payout.id),
    cause: 'payout',
    payoutId: payout.id,
    memo: 'Payout paid',
    postedAt: at,
    entries: [
      { account: 'payouts.in_transit', amountPaise: payout.amountPaise },
      { account: PAID_FROM[payout.way], amountPaise: -payout.amountPaise },
    ],
  });
}

export async function postPayoutFailed(tx: Database, payout: PayoutMoney, at: Date): Promise<boolean> {
  return postJournal(tx, {
    key: payoutJournalKey.failed(payout.id),
    cause: 'payout',
    payoutId: payout.id,
    memo: 'Payout failed: the money is available again',
    postedAt: at,
    entries: [
      { account: 'payouts.in_transit', amountPaise: payout.amountPaise },
      { account: 'owner.available', ownerId: payout.ownerId, amountPaise: -payout.amountPaise },
    ],
  });
}
