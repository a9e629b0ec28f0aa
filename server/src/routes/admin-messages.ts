import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { contactMessages, newsletterSignups } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { csvLine } from '../http/csv';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, listAnswers, optionalReasonBody, REFUSED } from '../http/admin-lists';

type ContactMessageRow = typeof contactMessages.$inferSelect;
type NewsletterSignupRow = typeof newsletterSignups.$inferSelect;

const NO_SUCH_MESSAGE = 'No contact message has this id.';

/** How many sign-ups the CSV reads from the database at a time: a long list is never held whole. */
const CSV_BATCH = 1_000;

/** The search box: a part of the text, found literally (no wildcards) and in any case. */
const contains = (column: AnyPgColumn, q: string) => sql`strpos(lower(${column}), lower(${q})) > 0`;

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

function messageConditions({ q, status }: AdminMessagesQuery): SQL | undefined {
  return and(
    q === undefined || q === ''
      ? undefined
      : or(contains(contactMessages.name, q), contains(contactMessages.email, q), contains(contactMessages.message, q)),
    status === undefined
      ? undefined
      : status === 'answered'
        ? isNotNull(contactMessages.answeredAt)
        : isNull(contactMessages.answeredAt),
  );
}

const signupConditions = ({ q }: AdminNewsletterQuery): SQL | undefined =>
  q === undefined || q === '' ? undefined : contains(newsletterSignups.email, q);

/**
 * Every sign-up as CSV lines after the header, in the order of their emails: read `CSV_BATCH` at a
 * time after the last email sent, which the emails' unique index finds without sorting or skipping
 * rows. Each batch is read only once the download has taken the one before, so however long the
 * list, neither memory nor a database connection is held for it.
 */
async function* newsletterCsv(db: Database): AsyncGenerator<string> {
  yield csvLine(['email', 'signed_up_at']);
  let after: string | undefined;
  for (;;) {
    const batch = await db
      .select()
      .from(newsletterSignups)
      .where(after === undefined ? undefined : gt(newsletterSignups.email, after))
      .orderBy(asc(newsletterSignups.email))
      .limit(CSV_BATCH);
    if (batch.length > 0) yield batch.map((row) => csvLine([row.email, toIndiaIso(row.createdAt)])).join('');
    after = batch.at(-1)?.email;
    if (batch.length < CSV_BATCH || after === undefined) return;
  }
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
    async (request) => {
      const where = messageConditions(request.query);
      return adminPage(
        request.query,
        {
          rows: (limit, offset) =>
            app.db
              .select()
              .from(contactMessages)
              .where(where)
              .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(contactMessages).where(where),
        },
        toAdminContactMessage,
      );
    },
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
            404: `"${NO_SUCH_MESSAGE}"`,
          }),
        },
      },
    },
    async (request) => {
      const admin = signedInAccount(request);
      const { id } = request.params;
      return app.db.transaction(async (tx) => {
        // Only a message still awaiting is changed, so a second click (or a second admin) writes no audit row.
        const [changed] = await tx
          .update(contactMessages)
          .set({ answeredAt: new Date() })
          .where(and(eq(contactMessages.id, id), isNull(contactMessages.answeredAt)))
          .returning();
        if (!changed) {
          const [unchanged] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
          if (!unchanged) throw new HttpError(404, NO_SUCH_MESSAGE);
          return toAdminContactMessage(unchanged);
        }
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: 'message.answer',
          objectType: 'contact_message',
          objectId: id,
          reason: request.body.reason,
          before: { status: 'awaiting' },
          after: { status: 'answered' },
        });
        return toAdminContactMessage(changed);
      });
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
    async (request) => {
      const where = signupConditions(request.query);
      return adminPage(
        request.query,
        {
          rows: (limit, offset) =>
            app.db
              .select()
              .from(newsletterSignups)
              .where(where)
              .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id))
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(newsletterSignups).where(where),
        },
        toAdminNewsletterSignup,
      );
    },
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
      const today = toIndiaIso(new Date()).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-signups-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(newsletterCsv(app.db)));
    },
  );
};
