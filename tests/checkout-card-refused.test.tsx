import { within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// react-stripe-checkout keeps whether its script has loaded, and its configured checkout, in module
// state, and test files share loaded modules: this file loads them afresh, so an earlier file's
// script cannot count here, and leaves them to be loaded afresh by the next.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

import {
  CARD_PAYMENTS,
  openCarPage,
  payWithCardNeedingAuthentication,
  removeCheckoutProviders,
  removeCheckoutScripts,
} from './checkout';

afterEach(() => {
  removeCheckoutProviders();
  removeCheckoutScripts();
});

describe('a card the card checkout alone cannot take, for want of authentication', () => {
  it('says to try a card from outside India, naming no button that is not there', async () => {
    const { user } = openCarPage(CARD_PAYMENTS);
    const alert = await payWithCardNeedingAuthentication(
      user,
      'Pay with a card',
      'The card payment was refused: this card asks for an extra authentication step that the card checkout cannot do, as most cards issued in India do. Nothing was charged. Try a card issued outside India.',
    );
    expect(within(alert).getByText(/^This card asks/)).toHaveTextContent(
      'This card asks for an extra authentication step, as most cards issued in India do, which this card checkout cannot do. Nothing was charged: try a card issued outside India.',
    );
    expect(alert).not.toHaveTextContent(/UPI|netbanking/);
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Dismiss']);
  });
});
