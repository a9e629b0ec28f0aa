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

/**
 * Where the money for a booking stands: `none` (nothing was taken: sent without paying), `held` (authorized,
 * not yet taken), `captured` (taken, when the owner accepted), `released` (a hold let go: declined,
 * cancelled or expired), `refunded` (taken, then given back), `failed` (the provider refused a step).
 */
export const PaymentStatus = z.enum(['none', 'held', 'captured', 'released', 'refunded', 'failed']);
export type PaymentStatus = z.output<typeof PaymentStatus>;

export const Payment = z
  .object({
    status: PaymentStatus,
    /** The amount the payment is for: the booking's `amountPaise`. */
    amountPaise: z.int(),
    /** The provider's reference, for the renter and admins only; owners see the status. */
    ref: z.string().optional(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.output<typeof Payment>;

/** A renter's request to rent a car for `[from, to)`, with the total the server computed. */
export const Booking = Identified.extend({
  /** Short and human-readable, such as `WOW-01042`: what a renter quotes on the phone. */
  number: z.string(),
  car: z.object({ id: z.string(), kind: CarKind, carName: z.string() }),
  renter: z.object({ id: z.string(), username: z.string() }),
  from: isoInstant,
  to: isoInstant,
  hours: z.int(),
  driver: z.boolean(),
  /** The car's price per hour when the request was made. */
  pricePerHour: z.int(),
  /** Deprecated: the same value as `pricePerHour`, under the name it had before; it goes in the next release. */
  pricePerDay: z.int().meta({ deprecated: true }),
  total: z.int(),
  amountPaise: z.int(),
  status: BookingStatus,
  payment: Payment,
  /** Why the server declined the request, for the renter: set when accepting an overlapping request declined this one. */
  declineReason: z.string().optional(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
}).meta({ id: 'Booking' });
export type Booking = z.output<typeof Booking>;

/** Someone to call about a booking: the other side, once it is accepted. */
export const Contact = z.object({ name: z.string(), phone: z.string().optional(), email: z.string().optional() });
export type Contact = z.output<typeof Contact>;

/** `GET /api/bookings/{id}`: the booking with what a receipt shows besides. */
export const BookingReceipt = Booking.extend({
  /** Every status the booking has had, oldest first, with when it began. */
  history: z.array(z.object({ status: BookingStatus, at: isoInstant })),
  /**
   * Once accepted: the renter sees who answers for the car (its owner, or the platform for a fleet
   * car), the owner sees the renter; an admin sees both.
   */
  contacts: z.object({ carKeeper: Contact.optional(), renter: Contact.optional() }),
}).meta({ id: 'BookingReceipt' });
export type BookingReceipt = z.output<typeof BookingReceipt>;
