import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indiaToday } from '#domain/india-time';
import type {
  AdminAction,
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  NewRazorpayOrder,
  OwnerCar,
  OwnerPayoutPage,
  PayoutDetailsChange,
  RazorpayOrder,
} from '#domain/contract';
import { movableClock, type MovableClock } from '../src/clock/clock';
import { ledgerEntries, ledgerJournals, mailOutbox, payoutRuns, payouts } from '../src/db/schema';
import { accountBalances } from '../src/ledger/balances';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { makePayoutRun, runWeeklyPayoutsIfDue } from '../src/payouts/runs';
import { person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, signIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, sweepAt } from './marketplace-helpers';
import { balanceOf, unbalancedJournals } from './ledger-readers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const admin = { email: 'payout-runs-admin@wheelsonweb.in', username: 'payoutrunsadmin', password: 'admin-password-1' };

let razorpay: RazorpayStandIn;
let clock: MovableClock;
let app: FastifyInstance;
let renter: Person;
let adminCookie: string;
/** When the file started: every test begins there, and each owner's details are saved then. */
let start: Date;
/** Past every hold of details saved at `start`: when runs are made. */
let afterHolds: Date;
let nextDay = 5;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  start = new Date();
  afterHolds = new Date(start.getTime() + 3 * DAY);
  clock = movableClock(start);
  app = await buildTestApp(
    {
      admin,
      razorpay: razorpayAt(razorpay),
    },
    { clock },
  );
  renter = await person(app, 'user');
  adminCookie = await signIn(app, admin.email, admin.password);
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});
beforeEach(() => clock.set(start));
afterEach(async () => {
  expect(await unbalancedJournals(app.db)).toEqual([]);
});

interface Owner extends Person {
  car: OwnerCar;
}

/** What an owner types as their payout details. */
const detailsOf = (owner: Person, changes: Partial<PayoutDetailsChange> = {}): PayoutDetailsChange => ({
  legalName: 'Ravi Kumar',
  accountNumber: '012345678901',
  confirmAccountNumber: '012345678901',
  ifsc: 'HDFC0001234',
  pan: 'ABCDE1234F',
  currentPassword: owner.password,
  ...changes,
});

async function saveDetails(owner: Person, changes: Partial<PayoutDetailsChange> = {}): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/owner/payout-details',
    headers: { cookie: owner.cookie },
    payload: detailsOf(owner, changes),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An owner with a car at `price` an hour, and (unless told not to) payout details saved now. */
async function newOwner(price = 200, { details = true }: { details?: boolean } = {}): Promise<Owner> {
  const owner = await person(app, 'owner');
  const car = await listCar(app, owner.cookie, 'Mahindra XUV', price);
  if (details) await saveDetails(owner);
  return { ...owner, car };
}

/**
 * A trip of `hours` (with a driver) paid through Razorpay, accepted and released: at ₹200 an hour,
 * 3 hours is ₹690, of which the owner's 80 % is ₹552 (55,200 paise), available once released.
 */
async function earn(owner: Owner, hours = 3): Promise<void> {
  const day = nextDay++;
  const chosen: NewRazorpayOrder = {
    carName: owner.car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, `${String(10 + hours).padStart(2, '0')}:00`),
    driver: true,
  };
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter.cookie, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  const booking = await requestBooking(app, renter.cookie, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
  const accepted = await act(app, owner.cookie, booking.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);
  await sweepAt(app, new Date(new Date(booking.to).getTime() + 49 * HOUR));
}

const payoutsOf = (ownerId: string) => app.db.select().from(payouts).where(eq(payouts.ownerId, ownerId)).orderBy(payouts.number);

