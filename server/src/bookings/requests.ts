import { and, eq, gt } from 'drizzle-orm';
import { completesAt, expiresAt } from '#domain/booking-states';
import { bookingTotal, type BookingTotal } from '#domain/booking-total';
import { bookingNumber } from '#domain/booking-number';
import { formatIndiaTime } from '#domain/india-time';
import { bookingPagePath } from '#domain/page-addresses';
import { periodProblems } from '#domain/booking-period';
import type { PaymentProvider } from '#domain/schemas/bookings';
import type { GstConfig, MoneyRules } from '../config';
import type { Database } from '../db/client';
import { acceptedBookingOverlaps, bookingOverlaps, findPublicCar, type Period, whyUnlisted } from '../cars/public-cars';
import { bookings, paymentOrders, type BookingRow, type CarRow } from '../db/schema';
import { checkWords } from '../http/check-words';
import { HttpError } from '../http/errors';
import { enforceQuota } from '../limits/quotas';
import type { BookingLinks } from '../mail/booking-mails';
import type { RazorpayPayments } from '../payments/razorpay';
import { expireDueRequests } from './process';
import { lockCar, recordStatus } from './status';
import { ALREADY_BOOKED, providerError } from './words';
import { t } from '../i18n';

/** What a booking is requested under and keeps: CLAIM_WINDOW_HOURS and the cancellation policy in force. */
export type RequestTerms = Pick<MoneyRules, 'cancellation' | 'claimWindowHours'>;

/** What making a booking request takes, shared by POST /api/bookings, Razorpay's orders and its webhook. */

export const NO_SUCH_CAR = 'server.requests.noSuchCar';
export const CAR_PAUSED = 'server.requests.carPaused';
export const CAR_DELISTED_ID = 'server.requests.carDelisted';
export const PAYMENT_NOT_VERIFIED = 'server.requests.paymentNotVerified';

/** The contract's period rules (the app's checkout checks the same): the first one broken is refused. */
export function checkPeriod({ from, to }: Period, now: Date): void {
  const [problem] = periodProblems(from, to, now);
  if (problem) throw new HttpError(400, checkWords(problem.message));
}

/**
 * The car, what the booking costs with GST, and the period checked. The car's state is not recorded
 * yet, so every car is taken to be in the seller's GST state: CGST and SGST, never IGST.
 */
export async function priceRequest(
  db: Database,
  choice: { carName: string; from: Date; to: Date; driver: boolean },
  gst: GstConfig | undefined,
  now: Date,
): Promise<{ car: CarRow; price: BookingTotal }> {
  const found = await findPublicCar(db, choice.carName);
  if (!found) {
    const why = await whyUnlisted(db, choice.carName);
    throw why === undefined
      ? new HttpError(404, t(NO_SUCH_CAR))
      : new HttpError(409, why === 'delisted' ? t(CAR_DELISTED_ID) : t(CAR_PAUSED));
  }
  const price = bookingTotal(
    choice.from,
    choice.to,
    found.car.price,
    choice.driver,
    gst ? { rateBps: gst.rateBps, intraState: true } : undefined,
  );
  checkPeriod(choice, now);
  return { car: found.car, price };
}

/** The renter's own open request that a new one would overlap, named so they can find (or cancel) it. */
function alreadyRequested(existing: Pick<BookingRow, 'id' | 'number' | 'startsAt' | 'endsAt'>): HttpError {
  const number = bookingNumber(existing.number);
  const from = formatIndiaTime(existing.startsAt);
  const to = formatIndiaTime(existing.endsAt);
  return new HttpError(409, t('server.requests.alreadyAsked', { number, from, to }), {}, undefined, {
    number,
    path: bookingPagePath(existing.id),
  });
}

/**
 * Refuses a request that overlaps an accepted booking of the car, or the renter's own open request for
 * it; one of theirs that is due to expire by `now` is not open any more, though the sweep may not have marked it yet.
 */
