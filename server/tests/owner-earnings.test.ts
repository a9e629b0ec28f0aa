import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingSplit } from '#domain/booking-split';
import type { Booking, NewRazorpayOrder, OwnerCar, OwnerEarnings, OwnerStatement, RazorpayOrder } from '#domain/contract';
import { financialYearOf } from '#domain/tax-invoice';
import { type MovableClock, movableClock } from '../src/clock/clock';
import { type AccountRow, accounts, bookings, ledgerEntries, ledgerJournals, payouts } from '../src/db/schema';
import { earningsBookingDetailsQuery, earningsBookingsPageQuery, unpaidReleasesQuery } from '../src/earnings/bookings';
import { ownerEarnings } from '../src/earnings/earnings';
import { indiaMonthOf, monthStart, statementNumber } from '../src/earnings/calendar';
import { carOccupancyQuery } from '../src/earnings/occupancy';
import { ownerBalancesBeforeQuery, ownerJournalsQuery } from '../src/earnings/owner-ledger';
import { payoutSumsQuery } from '../src/earnings/payouts';
import { ownerBalances } from '../src/ledger/balances';
import { postPayoutPaid, postPayoutRequested } from '../src/ledger/payout-postings';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, sweepAt } from './marketplace-helpers';
import { type PlanNode, planOf } from './query-plans';

const HOUR = 60 * 60 * 1000;
/** 3 hours × (₹200 + ₹30 driver) = ₹690: the platform's fifth is ₹138, the owner's net ₹552. */
const GROSS = 69_000;
const PLATFORM = 13_800;
const NET = 55_200;

/** When the test's clock starts: the bookings are asked for, accepted and refunded then. */
const start = new Date();
let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let clock: MovableClock;
let renter: string;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  clock = movableClock(start);
  app = await buildTestApp(
    {
      razorpay: razorpayAt(razorpay),
    },
    { clock },
  );
  renter = await registerAndSignIn(app, 'user');
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});

interface Owner {
  cookie: string;
  id: string;
  car: OwnerCar;
}

async function newOwner(carName = 'Mahindra XUV', extra: { payAtPickup?: boolean } = {}): Promise<Owner> {
  const cookie = await registerAndSignIn(app, 'owner');
  const car = await listCar(app, cookie, carName, 200, extra);
  return { cookie, id: await accountId(app, cookie), car };
}

const choice = (car: OwnerCar, day: number): NewRazorpayOrder => ({
  carName: car.id,
  from: indiaTime(day, '10:00'),
  to: indiaTime(day, '13:00'),
  driver: true,
});

