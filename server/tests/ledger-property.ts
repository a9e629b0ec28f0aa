import { DEFAULT_CANCELLATION_POLICY } from '#domain/cancellation';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import { bookingSplit, splitOf } from '#domain/booking-split';
import { isTrip, type NewRazorpayOrder, type OwnerCar, type RazorpayOrder } from '#domain/contract';
import { accounts, bookings, cars, ledgerEntries, payouts, type BookingRow, type PayoutRow } from '../src/db/schema';
import { accountBalances, ownerBalances } from '../src/ledger/balances';
import { markPayoutFailed, markPayoutPaid } from '../src/payouts/marking';
import { makePayoutRun } from '../src/payouts/runs';
import { type RazorpayStandIn, startRazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { person } from './admin-helpers';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, sweepAt } from './marketplace-helpers';

/**
 * The ledger's promise, checked against random histories: requests paid or to be paid at pickup,
 * accepts, declines, cancels (with their refunds), releases, payouts paid and failed, across several
 * owners on a real database. After every step every journal sums to zero, each owner's balance is
 * their shares captured minus reversed minus paid out (or owed for bookings paid at pickup), and the
 * platform's revenue is its share of what stayed taken. The expectations are computed from the
 * bookings and payouts as stored, with bookingSplit, never from the ledger.
 */

const OWNERS = 3;

type Step =
  | { kind: 'request'; owner: number; pickup: boolean; hours: number; driver: boolean }
  | { kind: 'accept' | 'decline' | 'cancel'; pick: number }
  | { kind: 'release' }
  | { kind: 'payout' }
  | { kind: 'payoutPaid' | 'payoutFailed'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      owner: fc.nat(OWNERS - 1),
      pickup: fc.boolean(),
      hours: fc.integer({ min: 1, max: 6 }),
      driver: fc.boolean(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('accept' as const, 'decline' as const, 'cancel' as const), pick: fc.nat() }),
    weight: 5,
  },
  { arbitrary: fc.constant({ kind: 'release' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'payout' as const }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constantFrom('payoutPaid' as const, 'payoutFailed' as const), pick: fc.nat() }), weight: 2 },
);

interface Owner {
  cookie: string;
  id: string;
  paid: OwnerCar;
  atPickup: OwnerCar;
}

export interface LedgerWorld {
  app: FastifyInstance;
  razorpay: RazorpayStandIn;
  renter: string;
  /** The admin who marks payouts. */
  adminId: string;
  close(): Promise<void>;
}

const ADMIN = { email: 'ledger-admin@wheelsonweb.in', username: 'ledgeradmin', password: 'admin-password-1' };

/** A server taking UPI through the Razorpay stand-in, with GST and tax withheld, and a renter. */
export async function startLedgerWorld(): Promise<LedgerWorld> {
  const razorpay = await startRazorpayStandIn();
  const app = await buildTestApp({
    admin: ADMIN,
    // Hundreds of histories send thousands of calls from one address within minutes: the per-address
    // ceiling against floods (tested in conventions.test.ts) would answer some of them 429.
    requestsPerMinute: 1_000_000,
    gst: { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' },
    money: {
      rates: { commissionBps: 2000, tdsBps: 100 },
      claimWindowHours: 24,
      noShowHours: 2,
      // A hold after completion, so the release is the sweep's and not the completion's own.
      payoutHoldHours: 48,
      minPayoutPaise: 10_000,
      payoutDay: 1,
      cancellation: DEFAULT_CANCELLATION_POLICY,
    },
    razorpay: { keyId: razorpay.keyId, keySecret: razorpay.keySecret, webhookSecret: undefined, apiBase: new URL(razorpay.url) },
  });
  const [admin] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, ADMIN.email));
  if (!admin) throw new Error('the admin was not created');
  return {
    app,
    razorpay,
    adminId: admin.id,
    renter: await registerAndSignIn(app, 'user'),
    async close() {
      await closeTestApp(app);
      await razorpay.close();
    },
  };
}

let day = 2;
let utr = 100_000_000_000;

