import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Role } from '#domain/contract';
import { secondsUntilAllowed, type AttemptLimit, type AttemptRows } from '../db/attempt-window';
import type { Database } from '../db/client';
import { accounts, signInFailures, type AccountRow } from '../db/schema';
import { HttpError, tooManyAttempts } from '../http/errors';
import type { Passwords } from './passwords';

const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMIT: AttemptLimit = { limit: 10, windowMs: WINDOW_MS };
const ADDRESS_LIMIT: AttemptLimit = { limit: 30, windowMs: WINDOW_MS };

const INVALID_CREDENTIALS = 'Invalid email or password.';

/** Which accounts a login may name: the user and owner forms take emails; the sign-in page and `/api/session` also usernames. */
export type LoginKind = 'email' | 'email-or-username';

export interface SignInAttempt {
  login: string;
  password: string;
  kind: LoginKind;
  /** The role the form is for; undefined accepts any role. */
  role?: Role;
  /** The client's address, for the per-address limit. */
  address: string;
}

const WRONG_FORM: Record<Role, string> = {
  user: 'This is a user account: sign in on the user tab.',
  owner: 'This is an owner account: sign in on the owner tab.',
  admin: 'This is an admin account: sign in on the sign-in page.',
};

function findAccount(db: Database, login: string, kind: LoginKind): Promise<AccountRow[]> {
  const normalized = login.trim().toLowerCase();
  const byUsername = kind === 'email-or-username' && !normalized.includes('@');
  const match: SQL = byUsername ? sql`lower(${accounts.username}) = ${normalized}` : eq(accounts.email, normalized);
  return db.select().from(accounts).where(match).limit(1);
}

function failuresOf(where: SQL | undefined): AttemptRows {
  return { table: signInFailures, at: signInFailures.failedAt, where };
}

/**
 * Checks a login and password and returns the account, or throws the contract's answer: 429 while
 * the account (10) or the address (30) has too many recent failures, 401 for an unknown login or a
 * wrong password alike, 403 for a disabled account or one of another role than the form's. Only
 * 401s count as failures, and a success clears the account's count.
 */
export async function signIn(db: Database, passwords: Passwords, attempt: SignInAttempt): Promise<AccountRow> {
  const now = new Date();
  const [account] = await findAccount(db, attempt.login, attempt.kind);
  // Failures count per account when the login names one, so its email and username share one limit.
  const subject = account ? `account:${account.id}` : `login:${attempt.login.trim().toLowerCase()}`;

  // The attempt is stored as a failure before anything is checked, so attempts made at the same
  // moment count each other: without that, any number of them would pass the check below before
  // the first failure was written. It is taken back when the answer is 429 or the password is right.
  const [recorded] = await db
    .insert(signInFailures)
    .values({ subject, address: attempt.address, failedAt: now })
    .returning({ id: signInFailures.id });
  if (!recorded) throw new Error('storing the sign-in attempt returned no row');
  const earlier = ne(signInFailures.id, recorded.id);

  const wait = Math.max(
    await secondsUntilAllowed(db, failuresOf(and(earlier, eq(signInFailures.subject, subject))), ACCOUNT_LIMIT, now),
    await secondsUntilAllowed(db, failuresOf(and(earlier, eq(signInFailures.address, attempt.address))), ADDRESS_LIMIT, now),
  );
  if (wait > 0) {
    await db.delete(signInFailures).where(eq(signInFailures.id, recorded.id));
    throw tooManyAttempts('Too many failed sign-in attempts.', wait);
  }

  const passwordMatches = await passwords.verify(attempt.password, account?.passwordHash);
  if (!account || !passwordMatches) {
    await db.delete(signInFailures).where(lt(signInFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await db.delete(signInFailures).where(eq(signInFailures.subject, subject));

  if (account.disabled) throw new HttpError(403, 'This account has been disabled. Please contact us for help.');
  if (attempt.role && account.role !== attempt.role) throw new HttpError(403, WRONG_FORM[account.role]);
  return account;
}
