import { formatIndiaTime } from '#domain/india-time';
import { PAYOUT_DETAILS_HOLD_HOURS } from '#domain/schemas/payout-details';
import type { AccountRow } from '../db/schema';
import { t } from '../i18n';
import { composeMail } from './compose';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

/** The details as a mail may name them: the legal name, and the last four characters of the rest. */
export interface MaskedPayoutDetails {
  legalName: string;
  accountLast4: string | null;
  upiLast4: string | null;
  panLast4: string;
}

/**
 * Sent after every save of an owner's payout details: whoever took over an account to be paid in
 * its owner's place sets them first, so the owner hears of it while the payouts are still paused.
 */
export function payoutDetailsChangedMail(
  account: Pick<AccountRow, 'email' | 'username'>,
  details: MaskedPayoutDetails,
  change: { at: Date; heldUntil: Date },
  forgotPasswordUrl: string,
): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: t('mail.payoutDetails.subject', { brand: MAIL_SENDER_NAME }),
    paragraphs: [
      t('mail.payoutDetails.changed', {
        at: formatIndiaTime(change.at),
        legalName: details.legalName,
        hasAccount: details.accountLast4 === null ? 'no' : 'yes',
        accountLast4: details.accountLast4 ?? '',
        hasUpi: details.upiLast4 === null ? 'no' : 'yes',
        upiLast4: details.upiLast4 ?? '',
        panLast4: details.panLast4,
      }),
      t('mail.payoutDetails.held', { hours: PAYOUT_DETAILS_HOLD_HOURS, until: formatIndiaTime(change.heldUntil) }),
      t('mail.payoutDetails.notYou'),
    ],
    action: { label: t('mail.payoutDetails.action'), url: forgotPasswordUrl },
    footnote: t('mail.payoutDetails.footnote'),
  });
}
