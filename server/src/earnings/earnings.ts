import { toIndiaIso } from '#domain/india-time';
import type { OwnerEarnings } from '#domain/schemas/earnings';
import { financialYearLabel, financialYearOf, financialYearStart } from '#domain/tax-invoice';
import type { MoneyRules } from '../config';
import type { Database } from '../db/client';
import { ownerBalances } from '../ledger/balances';
import { earningsBookings } from './bookings';
import { addMonths, indiaMonthOf, lastMonths, monthStart, nextIndiaMidnight, nextPayoutDate } from './calendar';
import { carOccupancy } from './occupancy';
import { ownerJournals } from './owner-ledger';
import { latestPayouts, payoutSums } from './payouts';

/** How many months the earnings chart shows. */
export const EARNINGS_MONTHS = 12;

export interface EarningsOwner {
  id: string;
  createdAt: Date;
}

/**
 * An owner's earnings at a glance, from the ledger: balances, the next payout, net earnings by the
 * month their journals were posted in (as the monthly statement counts them), each car's occupancy,
 * the bookings behind the figures (one month's when `month` is given) and the payouts.
 */
export async function ownerEarnings(
  db: Database,
  money: Pick<MoneyRules, 'minPayoutPaise' | 'payoutDay'>,
  owner: EarningsOwner,
  now: Date,
  month?: string,
): Promise<OwnerEarnings> {
  // One snapshot, so the balances, the bookings and the payouts agree with each other.
  return db.transaction((tx) => earningsIn(tx, money, owner, now, month), SNAPSHOT);
}

/**
 * How long an answer of `ownerEarnings` made at `now` may be sent again while the ledger, the owner's
 * payouts and bookings stay as they were (the server hears of those and forgets it): the clock alone
 * moves only the occupancy's 30-day window, by a quarter of an hour in 720, and at India's midnight the
 * day, and with it the payout date, the months and the financial year.
 */
export function earningsTurnAt(now: Date): Date {
  return new Date(Math.min(now.getTime() + EARNINGS_KEPT_MS, nextIndiaMidnight(now).getTime()));
}

const EARNINGS_KEPT_MS = 15 * 60 * 1000;

/** A read of one consistent snapshot of the database, which writes nothing. */
export const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

async function earningsIn(
  db: Database,
  money: Pick<MoneyRules, 'minPayoutPaise' | 'payoutDay'>,
  owner: EarningsOwner,
  now: Date,
  month: string | undefined,
): Promise<OwnerEarnings> {
  const year = financialYearOf(now);
  const months = lastMonths(now, EARNINGS_MONTHS);
  const chartFrom = monthStart(months[0] ?? indiaMonthOf(now));
  const chartTo = monthStart(addMonths(indiaMonthOf(now), 1));
  // One after another: a transaction's queries share its one connection.
  const [balance] = await ownerBalances(db, [owner.id]);
  const sums = await payoutSums(db, owner.id, financialYearStart(year));
  const journals = await ownerJournals(db, owner.id, chartFrom, chartTo);
  const occupancy = await carOccupancy(db, owner.id, now);
  const payouts = await latestPayouts(db, owner.id);
  const pendingPaise = balance?.pendingPaise ?? 0;
  const availablePaise = balance?.availablePaise ?? 0;
  const bookings = await earningsBookings(
    db,
    owner.id,
    { availablePaise, inTransitPaise: sums.inTransitPaise },
    month ? { from: monthStart(month), to: monthStart(addMonths(month, 1)) } : undefined,
  );

  const netByMonth = new Map<string, number>();
  for (const journal of journals) {
    const at = indiaMonthOf(journal.at);
    netByMonth.set(at, (netByMonth.get(at) ?? 0) + journal.earnedPaise);
  }
  const firstMonth = indiaMonthOf(owner.createdAt);
  return {
    asOf: toIndiaIso(now),
    pendingPaise,
    availablePaise,
    paidThisYearPaise: sums.paidSincePaise,
    financialYear: financialYearLabel(year),
    nextPayout: {
      date: nextPayoutDate(now, money.payoutDay),
      amountPaise: availablePaise >= money.minPayoutPaise ? availablePaise : 0,
      minPayoutPaise: money.minPayoutPaise,
    },
    months: months.map((at) => ({ month: at, netPaise: netByMonth.get(at) ?? 0, hasStatement: at >= firstMonth })),
    occupancy,
    bookings: { month: month ?? null, ...bookings },
    payouts,
  };
}
