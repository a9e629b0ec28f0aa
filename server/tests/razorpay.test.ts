import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking, NewBooking, NewRazorpayOrder, OwnerCar, PublicConfig, RazorpayOrder } from '#domain/contract';
import { bookings, mailOutbox, paymentOrders } from '../src/db/schema';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { startRazorpayStandIn, type CheckoutSuccess, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { buildTestApp, closeTestApp, registerAndSignIn, sessionUser } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

let razorpay: RazorpayStandIn;
let stripe: CardProviderStandIn;
let app: FastifyInstance;
let renter: string;
let otherRenter: string;
let owner: string;
let car: OwnerCar;
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  [razorpay, stripe] = await Promise.all([startRazorpayStandIn(), startCardProviderStandIn()]);
  app = await buildTestApp({
    razorpay: {
      keyId: razorpay.keyId,
      keySecret: razorpay.keySecret,
      webhookSecret: razorpay.webhookSecret,
      apiBase: new URL(razorpay.url),
    },
    cardPayments: { secretKey: stripe.secretKey, publishableKey: 'pk_test_stand_in', apiBase: new URL(stripe.url) },
  });
  [renter, otherRenter, owner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
  ]);
  car = await listCar(app, owner, 'Tata Nexon', 200);
});
afterAll(async () => {
  await closeTestApp(app);
  await Promise.all([razorpay.close(), stripe.close()]);
});
beforeEach(() => {
  razorpay.refuseCaptures = false;
});

/** Ten to one on a day of the test's own: 3 hours × (₹200 + ₹30 driver) = ₹690. */
function choice(day = freshDay()): NewRazorpayOrder {
  return { carName: car.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
}

async function openOrder(cookie: string, chosen: NewRazorpayOrder): Promise<RazorpayOrder> {
  const response = await send(app, 'POST', '/api/payments/razorpay/orders', cookie, chosen);
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json<RazorpayOrder>();
}

function paidWith(chosen: NewRazorpayOrder, paid: CheckoutSuccess): NewBooking {
  return {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  };
}

/** A renter's booking paid through the checkout, as the page sends it. */
async function paidBooking(chosen = choice()): Promise<Booking> {
  const order = await openOrder(renter, chosen);
  return requestBooking(app, renter, paidWith(chosen, razorpay.authorize(order.orderId)));
}

function postWebhook(body: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });
}

const bookingsOf = (orderId: string) =>
  app.db.select({ bookingId: paymentOrders.bookingId }).from(paymentOrders).where(eq(paymentOrders.orderId, orderId));

describe('Razorpay orders', () => {
  it('publishes the key id in GET /api/config', async () => {
    const config = (await send(app, 'GET', '/api/config')).json<PublicConfig>();
    expect(config.payments.upi).toEqual({ provider: 'razorpay', keyId: razorpay.keyId });
  });

  it("opens an order for the server's exact amount in INR with manual capture", async () => {
    const order = await openOrder(renter, choice());
    expect(order).toEqual({
      orderId: expect.stringMatching(/^order_/),
      keyId: razorpay.keyId,
      amountPaise: 69_000,
      currency: 'INR',
    });
    expect(razorpay.orders.get(order.orderId)).toMatchObject({
      amount: 69_000,
      currency: 'INR',
      captureManual: true,
      notes: { carId: car.id, driver: 'true' },
    });
  });

  it('answers 400 when Razorpay is off, and 503 when it cannot be reached', async () => {
    const off = await buildTestApp();
    const unreachable = await buildTestApp({
      razorpay: {
        keyId: razorpay.keyId,
        keySecret: razorpay.keySecret,
        webhookSecret: undefined,
        apiBase: new URL('http://127.0.0.1:9'),
      },
    });
    try {
      const offRenter = await registerAndSignIn(off, 'user');
      const offAnswer = await send(off, 'POST', '/api/payments/razorpay/orders', offRenter, {
        ...choice(),
        carName: 'Kia Seltos',
      });
      expect(offAnswer.statusCode).toBe(400);
      const lostRenter = await registerAndSignIn(unreachable, 'user');
      const lost = await send(unreachable, 'POST', '/api/payments/razorpay/orders', lostRenter, {
        ...choice(),
        carName: 'Kia Seltos',
      });
      expect(lost.statusCode).toBe(503);
      expect(await unreachable.db.$count(paymentOrders)).toBe(0);
    } finally {
      await Promise.all([closeTestApp(off), closeTestApp(unreachable)]);
    }
  });
});

