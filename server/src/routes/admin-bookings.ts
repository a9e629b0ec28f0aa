import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, AdminBooking, AdminBookingsQuery, AdminIdParams, AdminReason } from '#domain/schemas/admin';
import type { BookingAction } from '#domain/schemas/bookings';
import type { GstConfig } from '../config';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { signedInAccount } from '../plugins/session';
import { ADMIN_TAGS as TAGS, badListQuery, listAnswers, optionalReasonBody, REFUSED } from '../http/admin-lists';
import { ALREADY_BOOKED } from '../bookings/words';
import { adminBookingById, listAdminBookings } from '../bookings/admin-view';
import { runStep } from '../bookings/process';
import { NO_BOOKING_HAS_ID, OWNERS_TO_ANSWER_ID } from '../bookings/words';
import { t } from '../i18n';

// The console's Bookings section: every booking, and the steps an admin takes on them. The steps
// are the booking process's (runStep), so the console can do nothing the table does not allow.

/** A bodiless POST reaches the validator as null: refused as a missing reason, in the reason's own words. */
const reasonBody = z.preprocess((body) => body ?? {}, AdminReason);

const STEP_ANSWERS = {
  ...REFUSED,
  400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
  404: `"${t(NO_BOOKING_HAS_ID)}"`,
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
    (request) => listAdminBookings(app.db, request.query, app.clock.now(), app.money),
  );

  /** The step through the state machine, audited with the reason, answered as the console lists the booking. */
  async function step(request: FastifyRequest, id: string, action: BookingAction, reason: string | undefined) {
    const context = { db: app.db, payments: app.payments, money: app.money, gst, log: request.log, links, clock: app.clock };
    await runStep(context, id, action, { via: 'console', account: signedInAccount(request), reason });
    return adminBookingById(app.db, id, app.clock.now(), app.money);
  }

  /** What the console's fleet steps do, as Rental requests does them for an owner. */
  const FLEET_STEPS = {
    accept: {
      summary: "Accept a fleet car's request",
      does: 'As Rental requests does: money held for it is taken, and the overlapping requests are declined.',
    },
    decline: { summary: "Decline a fleet car's request", does: 'As Rental requests does: money held for it is let go.' },
    no_show: {
      summary: "Say a fleet car's renter did not come",
      does: 'As an owner does on their booking, from `NO_SHOW_HOURS` after its start until it completes: the booking ends as `no_show_renter`, its money refunded as the renter’s cancellation after the start would be.',
    },
  } as const;

  for (const action of ['accept', 'decline', 'no_show'] as const) {
    app.post(
      `/api/admin/bookings/:id/${action}`,
      {
        onRequest: onlyAdmins,
        schema: {
          tags: TAGS,
          summary: FLEET_STEPS[action].summary,
          description: `${FLEET_STEPS[action].does} Only for the fleet's cars: an owner's listed car's booking is its owner's to answer. The body, and its \`reason\` (kept in the audit log only), may be left out. Writes one audit row with the status before and after (and the payment's, where the step took the money).`,
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
                action === 'accept' ? `accepting would overlap an accepted booking ("${t(ALREADY_BOOKED)}"), ` : ''
              }or the car is an owner's: "${t(OWNERS_TO_ANSWER_ID)}"`,
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
