import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import {
  FROM,
  installRazorpay,
  PERIOD,
  RAZORPAY_SCRIPT,
  removeCheckoutProviders,
  removeCheckoutScripts,
  SIGNATURE,
  TO,
  nexonBooked,
  UPI_PAYMENTS,
} from './checkout';
import { asha, fleetCar } from './mocks/answers';
import { fail, refuseNaming } from './mocks/routes';
import { serve, session } from './mocks/serve';

const UPI_BUTTON = 'Pay with UPI, card or netbanking';
const UPI_CONFIG = { payments: UPI_PAYMENTS };

afterEach(() => {
  removeCheckoutProviders();
  removeCheckoutScripts();
});

describe('paying with UPI, card or netbanking through Razorpay', () => {
  it('is not offered when the server has no Razorpay key', async () => {
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    expect(await screen.findByRole('button', { name: 'Send request without paying' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UPI_BUTTON })).not.toBeInTheDocument();
  });

  it('asks the server for an order for the period, opens the checkout with it, then books with the signed result', async () => {
    serve('GET /api/config', UPI_CONFIG);
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const opened = installRazorpay();
    const orders = serve('POST /api/payments/razorpay/orders', {
      orderId: 'order_Nexon240',
      keyId: 'rzp_test_wheelsonweb',
      amountPaise: 24_000,
      currency: 'INR',
    });
    const bookings = serve('POST /api/bookings', {
      ...nexonBooked({ driver: true }),
      payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 24_000 },
    });
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);

    const pay = await screen.findByRole('button', { name: UPI_BUTTON });
    expect(screen.getByText(/held on your UPI or bank account now and taken only when the owner accepts/)).toHaveTextContent(
      'if the request is declined, cancelled or expires, it comes back as a refund within 5–7 working days',
    );
    // Cards are off here, but UPI works: the request is not offered unpaid, nor are cards said to be missing.
    expect(screen.queryByRole('button', { name: 'Send request without paying' })).not.toBeInTheDocument();
    expect(screen.queryByText('Card payments are not configured yet.')).not.toBeInTheDocument();
    await user.click(pay);

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Booking requested');
    expect(confirmation).toHaveTextContent('UPI payment held: taken only when the owner accepts');
    expect(orders.map((call) => call.body)).toEqual([{ carName: 'Tata Nexon EV', from: FROM, to: TO, driver: true }]);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_wheelsonweb',
      order_id: 'order_Nexon240',
      amount: 24_000,
      currency: 'INR',
      name: 'WheelsOnWeb',
      description: 'Tata Nexon EV, 3 hours',
      prefill: { email: 'asha@example.com' },
    });
    expect(bookings.map((call) => call.body)).toEqual([
      {
        carName: 'Tata Nexon EV',
        from: FROM,
        to: TO,
        driver: true,
        razorpay: { orderId: 'order_Nexon240', paymentId: 'pay_UpiNexon1', signature: SIGNATURE },
      },
    ]);
  });

  it('books nothing when the renter closes the checkout, says nothing was charged, and the button works again', async () => {
    serve('GET /api/config', UPI_CONFIG);
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const opened = installRazorpay({ pay: false });
    serve('POST /api/payments/razorpay/orders', {
      orderId: 'order_Nexon150',
      keyId: 'rzp_test_wheelsonweb',
      amountPaise: 15_000,
      currency: 'INR',
    });
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    await user.click(await screen.findByRole('button', { name: UPI_BUTTON }));
    expect(await screen.findByRole('status')).toHaveTextContent('Checkout closed: nothing was charged.');
    await user.click(screen.getByRole('button', { name: UPI_BUTTON }));

    expect(opened).toHaveLength(2);
    expect(bookings).toEqual([]);
    expect(screen.getByRole('button', { name: UPI_BUTTON })).toBeEnabled();
  });

  it('shows the server’s refusal of the order and books nothing', async () => {
    serve('GET /api/config', UPI_CONFIG);
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const opened = installRazorpay();
    serve('POST /api/payments/razorpay/orders', fail(409, 'This car is already booked for part of that period.'));
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    await user.click(await screen.findByRole('button', { name: UPI_BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This car is already booked for part of that period.');
    expect(opened).toEqual([]);
    expect(bookings).toEqual([]);
  });

  it('links to the renter’s own open request the server names when it refuses the order', async () => {
    serve('GET /api/config', UPI_CONFIG);
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const opened = installRazorpay();
    const words =
      'You already asked for this car for part of that period: booking WOW-00042, Jan 31 2030 22:30 to Feb 01 2030 02:15 (India time).';
    const path = '/bookings/7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b';
    serve('POST /api/payments/razorpay/orders', refuseNaming(409, words, { number: 'WOW-00042', path }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    await user.click(await screen.findByRole('button', { name: UPI_BUTTON }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(within(alert).getByRole('link', { name: 'Open booking WOW-00042 in My bookings' })).toHaveAttribute('href', path);
    expect(opened).toEqual([]);
  });

  it('says so when the checkout script cannot load and offers to try again, never the unpaid request', async () => {
    serve('GET /api/config', UPI_CONFIG);
    session(asha);
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    const orders = serve('POST /api/payments/razorpay/orders', fail(500, 'not to be called'));
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);

    await user.click(await screen.findByRole('button', { name: UPI_BUTTON }));
    const first = document.querySelector(RAZORPAY_SCRIPT);
    expect(first).not.toBeNull();
    first?.dispatchEvent(new Event('error'));

    expect(await screen.findByText('The checkout could not load.')).toBeInTheDocument();
    expect(orders).toEqual([]);
    // Cards are off too, yet the server takes UPI, so it would refuse an unpaid request: none is offered.
    expect(screen.queryByRole('button', { name: /without paying/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelector(RAZORPAY_SCRIPT)).not.toBeNull());
    expect(document.querySelector(RAZORPAY_SCRIPT)).not.toBe(first);
    expect(bookings).toEqual([]);
  });
});