async function paidRequest(car: OwnerCar, day: number): Promise<Booking> {
  const chosen = choice(car, day);
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

async function accepted(owner: Owner, booking: Booking): Promise<Booking> {
  const response = await act(app, owner.cookie, booking.id, 'accept');
  expect(response.statusCode, response.body).toBe(200);
  return booking;
}

/** A payout of `amountPaise` to the owner, asked for and paid in one transaction, as a payout run and its bank file would. */
async function paidPayout(ownerId: string, amountPaise: number, utr: string) {
  return app.db.transaction(async (tx) => {
    const now = clock.now();
    const [payout] = await tx
      .insert(payouts)
      .values({ ownerId, way: 'manual', amountPaise, createdAt: now, updatedAt: now })
      .returning();
    if (!payout) throw new Error('no payout');
    await postPayoutRequested(tx, payout, now);
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', utr, paidAt: now, updatedAt: now })
      .where(eq(payouts.id, payout.id))
      .returning();
    await postPayoutPaid(tx, payout, now);
    return paid;
  });
}

async function earnings(cookie: string, query = ''): Promise<OwnerEarnings> {
  const response = await send(app, 'GET', `/api/owner/earnings${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnerEarnings>();
}

async function statement(cookie: string, month: string): Promise<OwnerStatement> {
  const response = await send(app, 'GET', `/api/owner/statements/${month}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnerStatement>();
}

/** What the ledger says the platform owes the owner, account by account. */
async function ledgerBalance(ownerId: string) {
  const [balance] = await ownerBalances(app.db, [ownerId]);
  return { pendingPaise: balance?.pendingPaise ?? 0, availablePaise: balance?.availablePaise ?? 0 };
}

/** The owner's entries of each booking's journals, summed and made positive (what the platform owes them from it). */
async function ledgerOwedByBooking(ownerId: string): Promise<Record<string, number>> {
  const rows = await app.db
    .select({ bookingId: ledgerJournals.bookingId, owed: sql<number>`-sum(${ledgerEntries.amountPaise})`.mapWith(Number) })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(eq(ledgerEntries.ownerId, ownerId), isNotNull(ledgerJournals.bookingId)))
    .groupBy(ledgerJournals.bookingId);
  return Object.fromEntries(rows.map(({ bookingId, owed }) => [bookingId, owed]));
}

/** A time a booking's share has been released by: it completes, and is released, 24 hours after its period ends; 48 puts the clock at the end of the next day's trip. */
const releasedAfter = (booking: Booking) => new Date(new Date(booking.to).getTime() + 48 * HOUR);

describe('an owner’s earnings', () => {
  let owner: Owner;
  let pickupCar: OwnerCar;
  let released: Booking;
  let pending: Booking;
  let refunded: Booking;
  let atPickup: Booking;
  let later: Booking;
  let stranger: Owner;
  let strangers: Booking;

  beforeAll(async () => {
    owner = await newOwner();
    // The owner's list shows the newest car first, by the clock, which stands still here.
    clock.advance(1000);
    pickupCar = await listCar(app, owner.cookie, '=HYPERLINK("https://example.com")', 200, { payAtPickup: true });
    released = await accepted(owner, await paidRequest(owner.car, 2));
    later = await accepted(owner, await paidRequest(owner.car, 4));
    pending = await accepted(owner, await paidRequest(owner.car, 9));
    refunded = await accepted(owner, await paidRequest(owner.car, 3));
    expect((await act(app, renter, refunded.id, 'cancel')).statusCode).toBe(200);
    atPickup = await requestBooking(app, renter, choice(pickupCar, 8));

    stranger = await newOwner('Tata Nexon');
    strangers = await accepted(stranger, await paidRequest(stranger.car, 5));

    // The first trip's share is released, paid out whole, and then a booking paid at pickup leaves the owner owing.
    clock.set(releasedAfter(released));
    await sweepAt(app);
    await paidPayout(owner.id, NET, 'UTRPAIDOUT0001');
    await accepted(owner, atPickup);
  });

  it('answers the balances the ledger holds: pending, and available negative while the owner owes', async () => {
    const figures = await earnings(owner.cookie);
    expect(await ledgerBalance(owner.id)).toEqual({ pendingPaise: 2 * NET, availablePaise: -PLATFORM });
    expect(figures).toMatchObject({ pendingPaise: 2 * NET, availablePaise: -PLATFORM });
    expect(figures.paidThisYearPaise).toBe(NET);
    expect(figures.nextPayout).toMatchObject({ amountPaise: 0, minPayoutPaise: 10_000 });
  });

  it('lists each booking with its split at the stored rates, where its money stands, and what it leaves in the ledger', async () => {
    const { bookings: listed } = await earnings(owner.cookie);
    const byId = new Map(listed.items.map((item) => [item.id, item]));
    expect(listed.total).toBe(5);
    expect([...byId.keys()].sort()).toEqual([released.id, pending.id, refunded.id, atPickup.id, later.id].sort());
    expect(byId.get(released.id)).toMatchObject({
      state: 'paidOut',
      grossPaise: GROSS,
      platformPaise: PLATFORM,
      tdsPaise: 0,
      netPaise: NET,
      balancePaise: NET,
      paidAtPickup: false,
      receiptPath: `/bookings/${released.id}`,
      car: { id: owner.car.id, carName: 'Mahindra XUV' },
    });
    expect(byId.get(pending.id)).toMatchObject({ state: 'pending', netPaise: NET, balancePaise: NET });
    expect(byId.get(later.id)).toMatchObject({ state: 'pending', balancePaise: NET });
    expect(byId.get(refunded.id)).toMatchObject({ state: 'refunded', netPaise: NET, balancePaise: 0 });
    expect(byId.get(atPickup.id)).toMatchObject({
      state: 'owedAtPickup',
      paidAtPickup: true,
      platformPaise: PLATFORM,
      netPaise: NET,
      balancePaise: -PLATFORM,
    });
    expect(Object.fromEntries(listed.items.map((item) => [item.id, item.balancePaise]))).toEqual(
      await ledgerOwedByBooking(owner.id),
    );
    for (const item of listed.items) {
      const [stored] = await app.db.select().from(bookings).where(eq(bookings.id, item.id));
      if (!stored) throw new Error(`booking ${item.id} is not stored`);
      const split = bookingSplit(stored, { commissionBps: stored.commissionBps ?? 0, tdsBps: stored.tdsBps ?? 0 });
      expect(item).toMatchObject({
        grossPaise: split.grossPaise,
        platformPaise: split.platformPaise,
        netPaise: split.ownerNetPaise,
      });
    }
  });

  it('never shows another owner’s bookings, payouts or money', async () => {
    const mine = await earnings(owner.cookie);
    expect(mine.bookings.items.map(({ id }) => id)).not.toContain(strangers.id);
    expect(mine.occupancy.map(({ carId }) => carId)).not.toContain(stranger.car.id);
    const theirs = await earnings(stranger.cookie);
    expect(theirs).toMatchObject({ pendingPaise: NET, availablePaise: 0, paidThisYearPaise: 0, payouts: [] });
    expect(theirs.bookings.items.map(({ id }) => id)).toEqual([strangers.id]);
    const theirStatement = await statement(stranger.cookie, indiaMonthOf(start));
    expect(theirStatement.lines.map((line) => line.booking?.id)).toEqual([strangers.id]);
  });

  it('lists the payouts with their UTR, and the next payout day on or after today', async () => {
    const figures = await earnings(owner.cookie);
    expect(figures.payouts).toEqual([
      expect.objectContaining({ amountPaise: NET, status: 'paid', utr: 'UTRPAIDOUT0001', failureReason: null }),
    ]);
    const next = new Date(`${figures.nextPayout.date}T00:00:00+05:30`);
    const today = new Date(`${figures.asOf.slice(0, 10)}T00:00:00+05:30`);
    expect(next.getTime() - today.getTime()).toBeGreaterThanOrEqual(0);
    expect(next.getTime() - today.getTime()).toBeLessThan(7 * 24 * HOUR);
    expect(new Date(`${figures.nextPayout.date}T00:00:00Z`).getUTCDay()).toBe(app.money.payoutDay);
  });

  it('counts net earnings by the month their journals were posted, as the statements do', async () => {
    const figures = await earnings(owner.cookie);
    expect(figures.months).toHaveLength(12);
    expect(figures.months.at(-1)?.month).toBe(indiaMonthOf(clock.now()));
    // Three shares taken and one refunded, and the share of the booking its renter pays at pickup.
    const total = figures.months.reduce((sum, { netPaise }) => sum + netPaise, 0);
    expect(total).toBe(4 * NET - NET + NET);
    // The ledger's own figures: what the platform owes from the bookings, and what the renter hands over at pickup less its share.
    const owed = Object.values(await ledgerOwedByBooking(owner.id)).reduce((sum, paise) => sum + paise, 0);
    expect(total).toBe(owed + GROSS);
    for (const month of figures.months.filter(({ hasStatement }) => hasStatement)) {
      expect((await statement(owner.cookie, month.month)).totals.earnedPaise, month.month).toBe(month.netPaise);
    }
  });

  it('makes a released share available, and the next payout its amount once over the minimum', async () => {
    clock.set(releasedAfter(later));
    await sweepAt(app);
    const figures = await earnings(owner.cookie);
    expect(figures).toMatchObject({ pendingPaise: NET, availablePaise: NET - PLATFORM });
    expect(figures.nextPayout.amountPaise).toBe(NET - PLATFORM);
    const states = Object.fromEntries(figures.bookings.items.map(({ id, state }) => [id, state]));
    expect(states).toMatchObject({ [released.id]: 'paidOut', [later.id]: 'available', [pending.id]: 'pending' });
    // The payout was paid four days ago, which may have been in the financial year before.
    const paidIn = financialYearOf(new Date(figures.payouts[0]?.paidAt ?? 0));
    expect(figures.paidThisYearPaise).toBe(paidIn === financialYearOf(clock.now()) ? NET : 0);
  });

  it('states each month: opening and closing balances that follow from its lines, and the ledger’s closing balance', async () => {
    const { months } = await earnings(owner.cookie);
    const statements: OwnerStatement[] = [];
    for (const { month } of months.filter(({ hasStatement }) => hasStatement))
      statements.push(await statement(owner.cookie, month));
    const last = statements.at(-1);
    if (!last) throw new Error('no statement');
    expect({ pendingPaise: last.closingPendingPaise, availablePaise: last.closingAvailablePaise }).toEqual(
      await ledgerBalance(owner.id),
    );
    statements.forEach((current, index) => {
      const before = statements[index - 1];
      if (before) expect(current.openingAvailablePaise).toBe(before.closingAvailablePaise);
      const lines = current.lines.reduce((sum, line) => sum + line.availablePaise, 0);
      expect(current.closingAvailablePaise).toBe(current.openingAvailablePaise + lines);
      expect(current.lines.at(-1)?.availableBalancePaise ?? current.openingAvailablePaise).toBe(current.closingAvailablePaise);
      expect(current.number).toBe(statementNumber(owner.id, current.month));
    });
    const lines = statements.flatMap((current) => current.lines);
    expect(lines.map((line) => line.kind).sort()).toEqual(
      ['capture', 'capture', 'capture', 'capture', 'refund', 'release', 'release', 'payoutRequested', 'pickupShare'].sort(),
    );
    expect(lines.find((line) => line.kind === 'payoutRequested')).toMatchObject({ availablePaise: -NET, earnedPaise: 0 });
    expect(lines.find((line) => line.kind === 'pickupShare')).toMatchObject({
      availablePaise: -PLATFORM,
      earnedPaise: NET,
      booking: { id: atPickup.id, receiptPath: `/bookings/${atPickup.id}` },
    });
    expect(statements.flatMap((current) => current.payouts).map(({ utr }) => utr)).toEqual(['UTRPAIDOUT0001']);
    expect(statements.reduce((sum, current) => sum + current.totals.paidOutPaise, 0)).toBe(NET);
    expect(last.number).toMatch(/^WOW-ST\/\d{2}-\d{2}\/[0-9A-F]{8}\/(0[1-9]|1[0-2])$/);
  });

  it('filters the bookings by the month their money was posted in', async () => {
    const month = indiaMonthOf(clock.now());
    const { bookings: filtered } = await earnings(owner.cookie, `?month=${month}`);
    expect(filtered.month).toBe(month);
    const { lines } = await statement(owner.cookie, month);
    const inMonth = new Set(lines.flatMap((line) => (line.booking ? [line.booking.id] : [])));
    expect(new Set(filtered.items.map(({ id }) => id))).toEqual(inMonth);
    expect((await earnings(owner.cookie, '?month=2001-01')).bookings).toEqual({ month: '2001-01', total: 0, items: [] });
  });

  it('downloads the statement as CSV: amounts as numbers, the owner’s words kept from running as formulas', async () => {
    const [posted] = await app.db
      .select({ at: ledgerJournals.postedAt })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.key, `pickup-share:${atPickup.id}`));
    const month = indiaMonthOf(posted?.at ?? clock.now());
    const response = await send(app, 'GET', `/api/owner/statements/${month}.csv`, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const json = await statement(owner.cookie, month);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${json.number.replaceAll('/', '-')}.csv"`);
    const records = response.body.split('\r\n');
    expect(records[0]).toBe(
      'Date (India time),Description,Booking,Car,Payout,UTR,Earned (INR),Pending (INR),Available (INR),Available balance (INR)',
    );
    expect(records[1]).toMatch(/^\d{4}-\d{2}-01T00:00:00\+05:30,Opening balance,/);
    const pickupLine = records.find((record) => record.includes('at pickup: the platform'));
    expect(pickupLine).toContain(`,"'=HYPERLINK(""https://example.com"")",`);
    expect(pickupLine).toContain(',552.00,0.00,-138.00,');
    expect(records.at(-1)).toBe('');
    expect(records.at(-2)).toMatch(/^,Totals for the month,/);
    expect(records).toHaveLength(json.lines.length + 5);
  });

  it('counts each car’s booked hours over its listed hours in the last 30 days', async () => {
    const { occupancy } = await earnings(owner.cookie);
    const mine = occupancy.find(({ carId }) => carId === owner.car.id);
    // Two 3-hour trips have ended by now (the refunded one was called off, the others are still to come).
    expect(mine?.bookedHours).toBe(6);
    expect(mine?.listedHours).toBeGreaterThan(mine?.bookedHours ?? 0);
    // Listed hours are shown to a tenth, so the share is that of a listing within 0.05 h of them.
    const listed = mine?.listedHours ?? 1;
    const share = mine?.occupancyBps ?? 0;
    expect(share).toBeGreaterThanOrEqual(Math.round((6 / (listed + 0.05)) * 10_000));
    expect(share).toBeLessThanOrEqual(Math.round((6 / (listed - 0.05)) * 10_000));
  });

  it('sends its answer again until the owner’s money or payouts change, or a quarter of an hour passes', async () => {
    // The clock moves a second before each read: a kept answer still says when it was made.
    const secondOn = () => clock.advance(1000);
    const read = () => earnings(owner.cookie);
    // Two reads a second apart, until the second is the first kept. A write's own connection hears its
    // notices before the write returns; on PostgreSQL the instance's listening connection hears them
    // again a moment later, and a read under way then keeps nothing, so the first tries may miss. The
    // owner's own writes come after the check of what is kept, so no late notice of theirs can land in it.
    const keptAnswer = () =>
      vi.waitFor(
        async () => {
          secondOn();
          const first = await read();
          secondOn();
          const again = await read();
          expect(again.asOf).toBe(first.asOf);
          return again;
        },
        { timeout: 5000 },
      );
    const kept = await keptAnswer();

    // Another owner's money moving leaves this owner's answer kept.
    await paidPayout(stranger.id, 100, 'UTRSTRANGER001');
    secondOn();
    expect((await read()).asOf).toBe(kept.asOf);

    // A payout of theirs changing, by any way, is heard, and the next answer is read afresh.
    await app.db.update(payouts).set({ updatedAt: clock.now() }).where(eq(payouts.ownerId, owner.id));
    secondOn();
    const afterPayout = await read();
    expect(afterPayout.asOf).not.toBe(kept.asOf);
    // The owner's own ledger moving is heard at once.
    await paidPayout(owner.id, 100, 'UTRKEPTCHECK01');
    secondOn();
    const afterLedger = await read();
    expect(afterLedger.asOf).not.toBe(afterPayout.asOf);
    expect(afterLedger.availablePaise).toBe(kept.availablePaise - 100);

    clock.advance(16 * 60 * 1000);
    expect((await earnings(owner.cookie)).asOf).not.toBe(afterLedger.asOf);
  });
});

