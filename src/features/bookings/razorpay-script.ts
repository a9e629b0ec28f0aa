import type { RazorpayConstructor } from '../../types/razorpay';

/** Razorpay's standard checkout, loaded only when a renter chooses to pay through it. */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

let loading: Promise<RazorpayConstructor> | undefined;

/**
 * Adds the checkout script once and resolves with `window.Razorpay`. A failed load is forgotten
 * (its element removed), so the next click tries again instead of meeting the same failure.
 */
export function loadRazorpayCheckout(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  const script = document.createElement('script');
  script.src = RAZORPAY_SCRIPT_URL;
  script.async = true;
  const attempt = new Promise<RazorpayConstructor>((resolve, reject) => {
    script.addEventListener('load', () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('The Razorpay checkout script loaded without its checkout.'));
    });
    script.addEventListener('error', () => reject(new Error('The Razorpay checkout script could not be loaded.')));
  });
  loading = attempt;
  attempt.catch(() => {
    loading = undefined;
    script.remove();
  });
  document.head.appendChild(script);
  return attempt;
}
