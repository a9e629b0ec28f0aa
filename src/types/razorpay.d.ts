/**
 * Razorpay's standard checkout (https://checkout.razorpay.com/v1/checkout.js), as far as the app
 * uses it: the constructor the script puts on window, its options and what it hands the handler.
 */
export interface RazorpayCheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  /** In paise; the order's amount is what is charged, this is what the checkout shows. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler: (success: RazorpayCheckoutSuccess) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayCheckout {
  open(): void;
}

export type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}
