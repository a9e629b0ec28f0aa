import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig } from '#domain/schemas/config';
import type { ServerConfig } from '../config';
import { answer, errors } from '../http/answers';

export const configRoutes: FastifyPluginAsyncZod<Pick<ServerConfig, 'cardPayments' | 'razorpay' | 'gst'>> = async (
  app,
  { cardPayments, razorpay, gst },
) => {
  const publicConfig: PublicConfig = {
    payments: {
      ...(cardPayments ? { card: { provider: 'stripe', publishableKey: cardPayments.publishableKey } } : {}),
      ...(razorpay ? { upi: { provider: 'razorpay', keyId: razorpay.keyId } } : {}),
    },
    ...(gst ? { gst: { rateBps: gst.rateBps, gstin: gst.gstin, state: gst.state } } : {}),
  };
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The ways to pay this server takes',
        description:
          'Public: the payment providers that are on, with their public keys (a provider not listed cannot be charged), and the GST rate, GSTIN and state when the seller charges GST.',
        response: { 200: answer(PublicConfig, 'The payment providers that are on, and GST.'), ...errors([]) },
      },
    },
    async () => publicConfig,
  );
};
