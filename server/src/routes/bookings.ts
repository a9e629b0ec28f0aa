import { and, count, desc, eq, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActionsAt,
  adminActorFor,
  allowedActions,
  BOOKING_TRANSITIONS,
  EXPIRY,
  isPastDeadline,
  transitionOf,
  type BookingActor,
} from '#domain/booking-states';
import { bookingNumber } from '#domain/booking-number';
import { toIndiaIso } from '#domain/india-time';
import { financialYearOf, invoiceNumber } from '#domain/tax-invoice';
import { REASON_REQUIRED } from '#domain/schemas/admin';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import {
  Booking,
  BookingIdParams,
  BookingListQuery,
  BookingReceipt,
  CLOSED_STATUSES,
  NewBooking,
  type BookingAction,
  type BookingStatus,
  type BookingWhen,
  type Contact,
} from '#domain/schemas/bookings';
import type { Review } from '#domain/schemas/reviews';
import { toBooking } from '../contract-shapes';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { acceptedBookingOverlaps, bookingOverlaps } from '../cars/public-cars';
import { joinedReview, reviewAuthors, reviewsOfBookings } from '../reviews/views';
import type { GstConfig, SupportContact } from '../config';
import {
  accounts,
  bookingEvents,
  bookings,
  cars,
  invoiceSequences,
  reviews,
  type AccountRow,
  type BookingRow,
  type CarRow,
} from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import type { BookingLinks } from '../mail/booking-mails';
import type { HeldPayments, PaymentProviders } from '../payments/provider';
import type { CardHold } from '../payments/stripe';
import { settlePayments } from '../payments/settle-payments';
import { HttpError } from '../http/errors';
import {
  ALREADY_BOOKED,
  CAR_DELISTED,
  CAR_PAUSED,
  PAYMENT_NOT_VERIFIED,
  priceRequest,
  providerError,
  storeRazorpayRequest,
  storeRequest,
  type HeldMoney,
} from '../bookings/requests';
import { asOf, expireDueRequests, hasStatusAt, lockCar, recordStatus } from '../bookings/status';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { runInRounds } from '../plugins/rounds';

const NO_SUCH_BOOKING = 'There is no such booking among yours.';
/** An admin sees every booking, so the console's 404 can only mean the id is unknown. */
export const NO_BOOKING_HAS_ID = 'No booking has this id.';
export const OWNERS_TO_ANSWER =
  "This is a request for an owner's listed car: its owner accepts or declines it, not an admin. An admin may only cancel it.";
const OVERTAKEN = 'Another request for this period was accepted.';
const CARD_PAYMENTS_OFF = 'Card payments are not taken on this server: send the request without paying by card.';
const RAZORPAY_OFF = 'Razorpay payments are not taken on this server: send the request without paying through Razorpay.';
const TAGS = ['bookings'];
/** Who a renter of a fleet car reaches: the platform, at SUPPORT_PHONE and SUPPORT_EMAIL. */
const SUPPORT_NAME = 'WheelsOnWeb support';
/** Who issues the tax invoice. */
const SELLER_NAME = 'WheelsOnWeb';

/**
 * The periodic sweep: stores `expired` on every request whose period has begun, one car at a time under
 * its lock (as every step is), so the sweep and the steps never lock the same bookings in opposite orders.
 * Sweeps of several instances wait on each car's lock in turn, and the later ones find its requests
 * expired already: each is expired, told of and its money let go by one sweep. Answers the ones it expired.
 */
