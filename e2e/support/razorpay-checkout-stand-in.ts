import type { Page } from '@playwright/test';
import type { RazorpayStandIn } from '../../server/src/payments/demo/razorpay-stand-in';

/** Where the app loads Razorpay's standard checkout from (src/features/bookings/razorpay-script.ts). */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** What the app opened the checkout with, as the stand-in recorded it on `window.razorpayStandInOpened`. */
export interface RazorpayCheckoutOpened {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  description: string;
  email?: string;
}

/**
 * The part of checkout.js the app uses: `new Razorpay(options).open()`. Opening no window, it asks
 * the test to pay the order (as a renter does in the real checkout) and hands the signed result to
 * `options.handler`, as the real checkout does once the payment is authorized.
 */
const STAND_IN_SCRIPT = `
(function () {
  window.razorpayStandInOpened = [];
  function Razorpay(options) { this.options = options; }
  Razorpay.prototype.open = function () {
    var options = this.options;
    window.razorpayStandInOpened.push({
      key: options.key, order_id: options.order_id, amount: options.amount, currency: options.currency,
      description: options.description, email: options.prefill && options.prefill.email
    });
    window.razorpayStandInPay(options.order_id).then(function (result) { options.handler(result); });
  };
  window.Razorpay = Razorpay;
})();
`;

/**
 * Answers the checkout script's address in this page with the stand-in, whose payments the API
 * stand-in authorizes by `method`: the result carries the signature Razorpay computes with the key secret.
 */
export async function answerRazorpayCheckoutWithStandIn(page: Page, api: RazorpayStandIn, method = 'upi'): Promise<void> {
  await page.exposeFunction('razorpayStandInPay', (orderId: string) => api.authorize(orderId, method));
  await page.route(RAZORPAY_CHECKOUT_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN_SCRIPT }),
  );
}

export function razorpayCheckoutsOpened(page: Page): Promise<RazorpayCheckoutOpened[]> {
  return page.evaluate<RazorpayCheckoutOpened[]>('window.razorpayStandInOpened ?? []');
}
