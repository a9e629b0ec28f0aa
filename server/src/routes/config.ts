import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig } from '#domain/schemas/config';
import type { ServerConfig } from '../config';
import { answer, errors } from '../http/answers';

export const configRoutes: FastifyPluginAsyncZod<Pick<ServerConfig, 'cardPayments'>> = async (app, { cardPayments }) => {
  const publicConfig: PublicConfig = {
    payments: cardPayments ? { card: { provider: 'stripe', publishableKey: cardPayments.publishableKey } } : {},
  };
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The ways to pay this server takes',
        description:
          'Public: the payment providers that are on, with their public keys. A provider not listed cannot be charged.',
        response: { 200: answer(PublicConfig, 'The payment providers that are on.'), ...errors([]) },
      },
    },
    async () => publicConfig,
  );
};
