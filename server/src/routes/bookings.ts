import { desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allowedActions, BOOKING_TRANSITIONS, nextStatus, type BookingActor } from '#domain/booking-states';
import { bookingTotal } from '#domain/booking-total';
import type { Booking, BookingAction, BookingStatus, ListAnswer } from '#domain/contract';
import { BOOKING_MAX_HOURS, BOOKING_PAST_GRACE_MS } from '#domain/limits';
import { toBooking, type AccountRow, type BookingRow, type CarRow } from '../contract-shapes';
import type { Database } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { acceptedBookingOverlaps, findPublicCar, type Period } from '../db/public-cars';
import { accounts, bookings, cars } from '../db/schema';
import { HttpError } from '../http/errors';
import { carName, id, instant } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';
import { signedInAccount } from '../plugins/session';

const ALREADY_BOOKED = 'This car is already booked for part of that period.';
const NO_SUCH_BOOKING = 'There is no such booking among yours.';
const TOKEN_MESSAGE = "PaymentToken must be the card provider's token id (such as tok_...), never card details.";

/**
 * Only the card provider's token id is kept: a lowercase prefix, an underscore, then letters and
 * digits. A long run of digits could be a card number, so it is refused rather than stored.
 */
const paymentToken = z
  .string()
  .trim()
  .max(255)
  .regex(/^[a-z]{2,10}_[A-Za-z0-9_]+$/, TOKEN_MESSAGE)
  .refine((token) => !/\d{13,}/.test(token), TOKEN_MESSAGE);

/** `carName` may also be a car's id, the way the app books owners' cars. Prices and totals are never read from the client. */
const newBooking = z.object({ carName, from: instant, to: instant, driver: z.boolean(), paymentToken: paymentToken.optional() });

/** The contract's period rules, with `hours` as the booking total counts them. */
function checkPeriod({ from, to }: Period, hours: number, now: Date): void {
  if (to <= from) throw new HttpError(400, 'To must be after from.');
  if (hours < 1) throw new HttpError(400, 'To must be at least one hour after from.');
  if (hours > BOOKING_MAX_HOURS) {
    throw new HttpError(400, `To must be at most ${BOOKING_MAX_HOURS} hours (${BOOKING_MAX_HOURS / 24} days) after from.`);
  }
  if (from.getTime() < now.getTime() - BOOKING_PAST_GRACE_MS) throw new HttpError(400, 'From must not be in the past.');
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

function refusal(status: BookingStatus, who: BookingActor): string {
  const possible = allowedActions(status, who);
  const next = possible.length > 0 ? `you can only ${possible.join(' or ')} it` : 'you cannot change it any more';
  return `This booking is ${status}: ${next}.`;
}

/**
 * One step of the booking state machine, in one transaction. Every step on a car's bookings first
 * locks the car's row, so two owners' clicks (or one owner's twenty) are taken one after the other
 * and accepting re-checks the overlap after the previous accept has committed. The exclusion
 * constraint stays the last word: its refusal is the same 409.
 */
async function takeStep(db: Database, bookingId: string, action: BookingAction, account: AccountRow): Promise<Booking> {
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
      if (!target) throw new HttpError(404, NO_SUCH_BOOKING);
      await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, target.carId)).for('no key update');
      const [view] = await bookingViews(tx).where(eq(bookings.id, bookingId)).for('update', { of: bookings });
      const who = view ? actorFor(account, view) : undefined;
      if (!view || !who) throw new HttpError(404, NO_SUCH_BOOKING);

      const { booking, car } = view;
      const status = nextStatus(booking.status, action, who);
      if (!status) throw new HttpError(409, refusal(booking.status, who));
      const now = new Date();
      if (status === 'cancelled' && now >= booking.startsAt) {
        throw new HttpError(409, `This booking is ${booking.status} and its period has begun: it can no longer be cancelled.`);
      }
      if (status === 'accepted') {
        const period = { from: booking.startsAt, to: booking.endsAt };
        const [clash] = await tx.select({ id: bookings.id }).from(bookings).where(acceptedBookingOverlaps(car.id, period)).limit(1);
        if (clash) throw new HttpError(409, ALREADY_BOOKED);
      }
      const [updated] = await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, booking.id)).returning();
      if (!updated) throw new Error('update returned no booking');
      return toBooking(updated, view);
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new HttpError(409, ALREADY_BOOKED);
    throw error;
  }
}

/** The steps the state machine knows, each on its own path. */
const ACTIONS: readonly BookingAction[] = [...new Set(BOOKING_TRANSITIONS.map((transition) => transition.action))];

export async function bookingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/bookings',
    { onRequest: app.requireRole('user'), schema: { body: newBooking } },
    async (request, reply): Promise<Booking> => {
      const renter = signedInAccount(request);
      const { from, to, driver } = request.body;
      const found = await findPublicCar(app.db, request.body.carName);
      if (!found) throw new HttpError(404, 'There is no car by that name.');
      const { car } = found;
      const { hours, total, amountPaise } = bookingTotal(from, to, car.price, driver);
      checkPeriod({ from, to }, hours, new Date());

      const [clash] = await app.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(acceptedBookingOverlaps(car.id, { from, to }))
        .limit(1);
      if (clash) throw new HttpError(409, ALREADY_BOOKED);

      const [row] = await app.db
        .insert(bookings)
        .values({
          carId: car.id,
          renterId: renter.id,
          startsAt: from,
          endsAt: to,
          hours,
          driver,
          pricePerDay: car.price,
          total,
          amountPaise,
          paymentRef: request.body.paymentToken ?? null,
        })
        .returning();
      if (!row) throw new Error('insert returned no booking');
      reply.code(201);
      return toBooking(row, { car, renter });
    },
  );

  app.get('/api/bookings', { onRequest: app.requireSignedIn }, async (request): Promise<ListAnswer<Booking>> => {
    const rows = await bookingViews(app.db)
      .where(visibleTo(signedInAccount(request)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id));
    return { data: rows.map((row) => toBooking(row.booking, row)) };
  });

  for (const action of ACTIONS) {
    app.post(
      `/api/bookings/:id/${action}`,
      { onRequest: app.requireSignedIn, schema: { params: z.object({ id }) } },
      (request): Promise<Booking> => takeStep(app.db, request.params.id, action, signedInAccount(request)),
    );
  }
}
