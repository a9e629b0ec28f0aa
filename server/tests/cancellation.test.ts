import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAccountPage, AdminActionPage, AdminBookingPage } from '#domain/schemas/admin';
import type { Reconciliation } from '#domain/schemas/admin-money';
import type {
  Booking,
  BookingReceipt,
  NewRazorpayOrder,
  OwnerCar,
  OwnerEarnings,
  PublicConfig,
  RazorpayOrder,
} from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { accounts, bookings, mailOutbox } from '../src/db/schema';
import { accountBalances } from '../src/ledger/balances';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';

/**
 * The cancellation policy as the server enforces it, through the provider and the ledger: a renter
 * cancelling at least FREE_CANCEL_HOURS (24) before the start gets everything back, later half of the
 * pre-tax price and half of its tax, and cannot cancel from the start; a request, and an owner's or an
 * admin's cancellation, gives back everything. A no-show is priced by it too: from NO_SHOW_HOURS (2)
 * after an accepted booking's start, the car's side may say the renter did not come (priced as the
 * renter's cancellation after the start: nothing back) and the renter that the owner did not
 * (everything back, counted against the owner).
 */

const ADMIN = { email: 'cancel-admin@wheelsonweb.in', username: 'canceladmin', password: 'admin-password-1' };
const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const clock = movableClock(new Date());
let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let renter: string;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp(
    {
      admin: ADMIN,
      gst: GST,
      razorpay: razorpayAt(razorpay),
    },
    { clock },
  );
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});
// Each test moves the clock days on: a renter of its own keeps its session fresh.
beforeEach(async () => {
  clock.set(new Date());
  renter = await registerAndSignIn(app, 'user');
});

async function newOwner(): Promise<{ cookie: string; id: string; username: string; car: OwnerCar }> {
  const cookie = await registerAndSignIn(app, 'owner');
  const car = await listCar(app, cookie, 'Mahindra XUV', 200);
  const id = await accountId(app, cookie);
  const [row] = await app.db.select({ username: accounts.username }).from(accounts).where(eq(accounts.id, id));
  return { cookie, id, username: row?.username ?? '', car };
}

