import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_HOLD_MS } from '#domain/booking-states';
import type { Booking, BookingReceipt, NewBooking, OwnerCar, PublicConfig } from '#domain/contract';
import { bookings } from '../src/db/schema';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listBookings, listCar, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';

const HOUR_MS = 60 * 60 * 1000;
const PUBLISHABLE_KEY = 'pk_test_stand_in';

let provider: CardProviderStandIn;
let app: FastifyInstance;
let renter: string;
let otherRenter: string;
let owner: string;
let car: OwnerCar;
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  provider = await startCardProviderStandIn();
  app = await buildTestApp({
    cardPayments: { secretKey: provider.secretKey, publishableKey: PUBLISHABLE_KEY, apiBase: new URL(provider.url) },
  });
  [renter, otherRenter, owner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
  ]);
  car = await listCar(app, owner, 'Maruti Ertiga', 150);
});
afterAll(async () => {
  await closeTestApp(app);
  await provider.close();
});
beforeEach(() => {
  provider.refuseCaptures = false;
});

/** Ten to two on a day of the test's own, paid with `token`. */
function paidRequest(token: string, day = freshDay()): NewBooking {
  return { carName: car.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00'), driver: true, paymentToken: token };
}

function intentOf(booking: Booking) {
  const ref = booking.payment.ref;
  if (!ref) throw new Error('the booking has no payment reference');
  const intent = provider.intents.get(ref);
  if (!intent) throw new Error(`the provider has no PaymentIntent ${ref}`);
  return intent;
}

describe('GET /api/config', () => {
  it('offers the card checkout, with its publishable key, only when the server can charge cards', async () => {
    const on = await send(app, 'GET', '/api/config');
    expect(on.statusCode).toBe(200);
    expect(on.json<PublicConfig>().payments).toEqual({ card: { provider: 'stripe', publishableKey: PUBLISHABLE_KEY } });

    const unpaid = await buildTestApp();
    try {
      expect((await send(unpaid, 'GET', '/api/config')).json<PublicConfig>().payments).toEqual({});
    } finally {
      await closeTestApp(unpaid);
    }
  });
});

describe('a request without a payment, with card payments on', () => {
  /** Ten to two on a day of the test's own, with nothing paid. */
  const unpaidRequest = (carName: string, day = freshDay()): NewBooking => ({
    carName,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '14:00'),
    driver: false,
  });
  const PAYMENT_REQUIRED =
    'A request for this car must be paid when it is sent: pay through the checkout, then send it. Only cars whose owners allow it can be paid at pickup.';

  it('is refused with 402 in words, and nothing is stored', async () => {
    expect(car.payAtPickup).toBe(false);
    const before = await app.db.$count(bookings);
    const response = await send(app, 'POST', '/api/bookings', renter, unpaidRequest(car.id));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: PAYMENT_REQUIRED });
    expect(await app.db.$count(bookings)).toBe(before);
  });

  it('is refused for being signed out (401), then not a renter (403), then a duplicate (409), before the missing payment (402)', async () => {
    const day = freshDay();
    expect((await send(app, 'POST', '/api/bookings', undefined, unpaidRequest(car.id, day))).statusCode).toBe(401);
    expect((await send(app, 'POST', '/api/bookings', owner, unpaidRequest(car.id, day))).statusCode).toBe(403);
    const paid = await requestBooking(app, renter, paidRequest('tok_visa', day));
    const again = await send(app, 'POST', '/api/bookings', renter, unpaidRequest(car.id, day));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ booking: { number: string } }>().booking.number).toBe(paid.number);
    // The check is asked before paying, so it never refuses for the payment not made yet.
    expect((await send(app, 'POST', '/api/bookings/check', otherRenter, unpaidRequest(car.id, day))).statusCode).toBe(204);
  });

  it('is taken for a car its owner lets renters pay at pickup, and the owner can accept it', async () => {
    const atPickup = await listCar(app, owner, 'Pay At Pickup Ertiga', 150, { payAtPickup: true });
    expect(atPickup.payAtPickup).toBe(true);
    expect((await send(app, 'GET', `/api/cars/${atPickup.id}`)).json<{ payAtPickup: boolean }>().payAtPickup).toBe(true);
    const booking = await requestBooking(app, renter, unpaidRequest(atPickup.id));
    expect(booking.payment).toEqual({ status: 'none', amountPaise: booking.amountPaise });
    const accepted = await act(app, owner, booking.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Booking>()).toMatchObject({ status: 'accepted', payment: { status: 'none' } });
  });

  it('cannot be accepted once its car stops being paid at pickup: 402 in words, the request left open', async () => {
    const switching = await listCar(app, owner, 'Switching Ertiga', 150, { payAtPickup: true });
    const booking = await requestBooking(app, renter, unpaidRequest(switching.id));
    const edit = (payAtPickup: boolean) =>
      send(app, 'POST', '/edit-cars', owner, {
        id: switching.id,
        url: '/images/cars/audi-fiesta.svg',
        carname: 'Switching Ertiga',
        description: 'A well-kept car.',
        price: 150,
        payAtPickup,
      });
    expect((await edit(false)).statusCode).toBe(200);

    const refused = await act(app, owner, booking.id, 'accept');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      message:
        'This request came without a payment, and this car is not paid at pickup. Decline it, or turn on “Renters may pay at pickup” for the car and then accept it.',
    });
    expect((await storedBooking(app, booking.id)).status).toBe('requested');

    expect((await edit(true)).statusCode).toBe(200);
    expect((await act(app, owner, booking.id, 'accept')).json<Booking>()).toMatchObject({ status: 'accepted' });
  });

  it('is taken as before where no provider is on', async () => {
    const free = await buildTestApp();
    try {
      const [freeRenter, freeOwner] = await Promise.all([registerAndSignIn(free, 'user'), registerAndSignIn(free, 'owner')]);
      const freeCar = await listCar(free, freeOwner, 'Free Ertiga', 150);
      const booking = await requestBooking(free, freeRenter, unpaidRequest(freeCar.id));
      expect(booking.payment.status).toBe('none');
      expect((await act(free, freeOwner, booking.id, 'accept')).statusCode).toBe(200);
    } finally {
      await closeTestApp(free);
    }
  });
});

