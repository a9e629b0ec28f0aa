import { eq } from 'drizzle-orm';
import { payoutNumber } from '#domain/payout-number';
import { OPEN_PAYOUT_STATUSES } from '#domain/schemas/payouts';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { accounts, payouts, type PayoutRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { postPayoutFailed, postPayoutPaid } from '../ledger/payout-postings';
import { type Mail, queueMail } from '../mail/outbox';
import { payoutFailedMail, payoutPaidMail } from '../mail/payout-mails';
import { payoutNarration } from './bank-file';
import { ALREADY_SETTLED, MARKED_BY_ROUTE, NO_SUCH_PAYOUT, UTR_USED } from './words';

/**
 * What the bank did with a payout, as an admin marks it: paid (with the bank's UTR), or failed (with
 * why, and its money available to the owner again). Each mark changes the payout, posts its journal,
 * writes the audit row and queues the owner's mail in one transaction; a payout already paid or failed
 * is refused with nothing changed.
 */

interface Mark {
  payoutId: string;
  adminId: string;
  now: Date;
}

/** The 409 naming the payout `utr` is already recorded on, if any is. */
async function utrRefusal(db: Database, utr: string): Promise<HttpError | null> {
  const [holder] = await db.select({ number: payouts.number }).from(payouts).where(eq(payouts.utr, utr));
  return holder ? new HttpError(409, t(UTR_USED, { number: payoutNumber(holder.number) })) : null;
}

/** The payout under its lock, while it is open: 404 for an unknown id, 409 for one already paid or failed. */
async function openPayout(tx: Database, payoutId: string): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) throw new HttpError(404, t(NO_SUCH_PAYOUT));
  if (!(OPEN_PAYOUT_STATUSES as readonly string[]).includes(payout.status)) {
    throw new HttpError(409, t(ALREADY_SETTLED, { number: payoutNumber(payout.number), status: payout.status }));
  }
  // Razorpay's webhooks say what became of a Route payout: a hand's "failed" would make its money
  // available for the bank file while the transfer still reaches the owner.
  if (payout.way === 'route') throw new HttpError(409, t(MARKED_BY_ROUTE, { number: payoutNumber(payout.number) }));
  return payout;
}

/** Stores a payout's new status in `tx`: the mark's, or a Route webhook's. */
export async function settle(
  tx: Database,
  payoutId: string,
  change: Pick<PayoutRow, 'status' | 'utr' | 'failureReason' | 'paidAt' | 'updatedAt'>,
): Promise<PayoutRow> {
  const [after] = await tx.update(payouts).set(change).where(eq(payouts.id, payoutId)).returning();
  if (!after) throw new Error(`payout ${payoutId} is gone`);
  return after;
}

/** Queues the owner's mail about their payout in `tx`, so it goes only if the change commits. */
export async function tellOwner(
  tx: Database,
  ownerId: string,
  mail: (owner: { email: string; username: string }) => Mail,
  now: Date,
) {
  const [owner] = await tx
    .select({ email: accounts.email, username: accounts.username })
    .from(accounts)
    .where(eq(accounts.id, ownerId));
  if (owner) await queueMail(tx, [mail(owner)], now);
}

/** Marks a payout paid with the bank's UTR (already in capitals, checked by the contract's schema). */
export async function markPayoutPaid(db: Database, mark: Mark & { utr: string }): Promise<PayoutRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await openPayout(tx, mark.payoutId);
      const taken = await utrRefusal(tx, mark.utr);
      if (taken) throw taken;
      const after = await settle(tx, mark.payoutId, {
        status: 'paid',
        utr: mark.utr,
        failureReason: null,
        paidAt: mark.now,
        updatedAt: mark.now,
      });
      await postPayoutPaid(tx, after, mark.now);
      await recordAdminAction(tx, {
        adminId: mark.adminId,
        action: 'payout.paid',
        objectType: 'payout',
        objectId: after.id,
        before: { status: before.status },
        after: { status: after.status, utr: after.utr },
        at: mark.now,
      });
      await tellOwner(
        tx,
        after.ownerId,
        (owner) => payoutPaidMail(owner, after, mark.now, { bank: { utr: mark.utr, narration: payoutNarration(after.number) } }),
        mark.now,
      );
      return after;
    });
  } catch (error) {
    // Another payout took the UTR while this one was being marked.
    if (isUniqueViolation(error)) throw (await utrRefusal(db, mark.utr)) ?? error;
    throw error;
  }
}

/** Marks a payout failed: its amount is the owner's available balance again, for the next run. */
export async function markPayoutFailed(db: Database, mark: Mark & { reason: string }): Promise<PayoutRow> {
  return db.transaction(async (tx) => {
    const before = await openPayout(tx, mark.payoutId);
    const after = await settle(tx, mark.payoutId, {
      status: 'failed',
      utr: null,
      failureReason: mark.reason,
      paidAt: null,
      updatedAt: mark.now,
    });
    await postPayoutFailed(tx, after, mark.now);
    await recordAdminAction(tx, {
      adminId: mark.adminId,
      action: 'payout.failed',
      objectType: 'payout',
      objectId: after.id,
      reason: mark.reason,
      before: { status: before.status },
      after: { status: after.status },
      at: mark.now,
    });
    await tellOwner(tx, after.ownerId, (owner) => payoutFailedMail(owner, after, mark.reason), mark.now);
    return after;
  });
}