export async function sweepExpiredRequests(db: Database, now: Date, links: BookingLinks): Promise<string[]> {
  const due = await db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(and(eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  const expired: string[] = [];
  for (const { carId } of due) {
    await db.transaction(async (tx) => {
      await lockCar(tx, carId);
      expired.push(...(await expireDueRequests(tx, carId, now, links)));
    });
  }
  return expired;
}

/** The sweep with the money it frees: holds of the requests it expired, and any settlement a step left undone. */
export async function sweepBookings(
  db: Database,
  payments: PaymentProviders,
  log: FastifyBaseLogger,
  now: Date,
  links: BookingLinks,
) {
  await settlePayments(db, payments, log, await sweepExpiredRequests(db, now, links));
  await settlePayments(db, payments, log);
}

/** How often the sweep runs; reads apply expiry themselves, so this only keeps stored statuses close to the truth. */
const SWEEP_INTERVAL_MS = 60 * 1000;

/** Any of `statuses`, each as it stands at `now`. */
function hasAnyStatusAt(statuses: readonly BookingStatus[], now: Date): SQL | undefined {
  return or(...statuses.map((status) => hasStatusAt(status, now)));
}

/** A booking is upcoming until its period has ended; it is over once it has, or once it can no longer take place. */
function isWhen(when: BookingWhen, now: Date): SQL | undefined {
  switch (when) {
    case 'upcoming':
      return gt(bookings.endsAt, now);
    case 'past':
      return lte(bookings.endsAt, now);
    case 'over':
      return or(lte(bookings.endsAt, now), hasAnyStatusAt(CLOSED_STATUSES, now));
  }
}

interface BookingView {
  booking: BookingRow;
  car: Pick<CarRow, 'id' | 'kind' | 'carName' | 'city' | 'pickupArea' | 'ownerId'>;
  renter: Pick<AccountRow, 'id' | 'username'>;
}

/** What answers show of a booking's car and renter, and the car's owner, who decides who answers for it. */
const viewColumns = {
  booking: bookings,
  car: {
    id: cars.id,
    kind: cars.kind,
    carName: cars.carName,
    city: cars.city,
    pickupArea: cars.pickupArea,
    ownerId: cars.ownerId,
  },
  renter: { id: accounts.id, username: accounts.username },
};

/** Bookings with what their answers show of the car and the renter. */
function bookingViews(db: Database) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId));
}

const acceptedOther = alias(bookings, 'accepted_other');
/**
 * The number of an accepted booking of the same car whose period overlaps the listed one's, if any:
 * a subquery of the list's own query (the exclusion constraint's index finds it), not one query a row.
 */
function overlappingAcceptedNumber(db: Database): SQL<number | null> {
  const overlapping = db
    .select({ number: acceptedOther.number })
    .from(acceptedOther)
    .where(
      and(
        eq(acceptedOther.carId, bookings.carId),
        eq(acceptedOther.status, 'accepted'),
        sql`${acceptedOther.period} && ${bookings.period}`,
      ),
    )
    .orderBy(acceptedOther.startsAt)
    .limit(1);
  return sql<number | null>`(${overlapping})`.mapWith(acceptedOther.number);
}

/**
 * A renter sees their own bookings, an owner the requests for their cars, an admin every booking.
 * Written over the bookings table alone, so counting them needs no join with their cars.
 */
function visibleTo(db: Database, account: AccountRow): SQL | undefined {
  switch (account.role) {
    case 'admin':
      return undefined;
    case 'owner':
      // An array the subquery builds once (an InitPlan), not a join for the planner to weigh: the
      // bookings are then looked up by car in bookings_car_idx.
      return sql`${bookings.carId} = any(array(${db.select({ id: cars.id }).from(cars).where(eq(cars.ownerId, account.id))}))`;
    case 'user':
      return eq(bookings.renterId, account.id);
  }
}

/**
 * One page of the bookings `account` may see under the filters, newest first, each with what its
 * answer shows and its review, and the whole list's size; unrun: what GET /api/bookings runs, and
 * what a test asks PostgreSQL to explain. One round trip: the size is a subquery PostgreSQL runs
 * once (an InitPlan), so the page is still read off the index and cut short.
 */
