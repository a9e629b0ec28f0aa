import { formatIndiaTime } from '#domain/india-time';
import { RESET_LINK_MINUTES } from '#domain/schemas/password-reset';
import type { AccountRow } from '../db/schema';
import { composeMail } from './compose';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

type Recipient = Pick<AccountRow, 'email' | 'username'>;

export function passwordResetMail(account: Recipient, link: string, expiresAt: Date): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: `Reset your ${MAIL_SENDER_NAME} password`,
    paragraphs: [
      `Someone, hopefully you, asked to reset the password of your ${MAIL_SENDER_NAME} account.`,
      `The link below works once, for ${RESET_LINK_MINUTES} minutes (until ${formatIndiaTime(expiresAt)} India time).`,
    ],
    action: { label: 'Choose a new password', url: link },
    footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });
}

/** Sent after every change of password, so a change the owner did not make does not go unnoticed. */
export function passwordChangedMail(account: Recipient, at: Date, forgotPasswordUrl: string): Mail {
  return composeMail({
    to: account.email,
    name: account.username,
    subject: `Your ${MAIL_SENDER_NAME} password was changed`,
    paragraphs: [
      `The password of your account was changed on ${formatIndiaTime(at)} India time, and every device signed in with the old one was signed out.`,
    ],
    footnote: `If this was not you, reset your password now at ${forgotPasswordUrl} and reply to this mail.`,
  });
}
