import type { Booking, Payment, PaymentStatus } from '../../domain/contract';
import { formatPaise } from '../../domain/money';
import type { PartySide } from './party-side';
import { type BookingsId, t } from './words';

/** Where the money stands, in words a renter or an owner reads: "paid" only once it was taken. */
const CARD_WORDS: Record<PaymentStatus, BookingsId> = {
  none: 'bookings.payment.none',
  held: 'bookings.payment.card.held',
  captured: 'bookings.payment.card.captured',
  released: 'bookings.payment.card.released',
  refunded: 'bookings.payment.card.refunded',
  failed: 'bookings.payment.card.failed',
};

/**
 * A Razorpay payment's words, which name it by the method the renter chose in its checkout (a
 * `method` select in each message). A held card payment is only a hold; a held UPI, netbanking or
 * wallet payment has left the renter's account, so letting it go is a refund that takes working
 * days, and says so. The renter reads where their money is; whoever answers for the car reads what
 * their Accept or Decline does with it.
 */
const RAZORPAY_WORDS: Record<PartySide, Record<PaymentStatus, BookingsId>> = {
  renter: {
    none: 'bookings.payment.none',
    held: 'bookings.payment.razorpay.held',
    captured: 'bookings.payment.razorpay.captured',
    released: 'bookings.payment.razorpay.released',
    refunded: 'bookings.payment.razorpay.refunded',
    failed: 'bookings.payment.razorpay.failed',
  },
  carKeeper: {
    none: 'bookings.payment.none',
    held: 'bookings.payment.razorpay.keeperHeld',
    captured: 'bookings.payment.razorpay.captured',
    released: 'bookings.payment.razorpay.keeperReleased',
    refunded: 'bookings.payment.razorpay.keeperRefunded',
    failed: 'bookings.payment.razorpay.failed',
  },
};

/** The methods the messages name; any other is worded as a payment through Razorpay. */
const RAZORPAY_METHODS: ReadonlySet<string> = new Set(['upi', 'card', 'netbanking', 'wallet']);

/** A refund under the cancellation policy, part of the money or all of it, is worded with its amount. */
const REFUNDED_AMOUNT_WORDS: Record<'card' | PartySide, BookingsId> = {
  card: 'bookings.payment.card.refundedAmount',
  renter: 'bookings.payment.razorpay.refundedAmount',
  carKeeper: 'bookings.payment.razorpay.keeperRefundedAmount',
};

export function paymentInWords(
  payment: Pick<Payment, 'status' | 'provider' | 'method'>,
  side: PartySide,
  refund?: Booking['refund'],
): string {
  const amount = payment.status === 'refunded' && refund ? formatPaise(refund.amountPaise) : undefined;
  if (payment.provider !== 'razorpay') {
    return amount ? t(REFUNDED_AMOUNT_WORDS.card, { amount }) : t(CARD_WORDS[payment.status]);
  }
  const method = payment.method && RAZORPAY_METHODS.has(payment.method) ? payment.method : 'other';
  return amount ? t(REFUNDED_AMOUNT_WORDS[side], { method, amount }) : t(RAZORPAY_WORDS[side][payment.status], { method });
}