/** 3 hours × (₹200 + ₹30 driver) = ₹690 and ₹124.20 GST: ₹814.20, paid through Razorpay. */
async function paidRequest(carName: string): Promise<Booking> {
  const day = 3;
  const chosen: NewRazorpayOrder = { carName, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

async function acceptedBooking(): Promise<{ owner: Awaited<ReturnType<typeof newOwner>>; booking: Booking }> {
  const owner = await newOwner();
  const booking = await paidRequest(owner.car.id);
  expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
  return { owner, booking };
}

const refundedByRazorpay = (row: { paymentRef: string | null }) => razorpay.payments.get(row.paymentRef ?? '')?.refunded;

/** The whole ₹814.20 given back through Razorpay, the capture's journal reversed whole, and nothing left to the owner. */
async function expectRefundedInFull(bookingId: string, ownerId: string) {
  const stored = await storedBooking(app, bookingId);
  expect(stored.paymentStatus).toBe('refunded');
  expect(refundedByRazorpay(stored)).toBe(81_420);
  expect((await journalsOf(app.db, bookingId)).refund).toEqual({
    'received.razorpay': -81_420,
    'gst.payable': 12_420,
    'platform.revenue': 13_800,
    'owner.pending:owner': 55_200,
  });
  expect(await unbalancedJournals(app.db)).toEqual([]);
  expect(await balanceOf(app.db, ownerId)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });
}

describe("the renter's cancellation", () => {
  it('publishes the policy in /api/config and stores it on each booking requested', async () => {
    const config = (await send(app, 'GET', '/api/config', undefined)).json<PublicConfig>();
    expect(config.cancellation).toEqual({ freeCancelHours: 24, lateRefundBps: 5000 });
    const owner = await newOwner();
    const booking = await paidRequest(owner.car.id);
    expect(booking.cancellationPolicy).toEqual({ freeCancelHours: 24, lateRefundBps: 5000 });
    expect(await storedBooking(app, booking.id)).toMatchObject({ freeCancelHours: 24, lateCancelRefundBps: 5000 });
  });

  it('gives everything back exactly FREE_CANCEL_HOURS before the start', async () => {
    const { owner, booking } = await acceptedBooking();
    clock.set(new Date(new Date(booking.from).getTime() - 24 * HOUR));
    const cancelled = await act(app, renter, booking.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Booking>()).toMatchObject({
      cancelledBy: 'renter',
      refund: { basePaise: 69_000, taxPaise: 12_420, amountPaise: 81_420 },
    });
    await expectRefundedInFull(booking.id, owner.id);
  });

  it('a minute later gives back half the price and half its tax, the kept half split between the platform and the owner', async () => {
    const { owner, booking } = await acceptedBooking();
    const revenueBefore = (await accountBalances(app.db))['platform.revenue'] ?? 0;
    clock.set(new Date(new Date(booking.from).getTime() - 24 * HOUR + MINUTE));
    const cancelled = await act(app, renter, booking.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Booking>().refund).toEqual({ basePaise: 34_500, taxPaise: 6_210, amountPaise: 40_710 });
    const stored = await storedBooking(app, booking.id);
    expect(stored.paymentStatus).toBe('refunded');
    expect(refundedByRazorpay(stored)).toBe(40_710);
    // The refunded half reversed only: the platform's fifth of it and the owner's rest.
    expect((await journalsOf(app.db, booking.id)).refund).toEqual({
      'received.razorpay': -40_710,
      'gst.payable': 6_210,
      'platform.revenue': 6_900,
      'owner.pending:owner': 27_600,
    });
    expect(await unbalancedJournals(app.db)).toEqual([]);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 27_600, availablePaise: 0 });
    expect((await accountBalances(app.db))['platform.revenue']).toBe(revenueBefore + 6_900);
    // The refund of a taxed booking is documented by a credit note; the receipt shows it.
    expect(stored.creditNoteNumber).toMatch(/^WCN\/\d{2}-\d{2}\/\d{5}$/);
    const receipt = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({ creditNoteNumber: stored.creditNoteNumber, refund: { amountPaise: 40_710 } });

    // The owner's earnings show the kept part's figures, on its way to being paid, not a refund.
    const earningsOf = async () =>
      (await send(app, 'GET', '/api/owner/earnings', owner.cookie))
        .json<OwnerEarnings>()
        .bookings.items.find((item) => item.id === booking.id);
    const kept = { grossPaise: 34_500, platformPaise: 6_900, tdsPaise: 0, netPaise: 27_600, balancePaise: 27_600 };
    expect(await earningsOf()).toMatchObject({ ...kept, state: 'pending', partlyRefunded: true });

    // The kept part becomes the owner's to be paid, as a trip's share does, once the hold after the period has passed.
    await sweepAt(app, new Date(new Date(booking.to).getTime() + 48 * HOUR));
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 27_600 });
    expect(await earningsOf()).toMatchObject({ ...kept, state: 'available', partlyRefunded: true });
    // The admin's check of the books finds the provider's net takings and the owner's kept share where the ledger has them.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const books = (await send(app, 'GET', '/api/admin/money/reconciliation', admin)).json<Reconciliation>();
    const about = books.differences.filter(
      (difference) => difference.bookingNumber === booking.number || difference.ownerUsername === owner.username,
    );
    expect(about).toEqual([]);
  });

  it('is refused from the start, and the money stays taken', async () => {
    const { owner, booking } = await acceptedBooking();
    clock.set(new Date(booking.from));
    const refused = await act(app, renter, booking.id, 'cancel');
    expect(refused.statusCode).toBe(409);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
    expect((await journalsOf(app.db, booking.id)).refund).toBeUndefined();
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 55_200 });
  });

  it('of a request not yet accepted is free however late: the hold is let go', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car.id);
    clock.set(new Date(new Date(booking.from).getTime() - HOUR));
    expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(200);
    const stored = await storedBooking(app, booking.id);
    expect(stored).toMatchObject({ status: 'cancelled', paymentStatus: 'released', refundBasePaise: null });
    expect((await journalsOf(app.db, booking.id)).refund).toBeUndefined();
  });

  it('keeps the policy a booking was requested under, whatever the server says later', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car.id);
    const policy = app.money.cancellation;
    app.money.cancellation = { freeCancelHours: 48, lateRefundBps: 0 };
    try {
      expect((await send(app, 'GET', '/api/config', undefined)).statusCode).toBe(200);
      expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
      clock.set(new Date(new Date(booking.from).getTime() - 30 * HOUR));
      const cancelled = await act(app, renter, booking.id, 'cancel');
      expect(cancelled.json<Booking>().refund).toEqual({ basePaise: 69_000, taxPaise: 12_420, amountPaise: 81_420 });
    } finally {
      app.money.cancellation = policy;
    }
  });

  it('of a booking requested before there was a policy gives everything back, as it was promised', async () => {
    const { booking } = await acceptedBooking();
    await app.db.update(bookings).set({ freeCancelHours: null, lateCancelRefundBps: null }).where(eq(bookings.id, booking.id));
    clock.set(new Date(new Date(booking.from).getTime() - HOUR));
    const cancelled = await act(app, renter, booking.id, 'cancel');
    expect(cancelled.json<Booking>()).toMatchObject({ refund: { amountPaise: 81_420 } });
    expect(cancelled.json<Booking>().cancellationPolicy).toBeUndefined();
    expect(refundedByRazorpay(await storedBooking(app, booking.id))).toBe(81_420);
  });

  it('never refunds twice when the provider is asked again', async () => {
    const { booking } = await acceptedBooking();
    clock.set(new Date(new Date(booking.from).getTime() - HOUR));
    await act(app, renter, booking.id, 'cancel');
    const stored = await storedBooking(app, booking.id);
    await app.payments.razorpay?.refund(stored.paymentRef ?? '', 40_710);
    expect(refundedByRazorpay(stored)).toBe(40_710);
  });
});

