import { z } from 'zod';

/**
 * Demo mode's checkout forms and the server's stand-ins of the providers (`/demo-providers/...`):
 * what the card and UPI forms send, as the providers' own checkouts send it to Stripe and Razorpay.
 */
export const DemoCardTokenRequest = z.object({
  /** The publishable key from `GET /api/config`. */
  key: z.string(),
  card: z.object({ number: z.string(), exp_month: z.int(), exp_year: z.int(), cvc: z.string() }),
});
export type DemoCardTokenRequest = z.output<typeof DemoCardTokenRequest>;

/** The card's token, which the booking request carries as `paymentToken`. */
export const DemoCardToken = z.object({ id: z.string() });

export const DemoUpiPaymentRequest = z.object({ key_id: z.string(), order_id: z.string(), vpa: z.string() });
export type DemoUpiPaymentRequest = z.output<typeof DemoUpiPaymentRequest>;

/** What Razorpay's checkout hands the page once a payment is authorized. */
export const DemoUpiPayment = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});

/** A provider's refusal: Stripe words it in `message`, Razorpay in `description`. */
export const DemoProviderRefusal = z.object({
  error: z.object({ message: z.string().optional(), description: z.string().optional() }),
});
