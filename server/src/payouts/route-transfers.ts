import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TRIP_STATUSES } from '#domain/schemas/bookings';
import { OPEN_PAYOUT_STATUSES } from '#domain/schemas/payouts';
import type { Database } from '../db/client';
import {
  bookings,
  cars,
  payoutDetails,
  payouts,
  routeAccounts,
  routeTransfers,
  type BookingRow,
  type RouteTransferRow,
} from '../db/schema';
import { bookingJournalKey, refundParts, refundSplit } from '../ledger/booking-postings';
import { postedUnder } from '../ledger/journal';
import { postPayoutFailed, postPayoutPaid, postPayoutRequested } from '../ledger/payout-postings';
import { payoutFailedMail, payoutPaidMail } from '../mail/payout-mails';
import { RazorpayRefusal, RazorpayUnavailable } from '../payments/razorpay-api';
import type { RouteApi, RouteTransfer } from '../payments/razorpay-route-api';
import { SETTLING_MS } from '../payments/settle-payments';
import { payoutsResumed } from './details';
import { settle, tellOwner } from './marking';
import { t } from '../i18n';

/**
 * Owners' shares of Razorpay payments paid by Route (RAZORPAY_ROUTE). A captured booking whose owner
 * has an activated linked account is claimed (a route_transfers row) before Razorpay is asked for a
 * transfer of the share, on hold; the claim is taken under the booking's row lock with its earnings
 * not yet released, so the release (which marks the booking under the same lock) sees it or the
 * claim sees the release, never neither. At the release a claimed share becomes a Route payout, in
 * transit in the release's transaction, so the bank-file run never finds that money available; the
 * transfer is then let go, and the payout is paid once Razorpay reports the transfer processed too.
 * A share not claimed by its release (its owner's account was not active yet) stays with the bank
 * file, and no transfer is ever made for it.
 *
 * Every call to Razorpay happens outside a transaction and is repeated by the sweep until it is
 * recorded: a transfer is looked for among the payment's own (tagged with the booking) before it is
 * asked for again, so a call whose answer was lost makes no second transfer.
 */

export interface RouteWork {
  db: Database;
  route: RouteApi;
  log: FastifyBaseLogger;
  now: Date;
}

/** What a transfer Razorpay refused, or reported failed, leaves: not yet released, the share for the bank file; released, its payout failed. */
async function transferFailed(tx: Database, row: RouteTransferRow, reason: string, now: Date): Promise<void> {
  await tx
    .update(routeTransfers)
    .set({ failedAt: now, updatedAt: now })
    .where(and(eq(routeTransfers.bookingId, row.bookingId), isNull(routeTransfers.failedAt)));
  if (row.payoutId)
    await closePayout(tx, row.payoutId, { status: 'failed', reason: t('server.payouts.routeFailed', { reason }) }, now);
}

/** A Route payout paid or failed, with its journal, once: a payout already closed is left as it is. */
async function closePayout(
  tx: Database,
  payoutId: string,
  outcome: { status: 'paid' } | { status: 'failed'; reason: string },
  now: Date,
): Promise<boolean> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout || !(OPEN_PAYOUT_STATUSES as readonly string[]).includes(payout.status)) return false;
  const paid = outcome.status === 'paid';
  const after = await settle(tx, payoutId, {
    status: outcome.status,
    utr: null,
    failureReason: paid ? null : outcome.reason,
    paidAt: paid ? now : null,
    updatedAt: now,
  });
  if (paid) await postPayoutPaid(tx, after, now);
  else await postPayoutFailed(tx, after, now);
  await tellOwner(
    tx,
    after.ownerId,
    (owner) =>
      outcome.status === 'paid'
        ? payoutPaidMail(owner, after, now, { route: true })
        : payoutFailedMail(owner, after, outcome.reason),
    now,
  );
  return true;
}

/** The owner's share the capture posted pending for a booking: what its transfer carries. */
async function ownerShare(tx: Database, bookingId: string): Promise<number> {
  const captured = await postedUnder(tx, [bookingJournalKey.capture(bookingId)]);
  return -captured.filter(({ account }) => account === 'owner.pending').reduce((sum, { amountPaise }) => sum + amountPaise, 0);
}

/**
 * Claims the shares of captured Razorpay bookings (of `bookingIds`, or all) whose owners' linked
 * accounts are active and earnings not released. Answers the bookings it claimed.
 */
