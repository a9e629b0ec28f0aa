import { performance } from 'node:perf_hooks';
import { and, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { bookingNumber } from '#domain/booking-number';
import { bookingSplit } from '#domain/booking-split';
import { formatPaise } from '#domain/money';
import { DIFFERENCES_LISTED, type Difference, type ProviderCheck, type Reconciliation } from '#domain/schemas/admin-money';
import { isTrip, type PaymentProvider } from '#domain/schemas/bookings';
import type { Database } from '../db/client';
import {
  accounts,
  type BookingRow,
  bookings,
  cars,
  type LedgerAccount,
  ledgerEntries,
  ledgerJournals,
  payouts,
} from '../db/schema';
import { t } from '../i18n';
import { accountBalances } from '../ledger/balances';
import { keptSplit, refundParts } from '../ledger/booking-postings';
import type { PaymentProviders } from '../payments/provider';
import type { RazorpayPayments } from '../payments/razorpay';
import type { StripePayments } from '../payments/stripe';
import { type TakenReport, takenReports, type UnreadReport } from '../payments/taken-reports';

/**
 * Checking the books: that every rupee a provider took is in the ledger and nothing more, that each
 * owner's balance is their shares of bookings taken less what was reversed and paid out, recomputed
 * from the bookings' stored rates, and that every journal sums to zero. The ledger is summed in SQL;
 * what the providers took is read from their own lists, within `LISTING_MS`.
 */

/** How long the providers' lists may take to read, in all: past it, the check reports what it read as partial. */
export const LISTING_MS = 15_000;

const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', razorpay: 'Razorpay' };
const RECEIVED: Record<PaymentProvider, LedgerAccount> = { stripe: 'received.stripe', razorpay: 'received.razorpay' };
const PROVIDERS: readonly PaymentProvider[] = ['stripe', 'razorpay'];

/** A booking with the provider's reference for its money. */
interface PaidBooking {
  id: string;
  number: number;
  provider: PaymentProvider;
  ref: string;
}

/** What a booking says of its money: the provider's reference, and what its owner's share is. */
interface BookingFacts {
  id: string;
  number: number;
  /** The car's owner; null for a fleet car. */
  ownerId: string | null;
  total: number;
  taxPaise: number;
  amountPaise: number;
  refundBasePaise: number | null;
  refundTaxPaise: number | null;
  commissionBps: number | null;
  tdsBps: number | null;
  provider: PaymentProvider | null;
  ref: string | null;
  paymentStatus: BookingRow['paymentStatus'];
  status: BookingRow['status'];
  released: boolean;
}

/** Every booking whose money the check weighs, read once: those paid through a provider, and those with rates stored. */
async function bookingFacts(db: Database): Promise<BookingFacts[]> {
  return db
    .select({
      id: bookings.id,
      number: bookings.number,
      ownerId: cars.ownerId,
      total: bookings.total,
      taxPaise: bookings.taxPaise,
      amountPaise: bookings.amountPaise,
      refundBasePaise: bookings.refundBasePaise,
      refundTaxPaise: bookings.refundTaxPaise,
      commissionBps: bookings.commissionBps,
      tdsBps: bookings.tdsBps,
      provider: bookings.paymentProvider,
      ref: bookings.paymentRef,
      paymentStatus: bookings.paymentStatus,
      status: bookings.status,
      released: sql<boolean>`${bookings.earningsReleasedAt} is not null`,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(
      or(
        and(isNotNull(bookings.paymentProvider), isNotNull(bookings.paymentRef)),
        and(isNotNull(bookings.commissionBps), isNotNull(cars.ownerId)),
      ),
    );
}

const paidBookings = (facts: readonly BookingFacts[]): PaidBooking[] =>
  facts.flatMap(({ id, number, provider, ref }) => (provider && ref ? [{ id, number, provider, ref }] : []));

interface ProviderSide {
  check: ProviderCheck;
  differences: Difference[];
}

/**
 * One provider's payments against the ledger's receipts, booking by booking (its `payment_ref` is the
 * provider's payment id): what was taken net of refunds must be what the ledger received.
 */
function compareProvider(
  report: TakenReport | UnreadReport,
  paid: readonly PaidBooking[],
  receipts: Map<string, number>,
  numbers: Map<string, number>,
): ProviderSide {
  const { provider } = report;
  const name = PROVIDER_NAMES[provider];
  const mine = paid.filter((booking) => booking.provider === provider);
  const ledgerPaise = [...receipts.values()].reduce((sum, paise) => sum + paise, 0);
  const differences: Difference[] = [];
  const numberOf = (bookingId: string) => {
    const number = numbers.get(bookingId);
    return number === undefined ? {} : { bookingNumber: bookingNumber(number) };
  };

  if ('unavailable' in report) {
    const unchecked = [...receipts.values()].filter((paise) => paise !== 0).length;
    return {
      check: {
        provider,
        status: 'unavailable',
        paymentsSeen: 0,
        takenPaise: 0,
        ledgerPaise,
        settledPaise: null,
        bookingsNotChecked: unchecked,
      },
      differences,
    };
  }

  let notChecked = 0;
  const refs = new Set<string>();
  for (const booking of mine) {
    refs.add(booking.ref);
    const ledger = receipts.get(booking.id) ?? 0;
    const taken = report.payments.get(booking.ref);
    if (!taken) {
      if (ledger === 0) continue;
      if (!report.complete) {
        notChecked += 1;
        continue;
      }
      differences.push({
        kind: 'missingAtProvider',
        provider,
        ...numberOf(booking.id),
        expectedPaise: 0,
        ledgerPaise: ledger,
        detail: t('server.reconciliation.missingAtProvider', { provider: name, ledger: formatPaise(ledger), ref: booking.ref }),
      });
      continue;
    }
    const net = taken.capturedPaise - taken.refundedPaise;
    if (net === ledger) continue;
    const values = {
      provider: name,
      ref: booking.ref,
      net: formatPaise(net),
      captured: formatPaise(taken.capturedPaise),
      refunded: formatPaise(taken.refundedPaise),
      ledger: formatPaise(ledger),
    };
    differences.push({
      kind: ledger === 0 ? 'missingInLedger' : 'amountsDiffer',
      provider,
      ...numberOf(booking.id),
      expectedPaise: net,
      ledgerPaise: ledger,
      detail: t(ledger === 0 ? 'server.reconciliation.missingInLedger' : 'server.reconciliation.amountsDiffer', values),
    });
  }

  differences.push(...strayMoney(report, new Set(mine.map(({ id }) => id)), refs, receipts, numberOf));
  let takenPaise = 0;
  for (const { capturedPaise, refundedPaise } of report.payments.values()) takenPaise += capturedPaise - refundedPaise;

  return {
    check: {
      provider,
      status: report.complete ? 'checked' : 'partial',
      paymentsSeen: report.listed,
      takenPaise,
      ledgerPaise,
      settledPaise: report.settledPaise,
      bookingsNotChecked: notChecked,
    },
    differences,
  };
}

/**
 * Money on one side that belongs to no booking of the provider's on the other: receipts through the
 * provider for a booking whose money it does not hold, and payments it took for no booking at all.
 */
function strayMoney(
  report: TakenReport,
  bookingIds: ReadonlySet<string>,
  refs: ReadonlySet<string>,
  receipts: ReadonlyMap<string, number>,
  numberOf: (bookingId: string) => { bookingNumber?: string },
): Difference[] {
  const { provider } = report;
  const name = PROVIDER_NAMES[provider];
  const differences: Difference[] = [];
  for (const [bookingId, ledger] of receipts) {
    if (ledger === 0 || bookingIds.has(bookingId)) continue;
    differences.push({
      kind: 'missingAtProvider',
      provider,
      ...numberOf(bookingId),
      expectedPaise: 0,
      ledgerPaise: ledger,
      detail: t('server.reconciliation.notHeldBy', { provider: name, ledger: formatPaise(ledger) }),
    });
  }
  for (const [ref, { capturedPaise, refundedPaise }] of report.payments) {
    const net = capturedPaise - refundedPaise;
    if (net === 0 || refs.has(ref)) continue;
    differences.push({
      kind: 'missingInLedger',
      provider,
      expectedPaise: net,
      ledgerPaise: 0,
      detail: t('server.reconciliation.noBooking', { provider: name, ref, net: formatPaise(net) }),
    });
  }
  return differences;
}

type OwnerAccount = 'owner.pending' | 'owner.available';

/** Where an owner's money came from or went: a booking, a payout, or a journal tied to neither (an adjustment). */
type Source = { booking: string } | { payout: string } | { journal: string };

/** Owed to owners, by owner, source and account: the key joins the recomputation with the ledger. */
class Owed {
  readonly amounts = new Map<string, { ownerId: string; source: Source; account: OwnerAccount; paise: number }>();

  add(ownerId: string, source: Source, account: OwnerAccount, paise: number): void {
    const key = `${ownerId}|${JSON.stringify(source)}|${account}`;
    const entry = this.amounts.get(key) ?? { ownerId, source, account, paise: 0 };
    entry.paise += paise;
    this.amounts.set(key, entry);
  }

  total(): number {
    let sum = 0;
    for (const { paise } of this.amounts.values()) sum += paise;
    return sum;
  }
}

/**
 * What each owner should be owed, from the bookings and payouts alone: a booking's money taken owes
 * its owner their net share (pending until released, then available) unless refunded; a booking paid
 * at pickup and not called off leaves its owner owing the platform's share; a payout not failed took
 * its amount from the available balance.
 */
async function recomputedOwed(db: Database, facts: readonly BookingFacts[]): Promise<Owed> {
  const paidOut = await db
    .select({ id: payouts.id, ownerId: payouts.ownerId, amountPaise: payouts.amountPaise })
    .from(payouts)
    .where(inArray(payouts.status, ['requested', 'processing', 'paid']));
  const owed = new Owed();
  for (const booking of facts) {
    if (!booking.ownerId || booking.commissionBps === null) continue;
    const split = bookingSplit(booking, { commissionBps: booking.commissionBps, tdsBps: booking.tdsBps ?? 0 });
    const source = { booking: booking.id };
    if (booking.provider) {
      // Taken and not given back: a refund the provider refused (`failed`) left the money taken. A
      // partial refund (a late cancellation) leaves the owner the share of what was kept.
      const account = booking.released ? 'owner.available' : 'owner.pending';
      if (booking.paymentStatus === 'captured' || booking.paymentStatus === 'failed') {
        owed.add(booking.ownerId, source, account, split.ownerNetPaise);
      } else if (booking.paymentStatus === 'refunded' && !refundParts(booking).whole) {
        owed.add(booking.ownerId, source, account, keptSplit(booking).ownerNetPaise);
      }
    } else if (isTrip(booking.status)) {
      owed.add(booking.ownerId, source, 'owner.available', -split.platformPaise);
    }
  }
  for (const payout of paidOut) owed.add(payout.ownerId, { payout: payout.id }, 'owner.available', -payout.amountPaise);
  return owed;
}

/** What the ledger holds in the accounts the check compares, read in one pass over the entries. */
interface LedgerSums {
  /** What it received through each provider for each booking: `received.<provider>` summed over the booking's journals. */
  receipts: Map<PaymentProvider, Map<string, number>>;
  /** What it says each owner is owed, by source and account. */
  owed: Owed;
}

async function ledgerSums(db: Database): Promise<LedgerSums> {
  const loose = sql<
    string | null
  >`case when ${ledgerJournals.bookingId} is null and ${ledgerJournals.payoutId} is null then ${ledgerJournals.key} end`;
  const rows = await db
    .select({
      ownerId: ledgerEntries.ownerId,
      account: ledgerEntries.account,
      bookingId: ledgerJournals.bookingId,
      payoutId: ledgerJournals.payoutId,
      journal: loose,
      paise: sql<number>`sum(${ledgerEntries.amountPaise})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(inArray(ledgerEntries.account, [...Object.values(RECEIVED), 'owner.pending', 'owner.available']))
    .groupBy(ledgerEntries.ownerId, ledgerEntries.account, ledgerJournals.bookingId, ledgerJournals.payoutId, loose);
  const receipts = new Map(PROVIDERS.map((provider) => [provider, new Map<string, number>()]));
  const owed = new Owed();
  for (const { ownerId, account, bookingId, payoutId, journal, paise } of rows) {
    if (account === 'owner.pending' || account === 'owner.available') {
      if (!ownerId) continue;
      const source: Source = bookingId ? { booking: bookingId } : payoutId ? { payout: payoutId } : { journal: journal ?? '' };
      owed.add(ownerId, source, account, -paise);
      continue;
    }
    const provider = PROVIDERS.find((name) => RECEIVED[name] === account);
    if (provider && bookingId) receipts.get(provider)?.set(bookingId, paise);
  }
  return { receipts, owed };
}

interface OwnerSide {
  owners: Reconciliation['owners'];
  differences: Difference[];
}

async function compareOwners(
  db: Database,
  expected: Owed,
  ledger: Owed,
  balances: Partial<Record<LedgerAccount, number>>,
  numbers: Map<string, number>,
): Promise<OwnerSide> {
  const ownerIds = new Set([...expected.amounts.values(), ...ledger.amounts.values()].map(({ ownerId }) => ownerId));
  const unequal = [...new Set([...expected.amounts.keys(), ...ledger.amounts.keys()])].flatMap((key) => {
    const which = expected.amounts.get(key) ?? ledger.amounts.get(key);
    const expectedPaise = expected.amounts.get(key)?.paise ?? 0;
    const ledgerPaise = ledger.amounts.get(key)?.paise ?? 0;
    return which && expectedPaise !== ledgerPaise ? [{ ...which, expectedPaise, ledgerPaise }] : [];
  });

  const ids = (pick: (source: Source) => string | undefined) => [...new Set(unequal.flatMap(({ source }) => pick(source) ?? []))];
  const ownerIdsUnequal = [...new Set(unequal.map(({ ownerId }) => ownerId))];
  const payoutIds = ids((source) => ('payout' in source ? source.payout : undefined));
  const [names, payoutNumbers] = await Promise.all([
    ownerIdsUnequal.length === 0
      ? []
      : db.select({ id: accounts.id, name: accounts.username }).from(accounts).where(inArray(accounts.id, ownerIdsUnequal)),
    payoutIds.length === 0
      ? []
      : db.select({ id: payouts.id, name: payouts.number }).from(payouts).where(inArray(payouts.id, payoutIds)),
    fillBookingNumbers(
      db,
      numbers,
      ids((source) => ('booking' in source ? source.booking : undefined)),
    ),
  ]);
  const usernames = new Map(names.map(({ id, name }) => [id, name]));
  const payoutNumberOf = new Map(payoutNumbers.map(({ id, name }) => [id, name]));

  const differences = unequal.map(({ ownerId, source, account, expectedPaise, ledgerPaise }): Difference => {
    const owner = usernames.get(ownerId) ?? ownerId;
    const values = {
      owner,
      account: account === 'owner.pending' ? 'pending' : 'available',
      expected: formatPaise(expectedPaise),
      ledger: formatPaise(ledgerPaise),
    };
    const about = { kind: 'ownerBalance' as const, ownerUsername: owner, expectedPaise, ledgerPaise };
    if ('booking' in source) {
      const number = numbers.get(source.booking);
      const booking = number === undefined ? source.booking : bookingNumber(number);
      return {
        ...about,
        ...(number === undefined ? {} : { bookingNumber: booking }),
        detail: t('server.reconciliation.ownerBooking', { ...values, booking }),
      };
    }
    if ('payout' in source) {
      return {
        ...about,
        detail: t('server.reconciliation.ownerPayout', { ...values, payout: payoutNumberOf.get(source.payout) ?? source.payout }),
      };
    }
    return { ...about, detail: t('server.reconciliation.ownerJournal', { ...values, journal: source.journal }) };
  });

  const balancesPaise = ledger.total();
  const accountsPaise = -((balances['owner.pending'] ?? 0) + (balances['owner.available'] ?? 0));
  if (balancesPaise !== accountsPaise) {
    differences.push({
      kind: 'ownerTotal',
      expectedPaise: balancesPaise,
      ledgerPaise: accountsPaise,
      detail: t('server.reconciliation.ownerTotal', {
        balances: formatPaise(balancesPaise),
        accounts: formatPaise(accountsPaise),
      }),
    });
  }
  return {
    owners: { owners: ownerIds.size, balancesPaise, accountsPaise, expectedPaise: expected.total() },
    differences,
  };
}

/** Adds to `numbers` the booking numbers of `ids` it lacks. */
async function fillBookingNumbers(db: Database, numbers: Map<string, number>, ids: readonly string[]): Promise<void> {
  const missing = ids.filter((id) => !numbers.has(id));
  if (missing.length === 0) return;
  const rows = await db.select({ id: bookings.id, number: bookings.number }).from(bookings).where(inArray(bookings.id, missing));
  for (const { id, number } of rows) numbers.set(id, number);
}

interface JournalSide {
  journals: Reconciliation['journals'];
  differences: Difference[];
}

/** Journals whose entries do not sum to zero, or that have fewer than two: the database refuses them at commit, so always none. */
async function checkJournals(db: Database): Promise<JournalSide> {
  const sum = sql<number>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`.mapWith(Number);
  const entries = sql<number>`count(${ledgerEntries.id})`.mapWith(Number);
  const [[all], unbalanced] = await Promise.all([
    db.select({ n: count() }).from(ledgerJournals),
    db
      .select({ key: ledgerJournals.key, sum, entries })
      .from(ledgerJournals)
      .leftJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
      .groupBy(ledgerJournals.id)
      .having(sql`${sum} <> 0 or ${entries} < 2`),
  ]);
  return {
    journals: { checked: all?.n ?? 0, unbalanced: unbalanced.length },
    differences: unbalanced.map(({ key, sum: paise, entries: n }) => ({
      kind: 'unbalancedJournal',
      expectedPaise: 0,
      ledgerPaise: paise,
      detail: t('server.reconciliation.unbalancedJournal', { journal: key, sum: formatPaise(paise), entries: n }),
    })),
  };
}

/** The books checked at `now`: the providers that are on against the ledger, the owners' balances, and every journal. */
export async function reconcile(
  db: Database,
  payments: Pick<PaymentProviders<StripePayments, RazorpayPayments>, 'stripe' | 'razorpay'>,
  now: Date,
): Promise<Reconciliation> {
  // The providers are read while the database sums: on PostgreSQL the two wait on different machines.
  // The database is read once over the bookings and once over the entries, which both checks share.
  const [reports, facts, sums, journals, balances] = await Promise.all([
    takenReports(payments, performance.now() + LISTING_MS),
    bookingFacts(db),
    ledgerSums(db),
    checkJournals(db),
    accountBalances(db),
  ]);
  const paid = paidBookings(facts);
  const { receipts } = sums;
  const numbers = new Map(facts.map(({ id, number }) => [id, number]));
  await fillBookingNumbers(
    db,
    numbers,
    [...receipts.values()].flatMap((byBooking) => [...byBooking.keys()]),
  );
  const owners = await compareOwners(db, await recomputedOwed(db, facts), sums.owed, balances, numbers);
  const providers = reports.map((report) => compareProvider(report, paid, receipts.get(report.provider) ?? new Map(), numbers));

  const differences = [...providers.flatMap(({ differences }) => differences), ...owners.differences, ...journals.differences];
  return {
    ok: differences.length === 0 && providers.every(({ check }) => check.status === 'checked'),
    checkedAt: now.toISOString(),
    providers: providers.map(({ check }) => check),
    owners: owners.owners,
    journals: journals.journals,
    differences: differences.slice(0, DIFFERENCES_LISTED),
    differenceCount: differences.length,
  };
}
