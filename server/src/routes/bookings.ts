import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingNumber } from '#domain/booking-number';
import { BOOKING_TRANSITIONS } from '#domain/booking-states';
import { pagedAnswer } from '#domain/schemas/answers';
import {
  Booking,
  BookingCheck,
  BookingIdParams,
  BookingListQuery,
  BookingReceipt,
  DeclineReason,
  NewBooking,
  type BookingAction,
} from '#domain/schemas/bookings';
import { checkMayRequestBooking, VERIFY_TO_BOOK } from '../accounts/phone';
import { askForBooking, CARD_PAYMENTS_OFF, PAYMENT_REQUIRED } from '../bookings/ask';
import { acceptInstantly } from '../bookings/instant';
import { listBookings, nextTurnOf } from '../bookings/lists';
import { runStep, type ProcessContext } from '../bookings/process';
import { bookingReceipt } from '../bookings/receipt';
import { CAR_DELISTED_ID, CAR_PAUSED, checkRequest } from '../bookings/requests';
import { asOf } from '../bookings/status';
import { sweepBookings } from '../bookings/sweep';
import { showsPaymentRef } from '../bookings/views';
import { ALREADY_BOOKED, NO_SUCH_BOOKING_ID, UNPAID_ACCEPT } from '../bookings/words';
import type { GstConfig, LicenceRules, SupportContact } from '../config';
import { checkMayDrive } from '../licences/licences';
import { toBooking } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { runInRounds } from '../plugins/rounds';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['bookings'];

/** How often the sweep runs; reads apply expiry themselves, so this only keeps stored statuses close to the truth. */
const SWEEP_INTERVAL_MS = 60 * 1000;

/** The steps the state machine knows, each on its own path. */
const ACTIONS: readonly BookingAction[] = [...new Set(BOOKING_TRANSITIONS.map((transition) => transition.action))];

/** What each step's path says about it in the document. */
const STEP_SUMMARIES: Record<BookingAction, string> = {
  accept: "Accept a request (the car's owner; an admin for a fleet car)",
  decline: "Decline a request (the car's owner; an admin for a fleet car)",
  cancel:
    "Cancel a request or an accepted booking before it begins (the renter who made it; the car's owner, an accepted booking, refunding the renter in full)",
  no_show:
    "Say the other side did not come to an accepted booking, from `NO_SHOW_HOURS` after its start until it completes: the car's owner (an admin for a fleet car) that the renter did not (`no_show_renter`, refunded as the renter's cancellation after the start would be), the renter that the owner did not (`no_show_owner`, refunded in full, and counted against the owner)",
};

/** Why a request is refused with 409: said alike of the request and of its check. */
const REQUEST_REFUSED = `${t(ALREADY_BOOKED)} Or the renter already has an open request for this car overlapping the period: the message names it by its number with its period on India's clock ("You already asked for this car for part of that period: booking WOW-01042, Jan 31 2030 10:00 to Jan 31 2030 14:00 (India time)."), and \`booking\` gives its number and the path of its page in the app. Or: "${t(CAR_PAUSED)}" Or, for a car an admin delisted: "${t(CAR_DELISTED_ID)}"`;

const FIRST_REQUEST_REFUSED = `Signed in with an account that is not a renter's. Or, for a renter with no booking request yet and no verified phone number: "${t(VERIFY_TO_BOOK)}" (\`reason\`: \`phoneNotVerified\`).`;

const ASK_SCHEMA = {
  tags: TAGS,
  summary: 'Ask to rent a car for a period',
  description:
    "The server computes `hours` (whole hours, rounded down), `total` and `amountPaise`; prices are never read from the client. `carName` may also be a car's id. With card payments on (`GET /api/config`), a `paymentToken` has `amountPaise` held on the card (`payment.status` `held`); it is taken when the request is accepted and let go when it is declined, cancelled or expires. With Razorpay on, `razorpay` carries the checkout's result for an order from `POST /api/payments/razorpay/orders`: a wrong signature, or an order that is not the renter's own, is used, or was for another car, period, driver or amount is 400; a payment not authorized is 402. With GST configured, `taxPaise` and `taxLines` are added and `amountPaise` includes them. A request with money held expires at the earlier of its start and 6 days after it was made.",
  security: SIGNED_IN,
  body: NewBooking,
  response: {
    201: answer(Booking, 'The booking, `requested`.'),
    ...errors([...JSON_BODY_ERRORS, 401, 402, 403, 404, 409, 503], {
      400: `A bad field, or a period that is not at least one hour, longer than 720 hours, or begins in the past. Or: "${t(CARD_PAYMENTS_OFF)}"`,
      402: `No payment where one is required: with any provider on, a request carries \`paymentToken\` or \`razorpay\` unless the car's \`payAtPickup\` is true ("${t(PAYMENT_REQUIRED)}"), refused after every other check, so a duplicate is still 409. Or the card provider refused to hold the amount: the message says why. No booking was stored. A card that asks for an extra authentication step the card checkout cannot do (3-D Secure, as most cards issued in India ask) has \`reason\` \`cardNeedsAuthentication\`: pay through Razorpay instead, when it is on.`,
      503: 'The card provider could not be reached. No booking was stored and nothing was charged.',
      403: FIRST_REQUEST_REFUSED,
      404: 'There is no car by that name.',
      429: 'Too many booking requests by this renter in the last hour (30), or too many requests; Retry-After says when to try again.',
      409: REQUEST_REFUSED,
    }),
  },
};

