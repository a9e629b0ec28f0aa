import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

// react-stripe-checkout keeps whether its script has loaded in module state, and test files share
// loaded modules: this file loads them afresh, so an earlier file's script cannot count here, and
// leaves them to be loaded afresh by the next.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

import { renderRoute } from './render';
import { CARD_PAYMENTS, CHECKOUT_SCRIPT, PERIOD, removeCheckoutScripts, nexonBooked } from './checkout';
import { asha, fleetCar } from './mocks/answers';
import { serve, session } from './mocks/serve';

// A server that takes card payments, and says so with its publishable key.
beforeEach(() => {
  serve('GET /api/config', { payments: CARD_PAYMENTS });
  // The server finds nothing in the request's way before the checkout opens.
  serve('POST /api/bookings/check', undefined);
});

/**
 * react-stripe-checkout leaves one promise rejection unhandled when its script fails to load (a
 * browser logs it to the console). This takes exactly those, the script's error events, and passes
 * any other rejection on to Vitest as usual.
 */
type RejectionListener = (reason: unknown, promise: Promise<unknown>) => void;
interface RejectionEvents {
  listeners(event: 'unhandledRejection'): RejectionListener[];
  on(event: 'unhandledRejection', listener: RejectionListener): void;
  off(event: 'unhandledRejection', listener: RejectionListener): void;
}
/** Node's process, typed only as far as used here (the app's tsconfig has no Node types). */
const process = (globalThis as unknown as { process: RejectionEvents }).process;

function catchCheckoutScriptRejections(): unknown[] {
  const usual = process.listeners('unhandledRejection');
  for (const listener of usual) process.off('unhandledRejection', listener);
  const caught: unknown[] = [];
  const listener: RejectionListener = (reason, promise) => {
    if (reason instanceof Event && reason.target instanceof HTMLScriptElement) caught.push(reason);
    else for (const other of usual) other(reason, promise);
  };
  process.on('unhandledRejection', listener);
  onTestFinished(() => {
    process.off('unhandledRejection', listener);
    for (const other of usual) process.on('unhandledRejection', other);
  });
  return caught;
}

async function checkoutScript(): Promise<HTMLScriptElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLScriptElement>(CHECKOUT_SCRIPT);
    if (!element) throw new Error('the checkout script was not added');
    return element;
  });
}

afterEach(removeCheckoutScripts);

describe('card checkout that cannot be loaded', () => {
  it('says so, offers to try again but never to send the request unpaid, and never breaks the page', async () => {
    const rejections = catchCheckoutScriptRejections();
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: true }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    const reserve = await screen.findByRole('button', { name: 'Pay with a card' });
    expect(reserve).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Send request without paying' })).not.toBeInTheDocument();

    // Starting to pay adds the provider's script; here, as on a machine without internet, it fails to load.
    await user.click(reserve);
    (await checkoutScript()).dispatchEvent(new Event('error'));

    expect(await screen.findByText('The checkout could not load.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with a card' })).not.toBeInTheDocument();
    // Changing the choice after the failure re-renders the panel: the page must stay up.
    await user.click(screen.getByRole('checkbox', { name: /Driver Required/ }));
    expect(screen.getByRole('group', { name: 'Total Amount' })).toHaveTextContent('₹240.00');

    // The server takes payments, so it would refuse an unpaid request: none is offered.
    expect(screen.queryByRole('button', { name: /without paying/ })).not.toBeInTheDocument();
    expect(bookings).toEqual([]);
    await waitFor(() => expect(rejections).toHaveLength(1));
  });

  it('loads the script again when the renter asks to try again', async () => {
    const rejections = catchCheckoutScriptRejections();
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Pay with a card' }));
    const first = await checkoutScript();
    first.dispatchEvent(new Event('error'));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    await user.click(await screen.findByRole('button', { name: 'Pay with a card' }));
    await waitFor(() => expect(document.querySelectorAll(CHECKOUT_SCRIPT)).toHaveLength(2));
    expect(document.querySelectorAll(CHECKOUT_SCRIPT)[1]).not.toBe(first);
    await waitFor(() => expect(rejections).toHaveLength(1));
  });
});