describe('a booking paid through the checkout', () => {
  it('is stored requested with the payment held by Razorpay, by the method the renter chose', async () => {
    const chosen = choice();
    const order = await openOrder(renter, chosen);
    const booking = await requestBooking(app, renter, paidWith(chosen, razorpay.authorize(order.orderId, 'upi')));
    expect(booking).toMatchObject({ status: 'requested', amountPaise: 69_000 });
    expect(booking.payment).toEqual({
      status: 'held',
      provider: 'razorpay',
      method: 'upi',
      amountPaise: 69_000,
      ref: expect.stringMatching(/^pay_/),
    });
    expect(await bookingsOf(order.orderId)).toEqual([{ bookingId: booking.id }]);
  });

  it('refuses a forged signature with 400 and stores nothing', async () => {
    const chosen = choice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId);
    const before = await app.db.$count(bookings);
    const forged = { ...paid, razorpay_signature: 'f'.repeat(64) };
    const response = await send(app, 'POST', '/api/bookings', renter, paidWith(chosen, forged));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^The payment could not be verified/);
    expect(await app.db.$count(bookings)).toBe(before);
    expect(await bookingsOf(paid.razorpay_order_id)).toEqual([{ bookingId: null }]);
  });

  it("refuses another renter's order, and an order for another period, with 400", async () => {
    const chosen = choice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId);
    const before = await app.db.$count(bookings);
    const theirs = await send(app, 'POST', '/api/bookings', otherRenter, paidWith(chosen, paid));
    expect(theirs.statusCode).toBe(400);
    const longer = await send(
      app,
      'POST',
      '/api/bookings',
      renter,
      paidWith({ ...chosen, to: chosen.to.replace('13:00', '15:00') }, paid),
    );
    expect(longer.statusCode).toBe(400);
    expect(await app.db.$count(bookings)).toBe(before);
  });

  it('refuses with 402 a payment that is not authorized', async () => {
    const chosen = choice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId);
    const payment = razorpay.payments.get(paid.razorpay_payment_id);
    if (!payment) throw new Error('no payment');
    payment.status = 'captured';
    const response = await send(app, 'POST', '/api/bookings', renter, paidWith(chosen, paid));
    expect(response.statusCode).toBe(402);
  });

  it('makes one booking of one order: a second report with another payment is refused', async () => {
    const chosen = choice();
    const order = await openOrder(renter, chosen);
    await requestBooking(app, renter, paidWith(chosen, razorpay.authorize(order.orderId)));
    const again = await send(app, 'POST', '/api/bookings', renter, paidWith(chosen, razorpay.authorize(order.orderId)));
    expect(again.statusCode).toBe(400);
  });
});

describe('a card the card checkout cannot take, with Razorpay on', () => {
  it.each([
    ['asks for authentication (requires_action)', 'tok_threeDSecureRequired'],
    ['is declined for want of authentication (authentication_required)', 'tok_authenticationRequired'],
  ])('that %s is refused with 402 pointing to Razorpay, and stores no booking', async (_card, token) => {
    const before = await app.db.$count(bookings);
    const response = await send(app, 'POST', '/api/bookings', renter, { ...choice(), paymentToken: token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message:
        'The card payment was refused: this card asks for an extra authentication step that the card checkout cannot do, as most cards issued in India do. Nothing was charged. Pay through Razorpay instead (UPI, card or netbanking), which can do that step.',
      reason: 'cardNeedsAuthentication',
    });
    expect(await app.db.$count(bookings)).toBe(before);
  });
});

describe('the life cycle', () => {
  it('captures exactly the amount on accept, and refunds it when the renter cancels after', async () => {
    const booking = await paidBooking();
    const accepted = await act(app, owner, booking.id, 'accept');
    expect(accepted.json<Booking>()).toMatchObject({ status: 'accepted', payment: { status: 'captured', amountPaise: 69_000 } });
    expect(razorpay.payments.get(booking.payment.ref ?? '')).toMatchObject({ status: 'captured', amount: 69_000 });
    const cancelled = await act(app, renter, booking.id, 'cancel');
    expect(cancelled.json<Booking>().payment.status).toBe('refunded');
    expect(razorpay.payments.get(booking.payment.ref ?? '')).toMatchObject({ status: 'refunded', refunded: 69_000 });
  });

  it('releases on decline without calling Razorpay: the authorization lapses by itself', async () => {
    const booking = await paidBooking();
    const declined = await act(app, owner, booking.id, 'decline');
    expect(declined.json<Booking>()).toMatchObject({ status: 'declined', payment: { status: 'released' } });
    expect(razorpay.payments.get(booking.payment.ref ?? '')?.status).toBe('authorized');
  });

  it('tells a UPI payer whose request is declined that the money comes back in 5–7 working days, not that nothing was charged', async () => {
    const booking = await paidBooking();
    await act(app, owner, booking.id, 'decline');
    const email = (await sessionUser(app, renter))?.email ?? '';
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const declined = mails.find((mail) => mail.subject.startsWith('Request declined'));
    expect(declined?.textBody).toContain(
      'The ₹690.00 you paid by UPI comes back to your UPI account as a refund within 5–7 working days.',
    );
    expect(declined?.textBody).not.toContain('You are not charged for it');
  });

  it('refuses the accept with 402 when Razorpay refuses the capture, leaving the request open', async () => {
    const booking = await paidBooking();
    razorpay.refuseCaptures = true;
    const response = await act(app, owner, booking.id, 'accept');
    expect(response.statusCode).toBe(402);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'requested', paymentStatus: 'held' });
  });

  it.each(['stripe', 'razorpay'] as const)(
    'runs the same held → captured → refunded and held → released life cycle with %s',
    async (provider) => {
      const request = async () => {
        if (provider === 'razorpay') return paidBooking();
        const day = freshDay();
        return requestBooking(app, renter, {
          carName: car.id,
          from: indiaTime(day, '10:00'),
          to: indiaTime(day, '13:00'),
          driver: true,
          paymentToken: 'tok_visa',
        });
      };
      const taken = await request();
      expect(taken.payment).toMatchObject({ status: 'held', provider, amountPaise: 69_000 });
      expect((await act(app, owner, taken.id, 'accept')).json<Booking>().payment.status).toBe('captured');
      expect((await act(app, renter, taken.id, 'cancel')).json<Booking>().payment.status).toBe('refunded');
      const letGo = await request();
      expect((await act(app, renter, letGo.id, 'cancel')).json<Booking>().payment).toMatchObject({
        status: 'released',
        provider,
      });
    },
  );
});

