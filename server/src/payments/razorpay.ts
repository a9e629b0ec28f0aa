import type { HeldPayments } from './provider';
import { PaymentRefused, PaymentUnavailable } from './provider';
import {
  paymentSignatureIsValid,
  razorpayApi,
  RazorpayRefusal,
  RazorpayUnavailable,
  webhookSignatureIsValid,
  type RazorpayListedPayment,
  type RazorpayOrder,
  type RazorpayPage,
  type RazorpayPayment,
  type RazorpaySettings,
  type RazorpaySettlement,
} from './razorpay-api';

/**
 * UPI, cards and netbanking through Razorpay: an order with manual capture is authorized by the
 * checkout, captured for its exact amount when the owner accepts, refunded when a renter cancels after.
 */
export interface RazorpayPayments extends HeldPayments {
  /** The public key the checkout opens with. */
  keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /** One page of every payment, newest first: what Razorpay says it took, for the books' check. */
  listPayments(page: RazorpayPage, timeoutMs: number): Promise<RazorpayListedPayment[]>;
  /** One page of the settlements Razorpay paid into the bank, newest first. */
  listSettlements(page: RazorpayPage, timeoutMs: number): Promise<RazorpaySettlement[]>;
  /** Whether the checkout's result was signed with our key secret: the only proof the renter paid. */
  checkoutIsGenuine(orderId: string, paymentId: string, signature: string): boolean;
  /** Whether a webhook came from Razorpay; false when no webhook secret is configured. */
  webhookIsGenuine(rawBody: string, signature: string): boolean;
  /** Whether webhooks can be checked at all (RAZORPAY_WEBHOOK_SECRET). */
  takesWebhooks: boolean;
}

/** Razorpay's answer in the terms every provider uses. */
function inOurTerms(error: unknown): never {
  if (error instanceof RazorpayRefusal) throw new PaymentRefused(error.message);
  if (error instanceof RazorpayUnavailable) throw new PaymentUnavailable(error.message, { cause: error });
  throw error;
}

export function razorpayPayments(settings: RazorpaySettings): RazorpayPayments {
  const api = razorpayApi(settings);
  const { webhookSecret } = settings;
  return {
    keyId: settings.keyId,
    takesWebhooks: webhookSecret !== undefined,
    createOrder: (input) => api.createOrder(input).catch(inOurTerms),
    fetchPayment: (paymentId) => api.fetchPayment(paymentId).catch(inOurTerms),
    listPayments: (page, timeoutMs) => api.listPayments(page, timeoutMs).catch(inOurTerms),
    listSettlements: (page, timeoutMs) => api.listSettlements(page, timeoutMs).catch(inOurTerms),
    checkoutIsGenuine: (orderId, paymentId, signature) =>
      paymentSignatureIsValid(settings.keySecret, orderId, paymentId, signature),
    webhookIsGenuine: (rawBody, signature) =>
      webhookSecret !== undefined && webhookSignatureIsValid(webhookSecret, rawBody, signature),
    async capture(ref, amountPaise) {
      await api.capture(ref, amountPaise).catch(async (error: unknown) => {
        // Razorpay takes no idempotency key: a capture the sweep asks again for, after a crash
        // interrupted the first, is refused as already done, so the payment itself says whether it was.
        if (error instanceof RazorpayRefusal) {
          const payment = await api.fetchPayment(ref).catch(inOurTerms);
          if (payment.status === 'captured' && payment.amount === amountPaise) return;
        }
        inOurTerms(error);
      });
    },
    // Razorpay has no call to let an authorization go: one never captured is refunded by Razorpay itself
    // (at the order's manual_expiry_period at the latest), which for UPI reaches the renter in some working days.
    async release() {},
    async refund(ref, amountPaise) {
      // Razorpay takes no idempotency key and, for a partial refund, would make a second: a booking's
      // payment is refunded once, so a retry after a lost answer finds it done in the payment itself.
      const payment = await api.fetchPayment(ref).catch(inOurTerms);
      if ((payment.amount_refunded ?? 0) >= amountPaise) return;
      await api.refund(ref, amountPaise).catch(inOurTerms);
    },
  };
}
