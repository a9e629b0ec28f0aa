import { and, count, desc, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseBookingNumber } from '#domain/booking-number';
import { adminActionsAt } from '#domain/booking-states';
import { ADMIN_PAGE_SIZE, AdminBooking, AdminBookingsQuery, AdminIdParams, AdminReason } from '#domain/schemas/admin';
import type { BookingAction } from '#domain/schemas/bookings';
import type { GstConfig } from '../config';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { reviewsOfBookings } from '../reviews/views';
import { accounts, bookings, cars, type BookingRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { signedInAccount } from '../plugins/session';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, listAnswers, optionalReasonBody, REFUSED } from '../http/admin-lists';
import { ALREADY_BOOKED } from '../bookings/requests';
import { asOf, hasStatusAt } from '../bookings/status';
import { NO_BOOKING_HAS_ID, OWNERS_TO_ANSWER, takeStep, withReview } from './bookings';

// The console's Bookings section: every booking, and the steps an admin takes on them. The steps
// are the state machine's (takeStep), so the console can do nothing the table does not allow.

const renters = alias(accounts, 'renter');
const owners = alias(accounts, 'owner');

/** Bookings with their car, their renter and the car's owner (none for a fleet car). */
function adminBookingRows(db: Database) {
  return db
    .select({
      booking: bookings,
      car: { id: cars.id, kind: cars.kind, carName: cars.carName, city: cars.city, pickupArea: cars.pickupArea },
      renter: { id: renters.id, username: renters.username },
      owner: { id: owners.id, username: owners.username },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(renters, eq(renters.id, bookings.renterId))
    .leftJoin(owners, eq(owners.id, cars.ownerId));
}

type AdminBookingRow = Awaited<ReturnType<ReturnType<typeof adminBookingRows>['where']>>[number];

/** What the console shows of a booking at `now`: expiry applied, and the steps the table and the period still allow an admin. */
function toAdminBooking(row: AdminBookingRow, booking: BookingRow, now: Date): AdminBooking {
  return {
    ...toBooking(booking, row, true),
    owner: row.owner,
    adminActions: adminActionsAt(booking.status, row.car.kind, { from: booking.startsAt, to: booking.endsAt }, now),
  };
}

function bookingConditions({ q, status, payment, kind }: AdminBookingsQuery, now: Date): SQL | undefined {
  const contains = (column: Column) => sql`strpos(lower(${column}), lower(${q})) > 0`;
  const number = q === undefined ? undefined : parseBookingNumber(q);
  return and(
    q === undefined || q === ''
      ? undefined
      : or(
          number === undefined ? undefined : eq(bookings.number, number),
          contains(cars.carName),
          contains(renters.username),
          contains(owners.username),
        ),
    status === undefined ? undefined : hasStatusAt(status, now),
    payment === undefined ? undefined : eq(bookings.paymentStatus, payment),
    kind === undefined ? undefined : eq(cars.kind, kind),
  );
}

/** One booking as the console lists it, after a step: the row the step committed. */
async function adminBookingById(db: Database, id: string, now: Date): Promise<AdminBooking> {
  const [row] = await adminBookingRows(db).where(eq(bookings.id, id));
  if (!row) throw new Error('the booking left after its step');
  return withReview(toAdminBooking(row, asOf(row.booking, now), now), await reviewsOfBookings(db, [id]));
}

/** A bodiless POST reaches the validator as null: refused as a missing reason, in the reason's own words. */
const reasonBody = z.preprocess((body) => body ?? {}, AdminReason);

const STEP_ANSWERS = {
  ...REFUSED,
  400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
  404: `"${NO_BOOKING_HAS_ID}"`,
};

export const adminBookingRoutes: FastifyPluginAsyncZod<{ gst: GstConfig | undefined; links: BookingLinks }> = async (
  app,
  { gst, links },
) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/bookings',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Every booking, newest first',
        description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (the booking's number as people read it, such as \`WOW-01042\` or \`1042\`, or part of the car's name or the renter's or owner's username, in any case) and filtered by \`status\` (as it stands now: a request due to expire counts as expired), \`payment\` (where the money stands) and \`kind\` (the fleet's cars or owners' listed cars). An empty parameter counts as not sent. Each booking names the car's owner (null for a fleet car) and \`adminActions\`, the steps an admin may take on it now.`,
        security: SIGNED_IN,
        querystring: AdminBookingsQuery,
        response: listAnswers(
          AdminBooking,
          'One page of the matching bookings.',
          badListQuery('status', 'payment status', 'kind'),
        ),
      },
    },
    async (request) => {
      const now = new Date();
      const where = bookingConditions(request.query, now);
      return adminPage(
        request.query,
        {
          rows: async (limit, offset) => {
            const rows = await adminBookingRows(app.db)
              .where(where)
              .orderBy(desc(bookings.createdAt), desc(bookings.id))
              .limit(limit)
              .offset(offset);
            const reviewOf = await reviewsOfBookings(
              app.db,
              rows.map((row) => row.booking.id),
            );
            return rows.map((row) => withReview(toAdminBooking(row, asOf(row.booking, now), now), reviewOf));
          },
          total: () =>
            app.db
              .select({ n: count() })
              .from(bookings)
              .innerJoin(cars, eq(cars.id, bookings.carId))
              .innerJoin(renters, eq(renters.id, bookings.renterId))
              .leftJoin(owners, eq(owners.id, cars.ownerId))
              .where(where),
        },
        (booking) => booking,
      );
    },
  );

  /** The step through the state machine, audited with the reason, answered as the console lists the booking. */
  async function step(request: FastifyRequest, id: string, action: BookingAction, reason: string | undefined) {
    const context = { db: app.db, payments: app.payments, gst, log: request.log, links };
    await takeStep(context, id, action, { via: 'console', account: signedInAccount(request), reason });
    return adminBookingById(app.db, id, new Date());
  }

  for (const action of ['accept', 'decline'] as const) {
    app.post(
      `/api/admin/bookings/:id/${action}`,
      {
        onRequest: onlyAdmins,
        schema: {
          tags: TAGS,
          summary: action === 'accept' ? "Accept a fleet car's request" : "Decline a fleet car's request",
          description: `${
            action === 'accept'
              ? 'As Rental requests does: money held for it is taken, and the overlapping requests are declined.'
              : 'As Rental requests does: money held for it is let go.'
          } Only for the fleet's cars: an owner's listed car's request is its owner's to answer. The body, and its \`reason\` (kept in the audit log only), may be left out. Writes one audit row with the status before and after (and the payment's, where the step took the money).`,
          security: SIGNED_IN,
          params: AdminIdParams,
          body: optionalReasonBody,
          response: {
            200: answer(AdminBooking, 'The booking after the step.'),
            ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409, ...(action === 'accept' ? ([402, 503] as const) : [])], {
              ...STEP_ANSWERS,
              402: 'The card provider refused to take the money held for the request: the message says why; the request stays open.',
              503: 'The card provider could not be reached (or its payments are off here): the request stays open.',
              409: `The booking's status does not allow this step (the message names it and what an admin can still do), ${
                action === 'accept' ? `accepting would overlap an accepted booking ("${ALREADY_BOOKED}"), ` : ''
              }or the car is an owner's: "${OWNERS_TO_ANSWER}"`,
            }),
          },
        },
      },
      (request) => step(request, request.params.id, action, request.body.reason),
    );
  }

  app.post(
    '/api/admin/bookings/:id/cancel',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Cancel a request or an accepted booking, with a reason',
        description:
          "Any car's booking, from `requested` or `accepted`, until its period ends (a renter may cancel only before it begins). The `reason` is stored as the booking's `cancelReason`, which its renter and owner see, and both are mailed it (for a fleet car, the admins stand for the owner). A hold is let go and money taken is refunded in full, as when the renter cancels. Writes one audit row with the status before and after and the reason.",
        security: SIGNED_IN,
        params: AdminIdParams,
        body: reasonBody,
        response: {
          200: answer(AdminBooking, 'The booking, now cancelled, with its cancelReason.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            ...STEP_ANSWERS,
            400: 'An id that is not a uuid, or a reason that is missing, blank or over 500 characters.',
            409: "The booking's status does not allow cancelling (the message names it), or its period has ended.",
          }),
        },
      },
    },
    (request) => step(request, request.params.id, 'cancel', request.body.reason),
  );
};
