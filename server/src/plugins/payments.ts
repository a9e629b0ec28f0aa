import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MoneyRules, ServerConfig } from '../config';
import { backfillLedger } from '../ledger/backfill';
import { paymentProviders, type PaymentProviders } from '../payments/provider';
import { razorpayPayments, type RazorpayPayments } from '../payments/razorpay';
import { razorpayRouteApi } from '../payments/razorpay-route-api';
import { stripePayments, type StripePayments } from '../payments/stripe';

export type Payments = PaymentProviders<StripePayments, RazorpayPayments>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The payment providers that are on: Stripe when STRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY
     * are set, Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are; with neither, requests are sent unpaid.
     */
    payments: Payments;
    /** How bookings' money is split and when owners are paid (COMMISSION_BPS, TDS_BPS, PAYOUT_*). */
    money: MoneyRules;
  }
}

async function payments(app: FastifyInstance, config: Pick<ServerConfig, 'cardPayments' | 'razorpay' | 'money'>): Promise<void> {
  app.decorate('money', config.money);
  const backfilled = await backfillLedger(app.db, config.money, app.clock.now());
  if (backfilled > 0) app.log.info({ bookings: backfilled }, 'posted the ledger journals of bookings taken before it');
  app.decorate(
    'payments',
    paymentProviders(
      config.cardPayments ? await stripePayments(config.cardPayments) : null,
      config.razorpay ? razorpayPayments(config.razorpay) : null,
      config.razorpay?.route ? razorpayRouteApi(config.razorpay) : null,
    ),
  );
}

export const paymentsPlugin = fp(payments, { name: 'payments', fastify: '5.x', dependencies: ['database', 'clock'] });