/** Starts a run as an admin at the clock's time; answers the run. */
async function runNow(cookie = adminCookie): Promise<AdminPayoutRun> {
  const response = await send(app, 'POST', '/api/admin/payouts/runs', cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminPayoutRun>();
}

async function runDetail(id: string): Promise<AdminPayoutRunDetail> {
  const response = await send(app, 'GET', `/api/admin/payouts/runs/${id}`, adminCookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminPayoutRunDetail>();
}

/** The one payout `owner` has, which must exist. */
async function onlyPayoutOf(owner: Person) {
  const made = await payoutsOf(owner.id);
  expect(made).toHaveLength(1);
  const [payout] = made;
  if (!payout) throw new Error('no payout');
  return payout;
}

const bankFile = (runId: string, headers: Record<string, string> = {}, cookie = adminCookie) =>
  app.inject({ method: 'GET', url: `/api/admin/payouts/runs/${runId}/bank-file`, headers: { cookie, ...headers } });

const markPaid = (payoutId: string, utr: unknown) =>
  send(app, 'POST', `/api/admin/payouts/${payoutId}/paid`, adminCookie, { utr });
const markFailed = (payoutId: string, reason: string) =>
  send(app, 'POST', `/api/admin/payouts/${payoutId}/failed`, adminCookie, { reason });

/** Sessions last a week: after the clock has moved further, everyone signs in again. */
async function signInAgain(...owners: Person[]): Promise<void> {
  adminCookie = await signIn(app, admin.email, admin.password);
  renter.cookie = await signIn(app, renter.email, renter.password);
  for (const owner of owners) owner.cookie = await signIn(app, owner.email, owner.password);
}

async function auditOf(objectId: string): Promise<AdminAction[]> {
  const response = await send(app, 'GET', `/api/admin/audit?objectId=${objectId}`, adminCookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminAction[] }>().data;
}

const mailsTo = (email: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

/** The ledger's entries of the payout's journals, by key prefix, as `account` → paise. */
async function payoutJournals(payoutId: string): Promise<Record<string, Record<string, number>>> {
  const rows = await app.db
    .select({ key: ledgerJournals.key, account: ledgerEntries.account, paise: ledgerEntries.amountPaise })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(eq(ledgerJournals.payoutId, payoutId));
  const journals: Record<string, Record<string, number>> = {};
  for (const { key, account, paise } of rows) {
    const name = key.split(':')[0] ?? key;
    journals[name] = { ...journals[name], [account]: paise };
  }
  return journals;
}

describe('a payout run', () => {
  it('pays an owner with released earnings and details on file their whole available balance, into transit, once', async () => {
    const owner = await newOwner();
    await earn(owner);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 55_200 });
    clock.set(afterHolds);

    const run = await runNow();
    expect(run).toMatchObject({ startedBy: { username: admin.username }, createdAt: afterHolds.toISOString() });
    const payout = await onlyPayoutOf(owner);
    expect(payout).toMatchObject({ runId: run.id, way: 'manual', status: 'requested', amountPaise: 55_200, utr: null });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 0 });
    expect(await payoutJournals(payout.id)).toEqual({ payout: { 'owner.available': 55_200, 'payouts.in_transit': -55_200 } });

    const detail = await runDetail(run.id);
    expect(detail.payouts.find((line) => line.owner.id === owner.id)).toEqual({
      _id: payout.id,
      id: payout.id,
      number: payout.number,
      owner: { id: owner.id, username: owner.username },
      accountLast4: '8901',
      amountPaise: 55_200,
      status: 'requested',
      utr: null,
      failureReason: null,
      paidAt: null,
      createdAt: afterHolds.toISOString(),
      updatedAt: afterHolds.toISOString(),
    });
    expect(detail.byStatus.requested).toBe(detail.payoutCount);
    expect((await auditOf(run.id)).map(({ action, objectType }) => [action, objectType])).toEqual([['payout.run', 'payout_run']]);

    // Another run finds the owner's payout open and the balance gone: nothing more for them.
    await runNow();
    expect(await payoutsOf(owner.id)).toHaveLength(1);
    const listed = (await send(app, 'GET', '/api/admin/payouts/runs', adminCookie)).json<{ data: AdminPayoutRun[] }>();
    expect(listed.data.map(({ id }) => id)).toContain(run.id);
  });

  it('pays no owner below the minimum, none whose details are on hold or missing, and none with only a UPI ID', async () => {
    const small = await newOwner(50);
    await earn(small, 1);
    expect(await balanceOf(app.db, small.id)).toMatchObject({ availablePaise: 6_400 });
    const missing = await newOwner(200, { details: false });
    await earn(missing);
    const upiOnly = await newOwner(200, { details: false });
    await saveDetails(upiOnly, {
      accountNumber: undefined,
      confirmAccountNumber: undefined,
      ifsc: undefined,
      upiId: 'ravi@okhdfcbank',
    });
    await earn(upiOnly);
    const held = await newOwner();
    await earn(held);
    clock.set(afterHolds);
    // Details changed a day ago: payouts wait out the 48 hours again.
    clock.set(new Date(afterHolds.getTime() - DAY));
    await saveDetails(held, { legalName: 'Ravi K' });
    clock.set(afterHolds);

    await runNow();
    for (const owner of [small, missing, upiOnly, held]) expect(await payoutsOf(owner.id)).toEqual([]);
    clock.set(new Date(afterHolds.getTime() + DAY));
    await runNow();
    expect((await onlyPayoutOf(held)).amountPaise).toBe(55_200);
  });

  it('makes one payout per owner however many runs start at once, under one key or under several', async () => {
    const owners = [await newOwner(), await newOwner()];
    for (const owner of owners) await earn(owner);
    clock.set(afterHolds);
    const request = { startedBy: null, minPayoutPaise: app.money.minPayoutPaise, now: afterHolds };
    const key = `admin:${crypto.randomUUID()}`;

    const sameKey = await Promise.all([makePayoutRun(app.db, { ...request, key }), makePayoutRun(app.db, { ...request, key })]);
    expect(sameKey.filter((made) => made !== null)).toHaveLength(1);
    expect(await app.db.select({ n: count() }).from(payoutRuns).where(eq(payoutRuns.key, key))).toEqual([{ n: 1 }]);
    for (const owner of owners) expect((await onlyPayoutOf(owner)).amountPaise).toBe(55_200);

    // Failed, their money is available again; then three different runs at once, one of them an admin's.
    for (const owner of owners) expect((await markFailed((await onlyPayoutOf(owner)).id, 'Returned.')).statusCode).toBe(200);
    await Promise.all([
      makePayoutRun(app.db, { ...request, key: `admin:${crypto.randomUUID()}` }),
      makePayoutRun(app.db, { ...request, key: `admin:${crypto.randomUUID()}` }),
      runNow(),
    ]);
    for (const owner of owners) {
      const made = await payoutsOf(owner.id);
      expect(made.map(({ status, amountPaise }) => [status, amountPaise])).toEqual([
        ['failed', 55_200],
        ['requested', 55_200],
      ]);
      expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 0 });
    }
  });

  it('pays the balance once when different runs meet an owner at once', async () => {
    const owners = [await newOwner(), await newOwner(), await newOwner()];
    for (const owner of owners) await earn(owner);
    clock.set(afterHolds);
    const request = { startedBy: null, minPayoutPaise: app.money.minPayoutPaise, now: afterHolds };
    await Promise.all(
      Array.from({ length: 4 }, () => makePayoutRun(app.db, { ...request, key: `admin:${crypto.randomUUID()}` })),
    );
    for (const owner of owners) {
      expect((await onlyPayoutOf(owner)).amountPaise).toBe(55_200);
      expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 0 });
    }
  });

  it('is one run for an admin request sent again with its Idempotency-Key', async () => {
    clock.set(afterHolds);
    const key = `"${crypto.randomUUID()}"`;
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/payouts/runs',
        headers: { cookie: adminCookie, 'content-type': 'application/json', 'idempotency-key': key },
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.json<AdminPayoutRun>().id).toBe(first.json<AdminPayoutRun>().id);
  });
});

