import { z } from 'zod';
import { id, isoInstant } from './fields';
import { PayoutWay } from './payouts';

/**
 * An owner's earnings as the ledger holds them (server/src/earnings): balances, months, occupancy,
 * the bookings behind the figures, payouts, and each month's statement. Amounts are paise; what the
 * platform owes the owner is positive, what the owner owes it negative.
 */

/** A month on India's calendar, `YYYY-MM`: what a statement is of, and what the bookings may be filtered by. */
export const indiaMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'checks.month.format')
  .meta({ description: 'A month on India’s calendar, such as `2026-11`.' });

/** `GET /api/owner/statements/{month}` and its `.csv`. */
export const StatementMonthParams = z.object({ month: indiaMonth });
export type StatementMonthParams = z.output<typeof StatementMonthParams>;

/** `GET /api/owner/earnings`: the bookings of one month only, when `month` is sent. */
export const EarningsQuery = z.object({
  month: z.preprocess((value) => (value === '' ? undefined : value), indiaMonth.optional()),
});
export type EarningsQuery = z.input<typeof EarningsQuery>;

/**
 * Where a booking's money stands for its owner. `pending` until the hold after the trip passes;
 * then `available`, `payingOut` once a payout asked for covers it, `paidOut` once one paid covers it
 * (payouts are of balances, not bookings: they cover released earnings oldest first); `refunded`
 * when the renter's money was given back; `owedAtPickup` for a booking the renter pays the owner at
 * pickup, whose platform's share the owner owes; `cancelled` for such a booking called off.
 */
export const EarningsBookingState = z.enum([
  'pending',
  'available',
  'payingOut',
  'paidOut',
  'refunded',
  'owedAtPickup',
  'cancelled',
]);
export type EarningsBookingState = z.output<typeof EarningsBookingState>;

export const EarningsBooking = z.object({
  id,
  /** `WOW-00042`. */
  number: z.string(),
  car: z.object({ id, carName: z.string() }),
  from: isoInstant,
  to: isoInstant,
  state: EarningsBookingState,
  /** The price before GST. */
  grossPaise: z.int(),
  platformPaise: z.int(),
  /** Tax withheld from the owner's share. */
  tdsPaise: z.int(),
  /** The owner's share less tax withheld: paid through the platform, or collected at pickup. */
  netPaise: z.int(),
  /** What the booking leaves the platform owing the owner in the ledger now: its net, nothing once refunded, less the platform's share when paid at pickup. */
  balancePaise: z.int(),
  paidAtPickup: z.boolean(),
  /** Cancelled late, the renter got part back: the figures are those of the part kept. */
  partlyRefunded: z.boolean(),
  /** The app's path of the booking's receipt. */
  receiptPath: z.string(),
});
export type EarningsBooking = z.output<typeof EarningsBooking>;

export const EarningsPayoutStatus = z.enum(['requested', 'processing', 'paid', 'failed']);
export type EarningsPayoutStatus = z.output<typeof EarningsPayoutStatus>;

export const EarningsPayout = z.object({
  id,
  number: z.int(),
  amountPaise: z.int(),
  status: EarningsPayoutStatus,
  way: PayoutWay,
  /** The bank's reference of the transfer, once made; none for a Route transfer. */
  utr: z.string().nullable(),
  paidAt: isoInstant.nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoInstant,
});
export type EarningsPayout = z.output<typeof EarningsPayout>;

export const EarningsMonth = z.object({
  month: z.string(),
  /** The owner's net earnings posted in the month: shares of bookings taken, less those refunded or called off. */
  netPaise: z.int(),
  /** Whether the owner's account existed in the month, so it has a statement. */
  hasStatement: z.boolean(),
});
export type EarningsMonth = z.output<typeof EarningsMonth>;