async function claimShares(db: Database, now: Date, bookingIds: readonly string[] | undefined): Promise<string[]> {
  const due = await db
    .select({
      bookingId: bookings.id,
      paymentId: bookings.paymentRef,
      ownerId: routeAccounts.ownerId,
      accountId: routeAccounts.accountId,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(routeAccounts, and(eq(routeAccounts.ownerId, cars.ownerId), eq(routeAccounts.state, 'activated')))
    .leftJoin(routeTransfers, eq(routeTransfers.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.paymentProvider, 'razorpay'),
        eq(bookings.paymentStatus, 'captured'),
        // A trip's share, unreleased: accepted, handed over, returned, or completed and in the hold after it.
        inArray(bookings.status, TRIP_STATUSES),
        isNull(bookings.earningsReleasedAt),
        isNull(routeTransfers.bookingId),
        bookingIds ? inArray(bookings.id, [...bookingIds]) : undefined,
      ),
    );
  const claimed: string[] = [];
  for (const { bookingId, paymentId, ownerId, accountId } of due) {
    if (!paymentId) continue;
    const made = await db.transaction(async (tx) => {
      // Under the booking's lock: a release marking it waits for this claim, or this finds it released.
      const [still] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), isNull(bookings.earningsReleasedAt), eq(bookings.paymentStatus, 'captured')))
        .for('update');
      const amountPaise = still ? await ownerShare(tx, bookingId) : 0;
      if (amountPaise <= 0) return false;
      const inserted = await tx
        .insert(routeTransfers)
        .values({ bookingId, ownerId, paymentId, accountId, amountPaise, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: routeTransfers.bookingId })
        .returning({ bookingId: routeTransfers.bookingId });
      return inserted.length > 0;
    });
    if (made) claimed.push(bookingId);
  }
  return claimed;
}

/**
 * Claims a row for one attempt by moving its `updatedAt` on from the value read: of the sweeps that
 * read it at once, one asks Razorpay. The sweep leaves alone a row touched within SETTLING_MS: its
 * taker's call may still be under way.
 */
