import { HttpError } from '../http/errors';
import { PaymentRefused, PaymentUnavailable } from '../payments/provider';

// What the bookings domain tells a client when it refuses a step or a request, shared by the routes that document them.

export const ALREADY_BOOKED = 'This car is already booked for part of that period.';
export const NO_SUCH_BOOKING = 'There is no such booking among yours.';
/** An admin sees every booking, so the console's 404 can only mean the id is unknown. */
export const NO_BOOKING_HAS_ID = 'No booking has this id.';
export const OWNERS_TO_ANSWER =
  "This is a request for an owner's listed car: its owner accepts or declines it, not an admin. An admin may only cancel it.";
export const OVERTAKEN = 'Another request for this period was accepted.';
export const PROVIDER_OFF =
  'The payment provider holding the money for this request is off on this server, so the money cannot be taken yet.';

/** The provider's answer as the client's: a refusal is 402 with its reason, an unreachable provider 503. */
export function providerError(error: unknown, refused: (reason: string) => string): unknown {
  if (error instanceof PaymentRefused) return new HttpError(402, refused(error.message));
  if (error instanceof PaymentUnavailable) {
    return new HttpError(503, 'The payment provider could not be reached. Nothing was changed; please try again in a moment.');
  }
  return error;
}
