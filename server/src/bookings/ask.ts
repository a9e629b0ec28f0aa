import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { toIndiaIso } from '#domain/india-time';
import type { z } from 'zod';
import type { NewBooking } from '#domain/schemas/bookings';
import type { GstConfig, LicenceRules } from '../config';
import { checkMayRequestBooking } from '../accounts/phone';
import { checkMayDrive } from '../licences/licences';
import type { Database } from '../db/client';
import type { AccountRow, BookingRow, CarRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import { CardNeedsAuthentication, paymentRequired, type PaymentProviders } from '../payments/provider';
import type { RazorpayPayments } from '../payments/razorpay';
import type { CardHold, StripePayments } from '../payments/stripe';
import {
  PAYMENT_NOT_VERIFIED,
  priceRequest,
  storeRazorpayRequest,
  storeRequest,
  type HeldMoney,
  type RequestTerms,
} from './requests';
import { providerError } from './words';
import { t } from '../i18n';

export const CARD_PAYMENTS_OFF = 'server.ask.cardPaymentsOff';
const RAZORPAY_OFF = 'server.ask.razorpayOff';
export const PAYMENT_REQUIRED = 'server.ask.paymentRequired';

export interface AskContext {
  db: Database;
  payments: PaymentProviders<StripePayments, RazorpayPayments>;
  gst: GstConfig | undefined;
  links: BookingLinks;
  log: FastifyBaseLogger;
  /** The renter's hourly quota of requests. */
  quotaPerHour: number;
  terms: RequestTerms;
  /** Whether a booking needs an approved driving licence (LICENCE_CHECK). */
  licences: Pick<LicenceRules, 'check'>;
}

/** The card's refusal for want of authentication, pointing to Razorpay's checkout only when this server offers it. */
function cardNeedsAuthentication(razorpayOn: boolean): HttpError {
  const message = t('server.ask.cardNeedsAuthentication', { razorpay: razorpayOn ? 'on' : 'off' });
  return new HttpError(402, message, {}, 'cardNeedsAuthentication');
}

/**
 * A renter's request for a car: priced by the server, and paid as the body says (a card held through
 * Stripe, a Razorpay checkout's authorization, or nothing), stored in one transaction under the car's lock.
 * Nothing is accepted only where no provider is on, or for a car its owner lets renters pay at pickup;
 * that refusal (402) comes after the overlap checks, so a duplicate is told it is one (409) first.
 * `existing` when the checkout's payment had already made the booking (its webhook came first).
 */
export async function askForBooking(
  ctx: AskContext,
  renter: AccountRow,
  body: z.output<typeof NewBooking>,
  requestedAt: Date,
): Promise<{ row: BookingRow; car: CarRow; existing: boolean }> {
  const { from, to, driver, paymentToken, razorpay: checkout } = body;
  await checkMayRequestBooking(ctx.db, renter);
  await checkMayDrive(ctx.db, ctx.licences, renter, to);
  const { car, price } = await priceRequest(ctx.db, body, ctx.gst, requestedAt);
  const request = {
    bookingId: randomUUID(),
    car,
    renterId: renter.id,
    period: { from, to },
    driver,
    price,
    requestedAt,
    quotaPerHour: ctx.quotaPerHour,
    links: ctx.links,
    terms: ctx.terms,
  };
  if (checkout) {
    const razorpay = ctx.payments.razorpay;
    if (!razorpay) throw new HttpError(400, t(RAZORPAY_OFF));
    if (!razorpay.checkoutIsGenuine(checkout.orderId, checkout.paymentId, checkout.signature)) {
      throw new HttpError(400, t(PAYMENT_NOT_VERIFIED));
    }
    // If the booking cannot be stored, the authorization is never captured, and Razorpay gives it back by itself.
    const { row, existing } = await storeRazorpayRequest(ctx.db, razorpay, { ...request, checkout });
    return { row, car, existing };
  }

  const stripe = ctx.payments.stripe;
  if (paymentToken && !stripe) throw new HttpError(400, t(CARD_PAYMENTS_OFF));
  let hold: CardHold | undefined;
  try {
    const row = await storeRequest(ctx.db, {
      ...request,
      async pay(): Promise<HeldMoney | undefined> {
        if (!paymentToken || !stripe) {
          if (paymentRequired(ctx.payments) && !car.payAtPickup) throw new HttpError(402, t(PAYMENT_REQUIRED));
          return undefined;
        }
        const { hours } = price;
        const description = `${car.carName}, ${hours} ${hours === 1 ? 'hour' : 'hours'} from ${toIndiaIso(from)}`;
        hold = await stripe
          .hold({ bookingId: request.bookingId, amountPaise: price.amountPaise, token: paymentToken, description })
          .catch((error: unknown) => {
            if (error instanceof CardNeedsAuthentication) throw cardNeedsAuthentication(ctx.payments.razorpay !== null);
            throw providerError(error, (reason) => t('server.ask.cardRefused', { reason }));
          });
        return { provider: 'stripe', method: 'card', ref: hold.ref };
      },
    });
    return { row, car, existing: false };
  } catch (error) {
    // Held, but the request was not stored: nothing may stay held for it.
    const held = hold as CardHold | undefined;
    if (held && stripe) {
      await stripe.release(held.ref).catch((releaseError: unknown) => {
        ctx.log.error({ bookingId: request.bookingId, err: releaseError }, 'release after a failed request refused');
      });
    }
    throw error;
  }
}