export function bookingListQueries(
  db: Database,
  account: AccountRow,
  { status, when }: Pick<BookingListQuery, 'status' | 'when'>,
  window: { limit: number; offset: number },
  now: Date,
) {
  const where = and(
    visibleTo(db, account),
    status === undefined ? undefined : hasAnyStatusAt(status, now),
    when === undefined ? undefined : isWhen(when, now),
  );
  const counted = db.select({ total: count() }).from(bookings).where(where);
  const page = db
    .select({
      ...viewColumns,
      renterPhone: accounts.phoneNumber,
      overlapsAccepted: overlappingAcceptedNumber(db),
      review: reviews,
      reviewAuthor: reviewAuthors.username,
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(reviewAuthors, eq(reviewAuthors.id, reviews.renterId))
    // Said again of the joined car, so an owner's few cars are found through cars_owner_idx rather
    // than every car hashed.
    .where(account.role === 'owner' ? and(where, eq(cars.ownerId, account.id)) : where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(window.limit)
    .offset(window.offset);
  return { page, counted };
}

/**
 * When the first of the bookings `account` may see changes by the clock alone, after `now`: a request
 * turning expired, a period ending (it leaves `upcoming`). Null when none will. Until then, a list
 * of them reads the same unless the database changes.
 */
async function nextTurnOf(db: Database, account: AccountRow, now: Date): Promise<Date | null> {
  const expiring = and(eq(bookings.status, EXPIRY.from), gt(bookings.expiresAt, now));
  const [row] = await db
    .select({
      at: sql<Date | null>`least(
        min(${bookings.expiresAt}) filter (where ${expiring}),
        min(${bookings.endsAt}) filter (where ${gt(bookings.endsAt, now)})
      )`.mapWith(bookings.endsAt),
    })
    .from(bookings)
    .where(visibleTo(db, account));
  return row?.at ?? null;
}

/** The renter who asked, or whoever answers for the car: its owner, or an admin for a fleet car. */
function actorFor(account: AccountRow, { booking, car }: BookingView): BookingActor | undefined {
  if (booking.renterId === account.id) return 'renter';
  const keepsCar = car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
  return keepsCar ? 'carKeeper' : undefined;
}

/** Whoever answers for the car, or an admin: who may see the renter's contact once accepted, and what stands in a request's way. */
function onCarsSide(account: AccountRow, view: BookingView): boolean {
  return actorFor(account, view) === 'carKeeper' || account.role === 'admin';
}

/** The provider's payment reference is for the renter and admins; an owner sees where the money stands. */
function showsPaymentRef(account: AccountRow): boolean {
  return account.role !== 'owner';
}

/**
 * Who to call about an accepted booking: the renter sees who answers for the car (its owner, or the
 * platform's support for a fleet car), whoever answers for the car sees the renter, an admin both.
 */
async function contactsFor(db: Database, view: BookingView, account: AccountRow, support: SupportContact) {
  const who = actorFor(account, view);
  const seesKeeper = who === 'renter' || account.role === 'admin';
  const seesRenter = onCarsSide(account, view);
  const accountContact = async (accountId: string, withEmail: boolean): Promise<Contact | undefined> => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!row) return undefined;
    return {
      name: row.username,
      ...(row.phoneNumber ? { phone: row.phoneNumber } : {}),
      ...(withEmail ? { email: row.email } : {}),
    };
  };
  const carKeeper = !seesKeeper
    ? undefined
    : view.car.ownerId
      ? await accountContact(view.car.ownerId, false)
      : { name: SUPPORT_NAME, ...support };
  const renter = seesRenter ? await accountContact(view.booking.renterId, true) : undefined;
  return { ...(carKeeper ? { carKeeper } : {}), ...(renter ? { renter } : {}) };
}

/** The booking with its renter's review, when it has one. */
export function withReview<T extends Booking>(booking: T, reviewOf: Map<string, Review>): T {
  const review = reviewOf.get(booking.id);
  return review ? { ...booking, review } : booking;
}

function refusal(status: BookingStatus, possible: readonly BookingAction[]): string {
  const next = possible.length > 0 ? `you can only ${possible.join(' or ')} it` : 'you cannot change it any more';
  return `This booking is ${status}: ${next}.`;
}

/** Who takes a step, and through which door. */
export type StepTaker =
  /** `/api/bookings`: the renter who asked, or whoever answers for the car (an admin, for the fleet's). */
  | { via: 'party'; account: AccountRow }
  /** The admin console: an admin over any booking, with the reason the console asks for (a cancellation's is required). */
  | { via: 'console'; account: AccountRow; reason: string | undefined };

/** Whom the taker acts as on the booking: refused with 404 where a party has nothing to do with it, 409 where the console may not answer. */
function actorOf(taker: StepTaker, view: BookingView, action: BookingAction): BookingActor {
  if (taker.via === 'party') {
    const who = actorFor(taker.account, view);
    if (!who) throw new HttpError(404, NO_SUCH_BOOKING);
    return who;
  }
  const who = adminActorFor(action, view.car.kind);
  if (!who) throw new HttpError(409, OWNERS_TO_ANSWER);
  return who;
}

interface StepContext {
  db: Database;
  payments: PaymentProviders;
  gst: GstConfig | undefined;
  log: FastifyBaseLogger;
  links: BookingLinks;
}

/**
 * The next tax invoice number of the financial year `at` falls in, counted under the sequence row's
 * lock in the capture's transaction, so numbers are consecutive and a rolled-back accept gives its number back.
 */
export async function nextInvoiceNumber(tx: Database, at: Date): Promise<string> {
  const year = financialYearOf(at);
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.financialYear, set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  if (!row) throw new Error('the invoice sequence returned no number');
  return invoiceNumber(year, row.lastNumber);
}

/**
 * One step of the booking state machine, in one transaction under the car's lock, so two owners'
 * clicks (or one owner's twenty) are taken one after the other and accepting re-checks the overlap
 * after the previous accept has committed. Accepting declines the car's other requests that overlap,
 * in the same transaction, so no request is left open that could never be accepted. The exclusion
 * constraint stays the last word: its refusal is the same 409.
 *
 * Accepting a request with money held takes the money last, once the status is written (and the
 * constraint has had its say), so a refused capture refuses the accept and leaves it requested.
 * Holds let go and money given back (decline, cancel, the requests an accept overtook) move after
 * the commit, never under the lock.
 *
 * A step an admin takes, through the console or as the fleet's keeper on `/api/bookings`, writes its
 * audit row in the same transaction, so the log holds exactly the steps that happened.
 */
export async function takeStep(
  { db, payments, gst, log, links }: StepContext,
  bookingId: string,
  action: BookingAction,
  taker: StepTaker,
): Promise<Booking> {
  const { account } = taker;
  const notFound = taker.via === 'console' ? NO_BOOKING_HAS_ID : NO_SUCH_BOOKING;
  let captured: { ref: string; by: HeldPayments } | undefined;
  let step: { view: BookingView; touched: string[] };
  try {
    step = await db.transaction(async (tx) => {
      const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
      if (!target) throw new HttpError(404, notFound);
      const now = new Date();
      await lockCar(tx, target.carId);
      const expired = await expireDueRequests(tx, target.carId, now, links);
      const [view] = await bookingViews(tx).where(eq(bookings.id, bookingId)).for('update', { of: bookings });
      if (!view) throw new HttpError(404, notFound);
      const who = actorOf(taker, view, action);

      const { booking, car } = view;
      const period = { from: booking.startsAt, to: booking.endsAt };
      const transition = transitionOf(booking.status, action, who);
      if (!transition) {
        const possible =
          taker.via === 'console' ? adminActionsAt(booking.status, car.kind, period, now) : allowedActions(booking.status, who);
        throw new HttpError(409, refusal(booking.status, possible));
      }
      if (isPastDeadline(transition, period, now)) {
        const reached = transition.until === 'start' ? 'begun' : 'ended';
        throw new HttpError(
          409,
          `This booking is ${booking.status} and its period has ${reached}: it can no longer be ${transition.to}.`,
        );
      }
      const status = transition.to;
      const reason = taker.via === 'console' ? taker.reason : undefined;
      // The stored reason is what tells the renter, the owner and their badges that the cancellation was an admin's.
      if (who === 'admin' && !reason) throw new HttpError(400, REASON_REQUIRED);
      const takesMoney = status === 'accepted' && booking.paymentStatus === 'held' && booking.paymentRef !== null;
      const holder = booking.paymentProvider ? payments.provider(booking.paymentProvider) : null;
      if (takesMoney && !holder) {
        throw new HttpError(
          503,
          'The payment provider holding the money for this request is off on this server, so the money cannot be taken yet.',
        );
      }
      // A tax invoice only where the booking was taxed and the seller's registration is known.
      const invoice = takesMoney && gst && booking.taxLines.length > 0 ? await nextInvoiceNumber(tx, now) : undefined;
      if (status === 'accepted') {
        const period = { from: booking.startsAt, to: booking.endsAt };
        const [clash] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(acceptedBookingOverlaps(car.id, period))
          .limit(1);
        if (clash) throw new HttpError(409, ALREADY_BOOKED);
      }
      await tx
        .update(bookings)
        .set({
          status,
          updatedAt: now,
          ...(who === 'admin' ? { cancelReason: reason } : {}),
          ...(takesMoney ? { paymentStatus: 'captured' as const } : {}),
          ...(invoice ? { invoiceNumber: invoice } : {}),
        })
        .where(eq(bookings.id, booking.id));
      await recordStatus(tx, [{ bookingId: booking.id, status, at: now }], links);
      if (account.role === 'admin') {
        // Money held is taken here; letting it go or giving it back happens after the commit, so the
        // row shows the payment only where this transaction changed it.
        await recordAdminAction(tx, {
          adminId: account.id,
          action: `booking.${action}`,
          objectType: 'booking',
          objectId: booking.id,
          reason,
          before: { status: booking.status, ...(takesMoney ? { paymentStatus: booking.paymentStatus } : {}) },
          after: { status, ...(takesMoney ? { paymentStatus: 'captured' } : {}) },
        });
      }
      const touched = [booking.id, ...expired];
      if (status === 'accepted') {
        const overtaken = await tx
          .update(bookings)
          .set({ status: 'declined', declineReason: OVERTAKEN, updatedAt: now })
          .where(
            and(
              bookingOverlaps(car.id, 'requested', { from: booking.startsAt, to: booking.endsAt }),
              ne(bookings.id, booking.id),
            ),
          )
          .returning({ bookingId: bookings.id });
        await recordStatus(
          tx,
          overtaken.map(({ bookingId }) => ({ bookingId, status: 'declined' as const, at: now })),
          links,
        );
        touched.push(...overtaken.map(({ bookingId }) => bookingId));
      }
      if (takesMoney && holder && booking.paymentRef) {
        const ref = booking.paymentRef;
        const what = booking.paymentProvider === 'stripe' ? 'card payment' : 'payment';
        await holder.capture(ref, booking.amountPaise).catch((error: unknown) => {
          throw providerError(error, (reason) => `The renter's ${what} could not be taken: ${reason} The request stays open.`);
        });
        captured = { ref, by: holder };
      }
      return { view, touched };
    });
  } catch (error) {
    // Taken, but the accept did not commit: the money goes back, as nothing was accepted.
    if (captured) {
      await captured.by.refund(captured.ref).catch((refundError: unknown) => {
        log.error({ bookingId, err: refundError }, 'refund after a failed accept refused');
      });
    }
    if (isExclusionViolation(error)) throw new HttpError(409, ALREADY_BOOKED);
    throw error;
  }
  await settlePayments(db, payments, log, step.touched);
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error('the booking left during its step');
  return toBooking(row, step.view, showsPaymentRef(account));
}

/** The steps the state machine knows, each on its own path. */
const ACTIONS: readonly BookingAction[] = [...new Set(BOOKING_TRANSITIONS.map((transition) => transition.action))];

/** What each step's path says about it in the document. */
const STEP_SUMMARIES: Record<BookingAction, string> = {
  accept: "Accept a request (the car's owner; an admin for a fleet car)",
  decline: "Decline a request (the car's owner; an admin for a fleet car)",
  cancel: 'Cancel a request or an accepted booking before it begins (the renter who made it)',
};

export const bookingRoutes: FastifyPluginAsyncZod<{
  support: SupportContact;
  gst: GstConfig | undefined;
  links: BookingLinks;
}> = async (app, { support, gst, links }) => {
  const stopSweeping = runInRounds(app, 'expiry sweep', SWEEP_INTERVAL_MS, () =>
    sweepBookings(app.db, app.payments, app.log, new Date(), links),
  );
  app.addHook('onClose', stopSweeping);

  app.post(
    '/api/bookings',
    {
      onRequest: app.requireRole('user'),
      schema: {
        tags: TAGS,
        summary: 'Ask to rent a car for a period',
        description:
          "The server computes `hours` (whole hours, rounded down), `total` and `amountPaise`; prices are never read from the client. `carName` may also be a car's id. With card payments on (`GET /api/config`), a `paymentToken` has `amountPaise` held on the card (`payment.status` `held`); it is taken when the request is accepted and let go when it is declined, cancelled or expires. With Razorpay on, `razorpay` carries the checkout's result for an order from `POST /api/payments/razorpay/orders`: a wrong signature, or an order that is not the renter's own, is used, or was for another car, period, driver or amount is 400; a payment not authorized is 402. With GST configured, `taxPaise` and `taxLines` are added and `amountPaise` includes them. A request with money held expires at the earlier of its start and 6 days after it was made.",
        security: SIGNED_IN,
        body: NewBooking,
        response: {
          201: answer(Booking, 'The booking, `requested`.'),
          ...errors([...JSON_BODY_ERRORS, 401, 402, 403, 404, 409, 503], {
            400: `A bad field, or a period that is not at least one hour, longer than 720 hours, or begins in the past. Or: "${CARD_PAYMENTS_OFF}"`,
            402: 'The card provider refused to hold the amount: the message says why. No booking was stored.',
            503: 'The card provider could not be reached. No booking was stored and nothing was charged.',
            403: "Signed in with an account that is not a renter's.",
            404: 'There is no car by that name.',
            429: 'Too many booking requests by this renter in the last hour (30), or too many requests; Retry-After says when to try again.',
            409: `${ALREADY_BOOKED} Or the renter already has an open request for this car overlapping the period: the message names it ("You already asked for this car for part of that period: booking <id>, <from> to <to>."). Or: "${CAR_PAUSED}" Or, for a car an admin delisted: "${CAR_DELISTED}"`,
          }),
        },
      },
    },
    async (request, reply) => {
      const renter = signedInAccount(request);
      const { from, to, driver, paymentToken, razorpay: checkout } = request.body;
      const requestedAt = new Date();
      const { car, price } = await priceRequest(app.db, request.body, gst, requestedAt);
      const request_ = {
        bookingId: randomUUID(),
        car,
        renterId: renter.id,
        period: { from, to },
        driver,
        price,
        requestedAt,
        quotaPerHour: app.quotas.bookingRequestsPerHour,
        links,
      };
      const answerWith = (row: BookingRow) =>
        // A request made within the grace after its start is already expired, and says so.
        toBooking(asOf(row, new Date()), { car, renter }, true);

      if (checkout) {
        const razorpay = app.payments.razorpay;
        if (!razorpay) throw new HttpError(400, RAZORPAY_OFF);
        if (!razorpay.checkoutIsGenuine(checkout.orderId, checkout.paymentId, checkout.signature)) {
          throw new HttpError(400, PAYMENT_NOT_VERIFIED);
        }
        // If the booking cannot be stored, the authorization is never captured, and Razorpay gives it back by itself.
        const { row } = await storeRazorpayRequest(app.db, razorpay, { ...request_, checkout });
        reply.code(201);
        return answerWith(row);
      }

      const stripe = app.payments.stripe;
      if (paymentToken && !stripe) throw new HttpError(400, CARD_PAYMENTS_OFF);
      let hold: CardHold | undefined;
      let row: BookingRow;
      try {
        row = await storeRequest(app.db, {
          ...request_,
          async pay(): Promise<HeldMoney | undefined> {
            if (!paymentToken || !stripe) return undefined;
            const { hours } = price;
            const description = `${car.carName}, ${hours} ${hours === 1 ? 'hour' : 'hours'} from ${toIndiaIso(from)}`;
            hold = await stripe
              .hold({ bookingId: request_.bookingId, amountPaise: price.amountPaise, token: paymentToken, description })
              .catch((error: unknown) => {
                throw providerError(error, (reason) => `The card payment was refused: ${reason}`);
              });
            return { provider: 'stripe', method: 'card', ref: hold.ref };
          },
        });
      } catch (error) {
        // Held, but the request was not stored: nothing may stay held for it.
        const held = hold as CardHold | undefined;
        if (held && stripe) {
          await stripe.release(held.ref).catch((releaseError: unknown) => {
            request.log.error({ bookingId: request_.bookingId, err: releaseError }, 'release after a failed request refused');
          });
        }
        throw error;
      }
      reply.code(201);
      return answerWith(row);
    },
  );

  app.get(
    '/api/bookings',
    {
      onRequest: app.requireSignedIn,
      config: { privateCache: true },
      schema: {
        tags: TAGS,
        summary: 'Bookings, newest first',
        description:
          'A renter sees their own bookings, an owner the requests for their cars, an admin every booking. A request still unanswered when its period begins is `expired`, and the `status` filter counts it so; `status` takes one status or several separated by commas (`declined,cancelled,expired`). `when` keeps bookings whose period has not ended yet (`upcoming`), has (`past`), or that are over (`over`: ended, or declined, cancelled or expired). Each names the city and pickup area of its car. Whoever answers for the car (and an admin) also gets the phone of the renter (`renter.phone`) once a booking is accepted, and on an open request `overlapsAccepted`, the number of an accepted booking of the car that overlaps it, which accepting would be refused for. Always paged (`page`, `pageSize`), newest first, the id breaking ties.',
        security: SIGNED_IN,
        querystring: BookingListQuery,
        response: {
          200: answer(pagedAnswer(Booking), 'One page of the bookings the caller may see.'),
          ...errors([400, 401]),
        },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const { status, when } = request.query;
      const { page, pageSize, limit, offset } = pageWindow(request.query);
      const now = new Date();
      const { page: pageQuery, counted } = bookingListQueries(app.db, account, { status, when }, { limit, offset }, now);
      const rows = await pageQuery;
      // A page past the end carries no row to read the total from.
      const total = rows[0]?.total ?? (offset === 0 ? 0 : ((await counted)[0]?.total ?? 0));
      if (request.privateCacheMiss) request.privateCacheMiss.turnsAt = await nextTurnOf(app.db, account, now);
      const listed = ({ renterPhone, overlapsAccepted, ...view }: (typeof rows)[number]): Booking => {
        const booking = toBooking(asOf(view.booking, now), view, showsPaymentRef(account));
        if (!onCarsSide(account, view)) return booking;
        // The receipt's rule: the renter's phone once accepted, never before.
        const phone = booking.status === 'accepted' && renterPhone !== null ? renterPhone : undefined;
        const clash = booking.status === 'requested' && overlapsAccepted !== null ? bookingNumber(overlapsAccepted) : undefined;
        return {
          ...booking,
          renter: { ...booking.renter, ...(phone === undefined ? {} : { phone }) },
          ...(clash === undefined ? {} : { overlapsAccepted: clash }),
        };
      };
      const withItsReview = (row: (typeof rows)[number]): Booking => {
        const review = joinedReview(row.review, row.reviewAuthor);
        return review ? { ...listed(row), review } : listed(row);
      };
      return { data: rows.map(withItsReview), total, page, pageSize };
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "A booking's receipt",
        description:
          'The booking with its status history and, once accepted, who to call: the renter sees the owner (the platform for a fleet car), the owner sees the renter, an admin both.',
        security: SIGNED_IN,
        params: BookingIdParams,
        response: {
          200: answer(BookingReceipt, 'The booking, its history and its contacts.'),
          ...errors([400, 401, 404], { 400: 'A malformed id.', 404: NO_SUCH_BOOKING }),
        },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const [view] = await bookingViews(app.db).where(and(eq(bookings.id, request.params.id), visibleTo(app.db, account)));
      if (!view) throw new HttpError(404, NO_SUCH_BOOKING);
      const booking = asOf(view.booking, new Date());
      const events = await app.db
        .select({ status: bookingEvents.status, at: bookingEvents.at })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, booking.id))
        .orderBy(bookingEvents.at, bookingEvents.id);
      // An expiry the sweep has not stored yet is shown as it will be stored.
      if (booking.status !== view.booking.status) events.push({ status: booking.status, at: booking.expiresAt });
      const reviewOf = await reviewsOfBookings(app.db, [booking.id]);
      return {
        ...withReview(toBooking(booking, view, showsPaymentRef(account)), reviewOf),
        history: events.map(({ status, at }) => ({ status, at: toIndiaIso(at) })),
        contacts: booking.status === 'accepted' ? await contactsFor(app.db, view, account, support) : {},
        ...(gst && booking.taxLines.length > 0 ? { seller: { name: SELLER_NAME, gstin: gst.gstin, state: gst.state } } : {}),
      };
    },
  );

  for (const action of ACTIONS) {
    app.post(
      `/api/bookings/:id/${action}`,
      {
        onRequest: app.requireSignedIn,
        config: { takesNoBody: true },
        schema: {
          tags: TAGS,
          summary: STEP_SUMMARIES[action],
          security: SIGNED_IN,
          params: BookingIdParams,
          response: {
            200: answer(Booking, 'The booking after the step.'),
            // No body is read, but one sent is still parsed: malformed JSON, an oversized or a non-JSON body is refused.
            ...errors([...JSON_BODY_ERRORS, 401, 404, 409, ...(action === 'accept' ? ([402, 503] as const) : [])], {
              400: 'A malformed id, or a body that is not JSON.',
              402: 'The card provider refused to take the money held for the request: the message says why; the request stays open.',
              503: 'The card provider could not be reached (or card payments are off): the request stays open.',
              404: 'No booking the caller may take this step on.',
              409: "The booking's status does not allow this step (the message names it; a request declined because an overlapping one was accepted is `declined`), its period has begun, or accepting would overlap an accepted booking.",
            }),
          },
        },
      },
      (request) =>
        takeStep({ db: app.db, payments: app.payments, gst, log: request.log, links }, request.params.id, action, {
          via: 'party',
          account: signedInAccount(request),
        }),
    );
  }
};
