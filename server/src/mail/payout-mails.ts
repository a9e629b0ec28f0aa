import { formatIndiaTime } from '#domain/india-time';
import { formatPaise } from '#domain/money';
import { payoutNumber } from '#domain/payout-number';
import type { AccountRow, PayoutRow } from '../db/schema';
import { t } from '../i18n';
import { composeMail } from './compose';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

type Recipient = Pick<AccountRow, 'email' | 'username'>;
type PayoutTold = Pick<PayoutRow, 'number' | 'amountPaise'>;

const footnote = () => t('mail.payout.footnote', { brand: MAIL_SENDER_NAME });

/** The owner's payout reached the bank: how much, when, and the reference their statement shows. */
export function payoutPaidMail(owner: Recipient, payout: PayoutTold, utr: string, paidAt: Date, narration: string): Mail {
  const number = payoutNumber(payout.number);
  const amount = formatPaise(payout.amountPaise);
  return composeMail({
    to: owner.email,
    name: owner.username,
    subject: t('mail.payoutPaid.subject', { number, amount }),
    paragraphs: [
      t('mail.payoutPaid.sent', { number, amount, paidAt: formatIndiaTime(paidAt) }),
      t('mail.payoutPaid.reference', { utr, narration }),
    ],
    footnote: footnote(),
  });
}

/** The owner's Route payout reached their linked account: Razorpay settles it to their bank, with its own reference. */
export function routePayoutPaidMail(owner: Recipient, payout: PayoutTold, paidAt: Date): Mail {
  const number = payoutNumber(payout.number);
  const amount = formatPaise(payout.amountPaise);
  return composeMail({
    to: owner.email,
    name: owner.username,
    subject: t('mail.payoutPaid.subject', { number, amount }),
    paragraphs: [t('mail.payoutPaid.route', { number, amount, paidAt: formatIndiaTime(paidAt) })],
    footnote: footnote(),
  });
}

/** The owner's payout failed: why, and that the amount is theirs again for the next run. */
export function payoutFailedMail(owner: Recipient, payout: PayoutTold, reason: string): Mail {
  const number = payoutNumber(payout.number);
  const amount = formatPaise(payout.amountPaise);
  return composeMail({
    to: owner.email,
    name: owner.username,
    subject: t('mail.payoutFailed.subject', { number }),
    paragraphs: [
      t('mail.payoutFailed.failed', { number, amount }),
      t('mail.payoutFailed.reason', { reason }),
      t('mail.payoutFailed.nextRun'),
    ],
    footnote: footnote(),
  });
}
