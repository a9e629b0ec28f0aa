import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminRoutePayout,
  AdminRoutePayoutPage,
  Booking,
  NewRazorpayOrder,
  OwnerCar,
  PayoutDetailsAnswer,
  PayoutDetailsChange,
  PayoutDetailsSaved,
  PublicConfig,
  RazorpayOrder,
} from '#domain/contract';
import { movableClock, type MovableClock } from '../src/clock/clock';
import { accounts, ledgerEntries, mailOutbox, payouts, routeAccounts, routeTransfers } from '../src/db/schema';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { ROUTE_LINK_LEASE_MS, sweepRouteLinks } from '../src/payouts/route-accounts';
import { makePayoutRun } from '../src/payouts/runs';
import { person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, signIn, testConfig } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, sweepAt } from './marketplace-helpers';
import { balanceOf } from './ledger-readers';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A 3-hour trip with a driver at ₹200 an hour: ₹690, of which the owner's 80 % is ₹552. */
const SHARE_PAISE = 55_200;

const ADMIN = { email: 'route-console@wheelsonweb.in', username: 'routeconsole', password: 'admin-password-1' };

let razorpay: RazorpayStandIn;
let clock: MovableClock;
let app: FastifyInstance;
let renter: Person;
let start: Date;
let nextDay = 3;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  start = new Date();
  clock = movableClock(start);
  app = await buildTestApp(
    {
      razorpay: {
        keyId: razorpay.keyId,
        keySecret: razorpay.keySecret,
        webhookSecret: razorpay.webhookSecret,
        apiBase: new URL(razorpay.url),
        route: true,
      },
      admin: ADMIN,
    },
    { clock },
  );
  renter = await person(app, 'user');
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});
beforeEach(() => {
  clock.set(start);
  razorpay.routeFault = null;
});
afterEach(async () => {
  const unbalanced = await app.db
    .select({ journalId: ledgerEntries.journalId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.journalId)
    .having(sql`sum(${ledgerEntries.amountPaise}) <> 0`);
  expect(unbalanced).toEqual([]);
});

interface Owner extends Person {
  car: OwnerCar;
}

const detailsOf = (owner: Person, changes: Partial<PayoutDetailsChange>): PayoutDetailsChange => ({
  legalName: 'Ravi Kumar',
  accountNumber: '012345678901',
  confirmAccountNumber: '012345678901',
  ifsc: 'HDFC0001234',
  pan: 'ABCDE1234F',
  currentPassword: owner.password,
  ...changes,
});

async function saveDetails(owner: Person, changes: Partial<PayoutDetailsChange> = {}): Promise<PayoutDetailsSaved> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/owner/payout-details',
    headers: { cookie: owner.cookie },
    payload: detailsOf(owner, changes),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetailsSaved>();
}

const routeOf = async (owner: Person) =>
  (await send(app, 'GET', '/api/owner/payout-details', owner.cookie)).json<PayoutDetailsAnswer>().route;

function postWebhook({ body, signature }: { body: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });
}

