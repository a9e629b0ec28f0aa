import { and, count, eq, exists, gt, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOKING_TRANSITIONS, EXPIRY } from '#domain/booking-states';
import { BookingStatus } from '#domain/schemas/bookings';
import { NotificationSummary } from '#domain/schemas/notifications';
import type { Database } from '../db/client';
import { accounts, bookingEvents, bookings, cars, type AccountRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { hasStatusAt } from '../bookings/status';

const TAGS = ['notifications'];

/** The statuses a renter never gives their own booking: what the car's side or the clock decided. */
const NOT_BY_RENTER = BookingStatus.options.filter(
  (status) => status !== 'requested' && !BOOKING_TRANSITIONS.some(({ to, who }) => to === status && who === 'renter'),
);

/** A cancellation the renter did not make: an admin's, the only kind stored with a reason. */
const cancelledByAdmin = and(eq(bookingEvents.status, 'cancelled'), isNotNull(bookings.cancelReason));

/** Open requests for the cars the account answers for (its own; the fleet's for an admin), not yet due to expire. */
function awaitingAnswer(account: AccountRow, now: Date): SQL | undefined {
  const answersFor = account.role === 'admin' ? eq(cars.kind, 'fleet') : eq(cars.ownerId, account.id);
  return and(answersFor, hasStatusAt(EXPIRY.from, now));
}

/**
 * The renter's bookings someone else changed (the car's side, an admin, or the clock) since they last looked: a change stored after then, or
 * an expiry the sweep has not stored yet, which their list already shows (stored, it is dated at
 * the expiry too, so looking before the sweep counts it as seen).
 */
function changedSinceSeen(db: Database, account: AccountRow, now: Date): SQL | undefined {
  const seen = account.bookingsSeenAt;
  const storedChange = exists(
    db
      .select({ id: bookingEvents.id })
      .from(bookingEvents)
      .where(
        and(
          eq(bookingEvents.bookingId, bookings.id),
          or(inArray(bookingEvents.status, NOT_BY_RENTER), cancelledByAdmin),
          seen ? gt(bookingEvents.at, seen) : undefined,
        ),
      ),
  );
  const dueExpiry = and(hasStatusAt(EXPIRY.to, now), seen ? gt(bookings.expiresAt, seen) : undefined);
  return and(eq(bookings.renterId, account.id), or(storedChange, dueExpiry));
}

async function summaryOf(db: Database, account: AccountRow, now: Date): Promise<NotificationSummary> {
  if (account.role === 'user') {
    const [updates] = await db
      .select({ n: count() })
      .from(bookings)
      .where(changedSinceSeen(db, account, now));
    return { requestsAwaitingAnswer: 0, bookingUpdates: updates?.n ?? 0 };
  }
  const [awaiting] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(awaitingAnswer(account, now));
  return { requestsAwaitingAnswer: awaiting?.n ?? 0, bookingUpdates: 0 };
}

/** Counts change with every step anyone takes: no cache, the browser's or a proxy's, may answer for the server. */
const NO_STORE = 'no-store';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/summary',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "What the header's badges count for the signed-in account",
        description:
          "An owner's open requests for their cars (an admin's: the fleet's), not yet due to expire; a renter's bookings that were accepted, declined, expired or cancelled by an admin since they last called `POST /api/notifications/bookings-seen` (all of them before the first call). Worked out afresh on every call, sent with `Cache-Control: no-store`.",
        security: SIGNED_IN,
        response: {
          200: answer(NotificationSummary, 'The counts; 0 where a count is not for this role.'),
          ...errors([401]),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return summaryOf(app.db, signedInAccount(request), new Date());
    },
  );

  app.post(
    '/api/notifications/bookings-seen',
    {
      onRequest: app.requireRole('user'),
      config: { takesNoBody: true },
      schema: {
        tags: TAGS,
        summary: "Mark the renter's bookings seen: their updates badge starts again from 0",
        description:
          'Called by My bookings when it opens (a GET never changes anything). Remembers now as when the renter last looked; only changes after it count in `bookingUpdates`. Answers the summary as it now stands.',
        security: SIGNED_IN,
        response: {
          200: answer(NotificationSummary, 'The summary after marking: `bookingUpdates` is 0.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403], {
            400: 'A body that is not JSON (none is read).',
            403: "Signed in with an account that is not a renter's.",
          }),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const [account] = await app.db
        .update(accounts)
        .set({ bookingsSeenAt: now })
        .where(eq(accounts.id, signedInAccount(request).id))
        .returning();
      reply.header('cache-control', NO_STORE);
      return summaryOf(app.db, account ?? signedInAccount(request), now);
    },
  );
};
