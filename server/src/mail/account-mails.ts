import { formatIndiaTime } from '#domain/india-time';
import { RESET_LINK_MINUTES } from '#domain/schemas/password-reset';
import type { AccountRow } from '../db/schema';
import { t } from '../i18n';
import { composeMail } from './compose';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

type Recipient = Pick<AccountRow, 'email' | 'username'>;

export function passwordResetMail(account: Recipient, link: string, expiresAt: Date): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: t('mail.passwordReset.subject', { brand: MAIL_SENDER_NAME }),
    paragraphs: [
      t('mail.passwordReset.asked', { brand: MAIL_SENDER_NAME }),
      t('mail.passwordReset.linkWorks', { minutes: RESET_LINK_MINUTES, expiresAt: formatIndiaTime(expiresAt) }),
    ],
    action: { label: t('mail.passwordReset.action'), url: link },
    footnote: t('mail.passwordReset.footnote'),
  });
}

/** Sent after every change of password, so a change the owner did not make does not go unnoticed. */
export function passwordChangedMail(account: Recipient, at: Date, forgotPasswordUrl: string): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: t('mail.passwordChanged.subject', { brand: MAIL_SENDER_NAME }),
    paragraphs: [t('mail.passwordChanged.changed', { at: formatIndiaTime(at) })],
    footnote: t('mail.passwordChanged.footnote', { url: forgotPasswordUrl }),
  });
}

/** Sent when a login's wrong passwords pass the slowdown's threshold, at most once a day: the owner learns of the guessing and how to end it. */
export function signInAttemptsMail(account: Recipient, failures: number, at: Date, forgotPasswordUrl: string): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: t('mail.signInAttempts.subject', { brand: MAIL_SENDER_NAME }),
    paragraphs: [t('mail.signInAttempts.tried', { failures, at: formatIndiaTime(at) }), t('mail.signInAttempts.whatToDo')],
    action: { label: t('mail.signInAttempts.action'), url: forgotPasswordUrl },
    footnote: t('mail.signInAttempts.footnote'),
  });
}

/** The admin's decision on a renter's driving licence: approved until its expiry, or rejected with the admin's reason and the way to send another. */
export function licenceReviewedMail(
  account: Recipient,
  review: { status: 'approved' | 'rejected'; reason: string | null; expiresOn: string },
  accountUrl: string,
): Mail {
  const approved = review.status === 'approved';
  return composeMail({
    to: account.email,
    name: account.username,
    subject: t(approved ? 'mail.licenceApproved.subject' : 'mail.licenceRejected.subject', { brand: MAIL_SENDER_NAME }),
    paragraphs: approved
      ? [t('mail.licenceApproved.approved', { expiresOn: review.expiresOn })]
      : [t('mail.licenceRejected.rejected', { reason: review.reason ?? '' }), t('mail.licenceRejected.sendAnother')],
    action: { label: t('mail.licence.action'), url: accountUrl },
  });
}
