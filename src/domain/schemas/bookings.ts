import { z } from 'zod';
import { checkText } from '../issue-message';
import { pageParams } from './answers';
import { CarKind } from './cars';
import { carName, id, Identified, instant, isoInstant, reason } from './fields';
import { RenterSummary } from './licences';
import { RenterReview, Review } from './reviews';

/**
 * `expired`: a request nobody answered before its period began (see EXPIRY in booking-states);
 * `completed`: an accepted booking whose period ended and whose claim window has passed (COMPLETION);
 * `no_show_renter` and `no_show_owner`: an accepted booking whose renter, or whose car's side, did
 * not turn up, as the other side said once the grace after its start had passed.
 * `in_trip`: the car handed over, both sides having confirmed the handover's record; `returned`: the
 * car back, both sides having confirmed the return's (TRIP_STEPS).
 */
export const BookingStatus = z.enum([
  'requested',
  'accepting',
  'accepted',
  'completed',
  'declined',
  'cancelled',
  'expired',
  'no_show_renter',
  'no_show_owner',
  'in_trip',
  'returned',
]);
export type BookingStatus = z.output<typeof BookingStatus>;

export const BookingAction = z.enum(['accept', 'decline', 'cancel', 'no_show']);
export type BookingAction = z.output<typeof BookingAction>;

const TOKEN_MESSAGE = 'checks.paymentToken.format';

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

/** What Razorpay's checkout hands the page once a payment is authorized; the server checks the signature. */
const razorpayId = (prefix: string) =>
  z
    .string()
    .trim()
    .max(64)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), checkText('checks.razorpay.id', { prefix }));
export const RazorpayCheckoutResult = z.object({
  orderId: razorpayId('order'),
  paymentId: razorpayId('pay'),
  signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'checks.razorpay.signature'),
});

/** The period a booking is asked for: what a request and a Razorpay order both name. */
const bookingChoice = { carName, from: instant, to: instant, driver: z.boolean() };

/**
 * `carName` may also be a car's id, the way the app books owners' cars. Prices and totals are never
 * read from the client. Paid with at most one of a card token (Stripe) or a Razorpay checkout result.
 */
export const NewBooking = z
  .object({ ...bookingChoice, paymentToken: paymentToken.optional(), razorpay: RazorpayCheckoutResult.optional() })
  .refine((booking) => !(booking.paymentToken && booking.razorpay), {
    message: 'checks.payment.both',
    path: ['razorpay'],
  });
export type NewBooking = z.input<typeof NewBooking>;

/**
 * `POST /api/bookings/check`: the booking about to be asked for, checked before the renter pays for it
 * (the car, the period, an accepted booking or the renter's own open request in the way); nothing is stored.
 */
export const BookingCheck = z.object(bookingChoice);
export type BookingCheck = z.input<typeof BookingCheck>;

/** `POST /api/payments/razorpay/orders`: the booking about to be asked for, so the server prices the order itself. */
export const NewRazorpayOrder = z.object(bookingChoice);
export type NewRazorpayOrder = z.input<typeof NewRazorpayOrder>;

/** The order Razorpay's checkout is opened with: for the server's `amountPaise`, in INR. */
export const RazorpayOrder = z.object({
  orderId: z.string(),
  keyId: z.string(),
  amountPaise: z.int(),
  currency: z.literal('INR'),
});
export type RazorpayOrder = z.output<typeof RazorpayOrder>;

/** The statuses of a booking its car's side took on: accepted (ahead, or ended with no handover), handed over, returned and completed. */
export const TRIP_STATUSES = ['accepted', 'in_trip', 'returned', 'completed'] as const satisfies readonly BookingStatus[];

/** Whether a booking in `status` was taken on by its car's side (see TRIP_STATUSES). */
export const isTrip = (status: BookingStatus): boolean => (TRIP_STATUSES as readonly BookingStatus[]).includes(status);

