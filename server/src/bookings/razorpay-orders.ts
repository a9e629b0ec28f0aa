import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { toIndiaIso } from '#domain/india-time';
import type { NewRazorpayOrder, RazorpayOrder } from '#domain/schemas/bookings';
import type { GstConfig, LicenceRules } from '../config';
import { checkMayRequestBooking } from '../accounts/phone';
import { checkMayDrive } from '../licences/licences';
import type { Database } from '../db/client';
import { paymentOrders, type AccountRow, type BookingRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import type { RazorpayPayments } from '../payments/razorpay';
import type { RazorpayPayment } from '../payments/razorpay-api';
import { checkRequest, priceRequest, type RequestTerms, storeRazorpayRequest } from './requests';
import { providerError } from './words';
import { t } from '../i18n';

// A request paid through Razorpay: the order opened before the checkout, and the booking its webhook
// makes when the renter's page closed before it could report the payment.

export interface RazorpayContext {
  db: Database;
  razorpay: RazorpayPayments;
  gst: GstConfig | undefined;
  links: BookingLinks;
  terms: RequestTerms;
  /** What follows a request the webhook made: instant booking's accept (./instant). */
  afterRequest?: (request: BookingRow) => Promise<unknown>;
  /** Whether a booking needs an approved driving licence (LICENCE_CHECK). */
  licences: Pick<LicenceRules, 'check'>;
}

/**
 * Prices the booking as a request would and opens a Razorpay order for exactly that amount, refused
 * first when the request could not be made, so nobody pays for a booking that cannot happen.
 */
export async function openRazorpayOrder(
  { db, razorpay, gst, licences }: RazorpayContext,
  renter: AccountRow,
  body: z.output<typeof NewRazorpayOrder>,
  now: Date,
): Promise<z.input<typeof RazorpayOrder>> {
  const { from, to, driver } = body;
  await checkMayRequestBooking(db, renter);
  await checkMayDrive(db, licences, renter, to);
  const { car, price } = await checkRequest(db, renter.id, body, gst, now);
  const order = await razorpay
    .createOrder({
      amountPaise: price.amountPaise,
      receipt: randomUUID(),
      notes: {
        carId: car.id,
        carName: car.carName,
        from: toIndiaIso(from),
        to: toIndiaIso(to),
        driver: String(driver),
        renterId: renter.id,
      },
    })
    .catch((error: unknown) => {
      throw providerError(error, (reason) => t('server.razorpayOrders.refused', { reason }));
    });
  await db.insert(paymentOrders).values({
    orderId: order.id,
    renterId: renter.id,
    carId: car.id,
    startsAt: from,
    endsAt: to,
    driver,
    amountPaise: price.amountPaise,
    createdAt: now,
  });
  return { orderId: order.id, keyId: razorpay.keyId, amountPaise: price.amountPaise, currency: 'INR' };
}

export type WebhookOutcome = 'booked' | 'already booked' | 'ignored' | 'not bookable';

/** Makes the booking an authorized payment's order was opened for, unless one was made already or it can no longer be. */
export async function bookAuthorizedPayment(
  ctx: RazorpayContext,
  payment: Pick<RazorpayPayment, 'id' | 'order_id'>,
  now: Date,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  if (!payment.order_id) return 'ignored';
  const [order] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, payment.order_id));
  if (!order) return 'ignored';
  if (order.bookingId !== null) return 'already booked';
  const period = { from: order.startsAt, to: order.endsAt };
  try {
    const { car, price } = await priceRequest(ctx.db, { carName: order.carId, ...period, driver: order.driver }, ctx.gst, now);
    const { row, existing } = await storeRazorpayRequest(ctx.db, ctx.razorpay, {
      bookingId: randomUUID(),
      car,
      renterId: order.renterId,
      period,
      driver: order.driver,
      price,
      requestedAt: now,
      quotaPerHour: undefined,
      links: ctx.links,
      terms: ctx.terms,
      checkout: { orderId: order.orderId, paymentId: payment.id },
    });
    if (existing) return 'already booked';
    await ctx.afterRequest?.(row);
    return 'booked';
  } catch (error) {
    // The booking cannot be made (taken meanwhile, its period begun): the authorization is never captured, so Razorpay gives it back.
    if (error instanceof HttpError && error.statusCode < 500) {
      log.warn({ orderId: order.orderId, reason: error.message }, 'webhook payment could not become a booking');
      return 'not bookable';
    }
    throw error;
  }
}
