import { z } from 'zod';

/**
 * Why a refusal happened, for the refusals a client can do something about beyond showing the
 * message: `cardNeedsAuthentication`, the card asks for an extra authentication step (3-D Secure,
 * as most cards issued in India do) that the card checkout cannot do, so another way to pay works;
 * `phoneNotVerified`, the step needs a verified phone number, proved on the account page; the
 * `licence*` reasons, a booking needs an approved driving licence valid until the trip's end, sent
 * from the account page.
 */
export const ErrorReason = z.enum([
  'cardNeedsAuthentication',
  'phoneNotVerified',
  'licenceMissing',
  'licenceNotApproved',
  'licenceRejected',
  'licenceExpiresBeforeTripEnd',
]);
export type ErrorReason = z.output<typeof ErrorReason>;

/**
 * The booking a refusal is about, when it names one (the renter's own open request a new one would
 * repeat): its number as people read it, and the app's address of its page, for the app to link to.
 */
export const ErrorBooking = z.object({ number: z.string(), path: z.string() });
export type ErrorBooking = z.output<typeof ErrorBooking>;

/**
 * Every error answer: one sentence a person can act on. The routes the spec reads `code` from
 * (`/get-cars`, `/get-car/{id}`, `/edit-cars`, `/delete-cars`) also carry the HTTP status as `code`;
 * a refusal a client can act on says why in `reason`, and one about a booking names it in `booking`.
 */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.int().optional(),
    reason: ErrorReason.optional(),
    booking: ErrorBooking.optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.output<typeof ErrorBody>;
