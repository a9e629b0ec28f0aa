import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingReceipt, NewRazorpayOrder, OwnerCar, PublicConfig, RazorpayOrder } from '#domain/contract';
import { bookings } from '../src/db/schema';
import { nextInvoiceNumber } from '../src/ledger/tax-documents';
import { startRazorpayStandIn, type RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, razorpayAt, requestBooking, send } from './marketplace-helpers';

const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };

let razorpay: RazorpayStandIn;
let app: FastifyInstance;
let renter: string;
let owner: string;
let car: OwnerCar;
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp({
    gst: GST,
    razorpay: razorpayAt(razorpay),
  });
  [renter, owner] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'owner')]);
  // Paid at pickup, so an unpaid request shows the tax as the checkout would charge it.
  car = await listCar(app, owner, 'Mahindra XUV', 200, { payAtPickup: true });
});
afterAll(async () => {
  await closeTestApp(app);
  await razorpay.close();
});

/** 3 hours × (₹200 + ₹30 driver) = ₹690, with 9 % CGST and 9 % SGST of ₹62.10 each. */
function choice(day = freshDay()): NewRazorpayOrder {
  return { carName: car.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '13:00'), driver: true };
}
const TAXED = {
  total: 690,
  taxPaise: 12_420,
  taxLines: [
    { name: 'CGST', rateBps: 900, paise: 6210 },
    { name: 'SGST', rateBps: 900, paise: 6210 },
  ],
  amountPaise: 81_420,
};

/** The accepted booking as the owner sees it, and the payment's reference the renter was shown. */
async function paidAndAccepted(): Promise<Booking & { ref: string }> {
  const chosen = choice();
  const order = (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();
  const paid = razorpay.authorize(order.orderId);
  const booking = await requestBooking(app, renter, {
    ...chosen,
    razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
  });
  const accepted = await act(app, owner, booking.id, 'accept');
  expect(accepted.statusCode).toBe(200);
  return { ...accepted.json<Booking>(), ref: booking.payment.ref ?? '' };
}

describe('GST on bookings', () => {
  it('is published by GET /api/config', async () => {
    expect((await send(app, 'GET', '/api/config')).json<PublicConfig>().gst).toEqual(GST);
  });

  it('is added to an unpaid request (pay at pickup) as CGST and SGST (every car is taken to be in the seller’s state)', async () => {
    const booking = await requestBooking(app, renter, choice());
    expect(booking).toMatchObject({ ...TAXED, payment: { status: 'none', amountPaise: 81_420 } });
    expect(booking.invoiceNumber).toBeUndefined();
  });

  it('prices the Razorpay order with the tax', async () => {
    const response = await send(app, 'POST', '/api/payments/razorpay/orders', renter, choice());
    expect(response.json<RazorpayOrder>().amountPaise).toBe(81_420);
  });

  it('captures the taxed amount and numbers the invoice at capture, consecutively, and the receipt names the seller', async () => {
    const first = await paidAndAccepted();
    const second = await paidAndAccepted();
    expect(first).toMatchObject({ ...TAXED, payment: { status: 'captured' } });
    expect(razorpay.payments.get(first.ref)).toMatchObject({ status: 'captured', amount: 81_420 });
    const pattern = /^WOW\/\d{2}-\d{2}\/(\d{5})$/;
    const [, a] = pattern.exec(first.invoiceNumber ?? '') ?? [];
    const [, b] = pattern.exec(second.invoiceNumber ?? '') ?? [];
    expect(Number(b)).toBe(Number(a) + 1);
    const receipt = (await send(app, 'GET', `/api/bookings/${first.id}`, renter)).json<BookingReceipt>();
    expect(receipt).toMatchObject({
      invoiceNumber: first.invoiceNumber,
      seller: { name: 'WheelsOnWeb', gstin: GST.gstin, state: GST.state },
      ...TAXED,
    });
  });

  it('keeps the amount_paise CHECK: total × 100 + tax', async () => {
    const booking = await requestBooking(app, renter, choice());
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.amountPaise).toBe((row?.total ?? 0) * 100 + (row?.taxPaise ?? 0));
    const refused = await app.db.execute(sql`update bookings set tax_paise = tax_paise + 1 where id = ${booking.id}`).then(
      () => undefined,
      (error: Error) => error.cause,
    );
    expect(String(refused)).toMatch(/bookings_check/);
  });
});

describe('invoice numbers', () => {
  it('are consecutive within a financial year and start again at 1 in the next (April, India time)', async () => {
    const number = (at: string) => app.db.transaction((tx) => nextInvoiceNumber(tx, new Date(at)));
    expect(await number('2031-03-31T23:59:00+05:30')).toBe('WOW/30-31/00001');
    expect(await number('2030-04-01T00:00:00+05:30')).toBe('WOW/30-31/00002');
    // 1 April 00:10 in India is still 31 March in UTC.
    expect(await number('2031-04-01T00:10:00+05:30')).toBe('WOW/31-32/00001');
    expect(await number('2031-05-01T10:00:00+05:30')).toBe('WOW/31-32/00002');
  });

  it('are not given without GST, where the receipt is no tax invoice', async () => {
    const plain = await buildTestApp({
      razorpay: razorpayAt(razorpay),
    });
    try {
      const [who, keeper] = await Promise.all([registerAndSignIn(plain, 'user'), registerAndSignIn(plain, 'owner')]);
      const theCar = await listCar(plain, keeper, 'Hyundai Creta', 200);
      const chosen = { ...choice(), carName: theCar.id };
      const order = (await send(plain, 'POST', '/api/payments/razorpay/orders', who, chosen)).json<RazorpayOrder>();
      expect(order.amountPaise).toBe(69_000);
      const paid = razorpay.authorize(order.orderId);
      const booking = await requestBooking(plain, who, {
        ...chosen,
        razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
      });
      const accepted = (await act(plain, keeper, booking.id, 'accept')).json<Booking>();
      expect(accepted).toMatchObject({ taxPaise: 0, taxLines: [], payment: { status: 'captured' } });
      expect(accepted.invoiceNumber).toBeUndefined();
      const receipt = (await send(plain, 'GET', `/api/bookings/${booking.id}`, who)).json<BookingReceipt>();
      expect(receipt.seller).toBeUndefined();
    } finally {
      await closeTestApp(plain);
    }
  });
});
