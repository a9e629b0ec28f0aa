import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking, BookingReceipt, NewRazorpayOrder, OwnerCar, RazorpayOrder } from '#domain/contract';
import { toIndiaIso } from '#domain/india-time';
import { movableClock, type MovableClock } from '../src/clock/clock';
import { bookings, mailOutbox } from '../src/db/schema';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn, testConfig } from './helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';
import {
  act,
  indiaTime,
  listBookings,
  listCar,
  razorpayAt,
  requestBooking,
  send,
  storedBooking,
  sweepAt,
} from './marketplace-helpers';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** 3 hours × (₹200 + ₹30 driver) = ₹690, of which the owner's 80 % is ₹552. */
const SHARE_PAISE = 55_200;

let razorpay: RazorpayStandIn;
let clock: MovableClock;
let start: Date;
let app: FastifyInstance;
/** The same, with a 12-hour hold after completion (PAYOUT_HOLD_HOURS). */
let held: FastifyInstance;
let nextDay = 2;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  start = new Date();
  clock = movableClock(start);
  app = await buildTestApp({ razorpay: razorpayAt(razorpay) }, { clock });
  held = await buildTestApp({ razorpay: razorpayAt(razorpay), money: { ...testConfig().money, payoutHoldHours: 12 } }, { clock });
});
afterAll(async () => {
  await Promise.all([closeTestApp(app), closeTestApp(held)]);
  await razorpay.close();
});
beforeEach(() => clock.set(start));

interface Side {
  app: FastifyInstance;
  owner: { cookie: string; id: string; car: OwnerCar };
  renter: string;
}

async function sides(on: FastifyInstance, extra: { payAtPickup?: boolean } = {}): Promise<Side> {
  const cookie = await registerAndSignIn(on, 'owner');
  const car = await listCar(on, cookie, 'Mahindra XUV', 200, extra);
  return { app: on, owner: { cookie, id: await accountId(on, cookie), car }, renter: await registerAndSignIn(on, 'user') };
}