describe('the payment life cycle, against the provider stand-in', () => {
  it("holds the server's total in INR at the request, for the renter's eyes only", async () => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa'));
    // 4 hours × ₹150 + 4 hours × ₹30 for the driver.
    expect(booking).toMatchObject({ hours: 4, total: 720, amountPaise: 72_000 });
    expect(booking.payment).toEqual({
      status: 'held',
      provider: 'stripe',
      method: 'card',
      amountPaise: 72_000,
      ref: expect.stringMatching(/^pi_/),
    });
    expect(intentOf(booking)).toMatchObject({
      amount: 72_000,
      currency: 'inr',
      status: 'requires_capture',
      bookingId: booking.id,
    });

    const ownersView = (await listBookings(app, owner)).find((listed) => listed.id === booking.id);
    expect(ownersView?.payment).toEqual({ status: 'held', provider: 'stripe', method: 'card', amountPaise: 72_000 });
    const renterView = (await listBookings(app, renter)).find((listed) => listed.id === booking.id);
    expect(renterView?.payment.ref).toBe(booking.payment.ref);
  });

  it('captures exactly the held amount when the owner accepts', async () => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa'));
    const accepted = await act(app, owner, booking.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Booking>()).toMatchObject({ status: 'accepted', payment: { status: 'captured', amountPaise: 72_000 } });
    expect(intentOf(booking)).toMatchObject({ status: 'succeeded', amount: booking.amountPaise });
    const receipt = await send(app, 'GET', `/api/bookings/${booking.id}`, renter);
    expect(receipt.json<BookingReceipt>().payment).toMatchObject({
      status: 'captured',
      amountPaise: 72_000,
      ref: booking.payment.ref,
    });
  });

  it.each([
    ['the owner declines', 'decline' as const, () => owner],
    ['the renter cancels', 'cancel' as const, () => renter],
  ])('releases the hold when %s', async (_when, action, who) => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa'));
    const response = await act(app, who(), booking.id, action);
    expect(response.statusCode).toBe(200);
    expect(response.json<Booking>().payment.status).toBe('released');
    expect(intentOf(booking).status).toBe('canceled');
    expect((await storedBooking(app, booking.id)).paymentStatus).toBe('released');
  });

  it('refunds the money taken when the renter cancels an accepted booking', async () => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa'));
    expect((await act(app, owner, booking.id, 'accept')).statusCode).toBe(200);
    const cancelled = await act(app, renter, booking.id, 'cancel');
    expect(cancelled.json<Booking>()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect(intentOf(booking).refunded).toBe(true);
  });

  it("releases the holds of the overlapping requests an accept declines, and takes only the accepted one's", async () => {
    const day = freshDay();
    const mine = await requestBooking(app, renter, paidRequest('tok_visa', day));
    const theirs = await requestBooking(app, otherRenter, paidRequest('tok_visa', day));
    expect((await act(app, owner, theirs.id, 'accept')).statusCode).toBe(200);
    expect(intentOf(theirs).status).toBe('succeeded');
    expect(intentOf(mine).status).toBe('canceled');
    const [declined] = (await listBookings(app, renter)).filter((listed) => listed.id === mine.id);
    expect(declined).toMatchObject({ status: 'declined', payment: { status: 'released' } });
  });

  it('refuses the accept with 402 when the capture is refused, and leaves the request and its hold as they were', async () => {
    const day = freshDay();
    const booking = await requestBooking(app, renter, paidRequest('tok_visa', day));
    const overlapping = await requestBooking(app, otherRenter, paidRequest('tok_visa', day));
    provider.refuseCaptures = true;
    const response = await act(app, owner, booking.id, 'accept');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message:
        "The renter's card payment could not be taken: The authorization has expired and can no longer be captured. The request stays open.",
    });
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'requested', paymentStatus: 'held' });
    // The accept's transaction rolled back whole: the overlapping request was not declined either.
    expect(await storedBooking(app, overlapping.id)).toMatchObject({ status: 'requested', paymentStatus: 'held' });
    expect(intentOf(overlapping).status).toBe('requires_capture');
  });

  // Razorpay is off on this server: the refusal for want of authentication points to no other checkout.
  const needsAuthentication = {
    message:
      'The card payment was refused: this card asks for an extra authentication step that the card checkout cannot do, as most cards issued in India do. Nothing was charged. Try a card issued outside India.',
    reason: 'cardNeedsAuthentication',
  };
  it.each([
    ['a declined card', 'tok_chargeDeclined', { message: 'The card payment was refused: Your card was declined.' }],
    ['a card asking for authentication (requires_action)', 'tok_threeDSecureRequired', needsAuthentication],
    ['a card declined for want of authentication (authentication_required)', 'tok_authenticationRequired', needsAuthentication],
  ])('refuses the request with 402 for %s, and stores no booking', async (_card, token, body) => {
    const before = await app.db.$count(bookings);
    const response = await send(app, 'POST', '/api/bookings', renter, paidRequest(token));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual(body);
    expect(await app.db.$count(bookings)).toBe(before);
    // A hold the card did not complete is let go, not left open.
    for (const intent of provider.intents.values()) expect(intent.status).not.toBe('requires_action');
  });
});

describe('a hold that lasts at most 6 days', () => {
  it('expires a request with money held 6 days after it was made when its period begins later, and releases the hold', async () => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa', 10));
    const stored = await storedBooking(app, booking.id);
    expect(stored.expiresAt.getTime()).toBe(stored.createdAt.getTime() + MAX_HOLD_MS);

    await sweepAt(app, new Date(stored.expiresAt.getTime() - HOUR_MS));
    expect((await storedBooking(app, booking.id)).status).toBe('requested');

    await sweepAt(app, new Date(stored.expiresAt.getTime() + 1));
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'expired', paymentStatus: 'released' });
    expect(intentOf(booking).status).toBe('canceled');
  });

  it('expires a request with money held when its period begins, when that comes first', async () => {
    const booking = await requestBooking(app, renter, paidRequest('tok_visa', 2));
    const stored = await storedBooking(app, booking.id);
    expect(stored.expiresAt).toEqual(stored.startsAt);
  });
});
