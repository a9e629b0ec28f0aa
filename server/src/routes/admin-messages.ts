import { Readable } from 'node:stream';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toIndiaIso } from '#domain/india-time';
import {
  ADMIN_PAGE_SIZE,
  AdminContactMessage,
  AdminIdParams,
  AdminMessagesQuery,
  AdminNewsletterQuery,
  AdminNewsletterSignup,
} from '#domain/schemas/admin';
import type { Database } from '../db/client';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { csvLine } from '../http/csv';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, listAnswers, optionalReasonBody, REFUSED } from '../http/admin-lists';
import {
  allNewsletterSignups,
  type ContactMessageRow,
  contactMessageList,
  markMessageAnswered,
  NO_SUCH_MESSAGE,
  newsletterSignupList,
  type NewsletterSignupRow,
} from '../messages/admin-view';
import { t } from '../i18n';

/**
 * Every sign-up as CSV lines after the header, in the order of their emails, a batch at a time as the
 * download takes them.
 */
async function* newsletterCsv(db: Database): AsyncGenerator<string> {
  yield csvLine(['email', 'signed_up_at']);
  for await (const batch of allNewsletterSignups(db)) {
    yield batch.map((row) => csvLine([row.email, toIndiaIso(row.createdAt)])).join('');
  }
}

function toAdminContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

function toAdminNewsletterSignup(row: NewsletterSignupRow): AdminNewsletterSignup {
  return { _id: row.id, id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** The contact form's messages and the newsletter's sign-ups, for the console's Messages section. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/messages',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Messages sent from the contact page, newest first',
        description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the sender's name, email or message, in any case) and filtered by \`status\`: \`awaiting\` an answer or \`answered\`. An empty parameter counts as not sent.`,
        security: SIGNED_IN,
        querystring: AdminMessagesQuery,
        response: listAnswers(AdminContactMessage, 'One page of the matching messages.', badListQuery('status')),
      },
    },
    async (request) => adminPage(request.query, contactMessageList(app.db, request.query), toAdminContactMessage),
  );

  app.post(
    '/api/admin/messages/:id/answered',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Mark a contact message answered',
        description:
          "The message leaves the ones awaiting an answer (and the overview's count of them); the answer itself is sent by mail, outside the console. The body, and its `reason` (kept in the audit log), may be left out. One audit row is written; a message already answered is answered as it stands and writes none.",
        security: SIGNED_IN,
        params: AdminIdParams,
        body: optionalReasonBody,
        response: {
          200: answer(AdminContactMessage, 'The message, now answered.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
            ...REFUSED,
            400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
            404: `"${t(NO_SUCH_MESSAGE)}"`,
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const now = app.clock.now();
      return toAdminContactMessage(await markMessageAnswered(app.db, signedInAccount(request).id, id, request.body.reason, now));
    },
  );

  app.get(
    '/api/admin/newsletter',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Newsletter sign-ups, newest first',
        description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise) and searched by \`q\` (part of the email, in any case). An empty parameter counts as not sent. \`/api/admin/newsletter.csv\` downloads them all.`,
        security: SIGNED_IN,
        querystring: AdminNewsletterQuery,
        response: listAnswers(AdminNewsletterSignup, 'One page of the matching sign-ups.', badListQuery()),
      },
    },
    async (request) => adminPage(request.query, newsletterSignupList(app.db, request.query), toAdminNewsletterSignup),
  );

  // The answer is a stream, which the zod provider's types (answers its schemas describe) do not take:
  // its schema still documents it, and the serializer leaves a stream as it is.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/api/admin/newsletter.csv',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Every newsletter sign-up, as a CSV download',
        description:
          "Columns `email,signed_up_at` (India time, with its offset), in the order of the emails; a field is quoted when it holds a comma, a quote or a line break. A field a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a `'` before it. Streamed as it is read, so a long list is never held whole.",
        security: SIGNED_IN,
        response: {
          200: {
            description: 'The sign-ups, as an attachment named `newsletter-signups-YYYY-MM-DD.csv` (the India date).',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors([401, 403], REFUSED),
        },
      },
    },
    async (_request, reply) => {
      const today = toIndiaIso(app.clock.now()).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-signups-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(newsletterCsv(app.db)));
    },
  );
};
