import type { Payment, PaymentStatus } from '../../domain/contract';

/** Where the money stands, in words a renter or an owner reads: "paid" only once it was taken. */
const PAYMENT_WORDS: Record<PaymentStatus, string> = {
  none: 'Not paid: sent without a card payment',
  held: 'Card payment held: taken only when the request is accepted',
  captured: 'Paid by card',
  released: 'Card hold released: nothing was taken',
  refunded: 'Refunded to the card',
  failed: 'Card payment failed: nothing was taken',
};

export function paymentInWords(payment: Pick<Payment, 'status'>): string {
  return PAYMENT_WORDS[payment.status];
}
