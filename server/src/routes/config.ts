import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig } from '#domain/schemas/config';
import type { ServerConfig } from '../config';
import { answer, errors } from '../http/answers';

export const configRoutes: FastifyPluginAsyncZod<
  Pick<ServerConfig, 'cardPayments' | 'razorpay' | 'gst' | 'social' | 'support' | 'money' | 'licences' | 'trips'> & {
    demo: boolean;
  }
> = async (app, { cardPayments, razorpay, gst, social, support, money, demo, licences, trips }) => {
  const publicConfig: PublicConfig = {
    ...(demo ? { demo: true as const } : {}),
    payments: {
      ...(cardPayments ? { card: { provider: 'stripe', publishableKey: cardPayments.publishableKey } } : {}),
      ...(razorpay
        ? { upi: { provider: 'razorpay', keyId: razorpay.keyId, ...(razorpay.route ? { route: true as const } : {}) } }
        : {}),
    },
    ...(gst ? { gst: { rateBps: gst.rateBps, gstin: gst.gstin, state: gst.state } } : {}),
    earnings: { ...money.rates, claimWindowHours: money.claimWindowHours, payoutHoldHours: money.payoutHoldHours },
    noShowHours: money.noShowHours,
    cancellation: money.cancellation,
    licenceCheck: licences.check,
    trips,
    ...(Object.keys(social).length > 0 ? { social } : {}),
    ...(support.email || support.phone || support.address ? { support } : {}),
  };
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The ways to pay this server takes, and where to find the platform',
        description:
          'Public: whether this is a demo server (`demo`: its payments go to built-in stand-ins of the providers, and no money moves); the payment providers that are on, with their public keys (a provider not listed cannot be charged), and whether owners’ shares of Razorpay payments are paid by Razorpay Route (`payments.upi.route`, RAZORPAY_ROUTE); the GST rate, GSTIN and state when the seller charges GST; how owners’ earnings are split (`earnings`: the platform’s share and the tax withheld, in basis points, and the hours after a trip before its earnings can be paid out); whether a booking needs an approved driving licence (`licenceCheck`, LICENCE_CHECK); the bounds of a car’s security deposit and the late-return fee (`trips`: DEPOSIT_MIN_PAISE, DEPOSIT_MAX_PAISE, LATE_FEE_BPS); the cancellation policy stored on bookings requested now (`cancellation`: a renter cancelling at least `freeCancelHours` before the start gets everything back, later `lateRefundBps` of the pre-tax price and of its tax, from the start nothing); the hours after an accepted booking’s start from which either side may say the other did not come (`noShowHours`, NO_SHOW_HOURS); the platform’s social profiles that are set (SOCIAL_*_URL), and its support email, phone and address (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_ADDRESS) when set.',
        response: {
          200: answer(PublicConfig, 'The payment providers that are on, GST, social profiles and the support contact.'),
          ...errors([]),
        },
      },
    },
    async () => publicConfig,
  );
};
