import { HttpError } from '../http/errors';
import { PaymentRefused, PaymentUnavailable } from '../payments/provider';
import { t } from '../i18n';

// What the bookings domain tells a client when it refuses a step or a request, shared by the routes that document them.

export const ALREADY_BOOKED = 'server.bookings.alreadyBooked';
export const NO_SUCH_BOOKING_ID = 'server.bookings.noSuchBooking';
/** An admin sees every booking, so the console's 404 can only mean the id is unknown. */
export const NO_BOOKING_HAS_ID = 'server.bookings.noBookingHasId';
export const OWNERS_TO_ANSWER_ID = 'server.bookings.ownersToAnswer';
export const OVERTAKEN = 'server.bookings.overtaken';
export const PROVIDER_OFF = 'server.bookings.providerOff';
export const UNPAID_ACCEPT = 'server.bookings.unpaidAccept';

/** The provider's answer as the client's: a refusal is 402 with its reason, an unreachable provider 503. */
export function providerError(error: unknown, refused: (reason: string) => string): unknown {
  if (error instanceof PaymentRefused) return new HttpError(402, refused(error.message));
  if (error instanceof PaymentUnavailable) {
    return new HttpError(503, t('server.bookings.providerAway'));
  }
  return error;
}