describe('the bank file', () => {
  it('lists the run’s payouts to send, moves them to processing, and is audited at every download', async () => {
    const owner = await newOwner();
    await saveDetails(owner, { legalName: '=Ravi, "RK" Kumar' });
    await earn(owner);
    clock.set(afterHolds);
    const run = await runNow();
    const payout = await onlyPayoutOf(owner);

    const response = await bankFile(run.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payouts-R-${run.number}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('beneficiary_name,account_number,ifsc,amount,narration');
    // The name a spreadsheet would take for a formula is written as text, quoted for its comma and quotes.
    expect(lines).toContain(`"'=Ravi, ""RK"" Kumar",012345678901,HDFC0001234,552.00,WheelsOnWeb payout P-${payout.number}`);
    expect((await onlyPayoutOf(owner)).status).toBe('processing');
    expect((await runDetail(run.id)).byStatus.requested).toBe(0);

    // Taken again (a lost file), it lists the processing payouts again, and says so in the log again.
    expect((await bankFile(run.id)).body).toBe(response.body);
    const audit = await auditOf(run.id);
    expect(audit.map(({ action }) => action)).toEqual(['payout.bank_file', 'payout.bank_file', 'payout.run']);
    expect(audit[0]?.after).toMatchObject({ listed: expect.arrayContaining([`P-${payout.number}`]) });
  });

  it('leaves out a payout whose owner changed their details since, and refuses a run with nothing to send', async () => {
    const owner = await newOwner();
    await earn(owner);
    clock.set(afterHolds);
    const run = await runNow();
    await saveDetails(owner, { accountNumber: '999988887777', confirmAccountNumber: '999988887777' });
    const response = await bankFile(run.id);
    if (response.statusCode === 200) expect(response.body).not.toContain('999988887777');
    else expect(response.statusCode).toBe(409);
    expect((await onlyPayoutOf(owner)).status).toBe('requested');

    const nobody = { startedBy: null, minPayoutPaise: Number.MAX_SAFE_INTEGER, now: afterHolds };
    const empty = await makePayoutRun(app.db, { ...nobody, key: `admin:${crypto.randomUUID()}` });
    const refused = await bankFile(empty?.run.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'No payout of this run is waiting to be sent: each one is already paid or failed.',
    });
  });

  it('is refused to a page of another site, and to anyone but an admin, with nothing changed', async () => {
    const owner = await newOwner();
    await earn(owner);
    clock.set(afterHolds);
    const run = await runNow();
    expect((await bankFile(run.id, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await bankFile(run.id, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await bankFile(run.id, {}, owner.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/admin/payouts/runs/${run.id}/bank-file` })).statusCode).toBe(401);
    expect((await onlyPayoutOf(owner)).status).toBe('requested');
    expect(await auditOf(run.id)).toHaveLength(1);
    expect((await bankFile(run.id, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});

describe('marking a payout', () => {
  it('paid with its UTR: the money leaves the bank, the owner is mailed, and it cannot be marked again', async () => {
    const owner = await newOwner();
    await earn(owner);
    clock.set(afterHolds);
    const run = await runNow();
    await bankFile(run.id);
    const payout = await onlyPayoutOf(owner);
    clock.advance(2 * HOUR);

    const response = await markPaid(payout.id, ' hdfcr52026112800123 ');
    expect(response.statusCode, response.body).toBe(200);
    const paidAt = clock.now().toISOString();
    expect(response.json<AdminPayout>()).toMatchObject({
      status: 'paid',
      utr: 'HDFCR52026112800123',
      paidAt,
      accountLast4: '8901',
    });
    expect(await payoutJournals(payout.id)).toEqual({
      payout: { 'owner.available': 55_200, 'payouts.in_transit': -55_200 },
      'payout-paid': { 'payouts.in_transit': 55_200, bank: -55_200 },
    });
    expect(await balanceOf(app.db, owner.id)).toEqual({ ownerId: owner.id, pendingPaise: 0, availablePaise: 0 });
    const [mail] = await mailsTo(owner.email).then((mails) => mails.filter(({ subject }) => subject.startsWith('Payout')));
    expect(mail?.subject).toBe(`Payout P-${payout.number} paid: ₹552.00`);
    expect(mail?.textBody).toContain('HDFCR52026112800123');
    expect(mail?.textBody).toContain(`WheelsOnWeb payout P-${payout.number}`);
    expect((await auditOf(payout.id)).map(({ action, after }) => [action, after])).toEqual([
      ['payout.paid', { status: 'paid', utr: 'HDFCR52026112800123' }],
    ]);

    for (const again of [await markPaid(payout.id, 'HDFCR52026112800999'), await markFailed(payout.id, 'Bounced.')]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: `Payout P-${payout.number} is already marked paid, so nothing was changed.` });
    }
    expect(await onlyPayoutOf(owner)).toMatchObject({ status: 'paid', utr: 'HDFCR52026112800123' });
    expect(await auditOf(payout.id)).toHaveLength(1);

    // The owner's own list says so.
    const mine = (await send(app, 'GET', '/api/owner/payouts', owner.cookie)).json<OwnerPayoutPage>();
    expect(mine).toEqual({
      data: [
        {
          _id: payout.id,
          id: payout.id,
          number: payout.number,
          amountPaise: 55_200,
          status: 'paid',
          way: 'manual',
          utr: 'HDFCR52026112800123',
          paidAt,
          failureReason: null,
          createdAt: afterHolds.toISOString(),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 24,
    });
  });

  it('refuses a UTR already used, or not 12 to 22 letters and digits, in the form’s words, with nothing changed', async () => {
    const owners = [await newOwner(), await newOwner()];
    for (const owner of owners) await earn(owner);
    clock.set(afterHolds);
    await runNow();
    const [first, second] = await Promise.all(owners.map((owner) => onlyPayoutOf(owner)));
    if (!first || !second) throw new Error('no payouts');
    const utr = `UTR${Date.now()}`;
    expect((await markPaid(first.id, utr)).statusCode).toBe(200);

    const reused = await markPaid(second.id, utr.toLowerCase());
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      message: `This UTR is already recorded for payout P-${first.number}: check the reference on the bank's statement.`,
    });
    const words = "UTR must be the bank's reference of the transfer: 12 to 22 letters and digits.";
    for (const bad of ['SHORT123', 'A'.repeat(23), 'UTR-1234-5678-90', '', 123456789012]) {
      const response = await markPaid(second.id, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toEqual({ message: words });
    }
    expect(await onlyPayoutOf(owners[1] as Owner)).toMatchObject({ status: 'requested', utr: null });
    expect(await auditOf(second.id)).toEqual([]);
  });

  it('failed with a reason: the money is available again, the owner is told why, and the next run pays it', async () => {
    const owner = await newOwner();
    await earn(owner);
    clock.set(afterHolds);
    await runNow();
    const payout = await onlyPayoutOf(owner);

    const response = await markFailed(payout.id, 'The bank returned it: account closed.');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminPayout>()).toMatchObject({
      status: 'failed',
      failureReason: 'The bank returned it: account closed.',
    });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 55_200 });
    expect((await payoutJournals(payout.id))['payout-failed']).toEqual({
      'payouts.in_transit': 55_200,
      'owner.available': -55_200,
    });
    const mails = await mailsTo(owner.email);
    expect(mails.find(({ subject }) => subject === `Payout P-${payout.number} could not be paid`)?.textBody).toContain(
      'The reason: The bank returned it: account closed.',
    );
    expect((await auditOf(payout.id)).map(({ action, reason }) => [action, reason])).toEqual([
      ['payout.failed', 'The bank returned it: account closed.'],
    ]);
    const paidAfter = await markPaid(payout.id, 'HDFCR52026112800555');
    expect(paidAfter.statusCode).toBe(409);
    expect(paidAfter.json()).toEqual({ message: `Payout P-${payout.number} is already marked failed, so nothing was changed.` });

    await runNow();
    const made = await payoutsOf(owner.id);
    expect(made.map(({ status, amountPaise }) => [status, amountPaise])).toEqual([
      ['failed', 55_200],
      ['requested', 55_200],
    ]);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 0 });
  });

  it('is refused to owners and renters (403) and to the signed out (401), with nothing changed', async () => {
    const owner = await newOwner();
    await earn(owner);
    clock.set(afterHolds);
    const run = await runNow();
    const payout = await onlyPayoutOf(owner);
    const runsBefore = await app.db.select({ n: count() }).from(payoutRuns);
    for (const [cookie, status] of [
      [owner.cookie, 403],
      [renter.cookie, 403],
      [undefined, 401],
    ] as const) {
      const paid = await send(app, 'POST', `/api/admin/payouts/${payout.id}/paid`, cookie, { utr: 'HDFCR52026112800777' });
      expect(paid.statusCode).toBe(status);
      const failed = await send(app, 'POST', `/api/admin/payouts/${payout.id}/failed`, cookie, { reason: 'No.' });
      expect(failed.statusCode).toBe(status);
      expect((await send(app, 'POST', '/api/admin/payouts/runs', cookie)).statusCode).toBe(status);
      expect((await send(app, 'GET', '/api/admin/payouts/runs', cookie)).statusCode).toBe(status);
      expect((await send(app, 'GET', `/api/admin/payouts/runs/${run.id}`, cookie)).statusCode).toBe(status);
    }
    expect(await app.db.select({ n: count() }).from(payoutRuns)).toEqual(runsBefore);
    expect(await onlyPayoutOf(owner)).toMatchObject({ status: 'requested', utr: null, failureReason: null });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ availablePaise: 0 });
    expect((await send(app, 'GET', '/api/owner/payouts', renter.cookie)).statusCode).toBe(403);
    expect((await markPaid(crypto.randomUUID(), 'HDFCR52026112800777')).statusCode).toBe(404);
  });
});

