import { and, desc, eq, lte, ne, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowedActions,
  BOOKING_TRANSITIONS,
  EXPIRY,
  expiresAt,
  nextStatus,
  statusAt,
  type BookingActor,
} from '#domain/booking-states';
import { bookingTotal } from '#domain/booking-total';
import { toIndiaIso } from '#domain/india-time';
import { BOOKING_MAX_HOURS, BOOKING_PAST_GRACE_MS } from '#domain/limits';
import { listAnswer } from '#domain/schemas/answers';
import {
  Booking,
  BookingIdParams,
  BookingReceipt,
  NewBooking,
  type BookingAction,
  type BookingStatus,
  type Contact,
} from '#domain/schemas/bookings';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { acceptedBookingOverlaps, bookingOverlaps, findPublicCar, type Period } from '../db/public-cars';
import type { SupportContact } from '../config';
import { accounts, bookingEvents, bookings, cars, type AccountRow, type BookingRow, type CarRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { PaymentRefused, PaymentUnavailable, type CardHold, type CardPayments } from '../payments/card-payments';
import { settlePayments } from '../payments/settle-payments';
import { HttpError } from '../http/errors';
import { enforceQuota } from '../http/quotas';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const ALREADY_BOOKED = 'This car is already booked for part of that period.';
const NO_SUCH_BOOKING = 'There is no such booking among yours.';
const OVERTAKEN = 'Another request for this period was accepted.';
const CARD_PAYMENTS_OFF = 'Card payments are not taken on this server: send the request without a paymentToken.';
const TAGS = ['bookings'];
/** Who a renter of a fleet car reaches: the platform, at SUPPORT_PHONE and SUPPORT_EMAIL. */
const SUPPORT_NAME = 'WheelsOnWeb support';

/** The contract's period rules, with `hours` as the booking total counts them. */
function checkPeriod({ from, to }: Period, hours: number, now: Date): void {
  if (to <= from) throw new HttpError(400, 'To must be after from.');
  if (hours < 1) throw new HttpError(400, 'To must be at least one hour after from.');
  if (hours > BOOKING_MAX_HOURS) {
    throw new HttpError(400, `To must be at most ${BOOKING_MAX_HOURS} hours (${BOOKING_MAX_HOURS / 24} days) after from.`);
  }
  if (from.getTime() < now.getTime() - BOOKING_PAST_GRACE_MS) throw new HttpError(400, 'From must not be in the past.');
}

/** The renter's own open request that a new one would overlap, named so they can find (or cancel) it. */
function alreadyRequested(existing: Pick<BookingRow, 'id' | 'startsAt' | 'endsAt'>): HttpError {
  const from = toIndiaIso(existing.startsAt);
  const to = toIndiaIso(existing.endsAt);
  return new HttpError(409, `You already asked for this car for part of that period: booking ${existing.id}, ${from} to ${to}.`);
}

/**
 * Every change to a car's bookings first locks the car's row, so requests and steps on one car are
 * taken one after the other and each re-checks the overlaps after the previous one has committed.
 */
async function lockCar(tx: Database, carId: string): Promise<void> {
  await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('no key update');
}

/** Stores that each booking took `status` at `at`, for its history; in the transaction that changed it. */
async function recordStatus(tx: Database, changes: { bookingId: string; status: BookingStatus; at: Date }[]): Promise<void> {
  if (changes.length > 0) await tx.insert(bookingEvents).values(changes);
}

/** Expires the car's requests that are due; under the car's lock, so it never races a step on them. */
async function expireDueRequests(tx: Database, carId: string, now: Date): Promise<string[]> {
  const expired = await tx
    .update(bookings)
    .set({ status: EXPIRY.to, updatedAt: now })
    .where(and(eq(bookings.carId, carId), eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)))
    .returning({ bookingId: bookings.id, at: bookings.expiresAt });
  await recordStatus(
    tx,
    expired.map(({ bookingId, at }) => ({ bookingId, status: EXPIRY.to, at })),
  );
  return expired.map(({ bookingId }) => bookingId);
}

/**
 * The periodic sweep: stores `expired` on every request whose period has begun, one car at a time under
 * its lock (as every step is), so the sweep and the steps never lock the same bookings in opposite orders.
 */
