import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAccountPage } from '#domain/schemas/admin';
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
import { accounts, bookings } from '../src/db/schema';
import { accountBalances } from '../src/ledger/balances';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';

/**
 * The cancellation policy as the server enforces it, through the provider and the ledger: a renter
 * cancelling at least FREE_CANCEL_HOURS (24) before the start gets everything back, later half of the
 * pre-tax price and half of its tax, and cannot cancel from the start; a request, and an owner's or an
 * admin's cancellation, gives back everything.
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
async function paidRequest(car: OwnerCar): Promise<Booking> {
  const day = 3;
  const chosen: NewRazorpayOrder = { carName: car.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

async function acceptedBooking(): Promise<{ owner: Awaited<ReturnType<typeof newOwner>>; booking: Booking }> {
  const owner = await newOwner();
  const booking = await paidRequest(owner.car);
  expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
  return { owner, booking };
}

const refundedByRazorpay = (row: { paymentRef: string | null }) => razorpay.payments.get(row.paymentRef ?? '')?.refunded;

describe("the renter's cancellation", () => {
  it('publishes the policy in /api/config and stores it on each booking requested', async () => {
    const config = (await send(app, 'GET', '/api/config', undefined)).json<PublicConfig>();
    expect(config.cancellation).toEqual({ freeCancelHours: 24, lateRefundBps: 5000 });
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
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
    const stored = await storedBooking(app, booking.id);
    expect(stored.paymentStatus).toBe('refunded');
    expect(refundedByRazorpay(stored)).toBe(81_420);
    expect((await journalsOf(app.db, booking.id)).refund).toEqual({
      'received.razorpay': -81_420,
      'gst.payable': 12_420,
      'platform.revenue': 13_800,
      'owner.pending:owner': 55_200,
    });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });
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
    const booking = await paidRequest(owner.car);
    clock.set(new Date(new Date(booking.from).getTime() - HOUR));
    expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(200);
    const stored = await storedBooking(app, booking.id);
    expect(stored).toMatchObject({ status: 'cancelled', paymentStatus: 'released', refundBasePaise: null });
    expect((await journalsOf(app.db, booking.id)).refund).toBeUndefined();
  });

  it('keeps the policy a booking was requested under, whatever the server says later', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
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
