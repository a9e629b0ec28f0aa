import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParams, AdminReason } from '#domain/schemas/admin';
import { BookingIdParams } from '#domain/schemas/bookings';
import {
  BookingMessage,
  BookingMessageParams,
  ClosedReports,
  Conversation,
  NewBookingMessage,
  ReportedConversation,
} from '#domain/schemas/conversations';
import { NO_BOOKING_HAS_ID, NO_SUCH_BOOKING_ID } from '../bookings/words';
import {
  ADMIN_READS_IN_CONSOLE,
  adminReadConversation,
  closeReports,
  listReportedConversations,
  markSeen,
  NO_OPEN_REPORTS,
  OWN_MESSAGE,
  readConversation,
  REPORTED_LIST_MAX,
  reportMessage,
  sendMessage,
  UNKNOWN_MESSAGE,
} from '../conversations/conversations';
import { ADMIN_TAGS, REFUSED } from '../http/admin-lists';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['bookings'];

const PARTY_ANSWERS = {
  401: 'Not signed in.',
  403: `An admin and a listed car's booking: "${t(ADMIN_READS_IN_CONSOLE)}"`,
  404: `"${t(NO_SUCH_BOOKING_ID)}" Said alike of a booking that does not exist and of one the caller is no party to.`,
} as const;

const MASKING =
  'Until the booking is accepted, runs of 10 or more digits (spaces, dots, dashes and a leading + allowed; Devanagari digits too) and email addresses read `•••`, with `masked: true`; the text is stored as sent and shows whole once the booking is accepted.';

/** Who is a party: the renter, and whoever answers for the car (its owner; every admin for a fleet car). */
const PARTIES = "the booking's renter, or whoever answers for its car (its owner; an admin for a fleet car)";

const READ_SCHEMA = {
  tags: TAGS,
  summary: "A booking's conversation, oldest message first",
  description: `For ${PARTIES}. ${MASKING} Reading marks nothing seen: \`POST /api/bookings/{id}/messages/seen\` does.`,
  security: SIGNED_IN,
  params: BookingIdParams,
  response: { 200: answer(Conversation, 'The conversation.'), ...errors([400, 401, 403, 404], PARTY_ANSWERS) },
};

const SEND_SCHEMA = {
  tags: TAGS,
  summary: "Send a message in a booking's conversation",
  description: `For ${PARTIES}, whatever the booking's status. Text only, 1 to 2,000 characters once trimmed. The other side is mailed at once, unless they were mailed about this conversation within the last 15 minutes: then once 15 minutes have passed, if the messages are still unread. ${MASKING}`,
  security: SIGNED_IN,
  params: BookingIdParams,
  body: NewBookingMessage,
  response: {
    201: answer(BookingMessage, 'The message, as the sender reads it.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
      ...PARTY_ANSWERS,
      400: 'An empty message, or one over 2,000 characters: nothing is stored.',
      429: 'The sender sent 10 messages in the last minute; Retry-After says when to try again.',
    }),
  },
};

const SEEN_SCHEMA = {
  tags: TAGS,
  summary: "Mark the other side's messages seen",
  description: `For ${PARTIES}. The booking's page calls it when it shows messages the caller has not seen: the sender then reads "Seen", and they leave the caller's badge.`,
  security: SIGNED_IN,
  params: BookingIdParams,
  response: {
    200: answer(Conversation, 'The conversation after marking.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404], { ...PARTY_ANSWERS, 400: 'A malformed id, or a body (none is read).' }),
  },
};

const REPORT_SCHEMA = {
  tags: TAGS,
  summary: "Report one of the other side's messages to the admins",
  description: `For ${PARTIES}. The conversation then shows in the console's reported conversations, where admins read it as sent, until an admin closes its reports. Reporting it again keeps the first report, closed or not.`,
  security: SIGNED_IN,
  params: BookingMessageParams,
  response: {
    200: answer(BookingMessage, 'The message, reported.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      ...PARTY_ANSWERS,
      404: `${PARTY_ANSWERS[404]} Or: "${t(UNKNOWN_MESSAGE)}"`,
      409: `"${t(OWN_MESSAGE)}"`,
    }),
  },
};

