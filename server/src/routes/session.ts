import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LoginAnswer, SessionAnswer } from '#domain/contract';
import { toAccount } from '../contract-shapes';
import { loginName, loginPassword } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';
import { signedInAccount } from '../plugins/session';
import { answerSignIn } from './accounts';

const sessionLogin = z.object({ login: loginName, password: loginPassword });

export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/session', { schema: { body: sessionLogin } }, (request, reply): Promise<LoginAnswer> =>
    answerSignIn(request, reply, { login: request.body.login, password: request.body.password, kind: 'email-or-username' }),
  );

  app.get('/api/session', { onRequest: app.requireSignedIn }, async (request): Promise<SessionAnswer> => ({
    user: toAccount(signedInAccount(request)),
  }));

  app.delete('/api/session', async (_request, reply) => {
    await reply.endSession();
    return reply.code(204).send();
  });
}
