import { useEffect } from 'react';

/** Where react-stripe-checkout loads the card provider's script from. */
const CHECKOUT_SCRIPT_URL = 'https://checkout.stripe.com/checkout.js';

function isCheckoutScriptFailure(reason: unknown): boolean {
  const target = reason instanceof Event ? reason.target : null;
  return target instanceof HTMLScriptElement && target.src === CHECKOUT_SCRIPT_URL;
}

/**
 * When the checkout script cannot load, react-stripe-checkout reports it through onScriptError but
 * also leaves one promise of its own rejected with nobody listening (`promise.then(...)` without a
 * catch in its dist/main.js), which the browser logs as an uncaught error. The failure is handled,
 * so that stray rejection is marked handled too; every other rejection is left alone.
 */
export function useCheckoutScriptFailureHandled(): void {
  useEffect(() => {
    const markHandled = (event: PromiseRejectionEvent) => {
      if (isCheckoutScriptFailure(event.reason)) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', markHandled);
    return () => window.removeEventListener('unhandledrejection', markHandled);
  }, []);
}