async function request(world: LedgerWorld, owner: Owner, s: Extract<Step, { kind: 'request' }>): Promise<string> {
  const at = day++;
  const chosen: NewRazorpayOrder = {
    carName: (s.pickup ? owner.atPickup : owner.paid).id,
    from: indiaTime(at, '06:00'),
    to: indiaTime(at, `${String(6 + s.hours).padStart(2, '0')}:00`),
    driver: s.driver,
  };
  if (s.pickup) return (await requestBooking(world.app, world.renter, chosen)).id;
  const order = (await send(world.app, 'POST', '/api/payments/razorpay/orders', world.renter, chosen)).json<RazorpayOrder>();
  const paid = world.razorpay.authorize(order.orderId);
  const booking = await requestBooking(world.app, world.renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
  return booking.id;
}

/** A payout run as the weekly one makes it, after every owner's details hold has passed. */
async function payOut(world: LedgerWorld): Promise<void> {
  await makePayoutRun(world.app.db, {
    key: `property:${crypto.randomUUID()}`,
    startedBy: null,
    minPayoutPaise: world.app.money.minPayoutPaise,
    now: new Date(world.app.clock.now().getTime() + 3 * 24 * 3600_000),
  });
}

/** An admin marks a payout paid with a UTR, or failed. */
async function settlePayout(world: LedgerWorld, payout: PayoutRow, outcome: 'paid' | 'failed'): Promise<void> {
  const mark = { payoutId: payout.id, adminId: world.adminId, now: world.app.clock.now() };
  if (outcome === 'paid') await markPayoutPaid(world.app.db, { ...mark, utr: `UTR${utr++}` });
  else await markPayoutFailed(world.app.db, { ...mark, reason: 'The account is closed.' });
}

/** What each owner should be owed and what the platform should have earned, from the bookings and payouts alone. */
function expected(rows: { booking: BookingRow; ownerId: string | null }[], ownerPayouts: PayoutRow[]) {
  const owed = new Map<string, number>();
  let revenue = 0;
  const add = (ownerId: string, paise: number) => owed.set(ownerId, (owed.get(ownerId) ?? 0) + paise);
  for (const { booking, ownerId } of rows) {
    if (booking.commissionBps === null || booking.tdsBps === null) continue;
    const split = bookingSplit(booking, { commissionBps: booking.commissionBps, tdsBps: booking.tdsBps });
    if (booking.paymentStatus === 'captured') {
      revenue += split.platformPaise;
      if (ownerId) add(ownerId, split.ownerNetPaise);
    } else if (booking.paymentStatus === 'refunded' && booking.refundBasePaise !== null) {
      // A late cancellation's refund gives back its share only: the rest stays split as the capture was.
      const rates = { commissionBps: booking.commissionBps, tdsBps: booking.tdsBps };
      const given = splitOf(booking.refundBasePaise, booking.refundTaxPaise ?? 0, rates);
      revenue += split.platformPaise - given.platformPaise;
      if (ownerId) add(ownerId, split.ownerNetPaise - given.ownerNetPaise);
    } else if (booking.paymentStatus === 'none' && isTrip(booking.status) && ownerId) {
      revenue += split.platformPaise;
      add(ownerId, -split.platformPaise);
    }
  }
  for (const payout of ownerPayouts) if (payout.status !== 'failed') add(payout.ownerId, -payout.amountPaise);
  return { owed, revenue };
}

async function checkBooks(world: LedgerWorld, owners: Owner[]): Promise<void> {
  const { db } = world.app;
  const unbalanced = await db
    .select({ journalId: ledgerEntries.journalId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.journalId)
    .having(sql`sum(${ledgerEntries.amountPaise}) <> 0 or count(*) < 2`);
  expect(unbalanced).toEqual([]);
  const rows = await db
    .select({ booking: bookings, ownerId: cars.ownerId })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId));
  const { owed, revenue } = expected(rows, await db.select().from(payouts));
  const ids = owners.map(({ id }) => id);
  const balances = await ownerBalances(db, ids);
  for (const id of ids) {
    const balance = balances.find(({ ownerId }) => ownerId === id);
    expect((balance?.pendingPaise ?? 0) + (balance?.availablePaise ?? 0)).toBe(owed.get(id) ?? 0);
  }
  expect(0 - ((await accountBalances(db))['platform.revenue'] ?? 0)).toBe(revenue);
}

