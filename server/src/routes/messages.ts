import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessage, MessageAnswer, NewsletterSignup } from '#domain/schemas/messages';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { CONTACT_MESSAGES_PER_HOUR } from '../limits/quotas';
import { storeContactMessage, subscribeToNewsletter } from '../messages/inbox';
import { t } from '../i18n';

const TAGS = ['messages'];

/** The contact form and the newsletter. Both are stored for the admins to read. */
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
            429: `${CONTACT_MESSAGES_PER_HOUR} messages in the last hour from this address, or too many requests; Retry-After says when to try again.`,
          }),
        },
      },
    },
    async (request, reply) => {
      await storeContactMessage(app.db, request.body, request.ip, app.clock.now());
      reply.code(201);
      return { message: t('server.messages.contactThanks') };
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
      await subscribeToNewsletter(app.db, request.body.email, app.clock.now());
      reply.code(201);
      return { message: t('server.messages.subscribed') };
    },
  );
};