describe("the owner's cancellation", () => {
  it('gives the renter everything back, however late before the start, and counts as theirs', async () => {
    const { owner, booking } = await acceptedBooking();
    clock.set(new Date(new Date(booking.from).getTime() - HOUR));
    const cancelled = await act(app, owner.cookie, booking.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Booking>()).toMatchObject({ cancelledBy: 'carKeeper', refund: { amountPaise: 81_420 } });
    expect(refundedByRazorpay(await storedBooking(app, booking.id))).toBe(81_420);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });

    // The console's list of accounts counts the owner's cancellations for the admin judging them.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const page = (
      await send(app, 'GET', `/api/admin/accounts?q=${encodeURIComponent(owner.username)}`, admin)
    ).json<AdminAccountPage>();
    expect(page.data.map(({ id, ownerCancellations }) => ({ id, ownerCancellations }))).toEqual([
      { id: owner.id, ownerCancellations: 1 },
    ]);
  });

  it('is refused from the start', async () => {
    const { owner, booking } = await acceptedBooking();
    clock.set(new Date(booking.from));
    expect((await act(app, owner.cookie, booking.id, 'cancel')).statusCode).toBe(409);
  });
});

const mailsTo = async (email: string, subject: string) =>
  app.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, `${subject}%`)));

async function emailOf(cookie: string): Promise<string> {
  const id = await accountId(app, cookie);
  const [row] = await app.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
  return row?.email ?? '';
}

/** When either side may first say the other did not come: NO_SHOW_HOURS (2) after the start. */
const noShowOpens = (booking: Booking) => new Date(new Date(booking.from).getTime() + 2 * HOUR);

/** A side's no-show said exactly at the opening: the booking as the answer gives it and as it is stored. */
async function noShowAtOpening(cookie: string, booking: Booking) {
  clock.set(noShowOpens(booking));
  const ended = await act(app, cookie, booking.id, 'no_show');
  expect(ended.statusCode).toBe(200);
  return { answered: ended.json<Booking>(), stored: await storedBooking(app, booking.id) };
}

describe('a no-show', () => {
  it('may be said from NO_SHOW_HOURS after the start, which /api/config publishes', async () => {
    const config = (await send(app, 'GET', '/api/config', undefined)).json<PublicConfig>();
    expect(config.noShowHours).toBe(2);
  });

  it.each(['owner', 'renter'] as const)(
    'said by the %s a minute before then is refused, saying from when, with nothing changed',
    async (side) => {
      const { owner, booking } = await acceptedBooking();
      clock.set(new Date(noShowOpens(booking).getTime() - MINUTE));
      const early = await act(app, side === 'owner' ? owner.cookie : renter, booking.id, 'no_show');
      expect(early.statusCode).toBe(409);
      expect(early.json<{ message: string }>().message).toMatch(
        /^This booking is accepted: you can say the other side did not come only from .+, 2 hours after its start\.$/,
      );
      expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
      expect((await journalsOf(app.db, booking.id)).refund).toBeUndefined();
      expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 55_200 });
    },
  );

  it('is refused with 404 to anyone not a party to the booking', async () => {
    const { booking } = await acceptedBooking();
    clock.set(noShowOpens(booking));
    for (const stranger of [await registerAndSignIn(app, 'owner'), await registerAndSignIn(app, 'user')]) {
      expect((await act(app, stranger, booking.id, 'no_show')).statusCode).toBe(404);
    }
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted' });
  });
});

