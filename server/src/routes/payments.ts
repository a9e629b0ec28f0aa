import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewRazorpayOrder, RazorpayOrder } from '#domain/schemas/bookings';
import { VERIFY_TO_BOOK } from '../accounts/phone';
import { acceptInstantly } from '../bookings/instant';
import { bookAuthorizedPayment, openRazorpayOrder } from '../bookings/razorpay-orders';
import type { GstConfig, LicenceRules } from '../config';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { RazorpayWebhookEvent } from '../payments/razorpay-api';
import { recordRouteEvent } from '../payouts/route-events';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['payments'];
const RAZORPAY_OFF = 'server.payments.razorpayOff';
const WEBHOOKS_OFF = 'server.payments.webhooksOff';

/** What the webhook did with an event: made the booking, found it made already, ignored the event, or could not book. */
const WebhookOutcome = z.object({ outcome: z.enum(['booked', 'already booked', 'ignored', 'not bookable', 'recorded']) });

export const paymentRoutes: FastifyPluginAsyncZod<{
  gst: GstConfig | undefined;
  links: BookingLinks;
  licences: Pick<LicenceRules, 'check'>;
}> = async (app, { gst, links, licences }) => {
  app.post(
    '/api/payments/razorpay/orders',
    {
      onRequest: app.requireRole('user'),
      schema: {
        tags: TAGS,
        summary: 'Open a Razorpay order for a booking about to be asked for (UPI, cards, netbanking)',
        description:
          "The server prices the booking as `POST /api/bookings` would (with GST when configured) and creates a Razorpay order for that `amountPaise` in INR, with manual capture: the checkout authorizes it, the owner's accept captures it. Send the checkout's result with the same car, period and driver to `POST /api/bookings` as `razorpay`.",
        security: SIGNED_IN,
        body: NewRazorpayOrder,
        response: {
          200: answer(RazorpayOrder, 'The order to open the checkout with.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409, 503], {
            400: `A bad field, or a period that is not at least one hour, longer than 720 hours, or begins in the past. Or: "${t(RAZORPAY_OFF)}"`,
            403: `Signed in with an account that is not a renter's. Or, for a renter with no booking request yet and no verified phone number: "${t(VERIFY_TO_BOOK)}" (\`reason\`: \`phoneNotVerified\`).`,
            404: 'There is no car by that name.',
            409: 'The car is already booked for part of the period, the renter already asked for it then, or its owner has paused it.',
            503: 'Razorpay could not be reached: no order was made.',
          }),
        },
      },
    },
    (request) => {
      const razorpay = app.payments.razorpay;
      if (!razorpay) throw new HttpError(400, t(RAZORPAY_OFF));
      return openRazorpayOrder(
        {
          db: app.db,
          razorpay,
          gst,
          links,
          terms: app.money,
          licences,
        },
        signedInAccount(request),
        request.body,
        app.clock.now(),
      );
    },
  );

  await app.register(async (webhook: FastifyInstance) => razorpayWebhook(webhook, gst, links, licences));
};

/**
 * Razorpay's webhook, in a scope of its own whose JSON parser keeps the raw text: the signature is
 * over the exact bytes sent. A `payment.authorized` for an order whose page never reported back (the
 * browser closed) makes the booking the page would have made; every delivery after changes nothing.
 */
function razorpayWebhook(
  scope: FastifyInstance,
  gst: GstConfig | undefined,
  links: BookingLinks,
  licences: Pick<LicenceRules, 'check'>,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body.toString()));

  app.post(
    '/api/payments/razorpay/webhook',
    {
      config: { ignoresIdempotencyKey: true },
      schema: {
        tags: TAGS,
        summary: "Razorpay's webhook: completes the bookings whose checkout page closed before it could report",
        description:
          "Signed by Razorpay with the webhook secret (X-Razorpay-Signature, HMAC-SHA256 of the raw body). `payment.authorized` for an order not yet booked makes its booking, `requested` with the payment `held`. With Razorpay Route on, `product.route.*` moves an owner's linked account's state, `transfer.processed` pays a Route payout (once its transfer is let go) and `transfer.failed` fails it, its money available again (`recorded`). Other events and repeated deliveries change nothing.",
        headers: z.object({ 'x-razorpay-signature': z.string().optional() }),
        body: z.string().describe("Razorpay's event, as JSON"),
        response: {
          200: answer(WebhookOutcome, 'The event was taken: what it changed.'),
          ...errors([...JSON_BODY_ERRORS, 404, 503], {
            400: 'The signature does not match the body, or the body is not an event: nothing changed.',
            404: t(WEBHOOKS_OFF),
            503: 'Razorpay could not be reached to confirm the payment: Razorpay delivers the event again later.',
          }),
        },
      },
    },
    async (request) => {
      const razorpay = app.payments.razorpay;
      if (!razorpay?.takesWebhooks) throw new HttpError(404, t(WEBHOOKS_OFF));
      const signature = request.headers['x-razorpay-signature'] ?? '';
      if (!razorpay.webhookIsGenuine(request.body, signature)) {
        throw new HttpError(400, t('server.payments.badSignature'));
      }
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        throw new HttpError(400, t('server.payments.notJson'));
      }
      const parsed = RazorpayWebhookEvent.safeParse(json);
      if (!parsed.success) throw new HttpError(400, t('server.payments.notEvent'));
      if (app.payments.route) {
        const routeOutcome = await recordRouteEvent(app.db, json, app.clock.now());
        if (routeOutcome) return { outcome: routeOutcome };
      }
      const payment = parsed.data.payload.payment?.entity;
      if (parsed.data.event !== 'payment.authorized' || !payment) return { outcome: 'ignored' as const };
      const outcome = await bookAuthorizedPayment(
        {
          db: app.db,
          razorpay,
          gst,
          links,
          terms: app.money,
          licences,
          afterRequest: (row) =>
            acceptInstantly(
              { db: app.db, payments: app.payments, money: app.money, gst, log: request.log, links, clock: app.clock },
              row,
            ),
        },
        payment,
        app.clock.now(),
        request.log,
      );
      return { outcome };
    },
  );
}