const CHECK_SCHEMA = {
  tags: TAGS,
  summary: 'Check a request before paying for it',
  description:
    'What `POST /api/bookings` would refuse the same car, period and driver for, asked before the renter pays: the same checks, with the same statuses and messages. Nothing is stored, held or counted against the hourly quota. A 204 is no promise: another request can still take the period before the real one is sent.',
  security: SIGNED_IN,
  body: BookingCheck,
  response: {
    204: z.undefined().describe('Nothing known now would refuse the request.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      400: 'A bad field, or a period that is not at least one hour, longer than 720 hours, or begins in the past.',
      403: FIRST_REQUEST_REFUSED,
      404: 'There is no car by that name.',
      409: REQUEST_REFUSED,
    }),
  },
};

const LIST_SCHEMA = {
  tags: TAGS,
  summary: 'Bookings, newest first',
  description:
    'A renter sees their own bookings, an owner the requests for their cars, an admin every booking. A request still unanswered when its period begins is `expired`, and an accepted booking whose period ended the claim window ago (`CLAIM_WINDOW_HOURS`) is `completed`; the `status` filter counts them so; `status` takes one status or several separated by commas (`declined,cancelled,expired`). `when` keeps bookings whose period has not ended yet (`upcoming`), has (`past`), or that are over (`over`: ended, or declined, cancelled or expired). Each names the city and pickup area of its car. Whoever answers for the car (and an admin) also gets the phone of the renter (`renter.phone`) once a booking is accepted, and on an open request `overlapsAccepted`, the number of an accepted booking of the car that overlaps it, which accepting would be refused for. Always paged (`page`, `pageSize`), newest first, the id breaking ties.',
  security: SIGNED_IN,
  querystring: BookingListQuery,
  response: {
    200: answer(pagedAnswer(Booking), 'One page of the bookings the caller may see.'),
    ...errors([400, 401]),
  },
};

const RECEIPT_SCHEMA = {
  tags: TAGS,
  summary: "A booking's receipt",
  description:
    'The booking with its status history and, once accepted, who to call: the renter sees the owner (the platform for a fleet car), the owner sees the renter, an admin both.',
  security: SIGNED_IN,
  params: BookingIdParams,
  response: {
    200: answer(BookingReceipt, 'The booking, its history and its contacts.'),
    ...errors([400, 401, 404], { 400: 'A malformed id.', 404: t(NO_SUCH_BOOKING_ID) }),
  },
};

/** A bodiless POST reaches the validator as null: no body is no reason. */
const declineBody = z.preprocess((body) => body ?? {}, DeclineReason);

/** What each step's answer says besides the booking. */
const STEP_ANSWERS: Record<BookingAction, string> = {
  accept:
    'The booking after the step, with `declinedWith`: the numbers of the overlapping requests for the car that the accept declined (each with the reason that another request for the period was accepted).',
  decline:
    "The booking after the step. A `reason` in the body (optional, 1 to 500 characters) is stored as the booking's `declineReason`, which its renter reads with the booking and in the mail telling them.",
  cancel: 'The booking after the step.',
  no_show:
    'The booking after the step, ended: `no_show_renter` or `no_show_owner`, with its `refund`. Refused with 409 before `NO_SHOW_HOURS` after the start, the message saying from when it is possible.',
};

