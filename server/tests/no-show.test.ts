import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAccountPage, AdminActionPage, AdminBookingPage } from '#domain/schemas/admin';
import type { Booking, BookingReceipt, NewRazorpayOrder, OwnerCar, PublicConfig, RazorpayOrder } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { accounts, mailOutbox } from '../src/db/schema';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';

/**
 * A no-show, as the server takes it: from NO_SHOW_HOURS (2) after an accepted booking's start, the
 * car's side may say the renter did not come (priced as the renter's cancellation after the start:
 * under the default policy nothing is given back) and the renter that the owner did not (everything
 * given back, counted against the owner). Either ends the booking and tells the other side.
 */

const ADMIN = { email: 'noshow-admin@wheelsonweb.in', username: 'noshowadmin', password: 'admin-password-1' };
const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const clock = movableClock(new Date());
let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let renter: string;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp({ admin: ADMIN, gst: GST, razorpay: razorpayAt(razorpay) }, { clock });
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});
beforeEach(async () => {
  clock.set(new Date());
  renter = await registerAndSignIn(app, 'user');
});

async function emailOf(cookie: string): Promise<string> {
  const id = await accountId(app, cookie);
  const [row] = await app.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
  return row?.email ?? '';
}

const mailsTo = async (email: string, subject: string) =>
  app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, `${subject}%`)));

/** 3 hours × (₹200 + ₹30 driver) = ₹690 and ₹124.20 GST: ₹814.20, paid through Razorpay and taken at the accept. */
async function paidRequest(carName: string): Promise<Booking> {
  const chosen: NewRazorpayOrder = { carName, from: indiaTime(3, '10:00'), to: indiaTime(3, '13:00'), driver: true };
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

const opensAt = (booking: Booking) => new Date(new Date(booking.from).getTime() + 2 * HOUR);

async function acceptedBooking() {
  const cookie = await registerAndSignIn(app, 'owner');
  const car: OwnerCar = await listCar(app, cookie, 'Mahindra XUV', 200);
  const owner = { cookie, id: await accountId(app, cookie), car };
  const booking = await paidRequest(car.id);
  expect((await act(app, cookie, booking.id, 'accept')).statusCode).toBe(200);
  return { owner, booking, opens: opensAt(booking) };
}

const refundedByRazorpay = (row: { paymentRef: string | null }) => razorpay.payments.get(row.paymentRef ?? '')?.refunded;

it('publishes NO_SHOW_HOURS in /api/config', async () => {
  const config = (await send(app, 'GET', '/api/config', undefined)).json<PublicConfig>();
  expect(config.noShowHours).toBe(2);
});

describe("the owner's word that the renter did not come", () => {
  it('is refused a minute before NO_SHOW_HOURS after the start, saying from when, with nothing changed', async () => {
    const { owner, booking, opens } = await acceptedBooking();
    clock.set(new Date(opens.getTime() - MINUTE));
    const early = await act(app, owner.cookie, booking.id, 'no_show');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(
      /^This booking is accepted: you can say the other side did not come only from /,
    );
    expect(early.json<{ message: string }>().message).toContain('2 hours after its start');
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 55_200 });
  });

  it('exactly then ends the booking, keeping what the policy keeps after the start, and mails the renter', async () => {
    const { owner, booking, opens } = await acceptedBooking();
    clock.set(opens);
    const ended = await act(app, owner.cookie, booking.id, 'no_show');
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Booking>()).toMatchObject({
      status: 'no_show_renter',
      cancelledBy: 'carKeeper',
      refund: { basePaise: 0, taxPaise: 0, amountPaise: 0 },
    });
    const stored = await storedBooking(app, booking.id);
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

  it("is refused to the renter's side and to strangers", async () => {
    const { booking, opens } = await acceptedBooking();
    clock.set(opens);
    const stranger = await registerAndSignIn(app, 'owner');
    expect((await act(app, stranger, booking.id, 'no_show')).statusCode).toBe(404);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted' });
  });
});