/** The statuses in which a booking will not take place: nobody can step it anywhere else. */
export const CLOSED_STATUSES = [
  'declined',
  'cancelled',
  'expired',
  'no_show_renter',
  'no_show_owner',
] as const satisfies readonly BookingStatus[];

/**
 * Whether a booking's period is still to end (`upcoming`) or has ended (`past`); `over` is what is
 * behind the car's side: its period has ended, or it is declined, cancelled or expired, so it will not take place.
 */
export const BookingWhen = z.enum(['upcoming', 'past', 'over']);
export type BookingWhen = z.output<typeof BookingWhen>;

/** `GET /api/bookings`: a page, and optionally only some statuses (as they stand now) or one side of now. */
export const BookingListQuery = z.object({
  ...pageParams,
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : typeof value === 'string' ? value.split(',') : value),
      z
        .array(
          z.enum(BookingStatus.options, {
            error: checkText('checks.bookingStatus.list', { options: BookingStatus.options.join(', ') }),
          }),
        )
        .optional(),
    )
    .meta({ description: 'One status, or several separated by commas (`declined,cancelled,expired`).' }),
  when: z.preprocess((value) => (value === '' ? undefined : value), BookingWhen.optional()),
});
export type BookingListQuery = z.output<typeof BookingListQuery>;

export const BookingIdParams = z.object({ id });

/**
 * `POST /api/bookings/{id}/decline`: why, if the one declining says, for the renter to read with the
 * booking and in the mail telling them (1 to 500 characters); the body may be left out.
 */
export const DeclineReason = z.object({ reason: reason.optional() });
export type DeclineReason = z.input<typeof DeclineReason>;

export const TaxLine = z.object({ name: z.enum(['CGST', 'SGST', 'IGST']), rateBps: z.number(), paise: z.int() });
export type TaxLine = z.output<typeof TaxLine>;

/**
 * Where the money for a booking stands: `none` (nothing was taken: sent without paying), `held` (authorized,
 * not yet taken), `captured` (taken, when the owner accepted), `released` (a hold let go: declined,
 * cancelled or expired), `refunded` (taken, then given back), `failed` (the provider refused a step).
 */
export const PaymentStatus = z.enum(['none', 'held', 'captured', 'released', 'refunded', 'failed']);
export type PaymentStatus = z.output<typeof PaymentStatus>;

export const PaymentProvider = z.enum(['stripe', 'razorpay']);
export type PaymentProvider = z.output<typeof PaymentProvider>;

