import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { stripeCardPayments, type CardPayments } from '../payments/card-payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card payments, when STRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY are set; null means requests are sent unpaid. */
    cardPayments: CardPayments | null;
  }
}

async function payments(app: FastifyInstance, config: Pick<ServerConfig, 'cardPayments'>): Promise<void> {
  app.decorate('cardPayments', config.cardPayments ? stripeCardPayments(config.cardPayments) : null);
}

export const paymentsPlugin = fp(payments, { name: 'payments', fastify: '5.x' });
