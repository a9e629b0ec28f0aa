import type { Page } from '@playwright/test';

/** Where react-stripe-checkout loads the card provider's script from (node_modules/react-stripe-checkout/dist/main.js). */
export const CHECKOUT_SCRIPT_URL = 'https://checkout.stripe.com/checkout.js';
export const TEST_TOKEN_PREFIX = 'tok_test_';

/** What the app asked the checkout for, as the stand-in recorded it on `window.checkoutStandInOpened`. */
export interface CheckoutOpened {
  key: string;
  amount: number;
  currency: string;
  email: string;
  description: string;
  token: string;
}

/**
 * The part of the provider's API that react-stripe-checkout calls: `StripeCheckout.configure({key})`
 * once the script loads, then `.open(config)` on a click, where config carries `token`, `opened`,
 * `closed` and the payment's details, and `.close()` when the button leaves the page. Opening no
 * window, it answers at once with a token, as the real checkout does once a card is accepted.
 */
function standInScript(token: string | undefined): string {
  return `
(function () {
  window.checkoutStandInOpened = [];
  window.StripeCheckout = {
    configure: function (settings) {
      var closedCallback = null;
      return {
        open: function (options) {
          var config = Object.assign({}, settings, options);
          var token = ${token ? JSON.stringify(token) : `'${TEST_TOKEN_PREFIX}' + Math.random().toString(36).slice(2, 12)`};
          window.checkoutStandInOpened.push({
            key: config.key, amount: config.amount, currency: config.currency,
            email: config.email, description: config.description, token: token
          });
          closedCallback = config.closed || null;
          if (config.opened) config.opened();
          setTimeout(function () {
            config.token({ id: token, object: 'token', email: config.email, livemode: false, type: 'card', used: false });
            if (config.closed) config.closed();
          }, 0);
        },
        close: function () {
          if (closedCallback) closedCallback();
        }
      };
    }
  };
})();
`;
}

/**
 * Answers the checkout script's address in this page with the stand-in. Its tokens are new test
 * tokens, or `token` when given: one of those the card provider's stand-in answers in its own way
 * (server/src/payments/demo/card-provider-stand-in.ts), such as a card asking for authentication.
 */
export async function answerCheckoutWithStandIn(page: Page, { token }: { token?: string } = {}): Promise<void> {
  const body = standInScript(token);
  await page.route(CHECKOUT_SCRIPT_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
}

export function checkoutsOpened(page: Page): Promise<CheckoutOpened[]> {
  return page.evaluate<CheckoutOpened[]>('window.checkoutStandInOpened ?? []');
}
