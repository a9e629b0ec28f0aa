import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoCardTokenRequest, DemoUpiPaymentRequest } from '#domain/schemas/demo-checkout';
import type { DemoProviders } from '../payments/demo/demo-mode';

/**
 * Demo mode only: what the providers' checkout scripts would ask of Stripe and Razorpay from the
 * renter's browser, answered by the same stand-ins the server's real provider code talks to. They
 * are on the app's own origin, so the demo's checkout forms reach them with no network and no
 * change to the content security policy. Not part of the API: the docs leave them out.
 */
export const demoProviderRoutes: FastifyPluginAsyncZod<{ providers: DemoProviders }> = async (app, { providers }) => {
  // Razorpay's Route webhooks reach the demo server at its own webhook address, as they would from Razorpay.
  providers.razorpay.webhookSink = async ({ body, signature }) => {
    await app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  };
  app.post(
    '/demo-providers/stripe/v1/tokens',
    { config: { ignoresIdempotencyKey: true }, schema: { hide: true, body: DemoCardTokenRequest } },
    async (request, reply) => {
      const { key, card } = request.body;
      const { status, body } = providers.card.createToken(
        key,
        { number: card.number.replace(/\s/g, ''), expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc },
        app.clock.now(),
      );
      return reply.code(status).send(body);
    },
  );
  app.post(
    '/demo-providers/razorpay/v1/payments/upi',
    { config: { ignoresIdempotencyKey: true }, schema: { hide: true, body: DemoUpiPaymentRequest } },
    async (request, reply) => {
      const { key_id, order_id, vpa } = request.body;
      const { status, body } = providers.razorpay.payByUpi(key_id, order_id, vpa.trim().toLowerCase());
      return reply.code(status).send(body);
    },
  );
};