export const CarOccupancy = z.object({
  carId: id,
  carName: z.string(),
  /** Hours of accepted bookings in the last 30 days, to a tenth. */
  bookedHours: z.number(),
  /** Hours the car was listed in the last 30 days (since it was added, less a pause or delisting still in force), to a tenth. */
  listedHours: z.number(),
  /** Booked over listed hours in basis points, at most 10 000; null when it was not listed at all. */
  occupancyBps: z.int().nullable(),
});
export type CarOccupancy = z.output<typeof CarOccupancy>;

export const NextPayout = z.object({
  /** The next weekly payout day on or after today, India time, `YYYY-MM-DD`. */
  date: z.string(),
  /** What it would pay: the available balance when it reaches the minimum, else 0. */
  amountPaise: z.int(),
  minPayoutPaise: z.int(),
});
export type NextPayout = z.output<typeof NextPayout>;

/** `GET /api/owner/earnings`. */
export const OwnerEarnings = z.object({
  asOf: isoInstant,
  pendingPaise: z.int(),
  /** Negative while the owner owes the platform: taken from their next earnings. */
  availablePaise: z.int(),
  /** Payouts paid in the current financial year (April to March, India time). */
  paidThisYearPaise: z.int(),
  /** `2026-27`. */
  financialYear: z.string(),
  nextPayout: NextPayout,
  /** The last 12 India months, oldest first, the current one last. */
  months: z.array(EarningsMonth),
  occupancy: z.array(CarOccupancy),
  bookings: z.object({
    /** The month the bookings were filtered by, if one was asked for. */
    month: z.string().nullable(),
    /** How many bookings match; `items` holds the latest of them. */
    total: z.int(),
    items: z.array(EarningsBooking),
  }),
  /** The latest payouts, newest first. */
  payouts: z.array(EarningsPayout),
});
export type OwnerEarnings = z.output<typeof OwnerEarnings>;

/** What a statement line is: one journal of the ledger that moved the owner's balances. */
export const StatementLineKind = z.enum([
  'capture',
  'release',
  'refund',
  'pickupShare',
  'pickupShareReversed',
  'payoutRequested',
  'payoutFailed',
  'other',
]);
export type StatementLineKind = z.output<typeof StatementLineKind>;

export const StatementLine = z.object({
  /** The journal's number in the ledger. */
  journalId: z.int(),
  at: isoInstant,
  kind: StatementLineKind,
  /** The journal's own note, as posted: what an `other` line is. */
  memo: z.string(),
  booking: z.object({ id, number: z.string(), carName: z.string(), receiptPath: z.string() }).nullable(),
  payoutNumber: z.int().nullable(),
  /** What the line adds to the month's net earnings (as in `months`). */
  earnedPaise: z.int(),
  /** The change to what is pending, and to what is available. */
  pendingPaise: z.int(),
  availablePaise: z.int(),
  /** The available balance after the line. */
  availableBalancePaise: z.int(),
});
export type StatementLine = z.output<typeof StatementLine>;

/** `GET /api/owner/statements/{month}`. */
export const OwnerStatement = z.object({
  /** `WOW-ST/26-27/1A2B3C4D/11`: the financial year, the owner, the month. */
  number: z.string(),
  month: z.string(),
  /** The month's first instant, and its end (or now, for the month under way). */
  from: isoInstant,
  to: isoInstant,
  /** Whether the month has ended: until then, the statement so far. */
  complete: z.boolean(),
  owner: z.object({ username: z.string(), email: z.string() }),
  openingPendingPaise: z.int(),
  openingAvailablePaise: z.int(),
  closingPendingPaise: z.int(),
  closingAvailablePaise: z.int(),
  lines: z.array(StatementLine),
  /** The owner's payouts asked for, paid or failed in the month. */
  payouts: z.array(EarningsPayout),
  totals: z.object({
    earnedPaise: z.int(),
    pendingPaise: z.int(),
    availablePaise: z.int(),
    /** Payouts paid in the month. */
    paidOutPaise: z.int(),
  }),
});
export type OwnerStatement = z.output<typeof OwnerStatement>;