export const Payment = z
  .object({
    status: PaymentStatus,
    /** Who holds the money, when any was held. */
    provider: PaymentProvider.optional(),
    /** How the renter paid, as the provider says (`upi`, `card`, `netbanking`, ...). */
    method: z.string().optional(),
    /** The amount the payment is for: the booking's `amountPaise`. */
    amountPaise: z.int(),
    /** The provider's reference, for the renter and admins only; owners see the status. */
    ref: z.string().optional(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.output<typeof Payment>;

/**
 * What a renter's cancellation gives back (#domain/cancellation): everything at least `freeCancelHours`
 * before the start; later, `lateRefundBps` of the pre-tax price and of its tax; from the start, nothing.
 */
export const CancellationPolicy = z
  .object({ freeCancelHours: z.int().min(0), lateRefundBps: z.int().min(0).max(10_000) })
  .meta({ id: 'CancellationPolicy' });

/** Who cancelled a booking: its renter, whoever answers for the car, or an admin in the console. */
export const CancelledBy = z.enum(['renter', 'carKeeper', 'admin']);

/** What a cancellation gives back of the money taken, in paise: of the pre-tax price, of its tax, and both. */
export const CancellationRefund = z.object({ basePaise: z.int(), taxPaise: z.int(), amountPaise: z.int() });

/** A renter's request to rent a car for `[from, to)`, with the total the server computed. */
export const Booking = Identified.extend({
  /** Short and human-readable, such as `WOW-01042`: what a renter quotes on the phone. */
  number: z.string(),
  /** `city` and `pickupArea`: where the renter collects the car (optional, so older servers' answers still parse). */
  car: z.object({
    id: z.string(),
    kind: CarKind,
    carName: z.string(),
    city: z.string().optional(),
    pickupArea: z.string().optional(),
  }),
  /** `phone`: in the lists of whoever answers for the car, once the booking is accepted (as the receipt's contacts). */
  renter: z.object({ id: z.string(), username: z.string(), phone: z.string().optional() }),
  from: isoInstant,
  to: isoInstant,
  hours: z.int(),
  driver: z.boolean(),
  /** The car's price per hour when the request was made. */
  pricePerHour: z.int(),
  /** Deprecated: the same value as `pricePerHour`, under the name it had before; it goes in the next release. */
  pricePerDay: z.int().meta({ deprecated: true }),
  /** Whole rupees before tax: the spec's formula, and the taxable value. */
  total: z.int(),
  /** GST on the total, in paise: 0 when the seller charges none. */
  taxPaise: z.int(),
  taxLines: z.array(TaxLine),
  /** What is charged: `total × 100 + taxPaise`. */
  amountPaise: z.int(),
  status: BookingStatus,
  payment: Payment,
  /** The tax invoice's number, given when the payment is captured (consecutive per financial year, `WOW/26-27/00042`). */
  invoiceNumber: z.string().optional(),
  /** The rates the booking's money was split at, stored when it was taken (or, paid at pickup, accepted); left out until then. */
  rates: z.object({ commissionBps: z.int(), tdsBps: z.int() }).optional(),
  /** The GST credit note's number, given when the money of an invoiced booking is refunded (its own series per financial year, `WCN/26-27/00007`). */
  creditNoteNumber: z.string().optional(),
  /** Why the request was declined, for the renter: the reason its owner gave, or the server's when accepting an overlapping request declined this one, when its owner removed the car, or when an admin delisted it. */
  declineReason: z.string().optional(),
  /** Why an admin cancelled the booking, for its renter and owner to read. */
  cancelReason: z.string().optional(),
  /** The cancellation policy the booking was requested under; left out for one requested before there was one, which is refunded in full. */
  cancellationPolicy: CancellationPolicy.optional(),
  /** Who cancelled it, once cancelled. */
  cancelledBy: CancelledBy.optional(),
  /** Once cancelled with money taken: what the cancellation gives back (the rest is kept). */
  refund: CancellationRefund.optional(),
  /**
   * For whoever answers for the car, on a request still open: the number of an accepted booking of the
   * same car whose period overlaps this one's. Accepting it would be refused (409), as the car is taken.
   */
  overlapsAccepted: z.string().optional(),
  /**
   * For whoever answers for the car, on a request still open: the numbers of the car's other open
   * requests whose periods overlap this one's, earliest first; accepting it declines them with it.
   */
  overlapsRequests: z.array(z.string()).optional(),
  /**
   * For whoever answers for the car, in their requests list: whether the renter is approved to
   * drive, their age band at the trip's start and their completed trips. Never the licence itself.
   */
  renterSummary: RenterSummary.optional(),
  /** On the answer to an accept: the numbers of the car's overlapping requests it declined with it. */
  declinedWith: z.array(z.string()).optional(),
  /**
   * The renter's review of the trip, once given (only an accepted booking whose period has ended can
   * have one): to others than the renter only once it shows (see `pendingUntil`).
   */
  review: Review.optional(),
  /** The car keeper's rating of the renter, once given after completion: to the renter only once it shows. */
  renterReview: RenterReview.optional(),
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
  /** The seller's GST registration, when the booking was taxed: what makes the receipt a tax invoice. */
  seller: z.object({ name: z.string(), gstin: z.string(), state: z.string() }).optional(),
}).meta({ id: 'BookingReceipt' });
export type BookingReceipt = z.output<typeof BookingReceipt>;
