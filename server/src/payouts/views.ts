import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PayoutStatus } from '#domain/schemas/payouts';
import type { Database } from '../db/client';
import { accounts, payoutRuns, payouts, type PayoutRow, type PayoutRunRow } from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { accountEndings } from './destinations';
import { NO_SUCH_PAYOUT, NO_SUCH_RUN } from './words';

/** A run with who started it and what its payouts add up to, as the console lists it. */
export interface RunSummary {
  run: PayoutRunRow;
  /** The admin's username; null for the weekly run. */
  startedBy: string | null;
  payoutCount: number;
  totalPaise: number;
  byStatus: Record<PayoutStatus, number>;
}

const counted = (condition: SQL) => sql<number>`count(${payouts.id}) filter (where ${condition})`.mapWith(Number);
const inStatus = (status: PayoutStatus) => counted(sql`${payouts.status} = ${status}`);

/** The runs, each with its payouts summed, newest first; `where` picks them. */
function runSummaries(db: Database, where: SQL | undefined) {
  return db
    .select({
      run: payoutRuns,
      startedBy: accounts.username,
      payoutCount: sql<number>`count(${payouts.id})`.mapWith(Number),
      totalPaise: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number),
      requested: inStatus('requested'),
      processing: inStatus('processing'),
      paid: inStatus('paid'),
      failed: inStatus('failed'),
    })
    .from(payoutRuns)
    .leftJoin(accounts, eq(accounts.id, payoutRuns.startedBy))
    .leftJoin(payouts, eq(payouts.runId, payoutRuns.id))
    .where(where)
    .groupBy(payoutRuns.id, accounts.id)
    .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.number))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof runSummaries>>[number];

const toSummary = ({ run, startedBy, payoutCount, totalPaise, requested, processing, paid, failed }: SummaryRow): RunSummary => ({
  run,
  startedBy,
  payoutCount,
  totalPaise,
  byStatus: { requested, processing, paid, failed },
});

/** Every run, newest first, for the console's list. */
export function runList(db: Database): AdminListReads<RunSummary> {
  return {
    rows: async (limit, offset) => (await runSummaries(db, undefined).limit(limit).offset(offset)).map(toSummary),
    total: () => db.select({ n: count() }).from(payoutRuns),
  };
}

export async function runSummary(db: Database, runId: string): Promise<RunSummary> {
  const [row] = await runSummaries(db, eq(payoutRuns.id, runId));
  if (!row) throw new HttpError(404, t(NO_SUCH_RUN));
  return toSummary(row);
}

/** A payout as the console shows it: whose, and the last digits of the account it goes to. */
export interface PayoutLine {
  payout: PayoutRow;
  ownerUsername: string;
  /** Null when the owner's details are no longer on file. */
  accountLast4: string | null;
}

/** The payouts `where` picks, in the order they were made, with their owners and accounts. */
async function payoutLines(db: Database, where: SQL): Promise<PayoutLine[]> {
  const rows = await db
    .select({ payout: payouts, ownerUsername: accounts.username })
    .from(payouts)
    .innerJoin(accounts, eq(accounts.id, payouts.ownerId))
    .where(where)
    .orderBy(asc(payouts.number));
  const endings = await accountEndings(
    db,
    rows.map(({ payout }) => payout.ownerId),
  );
  return rows.map((row) => ({ ...row, accountLast4: endings.get(row.payout.ownerId) ?? null }));
}

export const runPayouts = (db: Database, runId: string) => payoutLines(db, eq(payouts.runId, runId));

export async function payoutLine(db: Database, payoutId: string): Promise<PayoutLine> {
  const [line] = await payoutLines(db, eq(payouts.id, payoutId));
  if (!line) throw new HttpError(404, t(NO_SUCH_PAYOUT));
  return line;
}

/** A Route payout as the console lists it: whose. Its transfer's id is the payout's `providerRef`. */
export interface RoutePayoutLine {
  payout: PayoutRow;
  ownerUsername: string;
}

const byRoute = eq(payouts.way, 'route');

/** Every payout made by Razorpay Route, newest first: each is one booking's share, so no run holds them. */
export function routePayoutList(db: Database): AdminListReads<RoutePayoutLine> {
  return {
    rows: (limit, offset) =>
      db
        .select({ payout: payouts, ownerUsername: accounts.username })
        .from(payouts)
        .innerJoin(accounts, eq(accounts.id, payouts.ownerId))
        .where(byRoute)
        .orderBy(desc(payouts.createdAt), desc(payouts.number))
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(payouts).where(byRoute),
  };
}

/** The id of the run made under `key`. */
export async function runIdByKey(db: Database, key: string): Promise<string> {
  const [run] = await db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.key, key));
  if (!run) throw new Error(`no run has the key ${key}`);
  return run.id;
}

/** One page of an owner's payouts, newest first, and how many they have in all. */
export async function ownerPayouts(
  db: Database,
  ownerId: string,
  limit: number,
  offset: number,
): Promise<{ rows: PayoutRow[]; total: number }> {
  const mine = eq(payouts.ownerId, ownerId);
  const [rows, [all]] = await Promise.all([
    db.select().from(payouts).where(mine).orderBy(desc(payouts.createdAt), desc(payouts.number)).limit(limit).offset(offset),
    db.select({ n: count() }).from(payouts).where(mine),
  ]);
  return { rows, total: all?.n ?? 0 };
}