const REPORTED_LIST_SCHEMA = {
  tags: ADMIN_TAGS,
  summary: 'The bookings whose conversation has a report no admin has closed, the latest report first',
  description: `At most ${REPORTED_LIST_MAX}; closing reports makes room for older ones.`,
  security: SIGNED_IN,
  response: {
    200: answer(z.array(ReportedConversation), 'The conversations with open reports.'),
    ...errors([401, 403], REFUSED),
  },
};

const CLOSE_REPORTS_SCHEMA = {
  tags: ADMIN_TAGS,
  summary: "Close a conversation's open reports (audited)",
  description:
    'For an admin who has dealt with them: the conversation leaves the list of reported ones until a party reports another message. The reason, required, is written to the audit log (`booking.close_reports`) with how many reports were closed.',
  security: SIGNED_IN,
  params: AdminIdParams,
  body: AdminReason,
  response: {
    200: answer(ClosedReports, 'The reports closed.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      ...REFUSED,
      400: 'An id that is not a uuid, or no reason: nothing is closed.',
      404: `"${t(NO_BOOKING_HAS_ID)}"`,
      409: `"${t(NO_OPEN_REPORTS)}"`,
    }),
  },
};

const ADMIN_READ_SCHEMA = {
  tags: ADMIN_TAGS,
  summary: "Read a booking's conversation as sent (audited)",
  description:
    "Any booking's, with nothing masked. A POST, since each reading writes an audit row (`booking.read_messages`) naming the admin and the booking. Marks nothing seen.",
  security: SIGNED_IN,
  params: AdminIdParams,
  response: {
    200: answer(Conversation, 'The conversation, `you` null.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404], { ...REFUSED, 404: `"${t(NO_BOOKING_HAS_ID)}"` }),
  },
};

export const conversationRoutes: FastifyPluginAsyncZod<{ links: BookingLinks }> = async (app, { links }) => {
  app.get(
    '/api/bookings/:id/messages',
    {
      onRequest: app.requireSignedIn,
      schema: READ_SCHEMA,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readConversation(app.db, signedInAccount(request), request.params.id, app.clock.now());
    },
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      onRequest: app.requireSignedIn,
      schema: SEND_SCHEMA,
    },
    async (request, reply) => {
      const message = await sendMessage(
        app.db,
        signedInAccount(request),
        { bookingId: request.params.id, text: request.body.text },
        { quota: app.quotas.bookingMessagesPerMinute, links, now: app.clock.now() },
      );
      reply.code(201);
      return message;
    },
  );

  app.post(
    '/api/bookings/:id/messages/seen',
    {
      onRequest: app.requireSignedIn,
      config: { takesNoBody: true },
      schema: SEEN_SCHEMA,
    },
    (request) => markSeen(app.db, signedInAccount(request), request.params.id, app.clock.now()),
  );

  app.post(
    '/api/bookings/:id/messages/:messageId/report',
    {
      onRequest: app.requireSignedIn,
      config: { takesNoBody: true },
      schema: REPORT_SCHEMA,
    },
    (request) =>
      reportMessage(
        app.db,
        signedInAccount(request),
        { bookingId: request.params.id, messageId: request.params.messageId },
        app.clock.now(),
      ),
  );

  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/conversations/reported',
    {
      onRequest: onlyAdmins,
      schema: REPORTED_LIST_SCHEMA,
    },
    () => listReportedConversations(app.db),
  );

  app.post('/api/admin/conversations/:id/close-reports', { onRequest: onlyAdmins, schema: CLOSE_REPORTS_SCHEMA }, (request) =>
    closeReports(
      app.db,
      signedInAccount(request),
      { bookingId: request.params.id, reason: request.body.reason },
      app.clock.now(),
    ),
  );

  app.post(
    '/api/admin/bookings/:id/messages',
    {
      onRequest: onlyAdmins,
      config: { takesNoBody: true },
      schema: ADMIN_READ_SCHEMA,
    },
    (request) => adminReadConversation(app.db, signedInAccount(request), request.params.id, app.clock.now()),
  );
};