/** The instant of `clock` ("00:10") on the India date `days` after `from`'s. */
function indiaAt(from: Date, days: number, at: string): Date {
  return new Date(`${indiaToday(new Date(from.getTime() + days * DAY))}T${at}:00+05:30`);
}

describe('the weekly run', () => {
  it('runs once on PAYOUT_DAY (India time), on the first round that finds an owner to pay, and on no other day', async () => {
    const owner = await newOwner();
    await earn(owner);
    // The first Monday (PAYOUT_DAY 1) in India past every hold.
    let monday = indiaAt(afterHolds, 0, '00:10');
    while (new Date(`${indiaToday(monday)}T00:00:00Z`).getUTCDay() !== app.money.payoutDay) monday = indiaAt(monday, 1, '00:10');
    const round = () => runWeeklyPayoutsIfDue(app.db, app.money, clock.now());

    clock.set(new Date(monday.getTime() - 20 * 60 * 1000));
    expect(await round()).toBeNull();
    expect(await payoutsOf(owner.id)).toEqual([]);

    clock.set(monday);
    await signInAgain(owner);
    const rounds = await Promise.all([round(), round()]);
    const made = rounds.filter((run) => run !== null);
    expect(made).toHaveLength(1);
    expect(made[0]?.key).toBe(`weekly:${indiaToday(monday)}`);
    expect((await onlyPayoutOf(owner)).runId).toBe(made[0]?.id);
    expect((await runDetail(made[0]?.id ?? '')).startedBy).toBeNull();

    for (const later of [
      indiaAt(monday, 0, '12:00'),
      indiaAt(monday, 0, '23:55'),
      indiaAt(monday, 1, '00:10'),
      indiaAt(monday, 3, '09:00'),
    ]) {
      clock.set(later);
      expect(await round(), later.toISOString()).toBeNull();
    }
    expect(
      await app.db
        .select({ n: count() })
        .from(payoutRuns)
        .where(eq(payoutRuns.key, `weekly:${indiaToday(monday)}`)),
    ).toEqual([{ n: 1 }]);

    // A week on, the owner's payout paid and new earnings in, the next Monday's run pays them.
    await markPaid((await onlyPayoutOf(owner)).id, `UTR${Date.now()}X`);
    await earn(owner);
    clock.set(indiaAt(monday, 7, '00:10'));
    await signInAgain(owner);
    const next = await round();
    expect(next?.key).toBe(`weekly:${indiaToday(indiaAt(monday, 7, '00:10'))}`);
    expect((await payoutsOf(owner.id)).map(({ status }) => status)).toEqual(['paid', 'requested']);
  });
});

describe('the ledger after the runs', () => {
  it('holds in transit exactly what the open payouts add up to', async () => {
    const [open] = await app.db
      .select({ paise: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number) })
      .from(payouts)
      .where(sql`${payouts.status} in ('requested', 'processing')`);
    expect(open?.paise).toBeGreaterThan(0);
    expect(-((await accountBalances(app.db))['payouts.in_transit'] ?? 0)).toBe(open?.paise);
  });
});
