/**
 * What a cancellation gives back: one function, shown by the app before the renter pays, on the
 * receipt and before a cancel is confirmed, and enforced by the server when it refunds.
 */
import { BPS_PER_WHOLE, shareOf } from './booking-split';
import type { BookingActor, BookingPeriod } from './booking-states';
import type { BookingStatus } from './contract';
import type { CancellationPolicy as CancellationPolicyShape } from './schemas/bookings';
import type { z } from 'zod';

/** The policy a booking is cancelled under, stored on it when it is requested, so a later change never applies to it. */
export type CancellationPolicy = z.output<typeof CancellationPolicyShape>;

/** FREE_CANCEL_HOURS and LATE_CANCEL_REFUND_BPS when the server sets neither. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { freeCancelHours: 24, lateRefundBps: 5000 };

/** What a cancellation gives back, in paise. */
export interface CancellationRefund {
  /** Of the pre-tax price. */
  basePaise: number;
  /** Of its tax (GST). */
  taxPaise: number;
  /** The whole given back: base and tax. */
  amountPaise: number;
  /** Whether it is all the renter paid. */
  whole: boolean;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The refund when `who` cancels at `now` a booking of `total` rupees and `taxPaise` tax, in `status`,
 * over `period`. `policy` null is a booking requested before there was a policy: it was promised a
 * full refund. A request not yet accepted, and a cancellation by the car's keeper or an admin, gives
 * everything back; a renter's at least `freeCancelHours` before the start too; later, the late share
 * of the price and of its tax; from the start, nothing.
 */
export function cancellationRefund(
  policy: CancellationPolicy | null,
  booking: { total: number; taxPaise: number },
  period: Pick<BookingPeriod, 'from'>,
  now: Date,
  who: BookingActor,
  status: BookingStatus,
): CancellationRefund {
  const grossPaise = booking.total * 100;
  const refund = (basePaise: number, taxPaise: number): CancellationRefund => ({
    basePaise,
    taxPaise,
    amountPaise: basePaise + taxPaise,
    whole: basePaise === grossPaise && taxPaise === booking.taxPaise,
  });
  const untilStart = period.from.getTime() - now.getTime();
  if (who !== 'renter' || status === 'requested' || !policy || untilStart >= policy.freeCancelHours * HOUR_MS) {
    return refund(grossPaise, booking.taxPaise);
  }
  if (untilStart <= 0) return refund(0, 0);
  return refund(shareOf(grossPaise, policy.lateRefundBps), shareOf(booking.taxPaise, policy.lateRefundBps));
}

/** The late share as a percentage, for the words that state the policy. */
export const latePercent = (policy: CancellationPolicy): number => (policy.lateRefundBps * 100) / BPS_PER_WHOLE;
