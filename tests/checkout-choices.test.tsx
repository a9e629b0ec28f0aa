import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// react-stripe-checkout keeps whether its script has loaded, and its configured checkout, in module
// state, and test files share loaded modules: this file loads them afresh, so an earlier file's
// script cannot count here, and leaves them to be loaded afresh by the next. So one test of a file
// may open the card checkout (the card-only refusal is in checkout-card-refused.test.tsx).
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

import {
  CARD_PAYMENTS,
  FROM,
  installRazorpay,
  openCarPage,
  payWithCardNeedingAuthentication,
  removeCheckoutProviders,
  removeCheckoutScripts,
  TO,
  UPI_PAYMENTS,
} from './checkout';
import { asha, creta, fleetCar, listed } from './mocks/answers';
import { fail } from './mocks/routes';
import { nexonBooked, PERIOD } from './checkout';
import { renderRoute } from './render';
import { serve, session } from './mocks/serve';

const UPI_BUTTON = 'Pay with UPI, card or netbanking';
const INDIAN_CARDS_NOTE = 'For cards issued outside India: most Indian cards need “Pay with UPI, card or netbanking” above.';

afterEach(() => {
  removeCheckoutProviders();
  removeCheckoutScripts();
});

/** The car page's pay buttons, in the order a person reads them. */
async function payButtons(): Promise<HTMLElement[]> {
  return screen.findAllByRole('button', { name: /^Pay with/ });
}

describe('the pay buttons, by the payments the server takes', () => {
  it('with both on: UPI, card or netbanking first and primary, then the international card checkout, second, with why', async () => {
    openCarPage({ ...CARD_PAYMENTS, ...UPI_PAYMENTS });

    const [upi, card, ...others] = await payButtons();
    expect([upi?.textContent, card?.textContent, ...others]).toEqual([UPI_BUTTON, 'Pay with an international card']);
    expect(upi).toHaveClass('btn-primary', 'btn-lg');
    expect(card).toHaveClass('btn-outline-primary');
    expect(card).not.toHaveClass('btn-primary', 'btn-lg');
    const note = screen.getByText(INDIAN_CARDS_NOTE);
    expect(card?.compareDocumentPosition(note)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByRole('button', { name: 'Send request without paying' })).not.toBeInTheDocument();
  });

  it('with Razorpay alone: its button only', async () => {
    openCarPage(UPI_PAYMENTS);

    const buttons = await payButtons();
    expect(buttons.map((button) => button.textContent)).toEqual([UPI_BUTTON]);
    expect(buttons[0]).toHaveClass('btn-primary', 'btn-lg');
    expect(screen.queryByText(INDIAN_CARDS_NOTE)).not.toBeInTheDocument();
  });

  it('with the card checkout alone: its button only, saying it pays by card', async () => {
    openCarPage(CARD_PAYMENTS);

    const buttons = await payButtons();
    expect(buttons.map((button) => button.textContent)).toEqual(['Pay with a card']);
    expect(buttons[0]).toHaveClass('btn-primary', 'btn-lg');
    expect(screen.queryByText(INDIAN_CARDS_NOTE)).not.toBeInTheDocument();
  });
});

describe('when the server cannot say how it takes payment', () => {
  it('sends nothing unpaid on a guess: it says so, and Try again asks once more and shows the pay buttons', async () => {
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const asked = serve('GET /api/config', fail(503, 'The server is busy.'));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    expect(
      await screen.findByText(
        'How you can pay could not be checked, so the request cannot be sent yet. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /without paying/ })).not.toBeInTheDocument();
    // Asked once: the parts of the page that appear after the failure do not ask again by appearing.
    expect(asked).toHaveLength(1);

    serve('GET /api/config', { payments: UPI_PAYMENTS });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await payButtons()).map((button) => button.textContent)).toEqual([UPI_BUTTON]);
    expect(screen.queryByText(/could not be checked/)).not.toBeInTheDocument();
  });
});

describe('a car its owner lets renters pay at pickup', () => {
  it('offers, beside the checkouts, to send the request without paying now, and sends it unpaid', async () => {
    serve('GET /api/config', { payments: { ...CARD_PAYMENTS, ...UPI_PAYMENTS } });
    session(asha);
    serve('GET /api/cars/:carName', listed({ ...creta, payAtPickup: true }));
    const bookings = serve('POST /api/bookings', {
      ...nexonBooked({ driver: false }),
      car: { id: creta.id, kind: 'listed', carName: creta.carname },
      total: 195,
      amountPaise: 19_500,
    });
    const { user } = renderRoute(`/cars/${creta.id}?${PERIOD}`);

    expect((await payButtons()).map((button) => button.textContent)).toEqual([UPI_BUTTON, 'Pay with an international card']);
    await user.click(screen.getByRole('button', { name: 'Request without paying now (pay at pickup)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Not paid');
    expect(bookings.map((call) => call.body)).toEqual([{ carName: creta.id, from: FROM, to: TO, driver: false }]);
  });
});

describe('a card the card checkout cannot take, for want of authentication', () => {
  it('with Razorpay on: says to use its button, and offers to start it', async () => {
    const { user } = openCarPage({ ...CARD_PAYMENTS, ...UPI_PAYMENTS });
    const alert = await payWithCardNeedingAuthentication(
      user,
      'Pay with an international card',
      'The card payment was refused: this card asks for an extra authentication step that the card checkout cannot do, as most cards issued in India do. Nothing was charged. Pay through Razorpay instead (UPI, card or netbanking), which can do that step.',
    );
    expect(within(alert).getByText(/^This card asks/)).toHaveTextContent(
      'This card asks for an extra authentication step, as most cards issued in India do, which the international card checkout cannot do. Nothing was charged: use “Pay with UPI, card or netbanking” instead, which takes Indian cards as well as UPI and netbanking.',
    );

    // The renter closes Razorpay's checkout this time: the page is left ready on its button.
    const opened = installRazorpay({ pay: false });
    const orders = serve('POST /api/payments/razorpay/orders', {
      orderId: 'order_Nexon150',
      keyId: 'rzp_test_wheelsonweb',
      amountPaise: 15_000,
      currency: 'INR',
    });
    await user.click(within(alert).getByRole('button', { name: 'Pay with UPI, card or netbanking instead' }));

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ order_id: 'order_Nexon150', amount: 15_000 });
    expect(orders.map((call) => call.body)).toEqual([{ carName: 'Tata Nexon EV', from: FROM, to: TO, driver: false }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: UPI_BUTTON })).toHaveFocus();
  });
});
