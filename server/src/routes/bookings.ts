import { and, count, desc, eq, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedActions, BOOKING_TRANSITIONS, EXPIRY, nextStatus, statusAt, type BookingActor } from '#domain/booking-states';
import { toIndiaIso } from '#domain/india-time';
import { financialYearOf, invoiceNumber } from '#domain/tax-invoice';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import {
  Booking,
  BookingIdParams,
  BookingListQuery,
  BookingReceipt,
  NewBooking,
  type BookingAction,
  type BookingStatus,
  type BookingWhen,
  type Contact,
} from '#domain/schemas/bookings';
import type { Review } from '#domain/schemas/reviews';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { acceptedBookingOverlaps, bookingOverlaps } from '../db/public-cars';
import { reviewsOfBookings } from '../db/reviews';
import type { GstConfig, SupportContact } from '../config';
import {
  accounts,
  bookingEvents,
  bookings,
  cars,
  invoiceSequences,
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
  CAR_PAUSED,
  expireDueRequests,
  lockCar,
  PAYMENT_NOT_VERIFIED,
  priceRequest,
  providerError,
  recordStatus,
  storeRazorpayRequest,
  storeRequest,
  type HeldMoney,
} from './booking-requests';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const NO_SUCH_BOOKING = 'There is no such booking among yours.';
const OVERTAKEN = 'Another request for this period was accepted.';
const CARD_PAYMENTS_OFF = 'Card payments are not taken on this server: send the request without a paymentToken.';
const RAZORPAY_OFF = 'Razorpay payments are not taken on this server: send the request without razorpay.';
const TAGS = ['bookings'];
/** Who a renter of a fleet car reaches: the platform, at SUPPORT_PHONE and SUPPORT_EMAIL. */
const SUPPORT_NAME = 'WheelsOnWeb support';
/** Who issues the tax invoice. */
const SELLER_NAME = 'WheelsOnWeb';

/**
 * The periodic sweep: stores `expired` on every request whose period has begun, one car at a time under
 * its lock (as every step is), so the sweep and the steps never lock the same bookings in opposite orders.
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

/** The booking as it stands at `now`: expiry is applied on every read, so a request is never shown open between two sweeps. */
function asOf(row: BookingRow, now: Date): BookingRow {
  return { ...row, status: statusAt(row.status, row.expiresAt, now) };
}

