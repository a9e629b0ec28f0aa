import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIndiaIso } from '#domain/india-time';
import type {
  AdminMoney,
  Booking,
  NewBooking,
  NewRazorpayOrder,
  OwnerCar,
  RazorpayOrder,
  Reconciliation,
} from '#domain/contract';
import { payouts } from '../src/db/schema';
import { postJournal } from '../src/ledger/journal';
import { postPayoutPaid, postPayoutRequested } from '../src/ledger/payout-postings';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { getOk, person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, sweepAt } from './marketplace-helpers';

const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };
const admin = { email: 'money-console@wheelsonweb.in', username: 'moneyconsole', password: 'admin-password-1' };
const HOUR_MS = 60 * 60 * 1000;
const FLEET_CAR = 'Mahindra Bolero';

// 3 hours × (₹200 + ₹30 driver) = ₹690 and ₹124.20 GST: ₹814.20, of which the platform's fifth ₹138 and the owner's ₹552.
const AMOUNT = 81_420;
const GST_PAISE = 12_420;
const COMMISSION = 13_800;
const OWNER_NET = 55_200;

let razorpay: RazorpayStandIn;
let card: CardProviderStandIn;
let app: FastifyInstance;
let adminCookie: string;
let renter: string;
let nextDay = 2;

beforeAll(async () => {
  [razorpay, card] = await Promise.all([startRazorpayStandIn(), startCardProviderStandIn()]);
  app = await buildTestApp({
    admin,
    gst: GST,
    razorpay: razorpayAt(razorpay),
    cardPayments: { secretKey: card.secretKey, publishableKey: card.publishableKey, apiBase: new URL(card.url) },
  });
  adminCookie = await signIn(app, admin.email, admin.password);
  renter = await registerAndSignIn(app, 'user');
});
afterAll(async () => {
  await closeTestApp(app);
  await Promise.all([razorpay.close(), card.close()]);
});

