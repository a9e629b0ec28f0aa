import { eq } from 'drizzle-orm';
import type { Passwords } from '../auth/passwords';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { accounts, type AccountRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { passwordChangedMail } from '../mail/account-mails';
import { queueMail } from '../mail/outbox';
import { keepsVerification } from './phone';
import { signIn, type SignInLinks } from './sign-in';
import { t } from '../i18n';

export const WRONG_CURRENT_PASSWORD = 'server.profile.wrongCurrentPassword';

/** A field left out (undefined) stays as it is; null clears it. */
export interface ContactDetails {
  phoneNumber?: string | null | undefined;
  country?: string | null | undefined;
}

/** Saves the account's phone number and country, answering the account as it now stands; a changed number is no longer verified. */
export async function saveContactDetails(db: Database, account: AccountRow, details: ContactDetails): Promise<AccountRow> {
  const { phoneNumber, country } = details;
  // With neither field, there is nothing to write.
  if (phoneNumber === undefined && country === undefined) return account;
  // A new number is unproved until a code sent to it comes back (accounts/phone.ts).
  const phoneVerifiedAt = keepsVerification(account, phoneNumber) ? account.phoneVerifiedAt : null;
  const [saved] = await db
    .update(accounts)
    .set({ phoneNumber, phoneVerifiedAt, country })
    .where(eq(accounts.id, account.id))
    .returning();
  if (!saved) throw new Error('the signed-in account was not found to update');
  return saved;
}

/**
 * The current password checked as a sign-in checks it (in constant time, through the hash queue),
 * and a wrong one counts as a failed sign-in for the account's email from this address: a session
 * left open on a shared computer is no faster way to guess the password than the sign-in page.
 */
export async function proveCurrentPassword(
  db: Database,
  passwords: Passwords,
  account: AccountRow,
  attempt: { password: string; address: string },
  clock: Clock,
  links: SignInLinks,
): Promise<void> {
  try {
    await signIn(
      db,
      passwords,
      { login: account.email, password: attempt.password, kind: 'email', address: attempt.address },
      clock,
      links,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(403, t(WRONG_CURRENT_PASSWORD));
    throw error;
  }
}

export interface PasswordChange {
  passwordHash: string;
  /** Where the mail telling of the change points someone who did not make it. */
  forgotPasswordUrl: string;
  /** Ends the sessions the change signs out, in the change's transaction. */
  endSessions: (tx: Database) => Promise<void>;
}

/** Sets a new password, ends the sessions it signs out and mails the account, all in one transaction. */
export async function setPassword(db: Database, account: AccountRow, change: PasswordChange, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash: change.passwordHash }).where(eq(accounts.id, account.id));
    await change.endSessions(tx);
    await queueMail(tx, [passwordChangedMail(account, now, change.forgotPasswordUrl)], now);
  });
}
