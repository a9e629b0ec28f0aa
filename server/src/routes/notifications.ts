import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationSummary } from '#domain/schemas/notifications';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { markBookingsSeen, summaryOf } from '../notifications/summary';
import { signedInAccount } from '../plugins/session';

const TAGS = ['notifications'];

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
      return summaryOf(app.db, signedInAccount(request), app.clock.now());
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
      const summary = await markBookingsSeen(app.db, signedInAccount(request), app.clock.now());
      reply.header('cache-control', NO_STORE);
      return summary;
    },
  );
};