/** Razorpay's event, delivered: answers the webhook's outcome. */
async function deliver(event: string, id: string): Promise<string> {
  const response = await postWebhook(razorpay.routeWebhook(event, id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ outcome: string }>().outcome;
}

/** The sweep's making of unfinished linked accounts, at `at`: answers the owners it tried. */
function sweepLinks(at: Date): Promise<string[]> {
  const { route } = app.payments;
  const key = testConfig().payoutDetailsKey;
  if (!route || !key) throw new Error('this file runs with Route on and a payout details key');
  return sweepRouteLinks(app.db, route, key, app.log, at);
}

const linkedAccountOf = async (ownerId: string) => {
  const [row] = await app.db.select().from(routeAccounts).where(eq(routeAccounts.ownerId, ownerId));
  return row;
};

/** An owner with a car at ₹200 an hour and a bank account saved; `active`: their linked account activated, and the details' hold over. */
async function newOwner({ active }: { active: boolean }): Promise<Owner> {
  const owner = await person(app, 'owner');
  const car = await listCar(app, owner.cookie, 'Maruti Ertiga', 200);
  await saveDetails(owner);
  const linked = await linkedAccountOf(owner.id);
  if (!linked) throw new Error('no linked account was made');
  if (active) expect(await deliver('product.route.activated', linked.accountId)).toBe('recorded');
  return { ...owner, car };
}

/** A 3-hour trip with a driver, paid through Razorpay's checkout and asked for: not yet accepted. */
async function paidRequest(owner: Owner, payer: Person = renter): Promise<Booking> {
  const day = nextDay++;
  const chosen: NewRazorpayOrder = {
    carName: owner.car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '13:00'),
    driver: true,
  };
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', payer.cookie, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, payer.cookie, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

async function accepted(owner: Owner, payer: Person = renter): Promise<Booking> {
  const booking = await paidRequest(owner, payer);
  const response = await act(app, owner.cookie, booking.id, 'accept');
  expect(response.statusCode, response.body).toBe(200);
  return booking;
}

/** When the booking's earnings are released: past its end and the 24-hour claim window, at its completion (and past the details' hold). */
const releaseTime = (booking: Booking) => new Date(new Date(booking.to).getTime() + 25 * HOUR);

const transfersTo = (accountId: string | undefined) =>
  [...razorpay.transfers.values()].filter(({ recipient }) => recipient === accountId);

const mailsTo = (email: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

const payoutsOf = (ownerId: string) => app.db.select().from(payouts).where(eq(payouts.ownerId, ownerId)).orderBy(payouts.number);

describe('linked accounts', () => {
  it('are made when a bank account is saved, and take their state from Razorpay’s webhooks, each once', async () => {
    const owner = await person(app, 'owner');
    const saved = await saveDetails(owner);
    const linked = await linkedAccountOf(owner.id);
    expect(saved.route).toEqual({ state: 'created', missing: [] });
    const made = razorpay.linkedAccounts.get(linked?.accountId ?? '');
    expect(made).toMatchObject({
      email: owner.email,
      phone: '919876543210',
      legal_business_name: 'Ravi Kumar',
      pan: 'ABCDE1234F',
    });
    expect(made?.stakeholders).toHaveLength(1);
    expect(made?.settlements).toEqual({
      account_number: '012345678901',
      ifsc_code: 'HDFC0001234',
      beneficiary_name: 'Ravi Kumar',
    });
    expect(made?.product?.activation_status).toBe('under_review');

    const accountId = linked?.accountId ?? '';
    for (const state of ['under_review', 'needs_clarification', 'activated'] as const) {
      expect(await deliver(`product.route.${state}`, accountId)).toBe('recorded');
      expect(await routeOf(owner)).toEqual({ state, missing: [] });
    }
    // The same event again changes nothing.
    const again = razorpay.routeWebhook('product.route.activated', accountId);
    expect((await postWebhook(again)).json()).toEqual({ outcome: 'ignored' });
    expect(await routeOf(owner)).toEqual({ state: 'activated', missing: [] });

    // A new bank account goes to the same linked account.
    await saveDetails(owner, { accountNumber: '999988887777', confirmAccountNumber: '999988887777' });
    expect(razorpay.linkedAccounts.get(accountId)?.settlements?.account_number).toBe('999988887777');
    expect([...razorpay.linkedAccounts.values()].filter(({ email }) => email === owner.email)).toHaveLength(1);
  });

  it('are not made for a UPI ID alone, nor without a phone number, and the page says what is missing', async () => {
    const owner = await person(app, 'owner');
    const saved = await saveDetails(owner, { accountNumber: '', confirmAccountNumber: '', ifsc: '', upiId: 'ravi@ybl' });
    expect(saved.route).toEqual({ state: null, missing: ['bankAccount'] });
    // An owner registered before the phone number was asked for.
    await app.db.update(accounts).set({ phoneNumber: null }).where(eq(accounts.id, owner.id));
    expect(await routeOf(owner)).toEqual({ state: null, missing: ['phone', 'bankAccount'] });
    await saveDetails(owner);
    expect(await routeOf(owner)).toEqual({ state: null, missing: ['phone'] });
    expect(await linkedAccountOf(owner.id)).toBeUndefined();
    expect([...razorpay.linkedAccounts.values()].filter(({ email }) => email === owner.email)).toEqual([]);
  });

  it('are finished by the next save when Razorpay was away', async () => {
    const owner = await person(app, 'owner');
    razorpay.routeFault = 'away';
    expect((await saveDetails(owner)).route).toEqual({ state: null, missing: [] });
    razorpay.routeFault = null;
    expect((await saveDetails(owner)).route).toEqual({ state: 'created', missing: [] });
  });

  it('are finished by the sweep when Razorpay was away, once, after the save’s own attempt had its time', async () => {
    const owner = await person(app, 'owner');
    razorpay.routeFault = 'away';
    expect((await saveDetails(owner)).route).toEqual({ state: null, missing: [] });
    razorpay.routeFault = null;

    // Within the save's lease the sweep leaves the owner alone.
    expect(await sweepLinks(new Date(start.getTime() + ROUTE_LINK_LEASE_MS - MINUTE))).not.toContain(owner.id);
    expect(await routeOf(owner)).toEqual({ state: null, missing: [] });

    const later = new Date(start.getTime() + ROUTE_LINK_LEASE_MS);
    const [first, second] = await Promise.all([sweepLinks(later), sweepLinks(later)]);
    expect([...(first ?? []), ...(second ?? [])].filter((id) => id === owner.id)).toEqual([owner.id]);
    expect(await routeOf(owner)).toEqual({ state: 'created', missing: [] });
    const made = [...razorpay.linkedAccounts.values()].filter(({ email }) => email === owner.email);
    expect(made).toHaveLength(1);
    expect(made[0]?.settlements?.account_number).toBe('012345678901');

    // Finished, the owner is not swept again.
    expect(await sweepLinks(new Date(later.getTime() + DAY))).not.toContain(owner.id);
  });

  it('refused by Razorpay are not asked for again by the sweep, only by the owner’s next save', async () => {
    const owner = await person(app, 'owner');
    // Razorpay already has a linked account under the owner's email, made elsewhere: it refuses another.
    await app.payments.route?.createAccount({
      referenceId: 'made-elsewhere',
      email: owner.email,
      phone: '919876543210',
      legalName: 'Ravi Kumar',
      pan: 'ABCDE1234F',
    });
    expect((await saveDetails(owner)).route).toEqual({ state: null, missing: [] });
    expect(await sweepLinks(new Date(start.getTime() + ROUTE_LINK_LEASE_MS))).not.toContain(owner.id);
    expect(await linkedAccountOf(owner.id)).toBeUndefined();
  });

  it('are made by the sweep once a phone number is on the account, for details saved before it', async () => {
    const owner = await person(app, 'owner');
    await app.db.update(accounts).set({ phoneNumber: null }).where(eq(accounts.id, owner.id));
    expect((await saveDetails(owner)).route).toEqual({ state: null, missing: ['phone'] });
    const later = new Date(start.getTime() + ROUTE_LINK_LEASE_MS);
    expect(await sweepLinks(later)).not.toContain(owner.id);

    await app.db.update(accounts).set({ phoneNumber: '+919876543210' }).where(eq(accounts.id, owner.id));
    expect(await sweepLinks(later)).toContain(owner.id);
    expect(await routeOf(owner)).toEqual({ state: 'created', missing: [] });
  });
});

describe('Route transfers', () => {
  it('send the owner’s share on hold when the booking is accepted, to an active linked account', async () => {
    const owner = await newOwner({ active: true });
    const booking = await accepted(owner);
    const accountId = (await linkedAccountOf(owner.id))?.accountId;
    const [transfer, ...more] = transfersTo(accountId);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ amount: SHARE_PAISE, on_hold: true, notes: { booking_id: booking.id } });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });
  });

  it('wait while the linked account is not active, and the sweep sends them once it is', async () => {
    const owner = await newOwner({ active: false });
    await accepted(owner);
    const accountId = (await linkedAccountOf(owner.id))?.accountId ?? '';
    await sweepAt(app);
    expect(transfersTo(accountId)).toEqual([]);
    await deliver('product.route.activated', accountId);
    await sweepAt(app);
    expect(transfersTo(accountId).map(({ amount, on_hold }) => ({ amount, on_hold }))).toEqual([
      { amount: SHARE_PAISE, on_hold: true },
    ]);
  });

  it('become a Route payout at the release, let go, paid when processed, and never in a bank-file run', async () => {
    const owner = await newOwner({ active: true });
    const booking = await accepted(owner);
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    const at = releaseTime(booking);
    await sweepAt(app, at);

    const [payout, ...others] = await payoutsOf(owner.id);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({
      way: 'route',
      status: 'processing',
      amountPaise: SHARE_PAISE,
      providerRef: transfer?.id,
      runId: null,
    });
    expect(razorpay.transfers.get(transfer?.id ?? '')?.on_hold).toBe(false);
    expect(await balanceOf(app.db, owner.id)).toEqual({ ownerId: owner.id, pendingPaise: 0, availablePaise: 0 });
    // Only Razorpay says what became of it: an admin's mark is refused, nothing changed.
    const adminCookie = await signIn(app, ADMIN.email, ADMIN.password);
    for (const [mark, body] of [
      ['paid', { utr: 'HDFC0000123456789' }],
      ['failed', { reason: 'Bank returned it.' }],
    ] as const) {
      const refused = await send(app, 'POST', `/api/admin/payouts/${payout?.id}/${mark}`, adminCookie, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        `Payout P-${payout?.number} goes by Razorpay Route: Razorpay's reports mark it paid or failed, not a hand.`,
      );
    }
    expect(await payoutsOf(owner.id)).toEqual([payout]);
    expect(await balanceOf(app.db, owner.id)).toEqual({ ownerId: owner.id, pendingPaise: 0, availablePaise: 0 });
    const run = await makePayoutRun(app.db, { key: `route-test:${owner.id}`, startedBy: null, minPayoutPaise: 100, now: at });
    expect(run?.payouts.filter(({ ownerId }) => ownerId === owner.id)).toEqual([]);

    expect(await deliver('transfer.processed', transfer?.id ?? '')).toBe('recorded');
    const [paid] = await payoutsOf(owner.id);
    expect(paid).toMatchObject({ status: 'paid', utr: null });
    // The owner hears of it once, with where the money is now.
    const told = (await mailsTo(owner.email)).filter(({ subject }) => subject === `Payout P-${paid?.number} paid: ₹552.00`);
    expect(told).toHaveLength(1);
    expect(told[0]?.textBody).toContain('reached your Razorpay linked account');
    // Delivered again: nothing more.
    const again = await postWebhook(razorpay.routeWebhook('transfer.processed', transfer?.id ?? ''));
    expect(again.json()).toEqual({ outcome: 'ignored' });
    expect(await payoutsOf(owner.id)).toEqual([paid]);
  });

  it('are never made for a share released before the account was active: it goes by bank file', async () => {
    const owner = await newOwner({ active: false });
    const booking = await accepted(owner);
    const accountId = (await linkedAccountOf(owner.id))?.accountId ?? '';
    const at = releaseTime(booking);
    await sweepAt(app, at);
    await deliver('product.route.activated', accountId);
    await sweepAt(app, at);
    expect(transfersTo(accountId)).toEqual([]);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: SHARE_PAISE });
    const run = await makePayoutRun(app.db, { key: `route-bank:${owner.id}`, startedBy: null, minPayoutPaise: 100, now: at });
    expect(
      run?.payouts.filter(({ ownerId }) => ownerId === owner.id).map(({ way, amountPaise }) => ({ way, amountPaise })),
    ).toEqual([{ way: 'manual', amountPaise: SHARE_PAISE }]);
  });

  it('failed after the release fail their payout, and its money is available again', async () => {
    const owner = await newOwner({ active: true });
    const booking = await accepted(owner);
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    await sweepAt(app, releaseTime(booking));
    expect(await deliver('transfer.failed', transfer?.id ?? '')).toBe('recorded');
    const [payout] = await payoutsOf(owner.id);
    expect(payout?.status).toBe('failed');
    expect(payout?.failureReason).toMatch(/Route transfer/);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: SHARE_PAISE });
    const told = (await mailsTo(owner.email)).filter(({ subject }) => subject === `Payout P-${payout?.number} could not be paid`);
    expect(told).toHaveLength(1);
    expect(told[0]?.textBody).toContain(payout?.failureReason ?? 'the reason');
    expect((await postWebhook(razorpay.routeWebhook('transfer.failed', transfer?.id ?? ''))).json()).toEqual({
      outcome: 'ignored',
    });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: SHARE_PAISE });
  });

  it('are reversed whole when the renter cancels and is refunded', async () => {
    const owner = await newOwner({ active: true });
    const booking = await accepted(owner);
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    const cancelled = await act(app, renter.cookie, booking.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sweepAt(app);
    expect(razorpay.transfers.get(transfer?.id ?? '')).toMatchObject({ amount_reversed: SHARE_PAISE, status: 'reversed' });
    const [row] = await app.db.select().from(routeTransfers).where(eq(routeTransfers.bookingId, booking.id));
    expect(row?.reversedPaise).toBe(SHARE_PAISE);
    // A later sweep asks for nothing more.
    await sweepAt(app, new Date(start.getTime() + 10 * MINUTE));
    expect(razorpay.transfers.get(transfer?.id ?? '')?.amount_reversed).toBe(SHARE_PAISE);
    expect(await payoutsOf(owner.id)).toEqual([]);
  });

  it('are reversed by the refunded share when the renter cancels late, and the kept share is paid through Route', async () => {
    const owner = await newOwner({ active: true });
    // A renter of its own, who signs in again days on: signing in sweeps their sessions expired by then.
    const payer = await person(app, 'user');
    const booking = await accepted(owner, payer);
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    // A minute inside the day before the start: half the price comes back, and half the owner's share with it.
    const late = new Date(new Date(booking.from).getTime() - 24 * HOUR + MINUTE);
    clock.set(late);
    const cancelled = await act(app, await signIn(app, payer.email, payer.password), booking.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sweepAt(app, late);
    const KEPT_PAISE = SHARE_PAISE / 2;
    expect(razorpay.transfers.get(transfer?.id ?? '')).toMatchObject({
      amount_reversed: SHARE_PAISE - KEPT_PAISE,
      on_hold: true,
    });
    const [row] = await app.db.select().from(routeTransfers).where(eq(routeTransfers.bookingId, booking.id));
    expect(row?.reversedPaise).toBe(SHARE_PAISE - KEPT_PAISE);

    // At the release the kept share is the owner's Route payout: the transfer is let go, nothing more reversed.
    await sweepAt(app, releaseTime(booking));
    const [payout, ...others] = await payoutsOf(owner.id);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ way: 'route', status: 'processing', amountPaise: KEPT_PAISE, providerRef: transfer?.id });
    expect(razorpay.transfers.get(transfer?.id ?? '')).toMatchObject({
      amount_reversed: SHARE_PAISE - KEPT_PAISE,
      on_hold: false,
    });
    expect(await balanceOf(app.db, owner.id)).toEqual({ ownerId: owner.id, pendingPaise: 0, availablePaise: 0 });
  });

  it('are retried by the sweep when Razorpay is away, and made once even when its answer was lost', async () => {
    for (const fault of ['away', 'answer lost'] as const) {
      const owner = await newOwner({ active: true });
      const accountId = (await linkedAccountOf(owner.id))?.accountId;
      razorpay.routeFault = fault;
      const booking = await accepted(owner);
      razorpay.routeFault = null;
      expect(transfersTo(accountId)).toHaveLength(fault === 'away' ? 0 : 1);
      const [claimed] = await app.db.select().from(routeTransfers).where(eq(routeTransfers.bookingId, booking.id));
      expect(claimed?.transferId).toBeNull();

      // Within the attempt's time the sweep leaves it; after, it finishes it.
      await sweepAt(app, new Date(start.getTime() + MINUTE));
      expect(transfersTo(accountId)).toHaveLength(fault === 'away' ? 0 : 1);
      await sweepAt(app, new Date(start.getTime() + 3 * MINUTE));
      await sweepAt(app, new Date(start.getTime() + 6 * MINUTE));
      const [made, ...more] = transfersTo(accountId);
      expect(more).toEqual([]);
      const [recorded] = await app.db.select().from(routeTransfers).where(eq(routeTransfers.bookingId, booking.id));
      expect(recorded?.transferId).toBe(made?.id);
    }
  });

  it('are paid when Razorpay reported them processed before their id was known', async () => {
    const owner = await newOwner({ active: true });
    razorpay.routeFault = 'answer lost';
    const booking = await accepted(owner);
    razorpay.routeFault = null;
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    expect(await deliver('transfer.processed', transfer?.id ?? '')).toBe('ignored');
    await sweepAt(app, new Date(start.getTime() + 3 * MINUTE));
    await sweepAt(app, releaseTime(booking));
    expect(await payoutsOf(owner.id)).toMatchObject([{ way: 'route', status: 'paid', providerRef: transfer?.id }]);
  });

  it('let go at the release waits for Razorpay when it is away, and the payout stays processing', async () => {
    const owner = await newOwner({ active: true });
    const booking = await accepted(owner);
    const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
    const at = releaseTime(booking);
    razorpay.routeFault = 'away';
    await sweepAt(app, at);
    expect(razorpay.transfers.get(transfer?.id ?? '')?.on_hold).toBe(true);
    expect((await payoutsOf(owner.id)).map(({ status }) => status)).toEqual(['processing']);
    razorpay.routeFault = null;
    await sweepAt(app, new Date(at.getTime() + 5 * MINUTE));
    expect(razorpay.transfers.get(transfer?.id ?? '')?.on_hold).toBe(false);
    expect(await payoutsOf(owner.id)).toHaveLength(1);
  });
});

