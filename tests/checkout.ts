import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Booking, NewBooking } from '../src/domain/contract';
import type { RazorpayCheckoutOptions } from '../src/types/razorpay';
import { asha, booking, fleetCar } from './mocks/answers';
import { refuse } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { renderRoute } from './render';

/** The card provider's checkout.js, as the page adds it. */
export const CHECKOUT_SCRIPT = 'script[src="https://checkout.stripe.com/checkout.js"]';

/** Razorpay's checkout.js, as the page adds it. */
export const RAZORPAY_SCRIPT = 'script[src="https://checkout.razorpay.com/v1/checkout.js"]';

/** The page adds the scripts to the document's head, which outlives a test's render: each test starts without them. */
export function removeCheckoutScripts(): void {
  for (const script of document.querySelectorAll(`${CHECKOUT_SCRIPT}, ${RAZORPAY_SCRIPT}`)) script.remove();
}

/** The server's `GET /api/config` with the card checkout on, Razorpay's, or both. */
export const CARD_PAYMENTS = { card: { provider: 'stripe' as const, publishableKey: 'pk_test_wheelsonweb' } };
export const UPI_PAYMENTS = { upi: { provider: 'razorpay' as const, keyId: 'rzp_test_wheelsonweb' } };

export interface CardCheckoutOptions {
  amount: number;
  currency: string;
  name: string;
  description: string;
  shippingAddress: boolean;
  token: (token: { id: string }) => void;
}

/** Stands in for the card provider's checkout.js: records what it is opened with and hands back the card token `token`. */
export function installCheckoutProvider(token = 'tok_visa_4242') {
  const opened: CardCheckoutOptions[] = [];
  const configured: { key: string }[] = [];
  Object.assign(window, {
    StripeCheckout: {
      configure: (options: { key: string }) => {
        configured.push(options);
        return {
          open: (config: CardCheckoutOptions) => {
            opened.push(config);
            config.token({ id: token });
          },
          close: () => {},
        };
      },
    },
  });
  return { opened, configured };
}

/** The signature the Razorpay stand-in signs every payment with. */
export const SIGNATURE = 'a'.repeat(64);

/** Stands in for Razorpay's checkout.js: records what each checkout is opened with, and pays at once by UPI (or is closed). */
export function installRazorpay({ pay = true } = {}) {
  const opened: RazorpayCheckoutOptions[] = [];
  class Razorpay {
    constructor(private readonly options: RazorpayCheckoutOptions) {}
    open() {
      opened.push(this.options);
      if (pay) {
        this.options.handler({
          razorpay_order_id: this.options.order_id,
          razorpay_payment_id: 'pay_UpiNexon1',
          razorpay_signature: SIGNATURE,
        });
      } else {
        this.options.modal?.ondismiss?.();
      }
    }
  }
  window.Razorpay = Razorpay;
  return opened;
}

/** Takes both stand-ins away after a test. */
export function removeCheckoutProviders(): void {
  Reflect.deleteProperty(window, 'StripeCheckout');
  Reflect.deleteProperty(window, 'Razorpay');
}

/** The car page's test period: three whole hours across midnight and a month end, in India time. */
export const FROM = '2030-01-31T22:30:00+05:30';
export const TO = '2030-02-01T02:15:00+05:30';
export const PERIOD = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

/** The server's answer to a request for the Tata Nexon EV for that period: 3 hours × ₹50, and × ₹30 for a driver. */
export function nexonBooked(request: Pick<NewBooking, 'driver' | 'paymentToken'>): Booking {
  const nexon = fleetCar('Tata Nexon EV');
  const total = request.driver ? 240 : 150;
  return booking({
    car: { id: nexon.id, kind: 'fleet', carName: nexon.carName },
    from: FROM,
    to: TO,
    hours: 3,
    driver: request.driver,
    pricePerHour: 50,
    pricePerDay: 50,
    total,
    amountPaise: total * 100,
    payment: {
      status: request.paymentToken ? 'held' : 'none',
      amountPaise: total * 100,
      ...(request.paymentToken ? { ref: 'pi_3Nexon' } : {}),
    },
  });
}

/** The Tata Nexon EV's page for the test period, Asha signed in, on a server taking `payments`. */
export function openCarPage(payments: object) {
  serve('GET /api/config', { payments });
  session(asha);
  serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
  return renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
}

/**
 * Pays with the card checkout's button named `name`, with a card the server refuses for want of
 * authentication (in `serverWords`); resolves with the page's alert. The card checkout's module
 * state lets this run once a test file.
 */
export async function payWithCardNeedingAuthentication(
  user: ReturnType<typeof renderRoute>['user'],
  name: string,
  serverWords: string,
): Promise<HTMLElement> {
  installCheckoutProvider('tok_threeDSecureRequired');
  serve('POST /api/bookings/check', undefined);
  const bookings = serve('POST /api/bookings', refuse(402, serverWords, 'cardNeedsAuthentication'));
  await user.click(await screen.findByRole('button', { name }));
  const script = await waitFor(() => {
    const element = document.querySelector(CHECKOUT_SCRIPT);
    if (!element) throw new Error('the checkout script was not added');
    return element;
  });
  script.dispatchEvent(new Event('load'));
  const alert = await screen.findByRole('alert');
  expect(bookings.map((call) => call.body)).toEqual([
    { carName: 'Tata Nexon EV', from: FROM, to: TO, driver: false, paymentToken: 'tok_threeDSecureRequired' },
  ]);
  return alert;
}