/** A step's path in the document; only accepting moves money, so only it can meet the provider's 402 and 503. */
function stepSchema(action: BookingAction) {
  return {
    tags: TAGS,
    summary: STEP_SUMMARIES[action],
    security: SIGNED_IN,
    params: BookingIdParams,
    ...(action === 'decline' ? { body: declineBody } : {}),
    response: {
      200: answer(Booking, STEP_ANSWERS[action]),
      // No body is read, but one sent is still parsed: malformed JSON, an oversized or a non-JSON body is refused.
      ...errors([...JSON_BODY_ERRORS, 401, 404, 409, ...(action === 'accept' ? ([402, 503] as const) : [])], {
        400: `A malformed id, or a body that is not JSON${action === 'decline' ? ', or a reason that is blank or over 500 characters' : ''}.`,
        402: `The card provider refused to take the money held for the request (the message says why), or the request came without a payment while one is required and its car is not paid at pickup ("${t(UNPAID_ACCEPT)}"): the request stays open.`,
        503: 'The card provider could not be reached (or card payments are off): the request stays open.',
        404: 'No booking the caller may take this step on.',
        409: "The booking's status does not allow this step (the message names it; a request declined because an overlapping one was accepted is `declined`), its period has begun, or accepting would overlap an accepted booking.",
      }),
    },
  };
}

export const bookingRoutes: FastifyPluginAsyncZod<{
  support: SupportContact;
  gst: GstConfig | undefined;
  links: BookingLinks;
  licences: Pick<LicenceRules, 'check'>;
}> = async (app, { support, gst, links, licences }) => {
  const processOf = (log = app.log): ProcessContext => ({
    db: app.db,
    payments: app.payments,
    money: app.money,
    gst,
    log,
    links,
    clock: app.clock,
  });
  // At start too: what a stop left due (requests to expire, steps to finish, money to move, earnings to release) waits no minute more.
  const stopSweeping = runInRounds(app, 'booking sweep', SWEEP_INTERVAL_MS, () => sweepBookings(processOf()), {
    atReady: true,
  });
  app.addHook('onClose', stopSweeping);

  app.post(
    '/api/bookings',
    {
      onRequest: app.requireRole('user'),
      schema: ASK_SCHEMA,
    },
    async (request, reply) => {
      const renter = signedInAccount(request);
      const context = {
        db: app.db,
        payments: app.payments,
        gst,
        links,
        log: request.log,
        quotaPerHour: app.quotas.bookingRequestsPerHour,
        terms: app.money,
        licences,
      };
      const asked = await askForBooking(context, renter, request.body, app.clock.now());
      const { car } = asked;
      // A payment reported twice makes one attempt: the reporter that made the request made it.
      const row = asked.existing ? asked.row : await acceptInstantly(processOf(request.log), asked.row);
      reply.code(201);
      // A request made within the grace after its start is already expired, and says so.
      return toBooking(asOf(row, app.clock.now()), { car, renter }, true);
    },
  );

  app.post(
    '/api/bookings/check',
    {
      onRequest: app.requireRole('user'),
      schema: CHECK_SCHEMA,
    },
    async (request, reply) => {
      const renter = signedInAccount(request);
      await checkMayRequestBooking(app.db, renter);
      await checkMayDrive(app.db, licences, renter, request.body.to);
      await checkRequest(app.db, renter.id, request.body, gst, app.clock.now());
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/bookings',
    {
      onRequest: app.requireSignedIn,
      config: { privateCache: true },
      schema: LIST_SCHEMA,
    },
    async (request) => {
      const account = signedInAccount(request);
      const now = app.clock.now();
      const list = await listBookings(app.db, account, request.query, now);
      if (request.privateCacheMiss) request.privateCacheMiss.turnsAt = await nextTurnOf(app.db, account, now);
      return list;
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: app.requireSignedIn,
      schema: RECEIPT_SCHEMA,
    },
    (request) => bookingReceipt(app.db, signedInAccount(request), request.params.id, { now: app.clock.now(), support, gst }),
  );

  for (const action of ACTIONS) {
    app.post(
      `/api/bookings/:id/${action}`,
      {
        onRequest: app.requireSignedIn,
        config: { takesNoBody: action !== 'decline' },
        schema: stepSchema(action),
      },
      async (request) => {
        const account = signedInAccount(request);
        // Only a decline's body is read; its route has already validated it, so this parse cannot refuse it.
        const reason = action === 'decline' ? declineBody.parse(request.body).reason : undefined;
        const done = await runStep(processOf(request.log), request.params.id, action, { via: 'party', account, reason });
        const booking = toBooking(done.booking, done, showsPaymentRef(account));
        return action === 'accept' ? { ...booking, declinedWith: done.declinedWith.map(bookingNumber) } : booking;
      },
    );
  }
};