export async function checkRequestPossible(
  db: Database,
  carId: string,
  renterId: string,
  period: Period,
  now: Date,
): Promise<void> {
  const [clash] = await db.select({ id: bookings.id }).from(bookings).where(acceptedBookingOverlaps(carId, period)).limit(1);
  if (clash) throw new HttpError(409, t(ALREADY_BOOKED));
  const [own] = await db
    .select({ id: bookings.id, number: bookings.number, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(bookingOverlaps(carId, 'requested', period), eq(bookings.renterId, renterId), gt(bookings.expiresAt, now)))
    .orderBy(bookings.startsAt)
    .limit(1);
  if (own) throw alreadyRequested(own);
}

/**
 * What a request for `choice` would be refused for that is known before anything is paid: no such car,
 * a paused or delisted one, a bad period, an accepted booking or the renter's own open request in the
 * way. The same checks, in the same words, as the request itself; it reads, and writes nothing.
 */
export async function checkRequest(
  db: Database,
  renterId: string,
  choice: { carName: string; from: Date; to: Date; driver: boolean },
  gst: GstConfig | undefined,
  now: Date,
): Promise<{ car: CarRow; price: BookingTotal }> {
  const priced = await priceRequest(db, choice, gst, now);
  await checkRequestPossible(db, priced.car.id, renterId, { from: choice.from, to: choice.to }, now);
  return priced;
}

/** Money held for a request, and by whom. */
export interface HeldMoney {
  provider: PaymentProvider;
  method: string;
  ref: string;
}

export interface RequestToStore {
  bookingId: string;
  car: CarRow;
  renterId: string;
  period: Period;
  driver: boolean;
  price: BookingTotal;
  requestedAt: Date;
  /** The renter's hourly quota; none for a request Razorpay's webhook completes, which the renter has already paid for. */
  quotaPerHour: number | undefined;
  /** Where the mail telling the car's owner of the request links to. */
  links: BookingLinks;
  /**
   * The terms in force now, stored on the booking: the cancellation policy it is cancelled under, and
   * the claim window after which it completes.
   */
  terms: RequestTerms;
  /** Holds (or proves held) the money, once the request is known to be possible; undefined for an unpaid request. */
  pay(tx: Database): Promise<HeldMoney | undefined>;
  /** Runs after the booking is inserted, in its transaction. */
  stored?(tx: Database, row: BookingRow): Promise<void>;
}

/**
 * Stores a request in one transaction, under the renter's quota lock and then the car's (always in that
 * order, so the two never deadlock): two identical requests sent at once are checked one after the other.
 */
export function storeRequest(db: Database, request: RequestToStore): Promise<BookingRow> {
  const { bookingId, car, renterId, period, driver, price, requestedAt, links } = request;
  return db.transaction(async (tx) => {
    if (request.quotaPerHour !== undefined) {
      await enforceQuota(tx, 'bookingRequests', renterId, request.quotaPerHour, requestedAt);
    }
    // Delisted, paused or removed since the request was priced: seen here, under the lock the admin's or owner's change took too.
    const standing = await lockCar(tx, car.id);
    if (!standing || standing.archivedAt) throw new HttpError(404, t(NO_SUCH_CAR));
    if (standing.delisted) throw new HttpError(409, t(CAR_DELISTED_ID));
    if (standing.pausedAt) throw new HttpError(409, t(CAR_PAUSED));
    await expireDueRequests(tx, car.id, requestedAt, links);
    await checkRequestPossible(tx, car.id, renterId, period, requestedAt);

    // Paid only once the request can be made, so a refused request never holds money.
    const money = await request.pay(tx);
    const [inserted] = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        carId: car.id,
        renterId,
        startsAt: period.from,
        endsAt: period.to,
        hours: price.hours,
        driver,
        pricePerHour: car.price,
        total: price.total,
        taxPaise: price.taxPaise,
        taxLines: price.taxLines,
        amountPaise: price.amountPaise,
        paymentStatus: money ? 'held' : 'none',
        paymentProvider: money?.provider ?? null,
        paymentMethod: money?.method ?? null,
        paymentRef: money?.ref ?? null,
        expiresAt: expiresAt(period.from, requestedAt, money !== undefined),
        freeCancelHours: request.terms.cancellation.freeCancelHours,
        lateCancelRefundBps: request.terms.cancellation.lateRefundBps,
        completesAt: completesAt(period.to, request.terms.claimWindowHours),
        createdAt: requestedAt,
        updatedAt: requestedAt,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no booking');
    await recordStatus(tx, [{ bookingId: inserted.id, status: inserted.status, at: inserted.createdAt }], links);
    await request.stored?.(tx, inserted);
    return inserted;
  });
}

export interface RazorpayCheckout {
  orderId: string;
  paymentId: string;
}

/**
 * A request paid through Razorpay's checkout: the order must be the renter's own, not yet used, and
 * for exactly this car, period, driver and amount (400 otherwise); the payment must be authorized for
 * that order and amount (402 otherwise). The order's row is locked and marked used in the booking's
 * transaction, so the page and the webhook reporting the same payment make one booking between them.
 * `existing` is the booking a used order already made with this very payment (the other reporter won).
 */
export async function storeRazorpayRequest(
  db: Database,
  razorpay: RazorpayPayments,
  request: Omit<RequestToStore, 'pay' | 'stored'> & { checkout: RazorpayCheckout },
): Promise<{ row: BookingRow; existing: boolean }> {
  const { checkout, car, renterId, period, driver, price } = request;
  const orderFor = async (tx: Database) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderId, checkout.orderId)).for('update');
    if (!order || order.renterId !== renterId) throw new HttpError(400, t('server.requests.noSuchOrder'));
    return order;
  };
  const used = await db.transaction(async (tx) => {
    const order = await orderFor(tx);
    if (order.bookingId === null) return undefined;
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, order.bookingId));
    if (row?.paymentRef !== checkout.paymentId) throw new HttpError(400, t('server.requests.orderUsed'));
    return row;
  });
  if (used) return { row: used, existing: true };

  const row = await storeRequest(db, {
    ...request,
    async pay(tx) {
      const order = await orderFor(tx);
      if (order.bookingId !== null) throw new HttpError(400, t('server.requests.orderUsed'));
      const same =
        order.carId === car.id &&
        order.startsAt.getTime() === period.from.getTime() &&
        order.endsAt.getTime() === period.to.getTime() &&
        order.driver === driver &&
        order.amountPaise === price.amountPaise;
      if (!same) {
        throw new HttpError(400, t('server.requests.orderMismatch'));
      }
      const payment = await razorpay.fetchPayment(checkout.paymentId).catch((error: unknown) => {
        throw providerError(error, (reason) => t('server.requests.paymentRefused', { reason }));
      });
      if (payment.status !== 'authorized' || payment.order_id !== order.orderId || payment.amount !== order.amountPaise) {
        throw new HttpError(402, t('server.requests.notAuthorized', { status: payment.status }));
      }
      return { provider: 'razorpay', method: payment.method ?? 'upi', ref: payment.id };
    },
    async stored(tx, inserted) {
      await tx.update(paymentOrders).set({ bookingId: inserted.id }).where(eq(paymentOrders.orderId, checkout.orderId));
    },
  });
  return { row, existing: false };
}
