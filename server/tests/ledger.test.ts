import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingReceipt, NewRazorpayOrder, OwnerCar, RazorpayOrder } from '#domain/contract';
import { bookings, ledgerEntries, ledgerJournals } from '../src/db/schema';
import { backfillLedger } from '../src/ledger/backfill';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';

const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };
const HOUR = 60 * 60 * 1000;

let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let renter: string;
let nextDay = 2;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp({
    gst: GST,
    razorpay: razorpayAt(razorpay),
  });
  renter = await registerAndSignIn(app, 'user');
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});

/** An owner of their own, with one car at ₹200 an hour. */
async function newOwner(extra: { payAtPickup?: boolean } = {}): Promise<{ cookie: string; id: string; car: OwnerCar }> {
  const cookie = await registerAndSignIn(app, 'owner');
  const car = await listCar(app, cookie, 'Mahindra XUV', 200, extra);
  return { cookie, id: await accountId(app, cookie), car };
}

/** 3 hours × (₹200 + ₹30 driver) = ₹690 and ₹124.20 GST: ₹814.20. */
function choice(car: OwnerCar): NewRazorpayOrder {
  const day = nextDay++;
  return { carName: car.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
}

async function paidRequest(car: OwnerCar): Promise<Booking> {
  const chosen = choice(car);
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  return requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
}

describe('the ledger', () => {
  it("posts a capture as the provider's receipt, the GST, the platform's fifth and the owner's pending rest, at the rate it stores", async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
    const accepted = await act(app, owner.cookie, booking.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(booking.rates).toBeUndefined();
    expect(accepted.json<Booking>().rates).toEqual({ commissionBps: 2000, tdsBps: 0 });
    expect(await journalsOf(app.db, booking.id)).toEqual({
      capture: {
        'received.razorpay': 81_420,
        'gst.payable': -12_420,
        'platform.revenue': -13_800,
        'owner.pending:owner': -55_200,
      },
    });
    expect(await storedBooking(app, booking.id)).toMatchObject({ commissionBps: 2000, tdsBps: 0 });
    expect(await balanceOf(app.db, owner.id)).toEqual({ ownerId: owner.id, pendingPaise: 55_200, availablePaise: 0 });
    expect(await unbalancedJournals(app.db)).toEqual([]);
  });

  it('makes the share available when the booking completes, the claim window after its period, once however often the sweep runs', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
    await act(app, owner.cookie, booking.id, 'accept');
    const ends = new Date(booking.to).getTime();
    await sweepAt(app, new Date(ends + 23 * HOUR));
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 55_200, availablePaise: 0 });
    await Promise.all([sweepAt(app, new Date(ends + 24 * HOUR)), sweepAt(app, new Date(ends + 24 * HOUR))]);
    await sweepAt(app, new Date(ends + 25 * HOUR));
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 55_200 });
    expect(Object.keys(await journalsOf(app.db, booking.id)).sort()).toEqual(['capture', 'release']);
  });

  it('reverses the owner’s share and the commission when the money is refunded, and numbers a credit note in its own series', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
    await act(app, owner.cookie, booking.id, 'accept');
    expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(200);
    const stored = await storedBooking(app, booking.id);
    expect(stored.paymentStatus).toBe('refunded');
    expect(stored.creditNoteNumber).toMatch(/^WCN\/\d{2}-\d{2}\/\d{5}$/);
    const receipt = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({ invoiceNumber: stored.invoiceNumber, creditNoteNumber: stored.creditNoteNumber });
    expect((await journalsOf(app.db, booking.id)).refund).toEqual({
      'received.razorpay': -81_420,
      'gst.payable': 12_420,
      'platform.revenue': 13_800,
      'owner.pending:owner': 55_200,
    });
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });
  });

  it('leaves an owner of a car paid at pickup owing the platform’s share, until the booking is called off', async () => {
    const owner = await newOwner({ payAtPickup: true });
    const chosen = choice(owner.car);
    const booking = await requestBooking(app, renter, chosen);
    await act(app, owner.cookie, booking.id, 'accept');
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: -13_800 });
    await act(app, renter, booking.id, 'cancel');
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 0, availablePaise: 0 });
    expect(Object.keys(await journalsOf(app.db, booking.id)).sort()).toEqual(['pickup-share', 'pickup-share-reversed']);
  });

  it('never re-splits a booking taken before the rate changed', async () => {
    const owner = await newOwner();
    const booking = await paidRequest(owner.car);
    await act(app, owner.cookie, booking.id, 'accept');
    app.money.rates = { commissionBps: 3000, tdsBps: 100 };
    try {
      const later = await paidRequest(owner.car);
      await act(app, owner.cookie, later.id, 'accept');
      expect((await journalsOf(app.db, later.id)).capture).toMatchObject({ 'platform.revenue': -20_700, 'tds.payable': -483 });
      await act(app, renter, booking.id, 'cancel');
      expect((await journalsOf(app.db, booking.id)).refund).toMatchObject({
        'platform.revenue': 13_800,
        'owner.pending:owner': 55_200,
      });
    } finally {
      app.money.rates = { commissionBps: 2000, tdsBps: 0 };
    }
  });
});

