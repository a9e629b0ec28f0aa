import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CARD_PAYMENTS, openCarPage, PERIOD, nexonBooked, UPI_PAYMENTS } from './checkout';
import { asha, fleetCar } from './mocks/answers';
import { API } from './mocks/api';
import { server } from './mocks/server';
import { serve, session } from './mocks/serve';
import { renderRoute } from './render';

const BANNER = 'Demo payments: no real money moves';
const PAYMENTS = { ...CARD_PAYMENTS, ...UPI_PAYMENTS };

/** The stand-in of a provider at `path`, answering `answer`, recording each body it is sent. */
function standIn(path: string, answer: (body: unknown) => Response): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      const body: unknown = await request.json();
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

function openDemoCarPage() {
  serve('GET /api/config', { demo: true, payments: PAYMENTS });
  session(asha);
  serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
  return renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
}

describe('the demo checkout', () => {
  it('says nothing of a demo when the server is not one', async () => {
    openCarPage(PAYMENTS);
    expect(await screen.findByRole('button', { name: 'Pay with an international card' })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it("says no money moves, shows the provider's refusal of a card, and books with the token of an accepted one", async () => {
    const tokens = standIn('/demo-providers/stripe/v1/tokens', (body) =>
      JSON.stringify(body).includes('4111')
        ? HttpResponse.json(
            { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
            { status: 402 },
          )
        : HttpResponse.json({ id: 'tok_demo1' }),
    );
    serve('POST /api/bookings/check', undefined);
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false, paymentToken: 'tok_demo1' }));
    const { user } = openDemoCarPage();
    expect(await screen.findByText(BANNER)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Pay with an international card' }));
    const checkout = await screen.findByRole('dialog', { name: 'Demo card checkout' });
    expect(within(checkout).getByRole('note')).toHaveTextContent(BANNER);
    await user.type(within(checkout).getByRole('textbox', { name: 'Card number' }), '4111 1111 1111 1111');
    await user.type(within(checkout).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/34');
    await user.type(within(checkout).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(checkout).getByRole('button', { name: 'Hold ₹150.00' }));
    expect(await within(checkout).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(bookings).toEqual([]);

    const number = within(checkout).getByRole('textbox', { name: 'Card number' });
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(within(checkout).getByRole('button', { name: 'Hold ₹150.00' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Booking requested');
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    expect(tokens.at(-1)).toEqual({
      key: 'pk_test_wheelsonweb',
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect(bookings.map((call) => call.body)).toMatchObject([{ paymentToken: 'tok_demo1' }]);
  });

  it('pays the order by UPI and books with the signed result', async () => {
    serve('POST /api/payments/razorpay/orders', {
      orderId: 'order_Demo1',
      keyId: 'rzp_test_wheelsonweb',
      amountPaise: 15_000,
      currency: 'INR',
    });
    const payments = standIn('/demo-providers/razorpay/v1/payments/upi', () =>
      HttpResponse.json({
        razorpay_order_id: 'order_Demo1',
        razorpay_payment_id: 'pay_Demo1',
        razorpay_signature: 'b'.repeat(64),
      }),
    );
    const bookings = serve('POST /api/bookings', {
      ...nexonBooked({ driver: false }),
      payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 15_000 },
    });
    const { user } = openDemoCarPage();

    await user.click(await screen.findByRole('button', { name: 'Pay with UPI, card or netbanking' }));
    const checkout = await screen.findByRole('dialog', { name: 'Demo UPI checkout' });
    await user.type(within(checkout).getByRole('textbox', { name: 'UPI ID' }), 'success@razorpay');
    await user.click(within(checkout).getByRole('button', { name: 'Pay ₹150.00' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Booking requested');
    expect(payments).toEqual([{ key_id: 'rzp_test_wheelsonweb', order_id: 'order_Demo1', vpa: 'success@razorpay' }]);
    expect(bookings.map((call) => call.body)).toMatchObject([
      { razorpay: { orderId: 'order_Demo1', paymentId: 'pay_Demo1', signature: 'b'.repeat(64) } },
    ]);
  });
});