/** A 3-hour trip with a driver, paid through Razorpay's checkout (or at pickup) and accepted by the owner. */
async function acceptedTrip({ app: on, owner, renter }: Side, paid = true): Promise<Booking> {
  const day = nextDay++;
  const chosen: NewRazorpayOrder = {
    carName: owner.car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '13:00'),
    driver: true,
  };
  let booking: Booking;
  if (paid) {
    const order = (await send(on, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
    const authorized = razorpay.authorize(order.orderId);
    booking = await requestBooking(on, renter, {
      ...chosen,
      razorpay: {
        orderId: authorized.razorpay_order_id,
        paymentId: authorized.razorpay_payment_id,
        signature: authorized.razorpay_signature,
      },
    });
  } else {
    booking = await requestBooking(on, renter, chosen);
  }
  const accepted = await act(on, owner.cookie, booking.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json<Booking>();
}

const receiptOf = async (on: FastifyInstance, cookie: string, id: string) => {
  const response = await send(on, 'GET', `/api/bookings/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<BookingReceipt>();
};

const mailCount = async (on: FastifyInstance) => (await on.db.select({ mails: count() }).from(mailOutbox))[0]?.mails ?? 0;

/** The moment the claim window after the booking's period closes (CLAIM_WINDOW_HOURS, 24 by default). */
const windowCloses = (booking: Booking) => new Date(new Date(booking.to).getTime() + 24 * HOUR);

describe('completion', () => {
  it('keeps a booking accepted until a minute before its claim window closes, its share pending', async () => {
    const side = await sides(app);
    const booking = await acceptedTrip(side);
    clock.set(new Date(windowCloses(booking).getTime() - MINUTE));
    await sweepAt(app);
    expect((await storedBooking(app, booking.id)).status).toBe('accepted');
    expect((await receiptOf(app, side.renter, booking.id)).status).toBe('accepted');
    expect((await listBookings(app, side.owner.cookie)).map(({ status }) => status)).toEqual(['accepted']);
    expect(await balanceOf(app.db, side.owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });
    expect(Object.keys(await journalsOf(app.db, booking.id))).toEqual(['capture']);
  });

  it('reads a booking completed from the moment its window closes, and the sweep stores it with its history and releases its share, once, mailing nobody', async () => {
    const side = await sides(app);
    const booking = await acceptedTrip(side);
    const closes = windowCloses(booking);
    clock.set(new Date(closes.getTime() + MINUTE));
    // Before any sweep: the reads apply it, as they apply expiry; the money waits for the sweep.
    const read = await receiptOf(app, side.renter, booking.id);
    expect(read.status).toBe('completed');
    expect(read.history.map(({ status }) => status)).toEqual(['requested', 'accepted', 'completed']);
    const filtered = await send(app, 'GET', '/api/bookings?status=completed', side.owner.cookie);
    expect(filtered.json<{ data: Booking[] }>().data.map(({ id }) => id)).toEqual([booking.id]);
    const stillAccepted = await send(app, 'GET', '/api/bookings?status=accepted', side.owner.cookie);
    expect(stillAccepted.json<{ data: Booking[] }>().data).toEqual([]);
    expect(await balanceOf(app.db, side.owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });

    const mails = await mailCount(app);
    await Promise.all([sweepAt(app), sweepAt(app)]);
    await sweepAt(app);
    const stored = await storedBooking(app, booking.id);
    expect(stored.status).toBe('completed');
    expect(stored.earningsReleasedAt).toEqual(clock.now());
    const history = (await receiptOf(app, side.owner.cookie, booking.id)).history;
    expect(history.map(({ status }) => status)).toEqual(['requested', 'accepted', 'completed']);
    // Completed as of when its window closed, however late the sweep came.
    expect(history.at(-1)?.at).toBe(toIndiaIso(closes));
    expect(await mailCount(app)).toBe(mails);
    expect(await balanceOf(app.db, side.owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: SHARE_PAISE });
    expect(Object.keys(await journalsOf(app.db, booking.id)).sort()).toEqual(['capture', 'release']);
    expect(await unbalancedJournals(app.db)).toEqual([]);
  });

  it('completes a booking paid at pickup and releases nothing: its owner still owes the platform’s share', async () => {
    const side = await sides(app, { payAtPickup: true });
    const booking = await acceptedTrip(side, false);
    const before = await balanceOf(app.db, side.owner.id);
    expect(before).toMatchObject({ pendingPaise: 0, availablePaise: -13_800 });
    clock.set(new Date(windowCloses(booking).getTime() + MINUTE));
    await sweepAt(app);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'completed', earningsReleasedAt: null });
    expect(await balanceOf(app.db, side.owner.id)).toEqual(before);
    expect(Object.keys(await journalsOf(app.db, booking.id))).toEqual(['pickup-share']);
    expect(await unbalancedJournals(app.db)).toEqual([]);
  });

  it('refuses a step on a booking due to complete as completed, before any sweep has stored it', async () => {
    const side = await sides(app);
    const booking = await acceptedTrip(side);
    clock.set(new Date(windowCloses(booking).getTime() + MINUTE));
    for (const cookie of [side.owner.cookie, side.renter]) {
      const response = await act(app, cookie, booking.id, 'cancel');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This booking is completed: you cannot change it any more.' });
    }
    expect(await balanceOf(app.db, side.owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });
  });
});

describe('a hold after completion (PAYOUT_HOLD_HOURS)', () => {
  it('completes the booking at its window’s close and releases its share only the hold later', async () => {
    const side = await sides(held);
    const booking = await acceptedTrip(side);
    const closes = windowCloses(booking).getTime();
    clock.set(new Date(closes + MINUTE));
    await sweepAt(held);
    expect(await storedBooking(held, booking.id)).toMatchObject({ status: 'completed', earningsReleasedAt: null });
    expect(await balanceOf(held.db, side.owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });
    clock.set(new Date(closes + 12 * HOUR - MINUTE));
    await sweepAt(held);
    expect(await balanceOf(held.db, side.owner.id)).toMatchObject({ pendingPaise: SHARE_PAISE, availablePaise: 0 });
    clock.set(new Date(closes + 12 * HOUR));
    await Promise.all([sweepAt(held), sweepAt(held)]);
    expect(await balanceOf(held.db, side.owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: SHARE_PAISE });
    expect(Object.keys(await journalsOf(held.db, booking.id)).sort()).toEqual(['capture', 'release']);
    expect(await unbalancedJournals(held.db)).toEqual([]);
  });
});

it('stores on each request when it completes, from the claim window in force then', async () => {
  const side = await sides(app);
  const booking = await acceptedTrip(side);
  const [row] = await app.db.select({ completesAt: bookings.completesAt }).from(bookings).where(eq(bookings.id, booking.id));
  expect(row?.completesAt).toEqual(windowCloses(booking));
});