function threeHours(carName: string): NewRazorpayOrder {
  const day = nextDay++;
  return { carName, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
}

/** A request paid through Razorpay's checkout: the money authorized, not yet taken. */
async function paidByUpi(carName: string): Promise<Booking> {
  const chosen = threeHours(carName);
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

/** A request paid by card: the amount held. */
function paidByCard(carName: string): Promise<Booking> {
  const request: NewBooking = { ...threeHours(carName), paymentToken: 'tok_visa' };
  return requestBooking(app, renter, request);
}

async function accepted(cookie: string, booking: Booking, path = `/api/bookings/${booking.id}/accept`): Promise<Booking> {
  const response = await send(app, 'POST', path, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Booking>();
}

const checkBooks = () => getOk<Reconciliation>(app, '/api/admin/money/reconciliation', adminCookie);

function refOf(booking: Booking): string {
  if (!booking.payment.ref) throw new Error(`booking ${booking.number} holds no payment`);
  return booking.payment.ref;
}

function razorpayPaymentOf(booking: Booking) {
  const payment = razorpay.payments.get(refOf(booking));
  if (!payment) throw new Error(`Razorpay has no payment for booking ${booking.number}`);
  return payment;
}

/** A payout to the owner asked for and paid by bank transfer, each step posted with its status as a run posts it. */
async function payOut(ownerId: string, amountPaise: number): Promise<void> {
  const now = app.clock.now();
  const payout = await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(payouts).values({ ownerId, way: 'manual', amountPaise }).returning();
    if (!row) throw new Error('no payout');
    await postPayoutRequested(tx, row, now);
    return row;
  });
  await app.db.transaction(async (tx) => {
    await tx.update(payouts).set({ status: 'paid', paidAt: now, utr: 'UTIB0000123456' }).where(eq(payouts.id, payout.id));
    await postPayoutPaid(tx, payout, now);
  });
}

describe('the admin money routes for each role', () => {
  it.each(['/api/admin/money', '/api/admin/money/reconciliation'])(
    '%s: 403 for an owner or a renter, 401 signed out',
    async (url) => {
      const owner = await person(app, 'owner');
      const ownerTry = await send(app, 'GET', url, owner.cookie);
      expect(ownerTry.statusCode).toBe(403);
      expect(ownerTry.json()).toEqual({ message: 'This is for admins only.' });
      expect((await send(app, 'GET', url, renter)).statusCode).toBe(403);
      expect((await send(app, 'GET', url)).statusCode).toBe(401);
    },
  );

  it.each([
    ['page=0', 'Page must be at least 1.'],
    ['pageSize=101', 'Page size must be at most 100.'],
    [`q=${'a'.repeat(101)}`, 'Search must be at most 100 characters.'],
  ])('refuses the owners list with %s', async (query, message) => {
    const response = await send(app, 'GET', `/api/admin/money?${query}`, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('books that balance', () => {
  let earner: Person;
  let pickupOwner: Person;
  let fleetBooking: Booking;
  const taken: Booking[] = [];

  beforeAll(async () => {
    earner = await person(app, 'owner');
    pickupOwner = await person(app, 'owner');
    const earnersCar: OwnerCar = await listCar(app, earner.cookie, 'Mahindra XUV', 200);
    const pickupCar: OwnerCar = await listCar(app, pickupOwner.cookie, 'Tata Nexon', 200, { payAtPickup: true });

    // Taken by each provider and kept; taken and refunded by each; one paid at pickup; one of the fleet's; one only held.
    const kept = await paidByUpi(earnersCar.id);
    const keptByCard = await paidByCard(earnersCar.id);
    for (const booking of [kept, keptByCard]) await accepted(earner.cookie, booking);
    taken.push(kept, keptByCard);
    for (const booking of [await paidByUpi(earnersCar.id), await paidByCard(earnersCar.id)]) {
      await accepted(earner.cookie, booking);
      expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(200);
    }
    await accepted(pickupOwner.cookie, await requestBooking(app, renter, threeHours(pickupCar.id)));
    const fleetRequest = await paidByCard(FLEET_CAR);
    fleetBooking = await accepted(adminCookie, fleetRequest, `/api/admin/bookings/${fleetRequest.id}/accept`);
    await paidByUpi(earnersCar.id);

    // The first booking's share released when it completes, the claim window after its trip, and paid
    // out; Razorpay settles what it took. The second, a day later, is still in its window.
    await sweepAt(app, new Date(new Date(kept.to).getTime() + 25 * HOUR_MS));
    await payOut(earner.id, OWNER_NET);
    razorpay.settle();
  });

  it('shows the commission earned this India month, what the platform owes, and each owner’s balance, the most owed first', async () => {
    const money = await getOk<AdminMoney>(app, '/api/admin/money', adminCookie);
    const fleetGross = fleetBooking.total * 100;
    expect(money.revenueByMonth).toHaveLength(12);
    expect(money.revenueByMonth.at(-1)).toEqual({
      month: toIndiaIso(new Date()).slice(0, 7),
      // Two shares kept, one owed by the pickup owner, all of the fleet's; the refunds reversed theirs.
      revenuePaise: 3 * COMMISSION + fleetGross,
    });
    expect(money.revenueByMonth.slice(0, -1).every(({ revenuePaise }) => revenuePaise === 0)).toBe(true);
    expect(money.totals).toEqual({
      revenuePaise: 3 * COMMISSION + fleetGross,
      gstPayablePaise: 2 * GST_PAISE + fleetBooking.taxPaise,
      tdsPayablePaise: 0,
      payoutsInTransitPaise: 0,
      ownersPendingPaise: OWNER_NET,
      ownersAvailablePaise: -COMMISSION,
    });
    expect(money.owners).toEqual({
      data: [
        { _id: earner.id, id: earner.id, username: earner.username, pendingPaise: OWNER_NET, availablePaise: 0 },
        { _id: pickupOwner.id, id: pickupOwner.id, username: pickupOwner.username, pendingPaise: 0, availablePaise: -COMMISSION },
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    });
    const searched = await getOk<AdminMoney>(app, `/api/admin/money?q=${pickupOwner.username.toUpperCase()}`, adminCookie);
    expect(searched.owners.data.map(({ username }) => username)).toEqual([pickupOwner.username]);
    expect(searched.totals).toEqual(money.totals);
  });

  it('finds every rupee taken in the ledger: each provider read whole, the owners’ balances their shares less payouts, every journal balanced', async () => {
    const books = await checkBooks();
    expect(books.differences).toEqual([]);
    expect(books.ok).toBe(true);
    const cardTaken = AMOUNT + fleetBooking.amountPaise;
    expect(books.providers).toEqual([
      {
        provider: 'stripe',
        status: 'checked',
        paymentsSeen: 3,
        takenPaise: cardTaken,
        ledgerPaise: cardTaken,
        settledPaise: null,
        bookingsNotChecked: 0,
      },
      {
        provider: 'razorpay',
        status: 'checked',
        paymentsSeen: 3,
        takenPaise: AMOUNT,
        ledgerPaise: AMOUNT,
        settledPaise: AMOUNT,
        bookingsNotChecked: 0,
      },
    ]);
    expect(books.owners).toEqual({
      owners: 2,
      balancesPaise: OWNER_NET - COMMISSION,
      accountsPaise: OWNER_NET - COMMISSION,
      expectedPaise: OWNER_NET - COMMISSION,
    });
    expect(books.journals.unbalanced).toBe(0);
    expect(books.journals.checked).toBeGreaterThanOrEqual(10);
    expect(books.differenceCount).toBe(0);
  });

  it('lists money a provider took that the ledger lacks, with its booking number, until the capture is posted', async () => {
    const held = await paidByUpi((await listCar(app, earner.cookie, 'Hyundai Creta', 200)).id);
    // Taken at Razorpay (its dashboard, or a capture whose answer never came back) with nothing posted.
    razorpayPaymentOf(held).status = 'captured';

    const books = await checkBooks();
    expect(books.ok).toBe(false);
    expect(books.differences).toEqual([
      {
        kind: 'missingInLedger',
        provider: 'razorpay',
        bookingNumber: held.number,
        expectedPaise: AMOUNT,
        ledgerPaise: 0,
        detail: `Razorpay took ₹814.20 for payment ${refOf(held)} (captured ₹814.20, refunded ₹0.00); the ledger received nothing for it.`,
      },
    ]);

    // Accepting takes what Razorpay already took (a capture it refuses as done is read back) and posts it.
    await accepted(earner.cookie, held);
    expect((await checkBooks()).ok).toBe(true);
  });

  it('lists a card payment that belongs to no booking', async () => {
    card.intents.set('pi_standin_orphan', {
      id: 'pi_standin_orphan',
      amount: 50_000,
      currency: 'inr',
      status: 'succeeded',
      bookingId: undefined,
      refunded: false,
      amountRefunded: 0,
      created: Math.floor(Date.now() / 1000),
    });
    try {
      const books = await checkBooks();
      expect(books.ok).toBe(false);
      expect(books.differences).toEqual([
        {
          kind: 'missingInLedger',
          provider: 'stripe',
          expectedPaise: 50_000,
          ledgerPaise: 0,
          detail: 'Stripe took ₹500.00 for payment pi_standin_orphan, which no booking holds.',
        },
      ]);
    } finally {
      card.intents.delete('pi_standin_orphan');
    }
  });

  it('lists a receipt the provider does not know of, and a refund the ledger missed', async () => {
    const [kept, keptByCard] = taken as [Booking, Booking];
    const payment = razorpayPaymentOf(kept);
    razorpay.payments.delete(payment.id);
    const intent = card.intents.get(refOf(keptByCard));
    if (!intent) throw new Error('the card provider lost its payment');
    intent.status = 'canceled';
    try {
      const books = await checkBooks();
      expect(books.differences).toEqual([
        {
          kind: 'amountsDiffer',
          provider: 'stripe',
          bookingNumber: keptByCard.number,
          expectedPaise: 0,
          ledgerPaise: AMOUNT,
          detail: `Stripe took ₹0.00 for payment ${intent.id} (captured ₹0.00, refunded ₹0.00); the ledger received ₹814.20.`,
        },
        {
          kind: 'missingAtProvider',
          provider: 'razorpay',
          bookingNumber: kept.number,
          expectedPaise: 0,
          ledgerPaise: AMOUNT,
          detail: `The ledger received ₹814.20 through Razorpay for payment ${payment.id}, which Razorpay does not list.`,
        },
      ]);
    } finally {
      razorpay.payments.set(payment.id, payment);
      intent.status = 'succeeded';
    }
  });

  it('lists each owner whose balance is not their shares less payouts, with the booking, until an adjustment puts it right', async () => {
    const [, keptByCard] = taken as [Booking, Booking];
    const moved = (key: string, paise: number) =>
      app.db.transaction((tx) =>
        postJournal(tx, {
          key,
          cause: 'adjustment',
          bookingId: keptByCard.id,
          memo: 'Share moved to the wrong owner',
          postedAt: app.clock.now(),
          entries: [
            { account: 'owner.available', ownerId: earner.id, amountPaise: paise },
            { account: 'owner.available', ownerId: pickupOwner.id, amountPaise: -paise },
          ],
        }),
      );
    // Balanced, so the database takes it; wrong, since neither owner earned or lost anything by it.
    await moved('adjustment:wrong-owner', 5_000);

    const books = await checkBooks();
    expect(books.ok).toBe(false);
    expect(books.differences).toEqual(
      expect.arrayContaining([
        {
          kind: 'ownerBalance',
          bookingNumber: keptByCard.number,
          ownerUsername: earner.username,
          expectedPaise: 0,
          ledgerPaise: -5_000,
          detail: `${earner.username}'s available balance from booking ${keptByCard.number} should be ₹0.00; the ledger holds -₹50.00.`,
        },
        {
          kind: 'ownerBalance',
          bookingNumber: keptByCard.number,
          ownerUsername: pickupOwner.username,
          expectedPaise: 0,
          ledgerPaise: 5_000,
          detail: `${pickupOwner.username}'s available balance from booking ${keptByCard.number} should be ₹0.00; the ledger holds ₹50.00.`,
        },
      ]),
    );
    expect(books.differenceCount).toBe(2);
    // The money moved between owners: in all, the platform owes them what it did.
    expect(books.owners.balancesPaise).toBe(books.owners.expectedPaise);
    expect(books.owners.accountsPaise).toBe(books.owners.balancesPaise);

    await moved('adjustment:wrong-owner-reversed', -5_000);
    expect(await checkBooks()).toMatchObject({ ok: true, differences: [] });
  });
});

describe('a provider out of reach', () => {
  it('is reported unavailable, and the books are not called right', async () => {
    const standIn = await startRazorpayStandIn();
    const refused = await buildTestApp({
      admin,
      razorpay: { keyId: standIn.keyId, keySecret: 'not-the-secret', webhookSecret: undefined, apiBase: new URL(standIn.url) },
    });
    try {
      const cookie = await signIn(refused, admin.email, admin.password);
      const response = await send(refused, 'GET', '/api/admin/money/reconciliation', cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Reconciliation>()).toMatchObject({
        ok: false,
        providers: [{ provider: 'razorpay', status: 'unavailable', paymentsSeen: 0, bookingsNotChecked: 0 }],
        differences: [],
      });
    } finally {
      await closeTestApp(refused);
      await standIn.close();
    }
  });
});
