import type { Booking, NewBooking } from '../src/domain/contract';
import { booking, fleetCar } from './mocks/answers';

/** The card provider's checkout.js, as the page adds it. */
export const CHECKOUT_SCRIPT = 'script[src="https://checkout.stripe.com/checkout.js"]';

/** The page adds the script to the document's head, which outlives a test's render: each test starts without one. */
export function removeCheckoutScripts(): void {
  for (const script of document.querySelectorAll(CHECKOUT_SCRIPT)) script.remove();
}

/** The car page's test period: three whole hours across midnight and a month end, in India time. */
export const FROM = '2030-01-31T22:30:00+05:30';
export const TO = '2030-02-01T02:15:00+05:30';
export const PERIOD = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

/** The server's answer to a request for the Tesla Malibu for that period: 3 hours × ₹50, and × ₹30 for a driver. */
export function teslaBooked(request: Pick<NewBooking, 'driver' | 'paymentToken'>): Booking {
  const tesla = fleetCar('Tesla Malibu');
  const total = request.driver ? 240 : 150;
  return booking({
    car: { id: tesla.id, kind: 'fleet', carName: tesla.carName },
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
      ...(request.paymentToken ? { ref: 'pi_3Tesla' } : {}),
    },
  });
}
