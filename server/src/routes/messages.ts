import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageAnswer } from '#domain/contract';
import { contactMessages, newsletterSignups } from '../db/schema';
import { secondsUntilAllowed, tooManyAttempts, type AttemptLimit } from '../http/attempt-window';
import { email } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';

/** The contact form's limit: this many messages an hour from one address. */
const CONTACT_LIMIT: AttemptLimit = { limit: 5, windowMs: 60 * 60 * 1000 };
/**
 * The class of the advisory lock that makes counting and storing one step per address (the
 * migrator's lock takes a single key, so the two never meet).
 */
const CONTACT_LOCK_CLASS = 2_024_005;
const NAME_MAX = 100;
const MESSAGE_MAX = 5_000;

const contactMessage = z.object({
  name: z.string().trim().min(1).max(NAME_MAX),
  email,
  message: z.string().trim().min(1).max(MESSAGE_MAX),
});

/**
 * The contact form and the newsletter. Both are stored for the admins to read. The contact limit
 * is counted in the database, like the sign-in limits, so every API instance sees the same count.
 */
export async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/contact', { schema: { body: contactMessage } }, async (request, reply): Promise<MessageAnswer> => {
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
  });

  // The same answer whether or not the email was already subscribed, so it tells nobody who is.
  app.post('/api/newsletter', { schema: { body: z.object({ email }) } }, async (request, reply): Promise<MessageAnswer> => {
    await app.db.insert(newsletterSignups).values({ email: request.body.email }).onConflictDoNothing({ target: newsletterSignups.email });
    reply.code(201);
    return { message: 'Thanks for subscribing.' };
  });
}