async function claimAttempt(db: Database, row: RouteTransferRow, now: Date): Promise<boolean> {
  const [claimed] = await db
    .update(routeTransfers)
    .set({ updatedAt: now })
    .where(
      and(
        eq(routeTransfers.bookingId, row.bookingId),
        sql`date_trunc('milliseconds', ${routeTransfers.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ bookingId: routeTransfers.bookingId });
  return claimed !== undefined;
}

/** Razorpay away: the step is left for the next sweep. Any other error is not Razorpay's answer, and is thrown. */
function leftForTheSweep(log: FastifyBaseLogger, row: RouteTransferRow, what: string, error: unknown): void {
  if (!(error instanceof RazorpayUnavailable)) throw error;
  log.warn({ bookingId: row.bookingId, err: error }, `Route ${what}: Razorpay away; the sweep tries again`);
}

/** Makes the claimed shares' transfers (of `bookingIds`, or those the sweep may take), on hold, and records their ids. */
async function makeTransfers({ db, route, log, now }: RouteWork, bookingIds: readonly string[] | undefined): Promise<void> {
  if (bookingIds?.length === 0) return;
  const rows = await db
    .select({ row: routeTransfers, paymentStatus: bookings.paymentStatus })
    .from(routeTransfers)
    .innerJoin(bookings, eq(bookings.id, routeTransfers.bookingId))
    .where(
      and(
        isNull(routeTransfers.transferId),
        isNull(routeTransfers.failedAt),
        bookingIds
          ? inArray(routeTransfers.bookingId, [...bookingIds])
          : lte(routeTransfers.updatedAt, new Date(now.getTime() - SETTLING_MS)),
      ),
    );
  for (const { row, paymentStatus } of rows) {
    if (!(await claimAttempt(db, row, now))) continue;
    try {
      const made = (await route.paymentTransfers(row.paymentId)).find(
        ({ notes }) => !Array.isArray(notes) && notes?.booking_id === row.bookingId,
      );
      // A payment refunded since its share was claimed gets no transfer now; one made before is kept, to be reversed.
      const transfer =
        made ??
        (paymentStatus === 'captured'
          ? await route.transfer(row.paymentId, {
              accountId: row.accountId,
              amountPaise: row.amountPaise,
              bookingId: row.bookingId,
            })
          : null);
      await db.transaction(async (tx) => {
        if (!transfer) {
          await tx
            .update(routeTransfers)
            .set({ failedAt: now, updatedAt: now })
            .where(eq(routeTransfers.bookingId, row.bookingId));
          return;
        }
        const [stored] = await tx
          .update(routeTransfers)
          .set({ transferId: transfer.id, updatedAt: now })
          .where(and(eq(routeTransfers.bookingId, row.bookingId), isNull(routeTransfers.transferId)))
          .returning();
        if (stored?.payoutId) await tx.update(payouts).set({ providerRef: transfer.id }).where(eq(payouts.id, stored.payoutId));
      });
    } catch (error) {
      if (error instanceof RazorpayRefusal) {
        log.error({ bookingId: row.bookingId, reason: error.message }, 'Route transfer refused');
        const reason = error.message;
        await db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(routeTransfers)
            .where(eq(routeTransfers.bookingId, row.bookingId))
            .for('update');
          if (current) await transferFailed(tx, current, reason, now);
        });
      } else leftForTheSweep(log, row, 'transfer', error);
    }
  }
}

/** Payouts whose owners' details are not on hold: details changed lately keep the money on hold at Razorpay too. */
const resumedOwner = (now: Date): SQL =>
  sql`exists (select 1 from ${payoutDetails} where ${payoutDetails.ownerId} = ${routeTransfers.ownerId} and ${payoutsResumed(now)})`;

/** Lets go the transfers of shares released (their Route payouts made); a payout whose transfer Razorpay processed already is paid then. */
async function releaseTransfers({ db, route, log, now }: RouteWork): Promise<void> {
  const rows = await db
    .select({ row: routeTransfers, booking: bookings })
    .from(routeTransfers)
    .innerJoin(bookings, eq(bookings.id, routeTransfers.bookingId))
    .where(
      and(
        isNotNull(routeTransfers.transferId),
        isNotNull(routeTransfers.payoutId),
        eq(routeTransfers.onHold, true),
        isNull(routeTransfers.failedAt),
        resumedOwner(now),
      ),
    );
  for (const { row, booking } of rows) {
    if (!row.transferId || !row.payoutId) continue;
    // Let go before a late cancellation's reversal, the owner would keep the refunded part too.
    if (row.reversedPaise < reversalDue(row.amountPaise, booking)) continue;
    let released: RouteTransfer;
    try {
      released = await route.releaseTransfer(row.transferId);
    } catch (error) {
      if (error instanceof RazorpayRefusal) {
        log.error({ bookingId: row.bookingId, reason: error.message }, 'Route transfer release refused; the sweep tries again');
        continue;
      }
      leftForTheSweep(log, row, 'release', error);
      continue;
    }
    const { payoutId } = row;
    // The transfer as Razorpay answers it says whether it was processed, should its webhook have come before we knew its id.
    const processedNow = released.status === 'processed' ? now : null;
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .update(routeTransfers)
        .set({
          onHold: false,
          processedAt: sql`coalesce(${routeTransfers.processedAt}, ${processedNow?.toISOString() ?? null}::timestamptz)`,
          updatedAt: now,
        })
        .where(and(eq(routeTransfers.bookingId, row.bookingId), eq(routeTransfers.onHold, true)))
        .returning();
      if (stored?.processedAt) await closePayout(tx, payoutId, { status: 'paid' }, now);
    });
  }
}

/**
 * What of a transfer's `amountPaise` its booking's refund takes back: all of it for a whole refund, the
 * owner's share of the refunded part for a late cancellation's, nothing while the money is not refunded.
 */
function reversalDue(amountPaise: number, booking: BookingRow): number {
  if (booking.paymentStatus !== 'refunded') return 0;
  return refundParts(booking).whole ? amountPaise : Math.min(amountPaise, refundSplit(booking).ownerNetPaise);
}

/**
 * Takes back the transfers of payments refunded while their transfers are still held: whole for a whole
 * refund, the owner's share of the refunded part for a late cancellation's (whose kept part may have
 * become a Route payout already: its transfer is let go only once this is done).
 */
async function reverseTransfers({ db, route, log, now }: RouteWork): Promise<void> {
  const rows = await db
    .select({ row: routeTransfers, booking: bookings })
    .from(routeTransfers)
    .innerJoin(bookings, eq(bookings.id, routeTransfers.bookingId))
    .where(
      and(
        eq(bookings.paymentStatus, 'refunded'),
        isNotNull(routeTransfers.transferId),
        or(isNull(routeTransfers.payoutId), eq(routeTransfers.onHold, true)),
        isNull(routeTransfers.failedAt),
        lt(routeTransfers.reversedPaise, routeTransfers.amountPaise),
      ),
    );
  for (const { row, booking } of rows) {
    const due = reversalDue(row.amountPaise, booking);
    if (!row.transferId || row.reversedPaise >= due) continue;
    try {
      await route.reverseTransfer(row.transferId, due - row.reversedPaise);
    } catch (error) {
      if (!(error instanceof RazorpayRefusal)) {
        leftForTheSweep(log, row, 'reversal', error);
        continue;
      }
      // Razorpay refuses to reverse more than is left: a reversal whose answer was lost shows on the transfer.
      const transfer = await route.fetchTransfer(row.transferId).catch(() => null);
      if (!transfer || transfer.amount_reversed < due) {
        log.error({ bookingId: row.bookingId, reason: error.message }, 'Route transfer reversal refused; the sweep tries again');
        continue;
      }
    }
    await db
      .update(routeTransfers)
      .set({ reversedPaise: due, updatedAt: now })
      .where(eq(routeTransfers.bookingId, row.bookingId));
  }
}

/** Right after an accept: the transfer of its owner's share, when their linked account is active (else the sweep makes it once it is). */
export async function sendRouteShares(work: RouteWork, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await makeTransfers(work, await claimShares(work.db, work.now, bookingIds));
}

/** The booking sweep's Route round: shares to claim and transfer, transfers to let go, refunds to take back. */
export async function sweepRouteTransfers(work: RouteWork): Promise<void> {
  // The shares claimed now are sent now; the sweep's own pass takes those whose attempt has lapsed.
  await makeTransfers(work, await claimShares(work.db, work.now, undefined));
  await makeTransfers(work, undefined);
  await releaseTransfers(work);
  await reverseTransfers(work);
}

/**
 * The release's Route payout (in the release's transaction, after the share became available): a
 * share claimed for Route moves into transit at once, as a payout by way of Route, so no bank-file
 * run can pay it; a share never claimed, or whose transfer failed, stays available for the bank file.
 */
export async function payRouteShare(tx: Database, bookingId: string, now: Date): Promise<void> {
  const [found] = await tx
    .select({ row: routeTransfers, booking: bookings })
    .from(routeTransfers)
    .innerJoin(bookings, eq(bookings.id, routeTransfers.bookingId))
    .where(eq(routeTransfers.bookingId, bookingId))
    .for('update', { of: routeTransfers });
  if (!found || found.row.payoutId || found.row.failedAt) return;
  const { row, booking } = found;
  // What the release made available: the share less what a late cancellation's refund took back.
  const amountPaise = row.amountPaise - reversalDue(row.amountPaise, booking);
  if (amountPaise <= 0) return;
  const [payout] = await tx
    .insert(payouts)
    .values({
      runId: null,
      ownerId: row.ownerId,
      way: 'route',
      amountPaise,
      status: 'processing',
      providerRef: row.transferId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payout) throw new Error(`no Route payout was made for booking ${bookingId}`);
  await postPayoutRequested(tx, payout, now);
  await tx.update(routeTransfers).set({ payoutId: payout.id, updatedAt: now }).where(eq(routeTransfers.bookingId, bookingId));
}

/** What a transfer event did: moved a payout or a share, or nothing (an unknown transfer, a repeat). */
export type TransferOutcome = 'recorded' | 'ignored';

/**
 * `transfer.processed`: the money is in the owner's linked account. Its payout is paid once the
 * transfer is also let go (released); Razorpay settles it to the owner's bank on its own schedule,
 * and the settlement's id stays on Razorpay's side (the transfer's recipient_settlement_id).
 * `transfer.failed`: the payout fails and its money is available again, for the bank file.
 */
export async function recordTransferEvent(
  db: Database,
  event: string,
  transfer: { id: string; reason?: string | null | undefined },
  now: Date,
): Promise<TransferOutcome> {
  const { id: transferId, reason } = transfer;
  if (event !== 'transfer.processed' && event !== 'transfer.failed') return 'ignored';
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(routeTransfers).where(eq(routeTransfers.transferId, transferId)).for('update');
    if (!row) return 'ignored';
    if (event === 'transfer.failed') {
      if (row.failedAt) return 'ignored';
      await transferFailed(tx, row, reason ?? event, now);
      return 'recorded';
    }
    if (row.processedAt) return 'ignored';
    await tx.update(routeTransfers).set({ processedAt: now, updatedAt: now }).where(eq(routeTransfers.bookingId, row.bookingId));
    if (row.payoutId && !row.onHold) await closePayout(tx, row.payoutId, { status: 'paid' }, now);
    return 'recorded';
  });
}