describe('the database', () => {
  it('refuses at commit a journal whose entries do not sum to zero, and one with a single entry', async () => {
    const post = (amounts: number[]) =>
      app.db
        .transaction(async (tx) => {
          const [journal] = await tx
            .insert(ledgerJournals)
            .values({ key: `test:${crypto.randomUUID()}`, cause: 'adjustment', memo: 'test', postedAt: new Date() })
            .returning({ id: ledgerJournals.id });
          if (!journal) throw new Error('no journal');
          for (const amountPaise of amounts)
            await tx.insert(ledgerEntries).values({ journalId: journal.id, account: 'bank', amountPaise });
        })
        .then(
          () => 'committed',
          (error: Error) => String(error.cause ?? error),
        );
    expect(await post([100, -99])).toMatch(/does not balance/);
    expect(await post([100])).toMatch(/does not balance/);
    expect(await post([])).toMatch(/has no entries/);
    expect(await post([100, -60, -40])).toBe('committed');
  });

  it('refuses to change or delete a journal or an entry', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      app.db.execute(statement).then(
        () => 'done',
        (error: Error) => String(error.cause ?? error),
      );
    expect(await refusal(sql`update ledger_entries set amount_paise = amount_paise * 2`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from ledger_entries`)).toMatch(/append-only/);
    expect(await refusal(sql`update ledger_journals set memo = 'changed'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from ledger_journals`)).toMatch(/append-only/);
  });
});

describe('the start-up backfill', () => {
  it('posts each booking taken before the ledger once, at no platform share, however many instances run it at once', async () => {
    const owner = await newOwner();
    const refunded = await paidRequest(owner.car);
    const taken = await paidRequest(owner.car);
    // Bookings as an earlier release left them: taken (one since refunded), with no rates and no journals.
    for (const { id } of [refunded, taken]) {
      await app.db
        .update(bookings)
        .set({ status: 'accepted', paymentStatus: 'captured', commissionBps: null })
        .where(eq(bookings.id, id));
    }
    await app.db.update(bookings).set({ status: 'cancelled', paymentStatus: 'refunded' }).where(eq(bookings.id, refunded.id));
    const now = app.clock.now();
    const posted = await Promise.all([backfillLedger(app.db, app.money, now), backfillLedger(app.db, app.money, now)]);
    expect(posted[0] + posted[1]).toBe(2);
    expect(await backfillLedger(app.db, app.money, now)).toBe(0);
    expect((await journalsOf(app.db, taken.id)).capture).toEqual({
      'received.razorpay': 81_420,
      'gst.payable': -12_420,
      'owner.pending:owner': -69_000,
    });
    expect(Object.keys(await journalsOf(app.db, refunded.id)).sort()).toEqual(['capture', 'refund']);
    expect(await balanceOf(app.db, owner.id)).toMatchObject({ pendingPaise: 69_000, availablePaise: 0 });
    expect(await storedBooking(app, taken.id)).toMatchObject({ commissionBps: 0, tdsBps: 0 });
    expect(await unbalancedJournals(app.db)).toEqual([]);
  });
});