describe("a fleet car's renter who did not come", () => {
  it('is said by an admin in the console from NO_SHOW_HOURS after the start, and audited', async () => {
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const booking = await paidRequest('Mahindra Bolero');
    expect((await send(app, 'POST', `/api/admin/bookings/${booking.id}/accept`, admin, {})).statusCode).toBe(200);
    const listed = async () =>
      (await send(app, 'GET', `/api/admin/bookings?q=${booking.number}`, admin)).json<AdminBookingPage>().data[0];
    clock.set(new Date(opensAt(booking).getTime() - MINUTE));
    expect((await listed())?.adminActions).toEqual(['cancel']);
    clock.set(opensAt(booking));
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
});

describe("the renter's word that the owner did not come", () => {
  it('is refused a minute before NO_SHOW_HOURS after the start, with nothing changed', async () => {
    const { booking, opens } = await acceptedBooking();
    clock.set(new Date(opens.getTime() - MINUTE));
    const early = await act(app, renter, booking.id, 'no_show');
    expect(early.statusCode).toBe(409);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
  });

  it('exactly then refunds everything, reverses the ledger, mails the owner and counts against them', async () => {
    const { owner, booking, opens } = await acceptedBooking();
    clock.set(opens);
    const ended = await act(app, renter, booking.id, 'no_show');
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Booking>()).toMatchObject({
      status: 'no_show_owner',
      cancelledBy: 'renter',
      refund: { basePaise: 69_000, taxPaise: 12_420, amountPaise: 81_420 },
    });
    const stored = await storedBooking(app, booking.id);
    expect(stored).toMatchObject({ status: 'no_show_owner', paymentStatus: 'refunded' });
    expect(refundedByRazorpay(stored)).toBe(81_420);
    expect((await journalsOf(app.db, booking.id)).refund).toEqual({
      'received.razorpay': -81_420,
      'gst.payable': 12_420,
      'platform.revenue': 13_800,
      'owner.pending:owner': 55_200,
    });
    expect(await unbalancedJournals(app.db)).toEqual([]);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });
    const [mail] = await mailsTo(await emailOf(owner.cookie), 'Booking ended, you did not come');
    expect(mail?.text).toContain('refunded in full');

    // The console's accounts list counts it against the owner, apart from their cancellations.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const [account] = await app.db.select({ username: accounts.username }).from(accounts).where(eq(accounts.id, owner.id));
    const page = (
      await send(app, 'GET', `/api/admin/accounts?q=${encodeURIComponent(account?.username ?? '')}`, admin)
    ).json<AdminAccountPage>();
    expect(page.data.map(({ id, ownerCancellations, ownerNoShows }) => ({ id, ownerCancellations, ownerNoShows }))).toEqual([
      { id: owner.id, ownerCancellations: 0, ownerNoShows: 1 },
    ]);
  });

  it('stays possible after the period until the booking completes, and not after', async () => {
    const { booking } = await acceptedBooking();
    clock.set(new Date(new Date(booking.to).getTime() + 24 * HOUR));
    const completed = await act(app, renter, booking.id, 'no_show');
    expect(completed.statusCode).toBe(409);
    const receipt = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({ status: 'completed', payment: { status: 'captured' } });

    clock.set(new Date());
    renter = await registerAndSignIn(app, 'user');
    const second = await acceptedBooking();
    clock.set(new Date(new Date(second.booking.to).getTime() + 24 * HOUR - MINUTE));
    expect((await act(app, renter, second.booking.id, 'no_show')).statusCode).toBe(200);
  });

  it("is refused to a stranger with 404, and to the console for an owner's car", async () => {
    const { booking, opens } = await acceptedBooking();
    clock.set(opens);
    const stranger = await registerAndSignIn(app, 'user');
    expect((await act(app, stranger, booking.id, 'no_show')).statusCode).toBe(404);
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    // A listed car's no-show is its owner's or its renter's to say, not the console's.
    const console = await send(app, 'POST', `/api/admin/bookings/${booking.id}/no_show`, admin, {});
    expect(console.statusCode).toBe(409);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted' });
  });
});