async function newOwner(world: LedgerWorld): Promise<Owner> {
  const { cookie, password } = await person(world.app, 'owner');
  const saved = await world.app.inject({
    method: 'PUT',
    url: '/api/owner/payout-details',
    headers: { cookie },
    payload: {
      legalName: 'Ravi Kumar',
      accountNumber: '012345678901',
      confirmAccountNumber: '012345678901',
      ifsc: 'HDFC0001234',
      pan: 'ABCDE1234F',
      currentPassword: password,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`saving payout details failed: ${saved.statusCode} ${saved.body}`);
  const paid = await listCar(world.app, cookie, 'Maruti Swift', 100 + Math.floor(Math.random() * 400));
  const atPickup = await listCar(world.app, cookie, 'Hyundai Creta', 150, { payAtPickup: true });
  return { cookie, id: await accountId(world.app, cookie), paid, atPickup };
}

async function take(world: LedgerWorld, owners: Owner[], bookingIds: string[], s: Step): Promise<void> {
  const { app } = world;
  if (s.kind === 'request') {
    const owner = owners[s.owner];
    if (owner) bookingIds.push(await request(world, owner, s));
  } else if (s.kind === 'accept' || s.kind === 'decline' || s.kind === 'cancel') {
    // Among the three latest, so a history's steps meet the bookings they can still act on.
    const id = bookingIds[bookingIds.length - 1 - (s.pick % Math.min(3, Math.max(1, bookingIds.length)))];
    if (!id) return;
    const [row] = await app.db
      .select({ ownerId: cars.ownerId })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(eq(bookings.id, id));
    const owner = owners.find(({ id: ownerId }) => ownerId === row?.ownerId);
    // Refusals (a step the booking's status no longer allows) are part of the history too: they change nothing.
    await act(app, s.kind === 'cancel' ? world.renter : owner?.cookie, id, s.kind);
  } else if (s.kind === 'release') {
    const [last] = await app.db
      .select({ endsAt: sql<Date>`max(${bookings.endsAt})`.mapWith((value: string) => new Date(value)) })
      .from(bookings);
    await sweepAt(
      app,
      new Date(
        (last?.endsAt ?? app.clock.now()).getTime() + (app.money.claimWindowHours + app.money.payoutHoldHours + 1) * 3600_000,
      ),
    );
  } else if (s.kind === 'payout') {
    await payOut(world);
  } else {
    const open = await app.db
      .select()
      .from(payouts)
      .where(
        and(
          inArray(
            payouts.ownerId,
            owners.map(({ id }) => id),
          ),
          ne(payouts.status, 'paid'),
          ne(payouts.status, 'failed'),
        ),
      );
    const payout = open[s.pick % Math.max(1, open.length)];
    if (payout) await settlePayout(world, payout, s.kind === 'payoutPaid' ? 'paid' : 'failed');
  }
}

const paidRequest: Step = { kind: 'request', owner: 0, pickup: false, hours: 3, driver: true };
const pickupRequest: Step = { kind: 'request', owner: 0, pickup: true, hours: 2, driver: false };

/** Histories every run starts with, besides the random ones: each path money takes, once. */
const EXAMPLES: Step[][] = [
  [pickupRequest, { kind: 'accept', pick: 0 }, { kind: 'cancel', pick: 0 }],
  [paidRequest, { kind: 'accept', pick: 0 }, { kind: 'cancel', pick: 0 }],
  [
    paidRequest,
    { kind: 'accept', pick: 0 },
    { kind: 'release' },
    { kind: 'payout' },
    { kind: 'payoutFailed', pick: 0 },
    { kind: 'payout' },
    { kind: 'payoutPaid', pick: 0 },
  ],
  [paidRequest, pickupRequest, { kind: 'accept', pick: 1 }, { kind: 'accept', pick: 0 }, { kind: 'release' }, { kind: 'payout' }],
];

/**
 * Runs `runs` random histories of up to 10 steps, checking the books after every step. The owners are
 * the same across histories (their books only grow), each history asking for bookings of its own.
 */
export async function ledgerProperty(world: LedgerWorld, runs: number): Promise<void> {
  const owners = await Promise.all(Array.from({ length: OWNERS }, () => newOwner(world)));
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const bookingIds: string[] = [];
      for (const s of steps) {
        await take(world, owners, bookingIds, s);
        await checkBooks(world, owners);
      }
    }),
    { numRuns: runs, examples: EXAMPLES.map((history) => [history]) },
  );
}