describe("the owner's word that the renter did not come", () => {
  it('exactly then ends the booking, keeping what the policy keeps after the start, and mails the renter', async () => {
    const { owner, booking } = await acceptedBooking();
    const { answered, stored } = await noShowAtOpening(owner.cookie, booking);
    expect(answered).toMatchObject({
      status: 'no_show_renter',
      cancelledBy: 'carKeeper',
      refund: { basePaise: 0, taxPaise: 0, amountPaise: 0 },
    });
    // Nothing given back: the money stays taken, and the ledger has no refund.
    expect(stored).toMatchObject({ status: 'no_show_renter', paymentStatus: 'captured' });
    expect(refundedByRazorpay(stored)).toBe(0);
    expect((await journalsOf(app.db, booking.id)).refund).toBeUndefined();
    expect(await unbalancedJournals(app.db)).toEqual([]);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 55_200, availablePaise: 0 });

    const receipt = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<BookingReceipt>();
    expect(receipt.history.map(({ status }) => status)).toEqual(['requested', 'accepted', 'no_show_renter']);
    const [mail] = await mailsTo(await emailOf(renter), 'Booking ended, you did not come');
    expect(mail?.text).toContain('the ₹814.20 you paid is kept');

    // The kept share is the owner's as a trip's is, once the booking would have completed.
    await sweepAt(app, new Date(new Date(booking.to).getTime() + 25 * HOUR));
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 55_200 });
    // No longer accepted: neither side may say it again.
    expect((await act(app, renter, booking.id, 'no_show')).statusCode).toBe(409);
  });

  it("of a fleet car's renter is said by an admin in the console, and audited", async () => {
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const booking = await paidRequest('Mahindra Bolero');
    expect((await send(app, 'POST', `/api/admin/bookings/${booking.id}/accept`, admin, {})).statusCode).toBe(200);
    const listed = async () =>
      (await send(app, 'GET', `/api/admin/bookings?q=${booking.number}`, admin)).json<AdminBookingPage>().data[0];
    clock.set(new Date(noShowOpens(booking).getTime() - MINUTE));
    expect((await listed())?.adminActions).toEqual(['cancel']);
    clock.set(noShowOpens(booking));
    expect((await listed())?.adminActions).toEqual(['cancel', 'no_show']);
    const ended = await send(app, 'POST', `/api/admin/bookings/${booking.id}/no_show`, admin, { reason: 'Waited two hours' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Booking>()).toMatchObject({ status: 'no_show_renter', refund: { amountPaise: 0 } });
    const audit = (
      await send(app, 'GET', `/api/admin/audit?objectType=booking&objectId=${booking.id}`, admin)
    ).json<AdminActionPage>();
    expect(audit.data[0]).toMatchObject({
      action: 'booking.no_show',
      reason: 'Waited two hours',
      before: { status: 'accepted' },
      after: { status: 'no_show_renter' },
    });
  });

  it("of an owner's car is not the console's to say", async () => {
    const { booking } = await acceptedBooking();
    clock.set(noShowOpens(booking));
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    expect((await send(app, 'POST', `/api/admin/bookings/${booking.id}/no_show`, admin, {})).statusCode).toBe(409);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted' });
  });
});

describe("the renter's word that the owner did not come", () => {
  it('exactly then refunds everything, reverses the ledger, mails the owner and counts against them', async () => {
    const { owner, booking } = await acceptedBooking();
    const { answered, stored } = await noShowAtOpening(renter, booking);
    expect(answered).toMatchObject({
      status: 'no_show_owner',
      cancelledBy: 'renter',
      refund: { basePaise: 69_000, taxPaise: 12_420, amountPaise: 81_420 },
    });
    expect(stored.status).toBe('no_show_owner');
    await expectRefundedInFull(booking.id, owner.id);
    const [mail] = await mailsTo(await emailOf(owner.cookie), 'Booking ended, you did not come');
    expect(mail?.text).toContain('refunded in full');

    // The console's accounts list counts it against the owner, apart from their cancellations.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const page = (
      await send(app, 'GET', `/api/admin/accounts?q=${encodeURIComponent(owner.username)}`, admin)
    ).json<AdminAccountPage>();
    expect(page.data.map(({ id, ownerCancellations, ownerNoShows }) => ({ id, ownerCancellations, ownerNoShows }))).toEqual([
      { id: owner.id, ownerCancellations: 0, ownerNoShows: 1 },
    ]);
  });

  it('stays possible after the period until the booking completes, and not after', async () => {
    const { booking } = await acceptedBooking();
    clock.set(new Date(new Date(booking.to).getTime() + 24 * HOUR));
    expect((await act(app, renter, booking.id, 'no_show')).statusCode).toBe(409);
    const receipt = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({ status: 'completed', payment: { status: 'captured' } });

    clock.set(new Date());
    renter = await registerAndSignIn(app, 'user');
    const second = await acceptedBooking();
    clock.set(new Date(new Date(second.booking.to).getTime() + 24 * HOUR - MINUTE));
    expect((await act(app, renter, second.booking.id, 'no_show')).statusCode).toBe(200);
  });
});