describe('Route webhooks', () => {
  it('refuse a wrong signature with 400 and change nothing', async () => {
    const owner = await person(app, 'owner');
    await saveDetails(owner);
    const accountId = (await linkedAccountOf(owner.id))?.accountId ?? '';
    const { body } = razorpay.routeWebhook('product.route.activated', accountId);
    const response = await postWebhook({ body, signature: 'b'.repeat(64) });
    expect(response.statusCode).toBe(400);
    expect((await linkedAccountOf(owner.id))?.state).toBe('created');
  });
});

it('keeps the hold of newly saved details: a share released then is let go only once the hold is over', async () => {
  const owner = await newOwner({ active: true });
  const booking = await accepted(owner);
  const [transfer] = transfersTo((await linkedAccountOf(owner.id))?.accountId);
  const at = releaseTime(booking);
  clock.set(at);
  await saveDetails({ ...owner, cookie: await signIn(app, owner.email, owner.password) });
  await sweepAt(app, at);
  expect((await payoutsOf(owner.id)).map(({ status }) => status)).toEqual(['processing']);
  expect(razorpay.transfers.get(transfer?.id ?? '')?.on_hold).toBe(true);
  await sweepAt(app, new Date(at.getTime() + 2 * DAY));
  expect(razorpay.transfers.get(transfer?.id ?? '')?.on_hold).toBe(false);
});

