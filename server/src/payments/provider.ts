import type { PaymentProvider } from '#domain/schemas/bookings';
import type { RouteApi } from './razorpay-route-api';

/** The provider said no (a declined card, a capture it will not take): the message is for the renter or the owner. */
export class PaymentRefused extends Error {}

/**
 * The card asks for an extra authentication step (3-D Secure) that the card checkout cannot do, as
 * most cards issued in India do: another way to pay can work where another try of this one cannot.
 */
export class CardNeedsAuthentication extends PaymentRefused {}

/** The provider could not be asked (unreachable, overloaded, or our key refused): nothing happened, try again later. */
export class PaymentUnavailable extends Error {}

/**
 * Money held for a booking, taken or let go: what the booking routes and the sweep ask of whichever
 * provider holds it, so they never know which one that is. Each step is safe to repeat: the provider
 * refuses a second one.
 */
export interface HeldPayments {
  /** Takes exactly `amountPaise` of the money held under `ref`. */
  capture(ref: string, amountPaise: number): Promise<void>;
  /** Lets a hold go; the money goes back to the renter (for UPI, as a refund within some working days). */
  release(ref: string): Promise<void>;
  /**
   * Gives back `amountPaise` of the money taken: all of it, or the share a cancellation's policy gives
   * back. Safe to repeat: a booking's payment is refunded once, and a repeat finds it done.
   */
  refund(ref: string, amountPaise: number): Promise<void>;
}

/** The providers that are on; a booking's `payment_provider` names the one holding its money. */
export interface PaymentProviders<Stripe extends HeldPayments = HeldPayments, Razorpay extends HeldPayments = HeldPayments> {
  stripe: Stripe | null;
  razorpay: Razorpay | null;
  /** Razorpay Route, when owners' shares of Razorpay payments are paid by it (RAZORPAY_ROUTE). */
  route: RouteApi | null;
  /** The provider that holds a booking's money, or null when it is off on this server. */
  provider(name: PaymentProvider): HeldPayments | null;
}

/** Whether a booking must carry a payment: any provider on (the demo's stand-ins count) means yes, unless its car takes payment at pickup. */
export function paymentRequired(payments: PaymentProviders): boolean {
  return payments.stripe !== null || payments.razorpay !== null;
}

export function paymentProviders<Stripe extends HeldPayments, Razorpay extends HeldPayments>(
  stripe: Stripe | null,
  razorpay: Razorpay | null,
  route: RouteApi | null = null,
): PaymentProviders<Stripe, Razorpay> {
  return { stripe, razorpay, route, provider: (name) => (name === 'stripe' ? stripe : razorpay) };
}
