import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionCheck, SessionLogin } from '#domain/schemas/accounts';
import { answerSignIn, SIGN_IN_ANSWERS } from '../auth/answer-sign-in';
import { toAccount } from '../contract-shapes';
import { answer, errors } from '../http/answers';

const TAGS = ['session'];

export const sessionRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const links = { forgotPasswordUrl: `${publicUrl}/forgotpassword` };
  app.post(
    '/api/session',
    {
      config: { ignoresIdempotencyKey: true },
      schema: {
        tags: TAGS,
        summary: 'Sign in',
        description: '`login` is a username or an email, for an account of any role.',
        body: SessionLogin,
        response: SIGN_IN_ANSWERS,
      },
    },
    (request, reply) =>
      answerSignIn(
        request,
        reply,
        { login: request.body.login, password: request.body.password, kind: 'email-or-username' },
        links,
      ),
  );

  app.get(
    '/api/session',
    {
      onRequest: app.lookUpSession,
      schema: {
        tags: TAGS,
        summary: 'Who is signed in',
        description:
          'Never refused for want of a session: a signed-out visitor (no cookie, or one whose session ended) gets `{user: null}`, and the `signed_in` hint cookie cleared if it came.',
        response: {
          200: answer(SessionCheck, 'The signed-in account, or `user: null` when nobody is signed in.'),
          ...errors([]),
        },
      },
    },
    async (request, reply) => {
      if (request.account) return { user: toAccount(request.account) };
      // The session the hint stood for ended (expired, signed out elsewhere): pages stop asking.
      reply.dropSessionHint();
      return { user: null };
    },
  );

  app.delete(
    '/api/session',
    {
      config: { ignoresIdempotencyKey: true },
      schema: {
        tags: TAGS,
        summary: 'Sign out',
        response: {
          204: z.undefined().describe('Signed out (also when nobody was): the session ends and its cookie is cleared.'),
          ...errors([]),
        },
      },
    },
    async (_request, reply) => {
      await reply.endSession();
      return reply.code(204).send();
    },
  );
};