describe("Razorpay's webhook", () => {
  it('refuses a wrong signature with 400 and changes nothing', async () => {
    const chosen = choice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId);
    const { body } = razorpay.webhook('payment.authorized', paid.razorpay_payment_id);
    const before = await app.db.$count(bookings);
    const response = await postWebhook(body, 'a'.repeat(64));
    expect(response.statusCode).toBe(400);
    expect(await app.db.$count(bookings)).toBe(before);
    expect(await bookingsOf(paid.razorpay_order_id)).toEqual([{ bookingId: null }]);
  });

  it('makes the booking when the page never reported, once however often it is delivered', async () => {
    const chosen = choice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId, 'netbanking');
    const { body, signature } = razorpay.webhook('payment.authorized', paid.razorpay_payment_id);
    const first = await postWebhook(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'booked' });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.paymentRef, paid.razorpay_payment_id));
    expect(row).toMatchObject({
      status: 'requested',
      paymentStatus: 'held',
      paymentProvider: 'razorpay',
      paymentMethod: 'netbanking',
      amountPaise: 69_000,
    });
    const before = await app.db.$count(bookings);
    const second = await postWebhook(body, signature);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ outcome: 'already booked' });
    // The page reporting late gets the booking the webhook made, not a second one.
    const late = await send(app, 'POST', '/api/bookings', renter, paidWith(chosen, paid));
    expect(late.statusCode).toBe(201);
    expect(late.json<Booking>().id).toBe(row?.id);
    expect(await app.db.$count(bookings)).toBe(before);
  });

  it('answers 200 to other events and changes nothing', async () => {
    const paid = razorpay.authorize((await openOrder(renter, choice())).orderId);
    const { body, signature } = razorpay.webhook('payment.failed', paid.razorpay_payment_id);
    const before = await app.db.$count(bookings);
    const response = await postWebhook(body, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'ignored' });
    expect(await app.db.$count(bookings)).toBe(before);
  });
});

describe('a paid order for an instant booking car', () => {
  let instantCar: OwnerCar;
  beforeAll(async () => {
    instantCar = await listCar(app, owner, 'Instant Nexon', 200, { instantBooking: true });
  });
  const instantChoice = (): NewRazorpayOrder => ({ ...choice(), carName: instantCar.id });

  it('is accepted at once when the page reports the UPI payment, the money captured', async () => {
    const chosen = instantChoice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId, 'upi');
    const booking = await requestBooking(app, renter, paidWith(chosen, paid));
    expect(booking).toMatchObject({ status: 'accepted', payment: { status: 'captured' } });
  });

  it('is accepted once by the webhook, however often it and the page report it', async () => {
    const chosen = instantChoice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId, 'upi');
    const { body, signature } = razorpay.webhook('payment.authorized', paid.razorpay_payment_id);
    expect((await postWebhook(body, signature)).json()).toEqual({ outcome: 'booked' });
    const stored = () => app.db.select().from(bookings).where(eq(bookings.paymentRef, paid.razorpay_payment_id));
    const [row] = await stored();
    expect(row).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
    const mails = await app.db.$count(mailOutbox);

    expect((await postWebhook(body, signature)).json()).toEqual({ outcome: 'already booked' });
    const late = await send(app, 'POST', '/api/bookings', renter, paidWith(chosen, paid));
    expect(late.statusCode).toBe(201);
    expect(late.json<Booking>()).toMatchObject({ id: row?.id, status: 'accepted', payment: { status: 'captured' } });
    expect(await stored()).toHaveLength(1);
    // Nothing accepted, captured or told a second time.
    expect(await app.db.$count(mailOutbox)).toBe(mails);
    expect((await stored())[0]?.updatedAt).toEqual(row?.updatedAt);
  });

  it('stays requested for the owner when the capture is refused', async () => {
    razorpay.refuseCaptures = true;
    const chosen = instantChoice();
    const paid = razorpay.authorize((await openOrder(renter, chosen)).orderId, 'upi');
    const { body, signature } = razorpay.webhook('payment.authorized', paid.razorpay_payment_id);
    expect((await postWebhook(body, signature)).json()).toEqual({ outcome: 'booked' });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.paymentRef, paid.razorpay_payment_id));
    expect(row).toMatchObject({ status: 'requested', paymentStatus: 'held' });
  });
});
