import type Stripe from 'stripe';
import { CardNeedsAuthentication, PaymentRefused, PaymentUnavailable, type HeldPayments } from './provider';
import { extendDeadline } from '../db/deadline';
import { t } from '../i18n';

export interface CardHold {
  /** The provider's reference for the hold: a PaymentIntent's id. */
  ref: string;
}

/**
 * Money held on a card and then taken or let go: the one place that talks to the card provider.
 * The hold carries an idempotency key made from the new booking's id, so the library's retry after a
 * dropped connection never holds twice. Capture and release are safe to repeat as they are
 * (the provider refuses a second one), and take the library's own key for its retries: a key of ours
 * would replay a refusal to every later try, for a day. A refund, which may be partial, carries ours.
 */
export interface StripePayments extends HeldPayments {
  hold(input: { bookingId: string; amountPaise: number; token: string; description: string }): Promise<CardHold>;
  /** One page of every PaymentIntent, newest first: what the provider says it took, for the books' check. */
  listPaymentIntents(page: CardListPage, timeoutMs: number): Promise<CardList<CardPaymentListed>>;
  /** One page of every refund, newest first. */
  listRefunds(page: CardListPage, timeoutMs: number): Promise<CardList<CardRefundListed>>;
}

/** A page of one of the provider's lists: `limit` items (at most 100) after the one named, or from the newest. */
export interface CardListPage {
  limit: number;
  startingAfter: string | undefined;
}

export interface CardList<T> {
  items: T[];
  hasMore: boolean;
}

export interface CardPaymentListed {
  id: string;
  status: string;
  /** What was taken: the amount captured. */
  amountReceived: number;
  /** Unix seconds. */
  created: number;
}

export interface CardRefundListed {
  id: string;
  /** The PaymentIntent it gives back from; null for a refund of a bare charge. */
  paymentRef: string | null;
  amount: number;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string | null;
  created: number;
}

export interface StripeSettings {
  secretKey: string;
  /** Another address for the provider's API (the tests' stand-in); unset means Stripe's own. */
  apiBase: URL | undefined;
}

/** Long enough for a slow bank's answer, short enough that a renter is not left waiting on a dead connection. */
const PROVIDER_TIMEOUT_MS = 20_000;
/** stripe-node's longest wait before a retry (maxNetworkRetryDelay, 5 s), rounded up. */
const RETRY_DELAY_MAX_MS = 5_000;

const AUTHENTICATION_REQUIRED = 'authentication_required';
const NEEDS_AUTHENTICATION = 'server.stripe.needsAuthentication';

/** The provider's answer in our terms: a refusal about this payment, or the provider out of reach; anything else is a bug. */
const refusedBy =
  (errors: typeof Stripe.errors) =>
  (error: unknown): never => {
    // Declined for want of authentication, which the legacy token cannot give (Stripe's `authentication_required`).
    if (
      error instanceof errors.StripeCardError &&
      (error.code === AUTHENTICATION_REQUIRED || error.decline_code === AUTHENTICATION_REQUIRED)
    ) {
      throw new CardNeedsAuthentication(t(NEEDS_AUTHENTICATION));
    }
    if (error instanceof errors.StripeCardError || error instanceof errors.StripeInvalidRequestError) {
      throw new PaymentRefused(error.message);
    }
    if (error instanceof errors.StripeError) {
      throw new PaymentUnavailable(`The card provider could not be asked (${error.type}).`, { cause: error });
    }
    throw error;
  };

/**
 * Card payments through Stripe's PaymentIntents with manual capture, paid for with react-stripe-checkout's token.
 * Its library is loaded only when card payments are on: it is a sixth of the server's memory.
 */
export async function stripePayments({ secretKey, apiBase }: StripeSettings): Promise<StripePayments> {
  const { default: Stripe } = await import('stripe');
  const refused = refusedBy(Stripe.errors);
  const stripe = new Stripe(secretKey, {
    timeout: PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: 2,
    ...(apiBase
      ? {
          host: apiBase.hostname,
          port: Number(apiBase.port || (apiBase.protocol === 'https:' ? 443 : 80)),
          protocol: apiBase.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  // Each attempt (a retry too) gives the request's deadline room for it: cut mid-call, a 503 could not
  // say that nothing was done, as the money may have moved.
  stripe.on('request', () => extendDeadline(PROVIDER_TIMEOUT_MS + RETRY_DELAY_MAX_MS));

  return {
    async hold({ bookingId, amountPaise, token, description }) {
      // The legacy checkout's token becomes a PaymentMethod, the form PaymentIntents take (Stripe's documented path for such tokens).
      const method = await stripe.paymentMethods
        .create({ type: 'card', card: { token } }, { idempotencyKey: `method-${bookingId}` })
        .catch(refused);
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountPaise,
            currency: 'inr',
            capture_method: 'manual',
            confirm: true,
            payment_method: method.id,
            // A card that would send the renter to a bank's page cannot be used here: there is no page to come back to.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description,
            metadata: { bookingId },
          },
          { idempotencyKey: `hold-${bookingId}` },
        )
        .catch(refused);
      if (intent.status === 'requires_capture') return { ref: intent.id };
      // Anything else (a card asking for extra authentication, which this legacy token cannot give) is not a hold: let it go.
      await stripe.paymentIntents.cancel(intent.id).catch(refused);
      if (intent.status === 'requires_action') throw new CardNeedsAuthentication(t(NEEDS_AUTHENTICATION));
      throw new PaymentRefused(t('server.stripe.notHeld'));
    },
    async capture(ref, amountPaise) {
      // The sweep asks again for a capture a crash interrupted: the key makes Stripe answer the first one's result.
      await stripe.paymentIntents
        .capture(ref, { amount_to_capture: amountPaise }, { idempotencyKey: `capture-${ref}` })
        .catch(refused);
    },
    async release(ref) {
      await stripe.paymentIntents.cancel(ref).catch(refused);
    },
    async refund(ref, amountPaise) {
      // A partial refund is not refused when asked twice, as a whole one is: the key (one refund per
      // payment, ever) makes a retry after a dropped answer get the first one's result instead.
      await stripe.refunds
        .create({ payment_intent: ref, amount: amountPaise }, { idempotencyKey: `refund-${ref}` })
        .catch(refused);
    },
    async listPaymentIntents({ limit, startingAfter }, timeoutMs) {
      const page = await stripe.paymentIntents
        .list({ limit, ...(startingAfter ? { starting_after: startingAfter } : {}) }, { timeout: timeoutMs })
        .catch(refused);
      return {
        hasMore: page.has_more,
        items: page.data.map(({ id, status, amount_received, created }) => ({
          id,
          status,
          amountReceived: amount_received,
          created,
        })),
      };
    },
    async listRefunds({ limit, startingAfter }, timeoutMs) {
      const page = await stripe.refunds
        .list({ limit, ...(startingAfter ? { starting_after: startingAfter } : {}) }, { timeout: timeoutMs })
        .catch(refused);
      return {
        hasMore: page.has_more,
        items: page.data.map(({ id, payment_intent, amount, status, created }) => ({
          id,
          paymentRef: typeof payment_intent === 'string' ? payment_intent : (payment_intent?.id ?? null),
          amount,
          status,
          created,
        })),
      };
    },
  };
}
