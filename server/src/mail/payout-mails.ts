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

/** How a paid payout went: by bank transfer, with the bank's UTR and the statement's narration, or by Razorpay Route. */
export type PaidBy = { bank: { utr: string; narration: string } } | { route: true };

/**
 * The owner's payout is paid: how much and when, and where to find it: the UTR their bank statement
 * shows, or, through Route, their linked account, which Razorpay settles to their bank on its schedule.
 */
export function payoutPaidMail(owner: Recipient, payout: PayoutTold, paidAt: Date, by: PaidBy): Mail {
  const number = payoutNumber(payout.number);
  const amount = formatPaise(payout.amountPaise);
  const when = formatIndiaTime(paidAt);
  return composeMail({
    to: owner.email,
    name: owner.username,
    subject: t('mail.payoutPaid.subject', { number, amount }),
    paragraphs:
      'bank' in by
        ? [t('mail.payoutPaid.sent', { number, amount, paidAt: when }), t('mail.payoutPaid.reference', by.bank)]
        : [t('mail.payoutPaid.route', { number, amount, paidAt: when })],
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
