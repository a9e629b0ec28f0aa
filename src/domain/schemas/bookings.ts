import { z } from 'zod';
import { CarKind } from './cars';
import { carName, id, Identified, instant, isoInstant } from './fields';

/** `expired`: a request nobody answered before its period began (see EXPIRY in booking-states). */
export const BookingStatus = z.enum(['requested', 'accepted', 'declined', 'cancelled', 'expired']);
export type BookingStatus = z.output<typeof BookingStatus>;

export const BookingAction = z.enum(['accept', 'decline', 'cancel']);
export type BookingAction = z.output<typeof BookingAction>;

const TOKEN_MESSAGE = "PaymentToken must be the card provider's token id (such as tok_...), never card details.";

/**
 * Only the card provider's token id is kept: a lowercase prefix, an underscore, then letters and
 * digits. A long run of digits could be a card number, so it is refused rather than stored.
 */
const paymentToken = z
  .string()
  .trim()
  .max(255)
  .regex(/^[a-z]{2,10}_[A-Za-z0-9_]+$/, TOKEN_MESSAGE)
  .refine((token) => !/\d{13,}/.test(token), TOKEN_MESSAGE);

/** `carName` may also be a car's id, the way the app books owners' cars. Prices and totals are never read from the client. */
export const NewBooking = z.object({
  carName,
  from: instant,
  to: instant,
  driver: z.boolean(),
  paymentToken: paymentToken.optional(),
});
export type NewBooking = z.input<typeof NewBooking>;

export const BookingIdParams = z.object({ id });

/** A renter's request to rent a car for `[from, to)`, with the total the server computed. */
export const Booking = Identified.extend({
  car: z.object({ id: z.string(), kind: CarKind, carName: z.string() }),
  renter: z.object({ id: z.string(), username: z.string() }),
  from: isoInstant,
  to: isoInstant,
  hours: z.int(),
  driver: z.boolean(),
  pricePerDay: z.int(),
  total: z.int(),
  amountPaise: z.int(),
  status: BookingStatus,
  paymentRef: z.string().optional(),
  /** Why the server declined the request, for the renter: set when accepting an overlapping request declined this one. */
  declineReason: z.string().optional(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
}).meta({ id: 'Booking' });
export type Booking = z.output<typeof Booking>;