describe('who may read earnings and statements', () => {
  it('refuses a renter (403) and someone signed out (401)', async () => {
    const month = indiaMonthOf(clock.now());
    for (const url of ['/api/owner/earnings', `/api/owner/statements/${month}`, `/api/owner/statements/${month}.csv`]) {
      expect((await send(app, 'GET', url, renter)).statusCode, url).toBe(403);
      expect((await send(app, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('refuses a month that is not one, still to come, or before the account, in words', async () => {
    const owner = await newOwner();
    for (const month of ['2026-13', 'november', '2026-1']) {
      const response = await send(app, 'GET', `/api/owner/statements/${month}`, owner.cookie);
      expect(response.statusCode, month).toBe(400);
      expect(response.json(), month).toEqual({ message: 'The month must be written as YYYY-MM, such as 2026-11.' });
    }
    expect((await send(app, 'GET', '/api/owner/earnings?month=13', owner.cookie)).statusCode).toBe(400);
    const future = await send(app, 'GET', '/api/owner/statements/2999-01', owner.cookie);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ message: 'There is no statement for 2999-01 yet: the month has not begun.' });
    const before = await send(app, 'GET', '/api/owner/statements/2001-01.csv', owner.cookie);
    expect(before.statusCode).toBe(400);
    expect(before.json<{ message: string }>().message).toMatch(
      /^There is no statement for 2001-01: your account was opened in \d{4}-\d{2}/,
    );
  });

  it('answers an owner with nothing yet: zeros, twelve empty months, a statement with no lines', async () => {
    const owner = await newOwner();
    const figures = await earnings(owner.cookie);
    expect(figures).toMatchObject({ pendingPaise: 0, availablePaise: 0, paidThisYearPaise: 0, payouts: [] });
    expect(figures.bookings).toEqual({ month: null, total: 0, items: [] });
    expect(figures.months.every(({ netPaise }) => netPaise === 0)).toBe(true);
    expect(figures.months.at(-1)?.hasStatement).toBe(true);
    const empty = await statement(owner.cookie, indiaMonthOf(clock.now()));
    expect(empty).toMatchObject({ lines: [], openingAvailablePaise: 0, closingAvailablePaise: 0, totals: { earnedPaise: 0 } });
  });
});

describe('with 10,000 bookings over 100 owners', () => {
  const OWNERS = 100;
  const BOOKINGS = 10_000;
  let busy: FastifyInstance;
  let earner: AccountRow;

  const seqScans = (plan: PlanNode[]) =>
    plan.flatMap((node) => (node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []));
  const indexes = (plan: PlanNode[]) => plan.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));

  beforeAll(async () => {
    busy = await buildTestApp();
    await busy.db.execute(sql`
      INSERT INTO accounts (username, email, password_hash, role)
      SELECT 'earner ' || n, 'earner-' || n || '@example.com', 'not a hash', 'owner' FROM generate_series(1, ${OWNERS}) AS n
      UNION ALL SELECT 'payer', 'payer@example.com', 'not a hash', 'user'`);
    await busy.db.execute(sql`
      INSERT INTO cars (kind, owner_id, car_name, img_url, price, description)
      SELECT 'listed', id, 'Car of ' || username, '/images/cars/plan.svg', 100, '' FROM accounts WHERE email LIKE 'earner-%'`);
    // Taken and accepted, every trip over; four in five released.
    await busy.db.execute(sql`
      WITH car AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM cars WHERE car_name LIKE 'Car of earner%')
      INSERT INTO bookings (car_id, renter_id, starts_at, ends_at, hours, driver, price_per_hour, total, amount_paise, status,
        expires_at, payment_status, payment_provider, commission_bps, tds_bps, earnings_released_at)
      SELECT car.id, (SELECT id FROM accounts WHERE email = 'payer@example.com'), now() - n * interval '1 hour' - interval '3 hours',
        now() - n * interval '1 hour' - interval '1 hour', 2, false, 100, 200, 20000, 'accepted', now() - n * interval '1 hour' - interval '3 hours',
        'captured', 'razorpay', 2000, 0, CASE WHEN (n / ${OWNERS}) % 5 = 0 THEN NULL ELSE now() END
      FROM generate_series(1, ${BOOKINGS}) AS n JOIN car ON car.k = 1 + n % ${OWNERS}`);
    await busy.db.execute(sql`
      WITH journal AS (
        INSERT INTO ledger_journals (key, cause, booking_id, memo, posted_at)
        SELECT 'capture:' || id, 'booking', id, 'Payment taken', starts_at - interval '1 day' FROM bookings WHERE commission_bps IS NOT NULL
        UNION ALL
        SELECT 'release:' || id, 'booking', id, 'Earnings available', ends_at + interval '48 hours' FROM bookings WHERE earnings_released_at IS NOT NULL
        RETURNING id, key, booking_id)
      INSERT INTO ledger_entries (journal_id, account, owner_id, amount_paise)
      SELECT journal.id, entry.account, CASE WHEN entry.account LIKE 'owner.%' THEN cars.owner_id END, entry.paise
      FROM journal JOIN bookings ON bookings.id = journal.booking_id JOIN cars ON cars.id = bookings.car_id
      CROSS JOIN LATERAL (VALUES
        ('received.razorpay', 20000, 'capture'), ('platform.revenue', -4000, 'capture'), ('owner.pending', -16000, 'capture'),
        ('owner.pending', 16000, 'release'), ('owner.available', -16000, 'release')
      ) AS entry (account, paise, kind)
      WHERE journal.key LIKE entry.kind || ':%'`);
    // Fifty weekly payouts each, paid: the older half of the released shares.
    await busy.db.execute(sql`
      WITH payout AS (
        INSERT INTO payouts (owner_id, way, amount_paise, status, utr, paid_at, created_at, updated_at)
        SELECT id, 'manual', 16000, 'paid', 'UTR' || lpad((row_number() OVER ())::text, 12, '0'), now() - p * interval '7 days',
          now() - p * interval '7 days', now() - p * interval '7 days'
        FROM accounts CROSS JOIN generate_series(1, 50) AS p WHERE email LIKE 'earner-%'
        RETURNING id, owner_id, paid_at),
      journal AS (
        INSERT INTO ledger_journals (key, cause, payout_id, memo, posted_at)
        SELECT 'payout:' || id, 'payout', id, 'Payout asked for', paid_at FROM payout
        UNION ALL SELECT 'payout-paid:' || id, 'payout', id, 'Payout paid', paid_at FROM payout
        RETURNING id, key, payout_id)
      INSERT INTO ledger_entries (journal_id, account, owner_id, amount_paise)
      SELECT journal.id, entry.account, CASE WHEN entry.account LIKE 'owner.%' THEN payout.owner_id END, entry.paise
      FROM journal JOIN payout ON payout.id = journal.payout_id
      CROSS JOIN LATERAL (VALUES
        ('owner.available', 16000, 'payout'), ('payouts.in_transit', -16000, 'payout'),
        ('payouts.in_transit', 16000, 'payout-paid'), ('bank', -16000, 'payout-paid')
      ) AS entry (account, paise, kind)
      WHERE journal.key LIKE entry.kind || ':%'`);
    await busy.db.execute(sql`VACUUM ANALYZE`);
    const [row] = await busy.db.select().from(accounts).where(eq(accounts.email, 'earner-1@example.com'));
    if (!row) throw new Error('no earner');
    earner = row;
  }, 120_000);
  afterAll(() => closeTestApp(busy));

  it('reads an owner’s figures through the owner’s index of entries, never a whole table', async () => {
    const now = new Date();
    const from = new Date(now.getTime() - 365 * 24 * HOUR);
    const page = await earningsBookingsPageQuery(busy.db, earner.id, undefined);
    const ids = page.flatMap(({ bookingId }) => (bookingId ? [bookingId] : []));
    expect(ids).toHaveLength(100);
    const queries = {
      journals: ownerJournalsQuery(busy.db, earner.id, from, now),
      openingBalances: ownerBalancesBeforeQuery(busy.db, earner.id, monthStart(indiaMonthOf(now))),
      bookingsPage: earningsBookingsPageQuery(busy.db, earner.id, { from, to: now }),
      bookingDetails: earningsBookingDetailsQuery(busy.db, earner.id, ids),
      unpaid: unpaidReleasesQuery(busy.db, earner.id, 50_000),
      occupancy: carOccupancyQuery(busy.db, earner.id, now),
      payouts: payoutSumsQuery(busy.db, earner.id, from),
    };
    for (const [name, query] of Object.entries(queries)) {
      const plan = await planOf(busy.db, query);
      expect(
        seqScans(plan).filter((table) => ['ledger_entries', 'ledger_journals', 'bookings', 'payouts'].includes(table)),
        name,
      ).toEqual([]);
    }
    for (const name of ['journals', 'openingBalances', 'bookingsPage', 'unpaid'] as const) {
      expect(indexes(await planOf(busy.db, queries[name])), name).toContain('ledger_entries_owner_idx');
    }
  });

  it('answers the figures the ledger holds for one of them', async () => {
    // The seeded accounts have no password to sign in with: their figures as the route reads them.
    const figures = await ownerEarnings(busy.db, busy.money, earner, new Date());
    expect(figures).toMatchObject({ pendingPaise: 20 * 16_000, availablePaise: 30 * 16_000 });
    expect(figures.bookings.total).toBe(100);
    const count = (state: string) => figures.bookings.items.filter((item) => item.state === state).length;
    expect([count('pending'), count('available'), count('paidOut')]).toEqual([20, 30, 50]);
    // The shares still available are the latest released: every one released after any paid out.
    const releasedAt = (item: { to: string }) => new Date(item.to).getTime();
    const available = figures.bookings.items.filter((item) => item.state === 'available').map(releasedAt);
    const paidOut = figures.bookings.items.filter((item) => item.state === 'paidOut').map(releasedAt);
    expect(Math.min(...available)).toBeGreaterThan(Math.max(...paidOut));
  });
});