describe('the console’s list of Route payouts', () => {
  /** Every Route payout the console lists, on one page: other tests of this file made some too. */
  async function listed(): Promise<AdminRoutePayoutPage> {
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const response = await send(app, 'GET', '/api/admin/payouts/route?pageSize=100', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminRoutePayoutPage>();
  }
  const listedFor = async (...owners: Owner[]): Promise<AdminRoutePayout[]> =>
    (await listed()).data.filter(({ owner }) => owners.some(({ id }) => id === owner.id));

  it('is announced by the config while Route is on', async () => {
    const config = (await send(app, 'GET', '/api/config')).json<PublicConfig>();
    expect(config.payments.upi).toEqual({ provider: 'razorpay', keyId: razorpay.keyId, route: true });
  });

  it('lists each released share’s payout newest first, with its owner, transfer, status and times, and no bank-file payout', async () => {
    const first = await newOwner({ active: true });
    const second = await newOwner({ active: true });
    const byBank = await newOwner({ active: false });
    const firstBooking = await accepted(first);
    const secondBooking = await accepted(second);
    const bankBooking = await accepted(byBank);
    const [firstTransfer] = transfersTo((await linkedAccountOf(first.id))?.accountId);
    const [secondTransfer] = transfersTo((await linkedAccountOf(second.id))?.accountId);
    const firstReleased = releaseTime(firstBooking);
    const secondReleased = releaseTime(secondBooking);
    await sweepAt(app, firstReleased);
    await sweepAt(app, secondReleased);
    const bankReleased = releaseTime(bankBooking);
    await sweepAt(app, bankReleased);
    const run = await makePayoutRun(app.db, {
      key: `route-console:${byBank.id}`,
      startedBy: null,
      minPayoutPaise: 100,
      now: bankReleased,
    });
    const [bankPayout] = run?.payouts.filter(({ ownerId }) => ownerId === byBank.id) ?? [];
    expect(bankPayout?.way).toBe('manual');

    const [firstPayout] = await payoutsOf(first.id);
    const [secondPayout] = await payoutsOf(second.id);
    const made = (owner: Owner, payout: typeof firstPayout, transferId: string | undefined, at: Date): AdminRoutePayout => ({
      _id: payout?.id ?? 'the payout',
      id: payout?.id ?? 'the payout',
      number: payout?.number ?? 0,
      owner: { id: owner.id, username: owner.username },
      amountPaise: SHARE_PAISE,
      status: 'processing',
      failureReason: null,
      transferId: transferId ?? 'the transfer',
      createdAt: at.toISOString(),
      paidAt: null,
    });
    expect(await listedFor(first, second, byBank)).toEqual([
      made(second, secondPayout, secondTransfer?.id, secondReleased),
      made(first, firstPayout, firstTransfer?.id, firstReleased),
    ]);
    const everything = await listed();
    expect(everything.data.map(({ id }) => id)).not.toContain(bankPayout?.id);
    expect(everything.total).toBe(everything.data.length);

    // Razorpay's word moves them on: the first paid when processed, the second failed with why.
    const paidAt = new Date(secondReleased.getTime() + HOUR);
    clock.set(paidAt);
    expect(await deliver('transfer.processed', firstTransfer?.id ?? '')).toBe('recorded');
    expect(await deliver('transfer.failed', secondTransfer?.id ?? '')).toBe('recorded');
    const [failed, paid] = await listedFor(first, second);
    expect(paid).toMatchObject({ id: firstPayout?.id, status: 'paid', paidAt: paidAt.toISOString(), failureReason: null });
    expect(failed).toMatchObject({ id: secondPayout?.id, status: 'failed', paidAt: null, transferId: secondTransfer?.id });
    expect(failed?.failureReason).toMatch(/Route transfer/);
  });

  it('pages as the console’s other lists do', async () => {
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const { total } = await listed();
    expect(total).toBeGreaterThanOrEqual(2);
    const page = (await send(app, 'GET', '/api/admin/payouts/route?page=2&pageSize=1', cookie)).json<AdminRoutePayoutPage>();
    expect(page).toMatchObject({ total, page: 2, pageSize: 1 });
    expect(page.data).toEqual([(await listed()).data[1]]);
    expect((await send(app, 'GET', '/api/admin/payouts/route', cookie)).json<AdminRoutePayoutPage>().pageSize).toBe(50);
    for (const query of ['page=0', 'pageSize=101']) {
      expect((await send(app, 'GET', `/api/admin/payouts/route?${query}`, cookie)).statusCode).toBe(400);
    }
  });

  it('is for admins only: 401 signed out, 403 for an owner or a renter', async () => {
    const owner = await person(app, 'owner');
    expect((await send(app, 'GET', '/api/admin/payouts/route')).statusCode).toBe(401);
    for (const { cookie } of [owner, renter]) {
      const response = await send(app, 'GET', '/api/admin/payouts/route', cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This is for admins only.' });
    }
  });
});
