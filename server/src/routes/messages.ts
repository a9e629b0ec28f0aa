import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessage, MessageAnswer, NewsletterSignup } from '#domain/schemas/messages';
import { secondsUntilAllowed, type AttemptLimit } from '../db/attempt-window';
import { contactMessages, newsletterSignups } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { tooManyAttempts } from '../http/errors';

/** The contact form's limit: this many messages an hour from one address. */
const CONTACT_LIMIT: AttemptLimit = { limit: 5, windowMs: 60 * 60 * 1000 };
/**
 * The class of the advisory lock that makes counting and storing one step per address (the
 * migrator's lock takes a single key, so the two never meet).
 */
const CONTACT_LOCK_CLASS = 2_024_005;
const TAGS = ['messages'];

/**
 * The contact form and the newsletter. Both are stored for the admins to read. The contact limit
 * is counted in the database, like the sign-in limits, so every API instance sees the same count.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a message to the team',
        body: ContactMessage,
        response: {
          201: answer(MessageAnswer, 'Stored: "Thanks, we will get back to you soon."'),
          ...errors(JSON_BODY_ERRORS, {
            429: `${CONTACT_LIMIT.limit} messages in the last hour from this address, or too many requests; Retry-After says when to try again.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const address = request.ip;
      const now = new Date();
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTACT_LOCK_CLASS}::int, hashtext(${address}))`);
        const wait = await secondsUntilAllowed(
          tx,
          { table: contactMessages, at: contactMessages.createdAt, where: eq(contactMessages.address, address) },
          CONTACT_LIMIT,
          now,
        );
        if (wait > 0) throw tooManyAttempts(`You have sent ${CONTACT_LIMIT.limit} messages in the last hour.`, wait);
        await tx.insert(contactMessages).values({ ...request.body, address, createdAt: now });
      });
      reply.code(201);
      return { message: 'Thanks, we will get back to you soon.' };
    },
  );

  // The same answer whether or not the email was already subscribed, so it tells nobody who is.
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: TAGS,
        summary: 'Subscribe to the newsletter',
        body: NewsletterSignup,
        response: {
          201: answer(MessageAnswer, 'Subscribed, or already subscribed: the same answer, so it tells nobody who is.'),
          ...errors(JSON_BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      await app.db
        .insert(newsletterSignups)
        .values({ email: request.body.email })
        .onConflictDoNothing({ target: newsletterSignups.email });
      reply.code(201);
      return { message: 'Thanks for subscribing.' };
    },
  );
};