export async function sweepExpiredRequests(db: Database, now: Date): Promise<string[]> {
  const due = await db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(and(eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  const expired: string[] = [];
  for (const { carId } of due) {
    await db.transaction(async (tx) => {
      await lockCar(tx, carId);
      expired.push(...(await expireDueRequests(tx, carId, now)));
    });
  }
  return expired;
}

/** The sweep with the money it frees: holds of the requests it expired, and any settlement a step left undone. */
export async function sweepBookings(db: Database, payments: CardPayments | null, log: FastifyBaseLogger, now: Date) {
  await settlePayments(db, payments, log, await sweepExpiredRequests(db, now));
  await settlePayments(db, payments, log);
}

/** How often the sweep runs; reads apply expiry themselves, so this only keeps stored statuses close to the truth. */
const SWEEP_INTERVAL_MS = 60 * 1000;

/** The booking as it stands at `now`: expiry is applied on every read, so a request is never shown open between two sweeps. */
function asOf(row: BookingRow, now: Date): BookingRow {
  return { ...row, status: statusAt(row.status, row.expiresAt, now) };
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

function refusal(status: BookingStatus, who: BookingActor): string {
  const possible = allowedActions(status, who);
  const next = possible.length > 0 ? `you can only ${possible.join(' or ')} it` : 'you cannot change it any more';
  return `This booking is ${status}: ${next}.`;
}

/** The provider's answer as the client's: a refusal is 402 with its reason, an unreachable provider 503. */
function providerError(error: unknown, refused: (reason: string) => string): unknown {
  if (error instanceof PaymentRefused) return new HttpError(402, refused(error.message));
  if (error instanceof PaymentUnavailable) {
    return new HttpError(503, 'The card provider could not be reached. Nothing was changed; please try again in a moment.');
  }
  return error;
}

interface StepContext {
  db: Database;
  payments: CardPayments | null;
  log: FastifyBaseLogger;
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
  { db, payments, log }: StepContext,
  bookingId: string,
  action: BookingAction,
  account: AccountRow,
): Promise<Booking> {
  let captured: { ref: string } | undefined;
  let step: { view: BookingView; touched: string[] };
  try {
    step = await db.transaction(async (tx) => {
      const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
      if (!target) throw new HttpError(404, NO_SUCH_BOOKING);
      const now = new Date();
      await lockCar(tx, target.carId);
      const expired = await expireDueRequests(tx, target.carId, now);
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
      if (takesMoney && !payments) {
        throw new HttpError(503, 'Card payments are off on this server, so the money held for this request cannot be taken yet.');
      }
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
        .set({ status, updatedAt: now, ...(takesMoney ? { paymentStatus: 'captured' as const } : {}) })
        .where(eq(bookings.id, booking.id));
      await recordStatus(tx, [{ bookingId: booking.id, status, at: now }]);
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
        );
        touched.push(...overtaken.map(({ bookingId }) => bookingId));
      }
      if (takesMoney && payments && booking.paymentRef) {
        const ref = booking.paymentRef;
        await payments.capture(ref).catch((error: unknown) => {
          throw providerError(
            error,
            (reason) => `The renter's card payment could not be taken: ${reason} The request stays open.`,
          );
        });
        captured = { ref };
      }
      return { view, touched };
    });
  } catch (error) {
    // Taken, but the accept did not commit: the money goes back, as nothing was accepted.
    if (captured && payments) {
      await payments.refund(captured.ref).catch((refundError: unknown) => {
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

export const bookingRoutes: FastifyPluginAsyncZod<{ support: SupportContact }> = async (app, { support }) => {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepBookings(app.db, app.cardPayments, app.log, new Date()).catch((error: unknown) =>
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
          "The server computes `hours` (whole hours, rounded down), `total` and `amountPaise`; prices are never read from the client. `carName` may also be a car's id. With card payments on (`GET /api/config`), a `paymentToken` has `amountPaise` held on the card (`payment.status` `held`); it is taken when the request is accepted and let go when it is declined, cancelled or expires. A request with money held expires at the earlier of its start and 6 days after it was made.",
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
            409: `${ALREADY_BOOKED} Or the renter already has an open request for this car overlapping the period: the message names it ("You already asked for this car for part of that period: booking <id>, <from> to <to>.").`,
          }),
        },
      },
    },
    async (request, reply) => {
      const renter = signedInAccount(request);
      const { from, to, driver } = request.body;
      const found = await findPublicCar(app.db, request.body.carName);
      if (!found) throw new HttpError(404, 'There is no car by that name.');
      const { car } = found;
      const { hours, total, amountPaise } = bookingTotal(from, to, car.price, driver);
      const requestedAt = new Date();
      checkPeriod({ from, to }, hours, requestedAt);

      const { paymentToken } = request.body;
      const payments = app.cardPayments;
      if (paymentToken && !payments) throw new HttpError(400, CARD_PAYMENTS_OFF);
      const bookingId = randomUUID();
      let hold: CardHold | undefined;
      let row: BookingRow;
      try {
        row = await app.db.transaction(async (tx) => {
          // The renter's quota lock is always taken before the car's, so the two never deadlock.
          await enforceQuota(tx, 'bookingRequests', renter.id, app.quotas.bookingRequestsPerHour, requestedAt);
          // Under the car's lock, two identical requests sent at once are checked one after the other.
          await lockCar(tx, car.id);
          await expireDueRequests(tx, car.id, requestedAt);
          const [clash] = await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(acceptedBookingOverlaps(car.id, { from, to }))
            .limit(1);
          if (clash) throw new HttpError(409, ALREADY_BOOKED);
          const [own] = await tx
            .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
            .from(bookings)
            .where(and(bookingOverlaps(car.id, 'requested', { from, to }), eq(bookings.renterId, renter.id)))
            .orderBy(bookings.startsAt)
            .limit(1);
          if (own) throw alreadyRequested(own);

          // Held only once the request can be made, so a refused request never holds money.
          if (paymentToken && payments) {
            const description = `${car.carName}, ${hours} ${hours === 1 ? 'hour' : 'hours'} from ${toIndiaIso(from)}`;
            hold = await payments.hold({ bookingId, amountPaise, token: paymentToken, description }).catch((error: unknown) => {
              throw providerError(error, (reason) => `The card payment was refused: ${reason}`);
            });
          }
          const [inserted] = await tx
            .insert(bookings)
            .values({
              id: bookingId,
              carId: car.id,
              renterId: renter.id,
              startsAt: from,
              endsAt: to,
              hours,
              driver,
              pricePerHour: car.price,
              total,
              amountPaise,
              paymentStatus: hold ? 'held' : 'none',
              paymentProvider: hold ? 'stripe' : null,
              paymentMethod: hold ? 'card' : null,
              paymentRef: hold?.ref ?? null,
              expiresAt: expiresAt(from, requestedAt, hold !== undefined),
              createdAt: requestedAt,
              updatedAt: requestedAt,
            })
            .returning();
          if (!inserted) throw new Error('insert returned no booking');
          await recordStatus(tx, [{ bookingId: inserted.id, status: inserted.status, at: inserted.createdAt }]);
          return inserted;
        });
      } catch (error) {
        // Held, but the request was not stored: nothing may stay held for it.
        const held = hold as CardHold | undefined;
        if (held && payments) {
          await payments.release(held.ref).catch((releaseError: unknown) => {
            request.log.error({ bookingId, err: releaseError }, 'release after a failed request refused');
          });
        }
        throw error;
      }
      reply.code(201);
      // A request made within the grace after its start is already expired, and says so.
      return toBooking(asOf(row, new Date()), { car, renter }, true);
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
          'A renter sees their own bookings, an owner the requests for their cars, an admin every booking. A request still unanswered when its period begins is `expired`.',
        security: SIGNED_IN,
        response: { 200: answer(listAnswer(Booking), 'The bookings the caller may see.'), ...errors([401]) },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const rows = await bookingViews(app.db).where(visibleTo(account)).orderBy(desc(bookings.createdAt), desc(bookings.id));
      const now = new Date();
      return { data: rows.map((row) => toBooking(asOf(row.booking, now), row, showsPaymentRef(account))) };
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
      return {
        ...toBooking(booking, view, showsPaymentRef(account)),
        history: events.map(({ status, at }) => ({ status, at: toIndiaIso(at) })),
        contacts: booking.status === 'accepted' ? await contactsFor(app.db, view, account, support) : {},
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
          { db: app.db, payments: app.cardPayments, log: request.log },
          request.params.id,
          action,
          signedInAccount(request),
        ),
    );
  }
};
