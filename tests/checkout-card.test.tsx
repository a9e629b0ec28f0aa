import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// react-stripe-checkout keeps whether its script has loaded in module state, and test files share
// loaded modules: this file loads them afresh, so an earlier file's script cannot count here, and
// leaves them to be loaded afresh by the next.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

import { renderRoute } from './render';
import {
  CARD_PAYMENTS,
  CHECKOUT_SCRIPT,
  installCheckoutProvider,
  PERIOD,
  removeCheckoutProviders,
  removeCheckoutScripts,
  nexonBooked,
} from './checkout';
import { asha, fleetCar } from './mocks/answers';
import { refuse, refuseNaming } from './mocks/routes';
import { serverSays } from './mocks/server-says';
import { serve, session } from './mocks/serve';

// A server that takes card payments, and says so with its publishable key.
beforeEach(() => {
  serve('GET /api/config', { payments: CARD_PAYMENTS });
  // The server finds nothing in the request's way before the checkout opens.
  serve('POST /api/bookings/check', undefined);
});

afterEach(() => {
  removeCheckoutProviders();
  removeCheckoutScripts();
});

describe('card checkout', () => {
  it('on a first request refused for an unverified number, links to the account page to verify it, the checkout never opening', async () => {
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const provider = installCheckoutProvider();
    serve('POST /api/bookings/check', refuse(403, serverSays.verifyToBook, 'phoneNotVerified'));
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false, paymentToken: 'tok_visa_4242' }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Pay with a card' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(serverSays.verifyToBook);
    expect(within(alert).getByRole('link', { name: 'Verify your phone number on your account page' })).toHaveAttribute(
      'href',
      '/account#account-phone',
    );
    expect(provider.opened).toEqual([]);
    expect(bookings).toEqual([]);
  });

  it('asks the server first, and on its refusal shows it with a link to the booking it names, the checkout never opening', async () => {
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const provider = installCheckoutProvider();
    const words =
      'You already asked for this car for part of that period: booking WOW-00042, Jan 31 2030 22:30 to Feb 01 2030 02:15 (India time).';
    const checks = serve(
      'POST /api/bookings/check',
      refuseNaming(409, words, { number: 'WOW-00042', path: '/bookings/7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b' }),
    );
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false, paymentToken: 'tok_visa_4242' }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Pay with a card' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(within(alert).getByRole('link', { name: 'Open booking WOW-00042 in My bookings' })).toHaveAttribute(
      'href',
      '/bookings/7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b',
    );
    expect(checks.map((call) => call.body)).toEqual([
      { carName: 'Tata Nexon EV', from: '2030-01-31T22:30:00+05:30', to: '2030-02-01T02:15:00+05:30', driver: false },
    ]);
    // Neither the provider's script nor its checkout: nothing was paid, and nothing was asked for.
    expect(document.querySelector(CHECKOUT_SCRIPT)).toBeNull();
    expect(provider.opened).toHaveLength(0);
    expect(bookings).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Pay with a card' })).toBeEnabled();
  });

  it('opens with the total in paise and INR, then books with the card token', async () => {
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const provider = installCheckoutProvider();
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: true, paymentToken: 'tok_visa_4242' }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);
    const payByCard = await screen.findByRole('button', { name: 'Pay with a card' });
    // The provider's script is fetched when the renter starts paying, not with the page.
    expect(document.querySelector(CHECKOUT_SCRIPT)).toBeNull();
    await user.click(payByCard);

    const script = await waitFor(() => {
      const element = document.querySelector(CHECKOUT_SCRIPT);
      if (!element) throw new Error('the checkout script was not added');
      return element;
    });
    expect(provider.opened).toHaveLength(0);
    script.dispatchEvent(new Event('load'));

    await waitFor(() => expect(provider.opened).toHaveLength(1));
    expect(provider.configured).toEqual([{ key: 'pk_test_wheelsonweb' }]);
    expect(provider.opened[0]).toMatchObject({
      amount: 24_000,
      currency: 'INR',
      name: 'WheelsOnWeb',
      description: 'Tata Nexon EV, 3 hours',
      shippingAddress: true,
    });
    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Booking requested');
    expect(confirmation).toHaveTextContent('Total: ₹240.00');
    expect(confirmation).toHaveTextContent('Card payment held: taken only when the request is accepted');
    expect(bookings.map((call) => call.body)).toEqual([
      {
        carName: 'Tata Nexon EV',
        from: '2030-01-31T22:30:00+05:30',
        to: '2030-02-01T02:15:00+05:30',
        driver: true,
        paymentToken: 'tok_visa_4242',
      },
    ]);
  });
});
