import type { Payment, PaymentStatus } from '../../domain/contract';

/** Where the money stands, in words a renter or an owner reads: "paid" only once it was taken. */
const CARD_WORDS: Record<PaymentStatus, string> = {
  none: 'Not paid: sent without a card payment',
  held: 'Card payment held: taken only when the request is accepted',
  captured: 'Paid by card',
  released: 'Card hold released: nothing was taken',
  refunded: 'Refunded to the card',
  failed: 'Card payment failed: nothing was taken',
};

/** How a Razorpay payment is named, by the method the renter chose in its checkout. */
const RAZORPAY_METHODS: Record<string, { name: string; by: string; account: string }> = {
  upi: { name: 'UPI payment', by: 'UPI', account: 'UPI account' },
  card: { name: 'Card payment', by: 'card', account: 'card' },
  netbanking: { name: 'Netbanking payment', by: 'netbanking', account: 'bank account' },
  wallet: { name: 'Wallet payment', by: 'wallet', account: 'wallet' },
};
const RAZORPAY_OTHER = { name: 'Payment', by: 'Razorpay', account: 'account you paid from' };

/**
 * A held card payment is only a hold; a held UPI, netbanking or wallet payment has left the
 * renter's account, so letting it go is a refund that takes working days, and says so.
 */
function razorpayWords(status: PaymentStatus, method: string | undefined): string {
  const { name, by, account } = (method && RAZORPAY_METHODS[method]) || RAZORPAY_OTHER;
  const leftTheAccount = method !== 'card';
  switch (status) {
    case 'none':
      return CARD_WORDS.none;
    case 'held':
      return leftTheAccount
        ? `${name} held: taken only when the owner accepts; the money has left your ${account} meanwhile`
        : `${name} held: taken only when the owner accepts`;
    case 'captured':
      return `Paid by ${by}`;
    case 'released':
      return leftTheAccount
        ? `${name} released: it comes back to your ${account} as a refund within 5–7 working days`
        : `${name} released: nothing was taken`;
    case 'refunded':
      return `Refunded to your ${account}`;
    case 'failed':
      return `${name} failed: nothing was taken`;
  }
}

export function paymentInWords(payment: Pick<Payment, 'status' | 'provider' | 'method'>): string {
  return payment.provider === 'razorpay' ? razorpayWords(payment.status, payment.method) : CARD_WORDS[payment.status];
}