/** `statusAt` in SQL, so a list filtered by status pages over the statuses it shows: a due request counts as expired. */
export function hasStatusAt(status: BookingStatus, now: Date): SQL | undefined {
  if (status === EXPIRY.to) {
    return or(eq(bookings.status, EXPIRY.to), and(eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  }
  if (status === EXPIRY.from) return and(eq(bookings.status, EXPIRY.from), gt(bookings.expiresAt, now));
  return eq(bookings.status, status);
}

/** A booking is upcoming until its period has ended. */
function isWhen(when: BookingWhen, now: Date): SQL {
  return when === 'upcoming' ? gt(bookings.endsAt, now) : lte(bookings.endsAt, now);
}

interface BookingView {
  booking: BookingRow;
  car: Pick<CarRow, 'id' | 'kind' | 'carName' | 'ownerId'>;
  renter: Pick<AccountRow, 'id' | 'username'>;
}

/** Bookings with what their answers show of the car and the renter. */
function bookingViews(db: Database) {
  return db
    .select({
      booking: bookings,
      car: { id: cars.id, kind: cars.kind, carName: cars.carName, ownerId: cars.ownerId },
      renter: { id: accounts.id, username: accounts.username },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId));
}

/** A renter sees their own bookings, an owner the requests for their cars, an admin every booking. */
function visibleTo(account: AccountRow): SQL | undefined {
  switch (account.role) {
    case 'admin':
      return undefined;
    case 'owner':
      return eq(cars.ownerId, account.id);
    case 'user':
      return eq(bookings.renterId, account.id);
  }
}

/** The renter who asked, or whoever answers for the car: its owner, or an admin for a fleet car. */
function actorFor(account: AccountRow, { booking, car }: BookingView): BookingActor | undefined {
  if (booking.renterId === account.id) return 'renter';
  const keepsCar = car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
  return keepsCar ? 'carKeeper' : undefined;
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
  const seesRenter = who === 'carKeeper' || account.role === 'admin';
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
function withReview(booking: Booking, reviewOf: Map<string, Review>): Booking {
  const review = reviewOf.get(booking.id);
  return review ? { ...booking, review } : booking;
}

function refusal(status: BookingStatus, who: BookingActor): string {
  const possible = allowedActions(status, who);
  const next = possible.length > 0 ? `you can only ${possible.join(' or ')} it` : 'you cannot change it any more';
  return `This booking is ${status}: ${next}.`;
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
 */
async function takeStep(
  { db, payments, gst, log, links }: StepContext,
  bookingId: string,
  action: BookingAction,
  account: AccountRow,
): Promise<Booking> {
  let captured: { ref: string; by: HeldPayments } | undefined;
  let step: { view: BookingView; touched: string[] };
  try {
    step = await db.transaction(async (tx) => {
      const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
      if (!target) throw new HttpError(404, NO_SUCH_BOOKING);
      const now = new Date();
      await lockCar(tx, target.carId);
      const expired = await expireDueRequests(tx, target.carId, now, links);
      const [view] = await bookingViews(tx).where(eq(bookings.id, bookingId)).for('update', { of: bookings });
      const who = view ? actorFor(account, view) : undefined;
      if (!view || !who) throw new HttpError(404, NO_SUCH_BOOKING);

      const { booking, car } = view;
      const status = nextStatus(booking.status, action, who);
      if (!status) throw new HttpError(409, refusal(booking.status, who));
      if (status === 'cancelled' && now >= booking.startsAt) {
        throw new HttpError(409, `This booking is ${booking.status} and its period has begun: it can no longer be cancelled.`);
      }
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
          ...(takesMoney ? { paymentStatus: 'captured' as const } : {}),
          ...(invoice ? { invoiceNumber: invoice } : {}),
        })
        .where(eq(bookings.id, booking.id));
      await recordStatus(tx, [{ bookingId: booking.id, status, at: now }], links);
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
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepBookings(app.db, app.payments, app.log, new Date(), links).catch((error: unknown) =>
        app.log.error({ err: error }, 'expiry sweep failed'),
      );
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

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
            409: `${ALREADY_BOOKED} Or the renter already has an open request for this car overlapping the period: the message names it ("You already asked for this car for part of that period: booking <id>, <from> to <to>."). Or: "${CAR_PAUSED}"`,
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
      schema: {
        tags: TAGS,
        summary: 'Bookings, newest first',
        description:
          'A renter sees their own bookings, an owner the requests for their cars, an admin every booking. A request still unanswered when its period begins is `expired`, and the `status` filter counts it so. `when` keeps bookings whose period has not ended yet (`upcoming`) or has (`past`). Always paged (`page`, `pageSize`), newest first, the id breaking ties.',
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
      const where = and(
        visibleTo(account),
        status === undefined ? undefined : hasStatusAt(status, now),
        when === undefined ? undefined : isWhen(when, now),
      );
      const rows = await bookingViews(app.db)
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await app.db
        .select({ total: count() })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .where(where);
      const reviewOf = await reviewsOfBookings(
        app.db,
        rows.map((row) => row.booking.id),
      );
      return {
        data: rows.map((row) => withReview(toBooking(asOf(row.booking, now), row, showsPaymentRef(account)), reviewOf)),
        total: counted?.total ?? 0,
        page,
        pageSize,
      };
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
      const [view] = await bookingViews(app.db).where(and(eq(bookings.id, request.params.id), visibleTo(account)));
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
        takeStep(
          { db: app.db, payments: app.payments, gst, log: request.log, links },
          request.params.id,
          action,
          signedInAccount(request),
        ),
    );
  }
};
