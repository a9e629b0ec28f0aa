import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { indiaToday } from '#domain/india-time';
import { OPEN_PAYOUT_STATUSES } from '#domain/schemas/payouts';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { LOCK_CLASS, lockSubject } from '../db/locks';
import { payoutRuns, payouts, type PayoutRow, type PayoutRunRow } from '../db/schema';
import { ownerBalances } from '../ledger/balances';
import { postPayoutRequested } from '../ledger/payout-postings';
import { payableOwners } from './destinations';

/**
 * A payout run pays each owner their whole available balance, when it reaches MIN_PAYOUT_PAISE and
 * their payout details are on file and not held: one payout per owner, `requested`, its money moved
 * into transit in the same transaction. Paid by bank file (`way` manual) until Route transfers come.
 *
 * A run happens once however many instances start it: its key is unique (`weekly:2026-11-30` for the
 * scheduled run, `admin:<uuid>` for an admin's), and only the transaction that inserts the key makes
 * payouts. Two different runs at once cannot pay the same money twice: each owner's balance is read
 * under that owner's lock, and an owner with a payout still open is skipped.
 */

export interface RunRequest {
  key: string;
  /** The admin who started it; null for the weekly run. */
  startedBy: string | null;
  minPayoutPaise: number;
  now: Date;
}

/** The owners a run at `now` would pay, as the ledger and their payout details stand: read again under each owner's lock. */
async function payableNow(db: Database, minPayoutPaise: number, now: Date): Promise<string[]> {
  const due = (await ownerBalances(db))
    .filter(({ availablePaise }) => availablePaise >= minPayoutPaise)
    .map(({ ownerId }) => ownerId);
  return payableOwners(db, due, now);
}

/** Makes the run under `key` with its payouts; null when that key's run was made already (by another instance, or a retry). */
export async function makePayoutRun(
  db: Database,
  request: RunRequest,
): Promise<{ run: PayoutRunRow; payouts: PayoutRow[] } | null> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(payoutRuns)
      .values({ key: request.key, startedBy: request.startedBy, createdAt: request.now })
      .onConflictDoNothing({ target: payoutRuns.key })
      .returning();
    if (!run) return null;
    // Locks are taken in one order by every run, so two runs at once wait for each other rather than deadlock.
    const owners = (await payableNow(tx, request.minPayoutPaise, request.now)).sort();
    const made: PayoutRow[] = [];
    for (const ownerId of owners) {
      const payout = await payOwner(tx, run, ownerId, request);
      if (payout) made.push(payout);
    }
    if (request.startedBy) {
      await recordAdminAction(tx, {
        adminId: request.startedBy,
        action: 'payout.run',
        objectType: 'payout_run',
        objectId: run.id,
        after: { payouts: made.length, totalPaise: made.reduce((sum, { amountPaise }) => sum + amountPaise, 0) },
        at: request.now,
      });
    }
    return { run, payouts: made };
  });
}

/** One owner's payout in `run`, under the owner's lock: the balance as it stands once no other run is paying it. */
async function payOwner(tx: Database, run: PayoutRunRow, ownerId: string, request: RunRequest): Promise<PayoutRow | null> {
  await lockSubject(tx, LOCK_CLASS.ownerPayouts, ownerId);
  const [open] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    // A Route payout in flight is another booking's share, already in transit: it does not stop this one.
    .where(and(eq(payouts.ownerId, ownerId), eq(payouts.way, 'manual'), inArray(payouts.status, [...OPEN_PAYOUT_STATUSES])))
    .limit(1);
  if (open) return null;
  const [balance] = await ownerBalances(tx, [ownerId]);
  if (!balance || balance.availablePaise < request.minPayoutPaise) return null;
  const [payout] = await tx
    .insert(payouts)
    .values({
      runId: run.id,
      ownerId,
      way: 'manual',
      amountPaise: balance.availablePaise,
      status: 'requested',
      createdAt: request.now,
      updatedAt: request.now,
    })
    .returning();
  if (!payout) throw new Error(`run ${run.id} made no payout for owner ${ownerId}`);
  await postPayoutRequested(tx, payout, request.now);
  return payout;
}

/** The weekly run's key: one run per India date. */
export function weeklyRunKey(now: Date): string {
  return `weekly:${indiaToday(now)}`;
}

/** The weekday (0 Sunday to 6 Saturday) of `now` on India's calendar. */
export function indiaWeekday(now: Date): number {
  return new Date(`${indiaToday(now)}T00:00:00Z`).getUTCDay();
}

/**
 * An admin's run's key. With the request's Idempotency-Key, the same key whatever the retry (a uuid
 * made from the admin and the key), so even a retry whose first answer was lost makes no second
 * run; without one, a run of its own.
 */
export function adminRunKey(adminId: string, idempotencyKey: string | null): string {
  if (idempotencyKey === null) return `admin:${randomUUID()}`;
  const hex = createHash('sha256').update(`${adminId}\n${idempotencyKey}`).digest('hex');
  // Laid out as a uuid of version 8 (custom), variant 10.
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `admin:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The weekly round: on PAYOUT_DAY (India's calendar), makes the week's run unless some instance has.
 * Answers the run it made, if any. Run every few minutes by every instance (plugins/payout-runs.ts).
 * While no owner can be paid, no run is made: the first round of the day that finds one makes it,
 * so the rounds write nothing on a payout day with nothing to pay.
 */
export async function runWeeklyPayoutsIfDue(
  db: Database,
  rules: { payoutDay: number; minPayoutPaise: number },
  now: Date,
): Promise<PayoutRunRow | null> {
  if (indiaWeekday(now) !== rules.payoutDay) return null;
  const key = weeklyRunKey(now);
  // A read first: the rounds of the rest of the day find the run made and write nothing.
  const [made] = await db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.key, key));
  if (made || (await payableNow(db, rules.minPayoutPaise, now)).length === 0) return null;
  const run = await makePayoutRun(db, { key, startedBy: null, minPayoutPaise: rules.minPayoutPaise, now });
  return run?.run ?? null;
}
